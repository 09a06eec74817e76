/// The unkeyed container of an array being encoded.
struct TreeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let node: EncodingNode

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { node.arrayCount }

    mutating func encodeNil() throws { node.append(.value(.null)) }
    mutating func encode(_ value: Bool) throws { node.append(.value(.bool(value))) }
    mutating func encode(_ value: String) throws { node.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { node.append(.value(.double(value))) }
    mutating func encode(_ value: Float) throws { node.append(.value(TreeEncoder.boxFloat(value))) }
    mutating func encode(_ value: Int) throws { node.append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int8) throws { node.append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int16) throws { node.append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int32) throws { node.append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int64) throws { node.append(.value(.integer(value))) }
    mutating func encode(_ value: UInt) throws { node.append(.value(TreeEncoder.boxInteger(value))) }
    mutating func encode(_ value: UInt8) throws { node.append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt16) throws { node.append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt32) throws { node.append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt64) throws { node.append(.value(TreeEncoder.boxInteger(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(.value(try encoder.box(value, component: .index(count))))
    }

    private mutating func childEncoder() -> TreeEncoder {
        let child = EncodingNode()
        let index = count
        node.append(.node(child))
        return TreeEncoder(
            state: encoder.state, node: child, parent: encoder, component: .index(index), schema: nil,
            keyCase: encoder.inheritedKeyCase, inheritedKeyCase: encoder.inheritedKeyCase, plain: encoder.plain)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        childEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { childEncoder().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { childEncoder() }
}
