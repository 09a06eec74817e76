/// The keyed container of ``FastStreamEncoder``: each entry is written at once, the value then
/// its key, as FastCoding writes a dictionary.
struct FastStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FastStreamEncoder

    var codingPath: [any CodingKey] { [] }

    private func entry(_ key: Key, _ writeValue: () throws -> Void) throws {
        try writeValue()
        try encoder.stream.writer.writeString(encoder.remoteKey(key.stringValue))
        encoder.counted()
    }

    mutating func encodeNil(forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { try entry(key) { try encoder.stream.writer.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeDouble(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try entry(key) { try encoder.stream.writeTree(TreeEncoder.boxFloat(value)) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try entry(key) { try encoder.stream.writeTree(TreeEncoder.boxInteger(value)) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try entry(key) { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try entry(key) { try encoder.stream.writeTree(TreeEncoder.boxInteger(value)) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try entry(key) { try encoder.write(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.stream.giveUp("a nested container")
        return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.stream.giveUp("a nested container")
        return FastStreamUnkeyedContainer(encoder: encoder)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.stream.giveUp("a super encoder")
        return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.stream.giveUp("a super encoder")
        return encoder
    }
}
