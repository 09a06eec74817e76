import Foundation

// Short readers for the NSCoding mirror classes: what a hand-written `init?(coder:)` does for
// each kind of property, with the model's default when a key is missing.

extension NSCoder {
    /// The object at `key`, or `nil` when the key is absent: Foundation on Linux raises (and
    /// aborts) on `decodeObject(forKey:)` for a missing key.
    func object(_ key: String) -> Any? { containsValue(forKey: key) ? decodeObject(forKey: key) : nil }

    func string(_ key: String) -> String { object(key) as? String ?? "" }
    func optionalString(_ key: String) -> String? { object(key) as? String }
    func date(_ key: String) -> Date { object(key) as? Date ?? Date(timeIntervalSince1970: 0) }
    func optionalInt64(_ key: String) -> Int64? { containsValue(forKey: key) ? decodeInt64(forKey: key) : nil }
    func optionalInt(_ key: String) -> Int? { containsValue(forKey: key) ? decodeInteger(forKey: key) : nil }
    func optionalBool(_ key: String) -> Bool? { containsValue(forKey: key) ? decodeBool(forKey: key) : nil }
    func ints(_ key: String) -> [Int] { object(key) as? [Int] ?? [] }
    func objects<T>(_ key: String) -> [T] { object(key) as? [T] ?? [] }
    func strings(_ key: String) -> [String: String] { object(key) as? [String: String] ?? [:] }

    func encodeIfPresent(_ value: Int64?, forKey key: String) { if let value { encode(value, forKey: key) } }
    func encodeIfPresent(_ value: Int?, forKey key: String) { if let value { encode(value, forKey: key) } }
    func encodeIfPresent(_ value: Bool?, forKey key: String) { if let value { encode(value, forKey: key) } }
    func encodeIfPresent(_ value: String?, forKey key: String) { if let value { encode(value, forKey: key) } }
}

/// Archives and unarchives NSCoding object graphs the way an app using Foundation's keyed
/// archiver does on Linux: binary output, no secure coding (which would crash on classes that only
/// adopt `NSCoding`, see LINUX.md row B), the root read with `decodeObject(forKey:)` and `as?`
/// (the class-checked API crashes on a mismatch, row A).
enum Archiver {
    static func archive(_ root: NSObject) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(root, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    static func unarchive<T: NSObject>(_ type: T.Type, from data: Data) throws -> T {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        defer { unarchiver.finishDecoding() }
        guard let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? T else {
            throw CocoaError(.coderReadCorrupt)
        }
        return root
    }
}
