import Foundation

/// Foundation's side of the keyed-archive routes: a class that `NSKeyedUnarchiver` builds from our
/// archive of a corpus file, holding the Foundation twin (`Foundation*Models.swift`) it read
/// (`Foundation*Archive.swift`). The same bytes as our `ka-decode` routes, read the cheapest way
/// that decodes every field: secure coding off (no class lists), every value read once with
/// `decodeObject(forKey:)`, no `containsValue(forKey:)` before a read (NSCoder+ArchiveTwin.swift).
protocol ArchiveTwin: NSObject, NSCoding {
    associatedtype Value: Codable & Equatable
    init(_ value: Value)
    var value: Value { get }
}

/// Foundation's keyed archiver and unarchiver as the `NSKA-` routes call them.
enum FoundationArchive {
    /// Maps each model type's name in our archives (`Model.typeName`) to the class that reads it,
    /// for every unarchiver of the process (`NSKeyedUnarchiver.setClass(_:forClassName:)`), and
    /// names the classes after the `@Model` types in Foundation's archives, as ours does.
    static func register(_ classes: [(names: [String], twin: AnyClass)]) {
        for entry in classes {
            for name in entry.names { NSKeyedUnarchiver.setClass(entry.twin, forClassName: name) }
            NSKeyedArchiver.setClassName(entry.names[0], for: entry.twin)
        }
    }

    /// The root of `data`, an `A`: `NSKeyedUnarchiver` without secure coding.
    static func unarchive<A: ArchiveTwin>(_ type: A.Type, from data: Data) throws -> A {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        guard let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? A else {
            throw unarchiver.error ?? CocoaError(.coderReadCorrupt)
        }
        return root
    }

    /// A binary keyed archive of `root`: `NSKeyedArchiver` without secure coding.
    static func archive(_ root: NSObject) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(root, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }
}
