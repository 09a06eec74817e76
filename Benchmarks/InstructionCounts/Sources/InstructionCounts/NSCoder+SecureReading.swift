import Foundation

// Secure readers for the NSSecureCoding mirrors (KeyedArchiveMirrors+*.swift): what a hand-written
// `init?(coder:)` does for each kind of property under `requiresSecureCoding`, with the model's
// default when a key is absent. Every object goes through `decodeObject(of:forKey:)` with the classes
// it may hold; the key is checked first, because Foundation on Linux aborts on some reads of a
// missing key (LINUX.md, "Found while building").

extension NSCoder {
    /// The object at `key`, of one of `classes`, or `nil` when the key is absent.
    func secureObject(_ key: String, _ classes: [AnyClass]) -> Any? {
        containsValue(forKey: key) ? decodeObject(of: classes, forKey: key) : nil
    }

    /// The object of class `type` at `key`, or `nil` when the key is absent.
    func object<T: NSObject & NSCoding>(_ key: String, of type: T.Type) -> T? {
        containsValue(forKey: key) ? decodeObject(of: type, forKey: key) : nil
    }

    func string(_ key: String) -> String { secureObject(key, [NSString.self]) as? String ?? "" }
    func optionalString(_ key: String) -> String? { secureObject(key, [NSString.self]) as? String }
    func date(_ key: String) -> Date { secureObject(key, [NSDate.self]) as? Date ?? Date(timeIntervalSince1970: 0) }
    func optionalInt64(_ key: String) -> Int64? { containsValue(forKey: key) ? decodeInt64(forKey: key) : nil }
    func optionalInt(_ key: String) -> Int? { containsValue(forKey: key) ? decodeInteger(forKey: key) : nil }
    func optionalBool(_ key: String) -> Bool? { containsValue(forKey: key) ? decodeBool(forKey: key) : nil }
    func ints(_ key: String) -> [Int] { secureObject(key, [NSArray.self, NSNumber.self]) as? [Int] ?? [] }
    func strings(_ key: String) -> [String: String] { secureObject(key, [NSDictionary.self, NSString.self]) as? [String: String] ?? [:] }

    /// The array of `T` mirrors at `key`, or empty.
    func objects<T: NSObject & NSCoding>(_ key: String) -> [T] { secureObject(key, [NSArray.self, T.self]) as? [T] ?? [] }

    /// The array of `type` mirrors at `key`, or `nil` when the key is absent.
    func optionalObjects<T: NSObject & NSCoding>(_ key: String, of type: T.Type) -> [T]? {
        secureObject(key, [NSArray.self, type]) as? [T]
    }

    func encodeIfPresent(_ value: Int64?, forKey key: String) { if let value { encode(value, forKey: key) } }
    func encodeIfPresent(_ value: Int?, forKey key: String) { if let value { encode(value, forKey: key) } }
    func encodeIfPresent(_ value: Bool?, forKey key: String) { if let value { encode(value, forKey: key) } }
    func encodeIfPresent(_ value: String?, forKey key: String) { if let value { encode(value, forKey: key) } }
}
