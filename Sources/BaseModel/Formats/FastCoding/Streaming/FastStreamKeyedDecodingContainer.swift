import Foundation

/// The keyed container of an object or a dictionary in the streaming fast decoder. For a model it
/// finds each property through the class's ``FastKeyTable`` (or the dictionary's keys) and falls
/// back to the model's defaults for a missing or nil value, as `KeyedDecodingCore` does on the
/// typed tree.
struct FastStreamKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: FastStreamDecoder
    let value: FastIndex.Node

    var codingPath: [any CodingKey] { decoder.codingPath }

    // MARK: Lookup

    /// The node of `name` in the input, `nil` when it is missing (or nil in the object), and the
    /// property's transformer.
    ///
    /// - Throws: ``FastStreamFallback`` when the property is read in a way only the tree path does.
    private func lookup(_ name: String) throws -> (node: Int32, transformer: ModelTransformer?)? {
        let index = decoder.state.index
        if let table = decoder.keyTable {
            let request = decoder.requests
            decoder.requests += 1
            let position: Int
            let transformer: ModelTransformer?
            switch table.place(of: name, request: request) {
            case .value(let at): (position, transformer) = (at, nil)
            case .transformed(let at, let through): (position, transformer) = (at, through)
            case .missing: return nil
            case .unsupported: throw FastStreamFallback(reason: "property \(name) needs the tree path")
            }
            let node = index.child(Int(value.first) + position)
            return node == FastIndex.absent ? nil : (node, transformer)
        }
        guard let schema = decoder.schema else {
            let remote = decoder.keyCase == .unchanged ? name : decoder.state.remoteKey(for: name, keyCase: decoder.keyCase)
            return entry(remote).map { ($0, nil) }
        }
        let plan = schema.plan(for: name)
        if plan.isUncodable { return nil }
        guard let key = plan.singleKey else { throw FastStreamFallback(reason: "property \(name) needs the tree path") }
        return entry(key).map { ($0, plan.transformer) }
    }

    /// The value node of the dictionary entry `key`, looked for first where the last one was
    /// found (`Dictionary.init(from:)` asks for its keys in order).
    private func entry(_ key: String) -> Int32? {
        let index = decoder.state.index
        let count = Int(value.count)
        guard count > 0 else { return nil }
        let hint = decoder.requests % count
        for offset in 0..<count {
            let position = (hint + offset) % count
            let entry = Int(value.first) + 2 * position
            if index.strings[Int(index.child(entry))] == key {
                decoder.requests = position + 1
                return index.child(entry + 1)
            }
        }
        return nil
    }

    /// The node to decode `name` from, or its default: `nil` when an optional has neither.
    ///
    /// - Throws: ``FastStreamFallback`` when a non-optional property has neither, or when the
    ///   tree path would have to decide.
    private func resolve(_ name: String, optional: Bool) throws -> Resolution {
        if let (node, transformer) = try lookup(name) {
            guard decoder.state.index[node].kind == .null else {
                guard let transformer else { return .node(node) }
                return .transformed(try transformer.decode(decoder.scalarValue(node)))
            }
            if optional { return .absent }
            if decoder.coercion != .lenient || decoder.schema == nil { return .node(node) }
        }
        guard decoder.schema != nil, let fallback = decoder.defaults[name], !fallback.isNull else {
            if optional { return .absent }
            throw FastStreamFallback(reason: "no value for \(name)")
        }
        return .defaults(fallback)
    }

    private enum Resolution {
        case node(Int32)
        case transformed(ModelValue)
        case defaults(ModelValue)
        case absent
    }

    // MARK: KeyedDecodingContainerProtocol

    var allKeys: [Key] {
        let index = decoder.state.index
        guard let schema = decoder.schema else {
            return (0..<Int(value.count)).compactMap { Key(stringValue: index.strings[Int(index.child(Int(value.first) + 2 * $0))]) }
        }
        return schema.propertyKeys.compactMap { name in
            guard let key = Key(stringValue: name), (try? lookup(name)) != nil else { return nil }
            return key
        }
    }

    func contains(_ key: Key) -> Bool { ((try? lookup(key.stringValue)) ?? nil) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let (node, _) = try lookup(key.stringValue) else { return true }
        return decoder.state.index[node].kind == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, key) }

    private func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        switch try resolve(key.stringValue, optional: false) {
        case .node(let node): return try decoder.decodeChild(type, at: node, key: .key(key.stringValue))
        case .transformed(let value): return try decoder.decodeTransformed(type, from: value)
        case .defaults(let fallback): return try decoder.decodeDefault(type, from: fallback)
        case .absent: throw FastStreamFallback(reason: "no value for \(key.stringValue)")
        }
    }

    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        switch try resolve(key.stringValue, optional: true) {
        case .node(let node): return try decoder.decodeChild(type, at: node, key: .key(key.stringValue))
        case .transformed(let value): return try decoder.decodeTransformed(type, from: value)
        case .defaults(let fallback): return try decoder.decodeDefault(type, from: fallback)
        case .absent: return nil
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try required(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

    private func nestedDecoder(_ key: Key) throws -> FastStreamDecoder {
        guard let (node, _) = try lookup(key.stringValue) else {
            throw FastStreamFallback(reason: "no container for \(key.stringValue)")
        }
        return decoder.plainChild(node, key: .key(key.stringValue), keyCase: decoder.inheritedKeyCase)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw FastStreamFallback(reason: "a super decoder") }

    func superDecoder(forKey key: Key) throws -> any Decoder { throw FastStreamFallback(reason: "a super decoder") }
}
