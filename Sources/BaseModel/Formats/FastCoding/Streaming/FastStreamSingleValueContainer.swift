/// The single-value container of ``FastStreamEncoder``: the value is written in place.
struct FastStreamSingleValueContainer: SingleValueEncodingContainer {
    let encoder: FastStreamEncoder

    var codingPath: [any CodingKey] { [] }

    private func value(_ writeValue: () throws -> Void) throws {
        encoder.singleWritten()
        try writeValue()
    }

    mutating func encodeNil() throws { try value { encoder.stream.writer.writeNull() } }
    mutating func encode(_ value: Bool) throws { try self.value { encoder.stream.writer.writeBool(value) } }
    mutating func encode(_ value: String) throws { try self.value { try encoder.stream.writer.writeString(value) } }
    mutating func encode(_ value: Double) throws { try self.value { encoder.stream.writer.writeDouble(value) } }
    mutating func encode(_ value: Float) throws { try self.value { try encoder.stream.writeTree(TreeEncoder.boxFloat(value)) } }
    mutating func encode(_ value: Int) throws { try self.value { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { try self.value { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { try self.value { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { try self.value { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { try self.value { encoder.stream.writer.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { try self.value { try encoder.stream.writeTree(TreeEncoder.boxInteger(value)) } }
    mutating func encode(_ value: UInt8) throws { try self.value { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt16) throws { try self.value { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt32) throws { try self.value { encoder.stream.writer.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt64) throws { try self.value { try encoder.stream.writeTree(TreeEncoder.boxInteger(value)) } }
    mutating func encode<T: Encodable>(_ value: T) throws { try self.value { try encoder.write(value) } }
}
