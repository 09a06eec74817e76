import OrderedCollections

/// The work of a keyed decoding container, by key name. It is not generic over the coding key
/// type, so the hot path never asks the runtime for generic metadata (which dominated profiles
/// when the container did this work itself). It is a class so that the container is one
/// reference: the standard library's type-erasing box copies the container on every call.
///
/// For a model it reads each property at its remote path, runs its transformer, and falls back to
/// the model's defaults for missing keys. The keys are a tree dictionary's entries, or a
/// dictionary or object node of a format's index: these rules exist once, for both.
final class KeyedDecodingCore {
    let decoder: TreeDecoder
    /// The tree dictionary's entries (empty when reading an index node).
    let entries: OrderedDictionary<String, ModelValue>
    /// The index node read, or `-1` for a tree dictionary.
    let node: Int32
    private let usage: UsageRecord?

    init(decoder: TreeDecoder, entries: OrderedDictionary<String, ModelValue>) {
        self.decoder = decoder
        self.entries = entries
        node = -1
        self.usage = decoder.schema != nil && decoder.state.collectsReport
            ? decoder.state.usageRecord(at: decoder.path, entries: entries) : nil
        if decoder.state.graph != nil { usage?.markRead([RemoteKeyPath.Component(TypedTree.classKey)]) }
    }

    /// A core over a dictionary or object node of the decoder's index. (Reports are collected
    /// from trees only.)
    init(decoder: TreeDecoder, node: Int32) {
        self.decoder = decoder
        entries = [:]
        self.node = node
        usage = nil
    }

    /// The keys present, in input order.
    var keys: [String] { node < 0 ? Array(entries.keys) : decoder.state.index!.keys(of: node) }

    /// The value of the key `key` itself (no key path, no key case).
    @inline(__always)
    private func entry(_ key: String) -> DecoderInput? {
        if node < 0 { return entries[key].map(DecoderInput.value) }
        let request = decoder.requests
        decoder.requests += 1
        return decoder.state.index!.value(of: node, forKey: key, request: request).map(DecoderInput.node)
    }

    /// Where a key's value is.
    enum Resolution {
        /// In the input: the value, the decoder owning its last step, and that step.
        case found(DecoderInput, owner: TreeDecoder, component: ModelPath.Component)
        /// Not in the input, but in the model's defaults.
        case fromDefaults(ModelValue, component: ModelPath.Component)
        /// Nowhere: `nil` for an optional.
        case absent
    }

    // MARK: Lookup

    /// The value of `name` in the input, without transformers, defaults or reporting.
    func lookup(_ name: String) -> Resolution {
        guard decoder.schema != nil else {
            let remote = decoder.keyCase == .unchanged ? name : decoder.state.remoteKey(for: name, keyCase: decoder.keyCase)
            guard let value = entry(remote) else { return .absent }
            return .found(value, owner: decoder, component: .key(remote))
        }
        return lookup(decoder.plan(for: name))
    }

    private func lookup(_ plan: PropertyPlan) -> Resolution {
        if plan.isUncodable { return .absent }
        if let single = plan.singleKey {
            guard let value = entry(single) else { return .absent }
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
        var current: DecoderInput = node < 0 ? .value(.dictionary(entries)) : .node(node)
        var owner = decoder
        for (position, component) in components.enumerated() {
            guard let (next, step) = Self.step(component, in: current, index: decoder.state.index) else { return nil }
            if position == components.count - 1 { return .found(next, owner: owner, component: step) }
            owner = TreeDecoder(
                state: decoder.state, input: next, parent: owner, component: step, schema: nil,
                keyCase: .unchanged, inheritedKeyCase: decoder.inheritedKeyCase, coercion: decoder.coercion, plain: false)
            current = next
        }
        return nil
    }

    /// One step of a key path: a key of a dictionary (or object), an index of an array.
    private static func step(
        _ component: RemoteKeyPath.Component, in container: DecoderInput, index: InputIndex?
    ) -> (DecoderInput, ModelPath.Component)? {
        switch container {
        case .value(.dictionary(let entries)):
            return entries[component.key].map { (.value($0), .key(component.key)) }
        case .value(.array(let elements)):
            guard let position = component.index, elements.indices.contains(position) else { return nil }
            return (.value(elements[position]), .index(position))
        case .value:
            return nil
        case .node(let node):
            switch index!.shape(of: node) {
            case .dictionary, .object:
                return index!.value(of: node, forKey: component.key, request: -1).map { (.node($0), .key(component.key)) }
            case .array(let count):
                guard let position = component.index, (0..<count).contains(position) else { return nil }
                return (.node(index!.element(of: node, at: position)), .index(position))
            case .scalar:
                return nil
            }
        }
    }

    // MARK: Resolving a property

    /// Where to decode property `name` from: the input (transformed), the defaults, or nowhere.
    ///
    /// - Throws: ``ModelError`` when a transformer refuses the value, or when a non-optional
    ///   property has neither a value nor a default.
    func resolve(_ name: String, expected: @autoclosure () -> String, optional: Bool) throws -> Resolution {
        let plan = decoder.schema != nil ? decoder.plan(for: name) : nil
        let resolution = plan.map(lookup) ?? lookup(name)
        guard case .found(let value, let owner, let component) = resolution else {
            return try defaults(for: name, plan: plan, expected: expected(), optional: optional, noting: true)
        }
        if decoder.state.isNull(value) {
            if optional { return .absent }
            if decoder.coercion == .lenient, decoder.schema != nil {
                decoder.noteConversion(from: .null, to: "default", at: component)
                return try defaults(for: name, plan: plan, expected: expected(), optional: false, noting: false)
            }
        } else if let transformer = plan?.transformer {
            let input = decoder.state.value(of: value)
            do {
                return .found(.value(try transformer.decode(input)), owner: owner, component: component)
            } catch {
                throw ModelError(
                    .invalidValue("\(transformer.name): \(error)"), path: owner.path(appending: component),
                    excerpt: input.excerpt)
            }
        }
        return resolution
    }

    private func defaults(
        for name: String, plan: PropertyPlan?, expected: String, optional: Bool, noting: Bool
    ) throws -> Resolution {
        guard let plan else {
            if optional { return .absent }
            throw ModelError(.missingValue(expected: expected), path: decoder.path(appending: .key(name)))
        }
        if noting, decoder.state.collectsReport, !plan.isUncodable {
            decoder.state.report!.defaultedKeys.append(decoder.path(appending: plan.path.primary))
        }
        guard let value = decoder.defaults[name], !value.isNull else {
            if optional { return .absent }
            throw ModelError(.missingValue(expected: expected), path: decoder.path(appending: plan.path.primary))
        }
        return .fromDefaults(value, component: .key(plan.path.primary.last?.key ?? name))
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
        case .found(let input, let owner, let component):
            return (owner, decoder.state.value(of: input), component)
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
        case .found(let input, let owner, let component):
            return (owner, decoder.state.value(of: input), component)
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
            // A back reference to an ancestor: nil now, set once the ancestor is built. (An index
            // holds no cycles.)
            if let graph = decoder.state.graph, case .value(let tree) = value, let target = graph.ancestorTarget(of: tree) {
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
            state: decoder.state, input: value, parent: owner, component: component, schema: nil,
            keyCase: decoder.inheritedKeyCase, inheritedKeyCase: decoder.inheritedKeyCase,
            coercion: decoder.coercion, plain: decoder.plain)
    }
}
