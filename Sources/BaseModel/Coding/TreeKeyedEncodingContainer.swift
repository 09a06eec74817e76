/// The keyed container of a dictionary being encoded: each call goes to its encoder, which for
/// a model writes the property at its remote path through its transformer and skips uncodable
/// properties (``TreeEncoder``).
struct TreeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try encoder.encode(.null, forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encoder.encode(.bool(value), forKey: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encoder.encode(.string(value), forKey: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encoder.encode(.double(value), forKey: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encoder.encode(TreeEncoder.boxFloat(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encoder.encode(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encoder.encode(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encoder.encode(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encoder.encode(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encoder.encode(.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encoder.encode(TreeEncoder.boxInteger(value), forKey: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoder.encode(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encoder.encode(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encoder.encode(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encoder.encode(TreeEncoder.boxInteger(value), forKey: key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.encode(value, forKey: key.stringValue) }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) { .bool($0) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) { .string($0) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) { .double($0) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxFloat) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return try encoder.encodeAbsent(forKey: key.stringValue) }
        try encoder.encode(value, forKey: key.stringValue)
    }

    private func present<V>(_ value: V?, _ key: Key, _ box: (V) -> ModelValue) throws {
        guard let value else { return try encoder.encodeAbsent(forKey: key.stringValue) }
        try encoder.encode(box(value), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedEncoder(forKey: key.stringValue).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.nestedEncoder(forKey: key.stringValue).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        guard let key = Key(stringValue: "super") else { return encoder }
        return encoder.nestedEncoder(forKey: key.stringValue)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.nestedEncoder(forKey: key.stringValue) }
}
