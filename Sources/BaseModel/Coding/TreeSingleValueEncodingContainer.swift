/// The single-value container of a value being encoded: the value goes to its encoder.
struct TreeSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.encodeSingle(.null) }
    mutating func encode(_ value: Bool) throws { encoder.encodeSingle(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.encodeSingle(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.encodeSingle(.double(value)) }
    mutating func encode(_ value: Float) throws { encoder.encodeSingle(TreeEncoder.boxFloat(value)) }
    mutating func encode(_ value: Int) throws { encoder.encodeSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { encoder.encodeSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { encoder.encodeSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { encoder.encodeSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { encoder.encodeSingle(.integer(value)) }
    mutating func encode(_ value: UInt) throws { encoder.encodeSingle(TreeEncoder.boxInteger(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.encodeSingle(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.encodeSingle(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.encodeSingle(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { encoder.encodeSingle(TreeEncoder.boxInteger(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeSingle(value) }
}
