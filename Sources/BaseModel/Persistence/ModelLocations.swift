import Foundation
import Synchronization

/// Where relative save paths go: the application-support directory (BaseModel's rule), which
/// tests and apps can move.
///
/// The default is `FileManager`'s application-support directory for the user (on Linux
/// `$XDG_DATA_HOME` or `~/.local/share`) plus a folder named after the application (the main
/// bundle's name, else the process name), as BaseModel added `CFBundleName` on macOS. The folder
/// is created when a file is first written there.
///
/// ```swift
/// ModelLocations.applicationSupport = temporaryDirectory   // tests never touch the real home
/// ```
public enum ModelLocations {
    private static let override = Mutex<URL?>(nil)

    /// The folder relative save paths resolve against. Setting it moves every later save and
    /// load; ``useDefaultApplicationSupport()`` goes back to the default.
    public static var applicationSupport: URL {
        get { override.withLock { $0 } ?? defaultApplicationSupport }
        set { override.withLock { $0 = newValue } }
    }

    /// Forgets a folder set on ``applicationSupport``.
    public static func useDefaultApplicationSupport() {
        override.withLock { $0 = nil }
    }

    /// The platform's application-support folder for this application.
    public static var defaultApplicationSupport: URL {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        let name = Bundle.main.object(forInfoDictionaryKey: "CFBundleName") as? String ?? ProcessInfo.processInfo.processName
        return base.appendingPathComponent(name, isDirectory: true)
    }

    /// `path` itself when absolute, else `path` inside ``applicationSupport``.
    public static func saveURL(for path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return applicationSupport.appendingPathComponent(path)
    }
}
