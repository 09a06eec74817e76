/// The keyed container of a dictionary being encoded. For a model it writes each property at its
/// remote path through its transformer and skips uncodable properties.
struct TreeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let node: EncodingNode

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Transforms and stores an encoded property; `nil` is left out unless in plain mode.
    private func store(_ value: ModelValue?, forKey key: Key) throws {
        let name = key.stringValue
        guard let schema = encoder.schema else {
            let remote = encoder.plain ? name : encoder.remoteKey(for: name)
            node.set(.value(value ?? .null), forKey: remote)
            return
        }
        let plan = schema.plan(for: name)
        if plan.isUncodable { return }
        guard var value else { return }
        if let transformer = plan.transformer, !value.isNull {
            do {
                value = try transformer.encode(value)
            } catch {
                throw ModelError(
                    .invalidValue("\(transformer.name): \(error)"),
                    path: encoder.path.appending(ModelPath(plan.path.primary.map { .key($0.key) })), excerpt: value.excerpt)
            }
        }
        if let single = plan.singleKey {
            node.set(.value(value), forKey: single)
        } else {
            node.set(.value(value), at: plan.path.primary)
        }
    }

    private var skipsNil: Bool { !encoder.plain }

    private func component(_ key: Key) -> ModelPath.Component {
        .key(encoder.plain ? key.stringValue : encoder.remoteKey(for: key.stringValue))
    }


    mutating func encodeNil(forKey key: Key) throws { try store(.null, forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try store(.bool(value), forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try store(.string(value), forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(.double(value), forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(TreeEncoder.boxFloat(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try store(.integer(Int64(value)), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try store(.integer(Int64(value)), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try store(.integer(Int64(value)), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try store(.integer(Int64(value)), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try store(.integer(value), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(TreeEncoder.boxInteger(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try store(.integer(Int64(value)), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try store(.integer(Int64(value)), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try store(.integer(Int64(value)), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(TreeEncoder.boxInteger(value), forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let schema = encoder.schema else {
            return try store(try encoder.box(value, component: component(key)), forKey: key)
        }
        let plan = schema.plan(for: key.stringValue)
        if plan.isUncodable { return }
        let component = ModelPath.Component.key(plan.singleKey ?? plan.path.primary.map(\.key).joined(separator: "."))
        try store(try encoder.box(value, component: component), forKey: key)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) { .bool($0) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) { .string($0) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) { .double($0) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxFloat) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key, TreeEncoder.boxInteger) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return skipsNil ? () : try store(.null, forKey: key) }
        try encode(value, forKey: key)
    }

    private func present<V>(_ value: V?, _ key: Key, _ box: (V) -> ModelValue) throws {
        guard let value else { return skipsNil ? () : try store(.null, forKey: key) }
        try store(box(value), forKey: key)
    }

    private func childEncoder(forKey key: Key) -> TreeEncoder {
        let child = EncodingNode()
        let name = encoder.plain ? key.stringValue : encoder.remoteKey(for: key.stringValue)
        node.set(.node(child), forKey: name)
        return TreeEncoder(
            state: encoder.state, node: child, parent: encoder, component: .key(name), schema: nil,
            keyCase: encoder.inheritedKeyCase, inheritedKeyCase: encoder.inheritedKeyCase, plain: encoder.plain)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        childEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        childEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        guard let key = Key(stringValue: "super") else { return encoder }
        return childEncoder(forKey: key)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { childEncoder(forKey: key) }
}
