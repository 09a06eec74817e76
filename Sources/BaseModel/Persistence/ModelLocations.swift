import Foundation

/// Where relative save paths go: the application-support directory (BaseModel's rule), which
/// tests and apps can move.
///
/// The default is `FileManager`'s application-support directory for the user (on Linux
/// `$XDG_DATA_HOME` or `~/.local/share`) plus a folder named after the application (the main
/// bundle's name, else the process name), as BaseModel added `CFBundleName` on macOS. The folder
/// is created when a file is first written there.
///
/// ```swift
/// ModelLocations.applicationSupport = appFolder             // the whole process, from now on
/// try ModelLocations.withApplicationSupport(temporaryDirectory) {
///     try note.write(to: "Note.json", format: .json)       // this task only: tests running
/// }                                                        // side by side never collide
/// ```
public enum ModelLocations {
    private static let override = Locked<URL?>(nil)

    /// A folder set for one task and its child tasks by ``withApplicationSupport(_:operation:)``.
    @TaskLocal private static var scopedOverride: URL?

    /// The folder relative save paths resolve against: the one set for the current task by
    /// ``withApplicationSupport(_:operation:)``, else the one set here, else the platform default.
    /// Setting it moves every later save and load in the process.
    public static var applicationSupport: URL {
        get { scopedOverride ?? override.withLock { $0 } ?? defaultApplicationSupport }
        set { override.withLock { $0 = newValue } }
    }

    /// Runs `operation` with ``applicationSupport`` moved to `folder` for the current task and the
    /// child tasks it creates (not detached tasks or other threads); the rest of the process keeps
    /// its folder. Rethrows what `operation` throws.
    public static func withApplicationSupport<Result>(
        _ folder: URL, operation: () throws -> Result
    ) rethrows -> Result {
        try $scopedOverride.withValue(folder, operation: operation)
    }

    /// The `async` form of ``withApplicationSupport(_:operation:)`` (package: the articles teach
    /// the synchronous form; the package's async suites use this one).
    package static func withApplicationSupport<Result>(
        _ folder: URL, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $scopedOverride.withValue(folder, operation: operation)
    }

    /// Forgets a folder set on ``applicationSupport``.
    static func useDefaultApplicationSupport() {
        override.withLock { $0 = nil }
    }

    /// The platform's application-support folder for this application.
    static var defaultApplicationSupport: URL {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        let name = Bundle.main.object(forInfoDictionaryKey: "CFBundleName") as? String ?? ProcessInfo.processInfo.processName
        return base.appendingPathComponent(name, isDirectory: true)
    }

    /// `path` itself when absolute, else `path` inside ``applicationSupport``.
    static func saveURL(for path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return applicationSupport.appendingPathComponent(path)
    }
}
