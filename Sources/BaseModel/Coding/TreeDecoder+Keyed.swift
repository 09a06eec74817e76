import OrderedCollections

/// The work of a keyed container, by key name: the mapping rules. They live on the decoder, not
/// on the container, because the standard library's type-erasing box copies the container on
/// every call: a container that is one reference to its decoder costs one retain per call, and no
/// object beyond the decoder is made per model. Nothing here is generic over the coding key type,
/// so the hot path never asks the runtime for generic metadata.
///
/// For a model it reads each property at its remote path, runs its transformer, and falls back to
/// the model's defaults for missing keys. The keys are a tree dictionary's entries, or a
/// dictionary or object node of a format's index: these rules exist once, for both.
extension TreeDecoder {
    /// Prepares this decoder for a keyed container over its input.
    ///
    /// - Throws: ``ModelError/Reason/typeMismatch(expected:found:)`` when the input is not a
    ///   dictionary or an object.
    @inline(__always)
    func prepareKeyed() throws {
        // An index's dictionary or object, the common case, inline; the rest in a call.
        if case .node(let node) = input, state.index!.isKeyed(node) {
            keyedNode = node
            return
        }
        try prepareKeyedInput()
    }

    /// ``prepareKeyed()`` for a tree value, and the error for anything not keyed.
    @inline(never)
    private func prepareKeyedInput() throws {
        switch input {
        case .value(.dictionary(let entries)):
            keyedEntries = entries
            keyedNode = -1
            if schema != nil, state.collectsReport {
                usage = state.usageRecord(at: path, entries: entries)
                if state.graph != nil { usage?.markRead([RemoteKeyPath.Component(TypedTree.classKey)]) }
            }
        case .node(let node) where state.index!.isKeyed(node):
            // Reports are collected from trees only.
            keyedNode = node
        default:
            throw mismatch(expected: schema.map { "dictionary (\($0.typeName))" } ?? "dictionary", found: state.valueForError(of: input))
        }
    }

    /// The keys present, in input order.
    var keyedKeys: [String] { keyedNode < 0 ? Array(keyedEntries!.keys) : state.index!.keys(of: keyedNode) }

    /// The value of the key `key` itself (no key path, no key case).
    @inline(__always)
    func entry(_ key: String) -> DecoderInput? {
        if keyedNode < 0 { return keyedEntries![key].map(DecoderInput.value) }
        let request = requests
        requests += 1
        return state.index!.value(of: keyedNode, forKey: key, request: request).map(DecoderInput.node)
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
        guard schema != nil else {
            let remote = keyCase == .unchanged ? name : state.remoteKey(for: name, keyCase: keyCase)
            guard let value = entry(remote) else { return .absent }
            return .found(value, owner: self, component: .key(remote))
        }
        return lookup(plan(for: name))
    }

    func lookup(_ plan: PropertyPlan) -> Resolution {
        if plan.isUncodable { return .absent }
        if let single = plan.singleKey {
            guard let value = entry(single) else { return .absent }
            usage?.markRead(plan.path.primary)
            return .found(value, owner: self, component: .key(single))
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
        var current: DecoderInput = keyedNode < 0 ? .value(.dictionary(keyedEntries!)) : .node(keyedNode)
        var owner = self
        for (position, component) in components.enumerated() {
            guard let (next, step) = Self.step(component, in: current, index: state.index) else { return nil }
            if position == components.count - 1 { return .found(next, owner: owner, component: step) }
            owner = TreeDecoder(
                state: state, input: next, parent: owner, component: step, schema: nil,
                keyCase: .unchanged, inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: false)
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
        let plan = schema != nil ? plan(for: name) : nil
        return try settle(plan.map(lookup) ?? lookup(name), name: name, plan: plan, expected: expected(), optional: optional)
    }

    /// A looked-up resolution with the rules applied: null, lenient defaults, the transformer, or
    /// the defaults when it was not found.
    private func settle(
        _ resolution: Resolution, name: String, plan: PropertyPlan?, expected: @autoclosure () -> String, optional: Bool
    ) throws -> Resolution {
        guard case .found(let value, let owner, let component) = resolution else {
            return try defaultResolution(for: name, plan: plan, expected: expected(), optional: optional, noting: true)
        }
        if state.isNull(value) {
            if optional { return .absent }
            if coercion == .lenient, schema != nil {
                noteConversion(from: .null, to: "default", at: component)
                return try defaultResolution(for: name, plan: plan, expected: expected(), optional: false, noting: false)
            }
        } else if let transformer = plan?.transformer {
            let input = try state.value(of: value)
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

    func defaultResolution(
        for name: String, plan: PropertyPlan?, expected: String, optional: Bool, noting: Bool
    ) throws -> Resolution {
        guard let plan else {
            if optional { return .absent }
            throw ModelError(.missingValue(expected: expected), path: path(appending: .key(name)))
        }
        if noting, state.collectsReport, !plan.isUncodable {
            state.report!.defaultedKeys.append(path(appending: plan.path.primary))
        }
        guard let value = defaults.entries[name], !value.isNull else {
            if optional { return .absent }
            throw ModelError(.missingValue(expected: expected), path: path(appending: plan.path.primary))
        }
        return .fromDefaults(value, component: .key(plan.path.primary.last?.key ?? name))
    }

    // MARK: Decoding

    /// Decodes a scalar property with `unbox`, which gets the decoder owning the value, the value,
    /// and its path component (made only when an error needs it). A property read from one key
    /// with no transformer, present and not null, is the common case: it is unboxed at once.
    /// Returns `nil` for an optional property that is null or absent everywhere.
    ///
    /// - Throws: ``ModelError`` when a required value is absent from the input and the defaults,
    ///   a transformer refuses it, or `unbox` does.
    @inline(__always)
    func scalar<Value>(
        _ name: String, expected: @autoclosure () -> String, optional: Bool,
        _ unbox: (TreeDecoder, ModelValue, () -> ModelPath.Component) throws -> Value
    ) throws -> Value? {
        let plan = schema != nil ? plan(for: name) : nil
        let resolution: Resolution
        if let plan, let single = plan.singleKey, plan.transformer == nil, !plan.isUncodable {
            if let input = entry(single) {
                usage?.markRead(plan.path.primary)
                if let scalar = state.presentScalar(input) { return try unbox(self, scalar) { .key(single) } }
                resolution = .found(input, owner: self, component: .key(single))
            } else {
                resolution = .absent
            }
        } else {
            resolution = plan.map(lookup) ?? lookup(name)
        }
        switch try settle(resolution, name: name, plan: plan, expected: expected(), optional: optional) {
        case .found(let input, let owner, let component):
            return try unbox(owner, state.value(of: input)) { component }
        case .fromDefaults(let value, let component):
            // A default scalar is the property's own value from `init()`: it unboxes as it is,
            // with no decoder of its own.
            return try unbox(self, value) { component }
        case .absent:
            if optional { return nil }
            throw ModelError(.missingValue(expected: expected()), path: path(appending: .key(name)))
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forProperty name: String) throws -> T {
        switch try resolve(name, expected: "\(T.self)", optional: false) {
        case .found(let value, let owner, let component):
            if schema?.hasPolymorphism == true, case let plan = plan(for: name), let polymorphism = plan.polymorphism {
                return try decodeRequiredPolymorphicProperty(
                    type, name: name, plan: plan, polymorphism: polymorphism, from: value, owner: owner, component: component)
            }
            return try owner.decodeChild(type, from: value, component: component, defaultsFrom: (self, name))
        case .fromDefaults(let value, let component):
            return try decodeDefault(type, from: value, component: component, property: name)
        case .absent:
            throw ModelError(.missingValue(expected: "\(T.self)"), path: path(appending: .key(name)))
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forProperty name: String) throws -> T? {
        switch try resolve(name, expected: "\(T.self)", optional: true) {
        case .found(let value, let owner, let component):
            // A back reference to an ancestor: nil now, set once the ancestor is built.
            if let graph = state.graph, case .value(let tree) = value, let target = graph.ancestorTarget(of: tree) {
                let position = path(appending: .key(name))
                graph.backReferences.append((TypedTree.keyPath(for: path), name, target, position))
                return nil
            }
            if let graph = state.graph, case .node(let node) = value, state.index!.hasCycles, graph.openNodes[node] != nil,
                case .node(let ownerNode) = input
            {
                graph.nodeBackReferences.append((ownerNode, name, node, path(appending: .key(name))))
                return nil
            }
            if schema?.hasPolymorphism == true, case let plan = plan(for: name), let polymorphism = plan.polymorphism {
                return try decodePolymorphicProperty(
                    type, name: name, plan: plan, polymorphism: polymorphism, from: value, owner: owner, component: component,
                    optional: true)
            }
            return try owner.decodeChild(type, from: value, component: component, defaultsFrom: (self, name))
        case .fromDefaults(let value, let component):
            return try decodeDefault(type, from: value, component: component, property: name)
        case .absent:
            return nil
        }
    }

    /// A decoder for a nested container at `name`.
    ///
    /// - Throws: ``ModelError/Reason/missingValue(expected:)`` when the key is absent.
    func nestedDecoder(_ name: String) throws -> TreeDecoder {
        guard case .found(let value, let owner, let component) = lookup(name) else {
            throw ModelError(.missingValue(expected: "container"), path: path(appending: .key(name)))
        }
        return TreeDecoder(
            state: state, input: value, parent: owner, component: component, schema: nil,
            keyCase: inheritedKeyCase, inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: plain)
    }
}
