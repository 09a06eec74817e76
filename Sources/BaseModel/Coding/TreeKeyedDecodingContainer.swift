/// The keyed container of a dictionary value or an object: a thin shell over its decoder, which
/// does the work by key name (`TreeDecoder+Keyed.swift`).
struct TreeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        guard let schema = decoder.schema else { return decoder.keyedKeys.compactMap { Key(stringValue: $0) } }
        return schema.propertyKeys.compactMap { name in
            guard let key = Key(stringValue: name), case .found = decoder.lookup(name) else { return nil }
            return key
        }
    }

    func contains(_ key: Key) -> Bool {
        if case .found = decoder.lookup(key.stringValue) { return true }
        return false
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard case .found(let value, _, _) = decoder.lookup(key.stringValue) else { return true }
        return decoder.state.isNull(value)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.scalar(key.stringValue, expected: "Bool", optional: false) { try $0.unboxBool($1, at: $2()) }!
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.scalar(key.stringValue, expected: "String", optional: false) { try $0.unboxString($1, at: $2()) }!
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.scalar(key.stringValue, expected: "Double", optional: false) { try $0.unboxDouble($1, at: $2()) }!
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.scalar(key.stringValue, expected: "Float", optional: false) { try $0.unboxFloat($1, at: $2()) }!
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.scalar(key.stringValue, expected: "Int", optional: false) { try $0.unboxInteger(Int.self, $1, at: $2()) }!
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.scalar(key.stringValue, expected: "Int8", optional: false) { try $0.unboxInteger(Int8.self, $1, at: $2()) }!
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.scalar(key.stringValue, expected: "Int16", optional: false) { try $0.unboxInteger(Int16.self, $1, at: $2()) }!
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.scalar(key.stringValue, expected: "Int32", optional: false) { try $0.unboxInteger(Int32.self, $1, at: $2()) }!
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.scalar(key.stringValue, expected: "Int64", optional: false) { try $0.unboxInteger(Int64.self, $1, at: $2()) }!
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.scalar(key.stringValue, expected: "UInt", optional: false) { try $0.unboxInteger(UInt.self, $1, at: $2()) }!
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.scalar(key.stringValue, expected: "UInt8", optional: false) { try $0.unboxInteger(UInt8.self, $1, at: $2()) }!
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.scalar(key.stringValue, expected: "UInt16", optional: false) { try $0.unboxInteger(UInt16.self, $1, at: $2()) }!
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.scalar(key.stringValue, expected: "UInt32", optional: false) { try $0.unboxInteger(UInt32.self, $1, at: $2()) }!
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.scalar(key.stringValue, expected: "UInt64", optional: false) { try $0.unboxInteger(UInt64.self, $1, at: $2()) }!
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.decode(type, forProperty: key.stringValue) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decoder.scalar(key.stringValue, expected: "Bool", optional: true) { try $0.unboxBool($1, at: $2()) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decoder.scalar(key.stringValue, expected: "String", optional: true) { try $0.unboxString($1, at: $2()) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decoder.scalar(key.stringValue, expected: "Double", optional: true) { try $0.unboxDouble($1, at: $2()) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decoder.scalar(key.stringValue, expected: "Float", optional: true) { try $0.unboxFloat($1, at: $2()) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decoder.scalar(key.stringValue, expected: "Int", optional: true) { try $0.unboxInteger(Int.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try decoder.scalar(key.stringValue, expected: "Int8", optional: true) { try $0.unboxInteger(Int8.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decoder.scalar(key.stringValue, expected: "Int16", optional: true) { try $0.unboxInteger(Int16.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decoder.scalar(key.stringValue, expected: "Int32", optional: true) { try $0.unboxInteger(Int32.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decoder.scalar(key.stringValue, expected: "Int64", optional: true) { try $0.unboxInteger(Int64.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try decoder.scalar(key.stringValue, expected: "UInt", optional: true) { try $0.unboxInteger(UInt.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decoder.scalar(key.stringValue, expected: "UInt8", optional: true) { try $0.unboxInteger(UInt8.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decoder.scalar(key.stringValue, expected: "UInt16", optional: true) { try $0.unboxInteger(UInt16.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decoder.scalar(key.stringValue, expected: "UInt32", optional: true) { try $0.unboxInteger(UInt32.self, $1, at: $2()) }
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decoder.scalar(key.stringValue, expected: "UInt64", optional: true) { try $0.unboxInteger(UInt64.self, $1, at: $2()) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decoder.decodeIfPresent(type, forProperty: key.stringValue)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.nestedDecoder(key.stringValue).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.nestedDecoder(key.stringValue).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(named: "super") }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key.stringValue) }

    /// The decoder of the value at `name`; a missing key gives a decoder over `null`, as
    /// Foundation's coders do.
    private func superDecoder(named name: String) throws -> any Decoder {
        guard case .found = decoder.lookup(name) else {
            return TreeDecoder(
                state: decoder.state, value: .null, parent: decoder, component: .key(name), schema: nil,
                keyCase: decoder.inheritedKeyCase, inheritedKeyCase: decoder.inheritedKeyCase,
                coercion: decoder.coercion, plain: decoder.plain)
        }
        return try decoder.nestedDecoder(name)
    }
}
