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
        let located = try decoder.required(key.stringValue, expected: "Bool")
        return try located.owner.unboxBool(located.value, at: located.component)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let located = try decoder.required(key.stringValue, expected: "String")
        return try located.owner.unboxString(located.value, at: located.component)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let located = try decoder.required(key.stringValue, expected: "Double")
        return try located.owner.unboxDouble(located.value, at: located.component)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let located = try decoder.required(key.stringValue, expected: "Float")
        return try located.owner.unboxFloat(located.value, at: located.component)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let located = try decoder.required(key.stringValue, expected: "Int")
        return try located.owner.unboxInteger(Int.self, located.value, at: located.component)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        let located = try decoder.required(key.stringValue, expected: "Int8")
        return try located.owner.unboxInteger(Int8.self, located.value, at: located.component)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        let located = try decoder.required(key.stringValue, expected: "Int16")
        return try located.owner.unboxInteger(Int16.self, located.value, at: located.component)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        let located = try decoder.required(key.stringValue, expected: "Int32")
        return try located.owner.unboxInteger(Int32.self, located.value, at: located.component)
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        let located = try decoder.required(key.stringValue, expected: "Int64")
        return try located.owner.unboxInteger(Int64.self, located.value, at: located.component)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        let located = try decoder.required(key.stringValue, expected: "UInt")
        return try located.owner.unboxInteger(UInt.self, located.value, at: located.component)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        let located = try decoder.required(key.stringValue, expected: "UInt8")
        return try located.owner.unboxInteger(UInt8.self, located.value, at: located.component)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        let located = try decoder.required(key.stringValue, expected: "UInt16")
        return try located.owner.unboxInteger(UInt16.self, located.value, at: located.component)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        let located = try decoder.required(key.stringValue, expected: "UInt32")
        return try located.owner.unboxInteger(UInt32.self, located.value, at: located.component)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        let located = try decoder.required(key.stringValue, expected: "UInt64")
        return try located.owner.unboxInteger(UInt64.self, located.value, at: located.component)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.decode(type, forProperty: key.stringValue) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let located = try decoder.optional(key.stringValue, expected: "Bool") else { return nil }
        return try located.owner.unboxBool(located.value, at: located.component)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let located = try decoder.optional(key.stringValue, expected: "String") else { return nil }
        return try located.owner.unboxString(located.value, at: located.component)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let located = try decoder.optional(key.stringValue, expected: "Double") else { return nil }
        return try located.owner.unboxDouble(located.value, at: located.component)
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let located = try decoder.optional(key.stringValue, expected: "Float") else { return nil }
        return try located.owner.unboxFloat(located.value, at: located.component)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let located = try decoder.optional(key.stringValue, expected: "Int") else { return nil }
        return try located.owner.unboxInteger(Int.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        guard let located = try decoder.optional(key.stringValue, expected: "Int8") else { return nil }
        return try located.owner.unboxInteger(Int8.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        guard let located = try decoder.optional(key.stringValue, expected: "Int16") else { return nil }
        return try located.owner.unboxInteger(Int16.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        guard let located = try decoder.optional(key.stringValue, expected: "Int32") else { return nil }
        return try located.owner.unboxInteger(Int32.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let located = try decoder.optional(key.stringValue, expected: "Int64") else { return nil }
        return try located.owner.unboxInteger(Int64.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        guard let located = try decoder.optional(key.stringValue, expected: "UInt") else { return nil }
        return try located.owner.unboxInteger(UInt.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        guard let located = try decoder.optional(key.stringValue, expected: "UInt8") else { return nil }
        return try located.owner.unboxInteger(UInt8.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        guard let located = try decoder.optional(key.stringValue, expected: "UInt16") else { return nil }
        return try located.owner.unboxInteger(UInt16.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        guard let located = try decoder.optional(key.stringValue, expected: "UInt32") else { return nil }
        return try located.owner.unboxInteger(UInt32.self, located.value, at: located.component)
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        guard let located = try decoder.optional(key.stringValue, expected: "UInt64") else { return nil }
        return try located.owner.unboxInteger(UInt64.self, located.value, at: located.component)
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

    private func superDecoder(named name: String) throws -> any Decoder {
        return (try? decoder.nestedDecoder(name)) ?? TreeDecoder(
            state: decoder.state, value: .null, parent: decoder, component: .key(name), schema: nil,
            keyCase: decoder.inheritedKeyCase, inheritedKeyCase: decoder.inheritedKeyCase,
            coercion: decoder.coercion, plain: decoder.plain)
    }
}
