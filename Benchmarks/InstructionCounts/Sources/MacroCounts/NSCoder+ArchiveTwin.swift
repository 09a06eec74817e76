import Foundation

// What the archive twins' `init?(coder:)` read (Foundation*Archive.swift): each value of our archive
// once, with `decodeObject(forKey:)`, cast to the property's type. Our archive stores every number
// and boolean as an object (a reference to an NSNumber, which `decodeInteger(forKey:)` does not
// follow) and leaves out the key of a nil optional, so an optional property checks
// `containsValue(forKey:)` before its read (on Linux `decodeObject(forKey:)` of a missing key is an
// error that ends the decoding, LINUX.md) and nothing else does.

extension NSCoder {
    func string(_ key: String) -> String { decodeObject(forKey: key) as? String ?? "" }
    func int(_ key: String) -> Int { (decodeObject(forKey: key) as? NSNumber)?.intValue ?? 0 }
    func int64(_ key: String) -> Int64 { (decodeObject(forKey: key) as? NSNumber)?.int64Value ?? 0 }
    func double(_ key: String) -> Double { (decodeObject(forKey: key) as? NSNumber)?.doubleValue ?? 0 }
    func bool(_ key: String) -> Bool { (decodeObject(forKey: key) as? NSNumber)?.boolValue ?? false }
    func ints(_ key: String) -> [Int] { (decodeObject(forKey: key) as? [NSNumber])?.map(\.intValue) ?? [] }
    func doubles(_ key: String) -> [Double] { (decodeObject(forKey: key) as? [NSNumber])?.map(\.doubleValue) ?? [] }
    func strings(_ key: String) -> [String: String] { decodeObject(forKey: key) as? [String: String] ?? [:] }
    func intArrays(_ key: String) -> [String: [Int]] {
        (decodeObject(forKey: key) as? [String: [NSNumber]])?.mapValues { $0.map(\.intValue) } ?? [:]
    }
    /// GeoJSON rings: arrays of `[longitude, latitude]` arrays.
    func rings(_ key: String) -> [[[Double]]] {
        (decodeObject(forKey: key) as? [[[NSNumber]]])?.map { $0.map { $0.map(\.doubleValue) } } ?? []
    }
    func model<A: ArchiveTwin>(_ key: String, _ type: A.Type) -> A.Value { (decodeObject(forKey: key) as! A).value }
    func models<A: ArchiveTwin>(_ key: String, _ type: A.Type) -> [A.Value] { (decodeObject(forKey: key) as? [A])?.map(\.value) ?? [] }
    func modelsByKey<A: ArchiveTwin>(_ key: String, _ type: A.Type) -> [String: A.Value] {
        (decodeObject(forKey: key) as? [String: A])?.mapValues(\.value) ?? [:]
    }

    // Optional properties: `nil` when the key is absent.
    func optionalString(_ key: String) -> String? { containsValue(forKey: key) ? decodeObject(forKey: key) as? String : nil }
    func optionalInt(_ key: String) -> Int? { containsValue(forKey: key) ? (decodeObject(forKey: key) as? NSNumber)?.intValue : nil }
    func optionalInt64(_ key: String) -> Int64? {
        containsValue(forKey: key) ? (decodeObject(forKey: key) as? NSNumber)?.int64Value : nil
    }
    func optionalBool(_ key: String) -> Bool? { containsValue(forKey: key) ? (decodeObject(forKey: key) as? NSNumber)?.boolValue : nil }
    func optionalInt64s(_ key: String) -> [Int64]? {
        containsValue(forKey: key) ? (decodeObject(forKey: key) as? [NSNumber])?.map(\.int64Value) : nil
    }
    func optionalModel<A: ArchiveTwin>(_ key: String, _ type: A.Type) -> A.Value? {
        containsValue(forKey: key) ? (decodeObject(forKey: key) as? A)?.value : nil
    }
    func optionalModels<A: ArchiveTwin>(_ key: String, _ type: A.Type) -> [A.Value]? {
        containsValue(forKey: key) ? (decodeObject(forKey: key) as? [A])?.map(\.value) : nil
    }

    /// Writes a number or boolean as an object, as our archive does; nothing for `nil`, as ours.
    func encodeNumber(_ value: Int?, forKey key: String) { if let value { encode(NSNumber(value: value), forKey: key) } }
    func encodeNumber(_ value: Int64?, forKey key: String) { if let value { encode(NSNumber(value: value), forKey: key) } }
    func encodeNumber(_ value: Double?, forKey key: String) { if let value { encode(NSNumber(value: value), forKey: key) } }
    func encodeNumber(_ value: Bool?, forKey key: String) { if let value { encode(NSNumber(value: value), forKey: key) } }
    /// Writes an object, or nothing for `nil`, as our archive does.
    func encodeIfPresent(_ value: Any?, forKey key: String) { if let value { encode(value, forKey: key) } }
}
