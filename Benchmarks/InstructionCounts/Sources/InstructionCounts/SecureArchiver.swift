import Foundation

/// Foundation's keyed archiver with secure coding, as an app using NSSecureCoding calls it on Linux:
/// `NSKeyedArchiver(requiringSecureCoding: true)` (binary output) and `NSKeyedUnarchiver` with
/// `requiresSecureCoding`, reading the root with `decodeObject(of:forKey:)`. The root's class is
/// known here: `unarchivedObject(ofClass:from:)` would abort on a mismatch (LINUX.md row A).
enum SecureArchiver {
    static func archive(_ root: NSObject) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(root, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// The root of `data`, of class `type`; `classNames` maps archived class names to classes
    /// (`setClass(_:forClassName:)`), for archives that name other classes.
    static func unarchive<T: NSObject & NSSecureCoding>(
        _ type: T.Type, from data: Data, classNames: [(name: String, mirror: AnyClass)] = []
    ) throws -> T {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        for entry in classNames { unarchiver.setClass(entry.mirror, forClassName: entry.name) }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        guard let root = unarchiver.decodeObject(of: type, forKey: NSKeyedArchiveRootObjectKey) else {
            throw unarchiver.error ?? CocoaError(.coderReadCorrupt)
        }
        return root
    }
}
