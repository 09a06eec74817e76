import OrderedCollections

/// The work of a keyed decoding container, by key name. It is not generic over the coding key
/// type, so the hot path never asks the runtime for generic metadata (which dominated profiles
/// when the container did this work itself).
///
/// For a model it reads each property at its remote path, runs its transformer, and falls back to
/// the model's defaults for missing keys.
struct KeyedDecodingCore {
    let decoder: TreeDecoder
    let entries: OrderedDictionary<String, ModelValue>
    private let usage: UsageRecord?

    init(decoder: TreeDecoder, entries: OrderedDictionary<String, ModelValue>) {
        self.decoder = decoder
        self.entries = entries
        self.usage = decoder.schema != nil && decoder.state.collectsReport
            ? decoder.state.usageRecord(at: decoder.path, entries: entries) : nil
        if decoder.state.graph != nil { usage?.markRead([RemoteKeyPath.Component(TypedTree.classKey)]) }
    }

    /// Where a key's value is.
    enum Resolution {
        /// In the input: the value, the decoder owning its last step, and that step.
        case found(ModelValue, owner: TreeDecoder, component: ModelPath.Component)
        /// Not in the input, but in the model's defaults.
        case fromDefaults(ModelValue, component: ModelPath.Component)
        /// Nowhere: `nil` for an optional.
        case absent
    }

    // MARK: Lookup

    /// The value of `name` in the input, without transformers, defaults or reporting.
    func lookup(_ name: String) -> Resolution {
        guard let schema = decoder.schema else {
            let remote = decoder.keyCase == .unchanged ? name : decoder.state.remoteKey(for: name, keyCase: decoder.keyCase)
            guard let value = entries[remote] else { return .absent }
            return .found(value, owner: decoder, component: .key(remote))
        }
        return lookup(schema.plan(for: name))
    }

    private func lookup(_ plan: PropertyPlan) -> Resolution {
        if plan.isUncodable { return .absent }
        if let single = plan.singleKey {
            guard let value = entries[single] else { return .absent }
            usage?.markRead(plan.path.primary)
            return .found(value, owner: decoder, component: .key(single))
        }
        for alternative in plan.path.alternatives {
            if let found = follow(alternative) {
                usage?.markRead(alternative)
                return found
            }
        }
        return .absent
    }

    /// Follows a multi-step path, making a decoder for each intermediate step so errors carry
    /// the whole path.
    private func follow(_ components: [RemoteKeyPath.Component]) -> Resolution? {
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

    // MARK: Resolving a property

    /// Where to decode property `name` from: the input (transformed), the defaults, or nowhere.
    ///
    /// - Throws: ``ModelError`` when a transformer refuses the value, or when a non-optional
    ///   property has neither a value nor a default.
    func resolve(_ name: String, expected: @autoclosure () -> String, optional: Bool) throws -> Resolution {
        let plan = decoder.schema?.plan(for: name)
        let resolution = plan.map(lookup) ?? lookup(name)
        guard case .found(var value, let owner, let component) = resolution else {
            return try defaults(for: name, plan: plan, expected: expected(), optional: optional, noting: true)
        }
        if case .null = value {
            if optional { return .absent }
            if decoder.coercion == .lenient, decoder.schema != nil {
                decoder.noteConversion(from: value, to: "default", at: component)
                return try defaults(for: name, plan: plan, expected: expected(), optional: false, noting: false)
            }
        } else if let transformer = plan?.transformer {
            do {
                value = try transformer.decode(value)
            } catch {
                throw ModelError(
                    .invalidValue("\(transformer.name): \(error)"), path: owner.path(appending: component),
                    excerpt: value.excerpt)
            }
        }
        return .found(value, owner: owner, component: component)
    }

    private func defaults(
        for name: String, plan: PropertyPlan?, expected: String, optional: Bool, noting: Bool
    ) throws -> Resolution {
        guard let plan else {
            if optional { return .absent }
            throw ModelError(.missingValue(expected: expected), path: decoder.path(appending: .key(name)))
        }
        let remote = plan.path.primary
        if noting, decoder.state.collectsReport, !plan.isUncodable {
            decoder.state.report!.defaultedKeys.append(decoder.path(appending: remote))
        }
        guard let value = decoder.defaults[name], !value.isNull else {
            if optional { return .absent }
            throw ModelError(.missingValue(expected: expected), path: decoder.path(appending: remote))
        }
        return .fromDefaults(value, component: .key(remote.last?.key ?? name))
    }

    // MARK: Decoding

    /// A resolved value and the decoder to unbox it with, for the scalar overloads.
    typealias Located = (owner: TreeDecoder, value: ModelValue, component: ModelPath.Component)

    /// The value for a non-optional scalar property, from the input or the defaults.
    ///
    /// - Throws: ``ModelError`` when it is absent from both, or a transformer refuses it.
    @inline(__always)
    func required(_ name: String, expected: @autoclosure () -> String) throws -> Located {
        switch try resolve(name, expected: expected(), optional: false) {
        case .found(let value, let owner, let component):
            return (owner, value, component)
        case .fromDefaults(let value, let component):
            return (decoder.defaultsDecoder(component: component, value: value), value, component)
        case .absent:
            throw ModelError(.missingValue(expected: expected()), path: decoder.path(appending: .key(name)))
        }
    }

    /// The value for an optional scalar property, or `nil` when it is null or absent everywhere.
    ///
    /// - Throws: ``ModelError`` when a transformer refuses it.
    @inline(__always)
    func optional(_ name: String, expected: @autoclosure () -> String) throws -> Located? {
        switch try resolve(name, expected: expected(), optional: true) {
        case .found(let value, let owner, let component):
            return (owner, value, component)
        case .fromDefaults(let value, let component):
            return (decoder.defaultsDecoder(component: component, value: value), value, component)
        case .absent:
            return nil
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        switch try resolve(name, expected: "\(T.self)", optional: false) {
        case .found(let value, let owner, let component):
            return try owner.decodeChild(type, from: value, component: component, defaultsFrom: (decoder, name))
        case .fromDefaults(let value, let component):
            return try decoder.decodeDefault(type, from: value, component: component)
        case .absent:
            throw ModelError(.missingValue(expected: "\(T.self)"), path: decoder.path(appending: .key(name)))
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        switch try resolve(name, expected: "\(T.self)", optional: true) {
        case .found(let value, let owner, let component):
            // A back reference to an ancestor: nil now, set once the ancestor is built.
            if let graph = decoder.state.graph, let target = graph.ancestorTarget(of: value) {
                let position = decoder.path(appending: .key(name))
                graph.backReferences.append((TypedTree.keyPath(for: decoder.path), name, target, position))
                return nil
            }
            return try owner.decodeChild(type, from: value, component: component, defaultsFrom: (decoder, name))
        case .fromDefaults(let value, let component):
            return try decoder.decodeDefault(type, from: value, component: component)
        case .absent:
            return nil
        }
    }

    /// A decoder for a nested container at `name`.
    ///
    /// - Throws: ``ModelError/Reason/missingValue(expected:)`` when the key is absent.
    func nestedDecoder(_ name: String) throws -> TreeDecoder {
        guard case .found(let value, let owner, let component) = lookup(name) else {
            throw ModelError(.missingValue(expected: "container"), path: decoder.path(appending: .key(name)))
        }
        return TreeDecoder(
            state: decoder.state, value: value, parent: owner, component: component, schema: nil,
            keyCase: decoder.inheritedKeyCase, inheritedKeyCase: decoder.inheritedKeyCase,
            coercion: decoder.coercion, plain: decoder.plain)
    }
}
