import OrderedCollections

/// The keyed container of a dictionary value. For a model it reads each property at its remote
/// path, runs its transformer, and falls back to the model's defaults for missing keys.
struct TreeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let entries: OrderedDictionary<String, ModelValue>
    private let usage: UsageRecord?

    init(decoder: TreeDecoder, entries: OrderedDictionary<String, ModelValue>) {
        self.decoder = decoder
        self.entries = entries
        self.usage = decoder.schema != nil && decoder.state.collectsReport
            ? decoder.state.usageRecord(at: decoder.path, entries: entries) : nil
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        guard let schema = decoder.schema else { return entries.keys.compactMap { Key(stringValue: $0) } }
        return schema.propertyKeys.compactMap { name in
            guard let key = Key(stringValue: name), case .found = lookup(key) else { return nil }
            return key
        }
    }

    func contains(_ key: Key) -> Bool {
        if case .found = lookup(key) { return true }
        return false
    }

    // MARK: Lookup

    /// Where a key's value was found: the value, the decoder that owns its last step, and that step.
    enum Lookup {
        case found(ModelValue, owner: TreeDecoder, component: ModelPath.Component)
        case missing
    }

    func lookup(_ key: Key) -> Lookup {
        let name = key.stringValue
        guard let schema = decoder.schema else {
            let remote = decoder.keyCase == .unchanged ? name : decoder.state.remoteKey(for: name, keyCase: decoder.keyCase)
            guard let value = entries[remote] else { return .missing }
            return .found(value, owner: decoder, component: .key(remote))
        }
        if schema.uncodableKeys.contains(name) { return .missing }
        let remote = schema.remotePath(for: name)
        for alternative in remote.alternatives {
            if alternative.count == 1 {
                guard let value = entries[alternative[0].key] else { continue }
                usage?.markRead(alternative)
                return .found(value, owner: decoder, component: .key(alternative[0].key))
            }
            if let found = resolve(alternative) {
                usage?.markRead(alternative)
                return found
            }
        }
        return .missing
    }

    /// Follows a multi-step path, making a decoder for each intermediate step so errors carry
    /// the whole path.
    private func resolve(_ components: [RemoteKeyPath.Component]) -> Lookup? {
        var current = ModelValue.dictionary(entries)
        var owner = decoder
        for (position, component) in components.enumerated() {
            let step: ModelPath.Component
            let next: ModelValue?
            switch current {
            case .dictionary(let entries):
                next = entries[component.key]
                step = .key(component.key)
            case .array(let elements):
                guard let index = component.index, elements.indices.contains(index) else { return nil }
                next = elements[index]
                step = .index(index)
            default:
                return nil
            }
            guard let next else { return nil }
            if position == components.count - 1 { return .found(next, owner: owner, component: step) }
            owner = TreeDecoder(
                state: decoder.state, value: next, parent: owner, component: step, schema: nil,
                keyCase: .unchanged, inheritedKeyCase: decoder.inheritedKeyCase, coercion: decoder.coercion, plain: false)
            current = next
        }
        return nil
    }

    // MARK: Decoding

    /// Decodes `key` with `unbox`, applying the transformer, null handling and defaults.
    /// Returns `nil` only when `optional` is true.
    @inline(__always)
    private func decode<T>(
        _ key: Key, as type: T.Type, optional: Bool,
        unbox: (TreeDecoder, ModelValue, ModelPath.Component) throws -> T
    ) throws -> T? {
        guard case .found(var value, let owner, let component) = lookup(key) else {
            return try defaultValue(for: key, as: type, optional: optional)
        }
        if case .null = value {
            if optional { return nil }
            if decoder.coercion == .lenient, decoder.schema != nil {
                decoder.noteConversion(from: value, to: "default", at: component)
                return try defaultValue(for: key, as: type, optional: false, noting: false)
            }
        } else if let transformer = decoder.schema?.transformers[key.stringValue] {
            do {
                value = try transformer.decode(value)
            } catch {
                throw ModelError(
                    .invalidValue("\(transformer.name): \(error)"), path: owner.path(appending: component),
                    excerpt: value.excerpt)
            }
        }
        return try unbox(owner, value, component)
    }

    /// The value of `key` in the model's defaults, `nil` for an optional without one, or an error.
    private func defaultValue<T>(for key: Key, as type: T.Type, optional: Bool, noting: Bool = true) throws -> T? {
        let name = key.stringValue
        guard let schema = decoder.schema else {
            if optional { return nil }
            throw ModelError(.missingValue(expected: "\(T.self)"), path: decoder.path(appending: .key(name)))
        }
        let remote = schema.remotePath(for: name).primary
        if noting, decoder.state.collectsReport, !schema.uncodableKeys.contains(name) {
            decoder.state.report!.defaultedKeys.append(decoder.path(appending: remote))
        }
        guard let value = decoder.defaults[name], !value.isNull else {
            if optional { return nil }
            throw ModelError(.missingValue(expected: "\(T.self)"), path: decoder.path(appending: remote))
        }
        guard let decodable = T.self as? any Decodable.Type else { return nil }
        return try decoder.decodeDefault(decodable, from: value, component: .key(remote.last?.key ?? name)) as? T
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard case .found(let value, _, _) = lookup(key) else { return true }
        return value.isNull
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decode(key, as: type, optional: false) { try $0.unboxBool($1, at: $2) }!
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decode(key, as: type, optional: false) { try $0.unboxString($1, at: $2) }!
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decode(key, as: type, optional: false) { try $0.unboxDouble($1, at: $2) }!
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decode(key, as: type, optional: false) { try $0.unboxFloat($1, at: $2) }!
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key, optional: false)! }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key, optional: false)! }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key, optional: false)! }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key, optional: false)! }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key, optional: false)! }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key, optional: false)! }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key, optional: false)! }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key, optional: false)! }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key, optional: false)! }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key, optional: false)! }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decode(key, as: type, optional: false) { try $0.decodeChild(T.self, from: $1, component: $2) }!
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decode(key, as: type, optional: true) { try $0.unboxBool($1, at: $2) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decode(key, as: type, optional: true) { try $0.unboxString($1, at: $2) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decode(key, as: type, optional: true) { try $0.unboxDouble($1, at: $2) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decode(key, as: type, optional: true) { try $0.unboxFloat($1, at: $2) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integer(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integer(type, key, optional: true) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decode(key, as: type, optional: true) { try $0.decodeChild(T.self, from: $1, component: $2) }
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key, optional: Bool) throws -> I? {
        try decode(key, as: type, optional: optional) { try $0.unboxInteger(I.self, $1, at: $2) }
    }

    // MARK: Nested containers

    private func nestedDecoder(forKey key: Key) throws -> TreeDecoder {
        guard case .found(let value, let owner, let component) = lookup(key) else {
            throw ModelError(.missingValue(expected: "container"), path: decoder.path(appending: .key(key.stringValue)))
        }
        return TreeDecoder(
            state: decoder.state, value: value, parent: owner, component: component, schema: nil,
            keyCase: decoder.inheritedKeyCase, inheritedKeyCase: decoder.inheritedKeyCase,
            coercion: decoder.coercion, plain: decoder.plain)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else { return decoder }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        (try? nestedDecoder(forKey: key)) ?? TreeDecoder(
            state: decoder.state, value: .null, parent: decoder, component: .key(key.stringValue), schema: nil,
            keyCase: decoder.inheritedKeyCase, inheritedKeyCase: decoder.inheritedKeyCase,
            coercion: decoder.coercion, plain: decoder.plain)
    }
}
