/// A collection whose own `Encodable` conformance writes in hash order, which Swift seeds anew
/// in every process: the encoders write it through ``encodeInDefinedOrder(to:)`` instead, so the
/// same value gives the same bytes in every run and every format.
///
/// The defined order: a dictionary's entries sorted by key (`String` keys by Swift's `String`
/// `<`, `Int` keys numerically, other `Comparable` keys by their `<`); a set's elements sorted.
/// The containers asked for are the ones the conformance in the standard library asks for (a
/// keyed container for `String`, `Int` and `CodingKeyRepresentable` keys, an unkeyed one of
/// key-value pairs otherwise), so only the order changes. A ``ModelValue`` dictionary is
/// ordered already and keeps its order (the order of the file it came from).
///
/// Dictionaries and sets whose keys or elements are not `Comparable` keep the hash order.
///
/// Costs O(n log n) per collection written, on top of the encode.
protocol DefinedOrderEncodable {
    /// Encodes `self` as its own `encode(to:)` would, its entries or elements in the defined order.
    ///
    /// - Throws: what encoding an entry throws.
    func encodeInDefinedOrder(to encoder: any Encoder) throws
}

extension Dictionary: DefinedOrderEncodable where Key: Comparable & Encodable, Value: Encodable {
    func encodeInDefinedOrder(to encoder: any Encoder) throws {
        let entries = sorted { $0.key < $1.key }
        if Key.self == String.self {
            var container = encoder.container(keyedBy: PathCodingKey.self)
            for (key, value) in entries { try container.encode(value, forKey: PathCodingKey(.key(unsafeBitCast(key, to: String.self)))) }
        } else if Key.self == Int.self {
            var container = encoder.container(keyedBy: PathCodingKey.self)
            for (key, value) in entries { try container.encode(value, forKey: PathCodingKey(.index(unsafeBitCast(key, to: Int.self)))) }
        } else if Key.self is any CodingKeyRepresentable.Type {
            var container = encoder.container(keyedBy: PathCodingKey.self)
            for (key, value) in entries {
                // The cast holds: `Key` is `CodingKeyRepresentable`.
                guard let representable = key as? any CodingKeyRepresentable else { continue }
                try container.encode(value, forKey: PathCodingKey(copying: representable.codingKey))
            }
        } else {
            var container = encoder.unkeyedContainer()
            for (key, value) in entries {
                try container.encode(key)
                try container.encode(value)
            }
        }
    }
}

extension Set: DefinedOrderEncodable where Element: Comparable & Encodable {
    func encodeInDefinedOrder(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in sorted() { try container.encode(element) }
    }
}
