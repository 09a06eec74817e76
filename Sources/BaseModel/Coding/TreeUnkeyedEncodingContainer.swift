/// The unkeyed container of an array being encoded: each element goes to its encoder.
struct TreeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.elementsWritten }

    mutating func encodeNil() throws { encoder.append(.null) }
    mutating func encode(_ value: Bool) throws { encoder.append(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.append(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.append(.double(value)) }
    mutating func encode(_ value: Float) throws { encoder.append(TreeEncoder.boxFloat(value)) }
    mutating func encode(_ value: Int) throws { encoder.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { encoder.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { encoder.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { encoder.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { encoder.append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { encoder.append(TreeEncoder.boxInteger(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { encoder.append(TreeEncoder.boxInteger(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.append(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedElementEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.nestedElementEncoder().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { encoder.nestedElementEncoder() }
}
