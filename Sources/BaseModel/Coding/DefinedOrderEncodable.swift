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
        // `String` and `Int` keys are sorted through their concrete type: this method runs
        // unspecialized, and a generic `sorted` compares every pair through witness tables.
        if Key.self == String.self {
            return try encodeSorted(as: String.self, to: encoder) { PathCodingKey(.key($0)) }
        }
        if Key.self == Int.self {
            return try encodeSorted(as: Int.self, to: encoder) { PathCodingKey(.index($0)) }
        }
        let entries = sorted { $0.key < $1.key }
        if Key.self is any CodingKeyRepresentable.Type {
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

extension Dictionary where Value: Encodable {
    /// Encodes the entries into a keyed container in the order of their keys read as `K` (the
    /// key type itself).
    fileprivate func encodeSorted<K: Comparable>(
        as keyType: K.Type, to encoder: any Encoder, codingKey: (K) -> PathCodingKey
    ) throws {
        let entries = Array(self)
        let keys = entries.map { unsafeBitCast($0.key, to: K.self) }
        var container = encoder.container(keyedBy: PathCodingKey.self)
        for position in keys.indices.sorted(by: { keys[$0] < keys[$1] }) {
            try container.encode(entries[position].value, forKey: codingKey(keys[position]))
        }
    }
}

extension Set: DefinedOrderEncodable where Element: Comparable & Encodable {
    func encodeInDefinedOrder(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in sorted() { try container.encode(element) }
    }
}
