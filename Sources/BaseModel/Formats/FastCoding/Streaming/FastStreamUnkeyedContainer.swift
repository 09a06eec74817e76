/// The unkeyed container of ``FastStreamEncoder``: each element is written at once.
struct FastStreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: FastStreamEncoder

    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.count }

    private func element(_ writeValue: () throws -> Void) throws {
        try writeValue()
        encoder.counted()
    }

    mutating func encodeNil() throws { try element { encoder.stream.writer.writeNull() } }
    mutating func encode(_ value: Bool) throws { try element { encoder.stream.writer.writeBool(value) } }
    mutating func encode(_ value: String) throws { try element { try encoder.stream.writer.writeString(value) } }
    mutating func encode(_ value: Double) throws { try element { encoder.stream.writer.writeDouble(value) } }
    mutating func encode(_ value: Float) throws { try element { try encoder.stream.writeTree(TreeEncoder.boxFloat(value)) } }
    mutating func encode(_ value: Int) throws { try element { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { try element { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { try element { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { try element { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { try element { encoder.stream.writer.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { try element { try encoder.stream.writeTree(TreeEncoder.boxInteger(value)) } }
    mutating func encode(_ value: UInt8) throws { try element { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt16) throws { try element { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt32) throws { try element { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt64) throws { try element { try encoder.stream.writeTree(TreeEncoder.boxInteger(value)) } }
    mutating func encode<T: Encodable>(_ value: T) throws { try element { try encoder.write(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.stream.giveUp("a nested container")
        return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.stream.giveUp("a nested container")
        return self
    }

    mutating func superEncoder() -> any Encoder {
        encoder.stream.giveUp("a super encoder")
        return encoder
    }
}
