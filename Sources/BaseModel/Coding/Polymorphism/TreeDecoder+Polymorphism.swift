/// Decoding a property with a ``Polymorphism``: each model in its value is decoded as the type
/// its tag (or the hook) names, from a tree or a format's index alike.
extension TreeDecoder {
    /// A value of `type` (a model type or ``ModelCases`` enum, or an optional, array or dictionary
    /// of them) read from
    /// `input` at `component`, each model as the type `polymorphism` chooses; `nil` when the
    /// hook drops it.
    ///
    /// - Throws: ``ModelError`` when a model is not a dictionary, its tag is missing or unknown
    ///   and there is no fallback, the chosen type is not a `type`, or decoding it fails.
    func decodePolymorphic<T>(
        _ type: T.Type, from input: DecoderInput, component: ModelPath.Component, polymorphism: Polymorphism,
        remotePath: RemoteKeyPath
    ) throws -> T? {
        if let holder = T.self as? any PolymorphicHolder.Type {
            let decoded = try holder.decodePolymorphic(
                from: input, in: self, component: component, polymorphism: polymorphism, remotePath: remotePath)
            return decoded.map { $0 as! T }
        }
        guard
            let model = try decodeTaggedModel(
                from: input, component: component, polymorphism: polymorphism, remotePath: remotePath,
                declared: T.self as? any Model.Type)
        else { return nil }
        if let cases = T.self as? any ModelCases.Type, let value = cases.init(model: model) { return (value as! T) }
        guard let value = model as? T else {
            throw ModelError(.typeMismatch(expected: "\(T.self)", found: Swift.type(of: model).typeName), path: path(appending: component))
        }
        return value
    }

    /// ``decodePolymorphicProperty(_:name:plan:polymorphism:from:owner:component:optional:)`` for
    /// a non-optional property: a dropped value with no default is missing. Kept out of
    /// `decode(_:forProperty:)`, whose every call would otherwise look up `Optional<T>`'s metadata.
    @inline(never)
    func decodeRequiredPolymorphicProperty<T: Decodable>(
        _ type: T.Type, name: String, plan: PropertyPlan, polymorphism: Polymorphism, from input: DecoderInput,
        owner: TreeDecoder, component: ModelPath.Component
    ) throws -> T {
        if let decoded = try decodePolymorphicProperty(
            type, name: name, plan: plan, polymorphism: polymorphism, from: input, owner: owner, component: component,
            optional: false)
        {
            return decoded
        }
        throw ModelError(.missingValue(expected: "\(T.self)"), path: path(appending: .key(name)))
    }

    /// A property of this model decoder's schema that has a polymorphism, found at `component`
    /// of `owner`: the decoded value, or for a dropped one the property's default (`nil` for an
    /// optional).
    func decodePolymorphicProperty<T>(
        _ type: T.Type, name: String, plan: PropertyPlan, polymorphism: Polymorphism, from input: DecoderInput,
        owner: TreeDecoder, component: ModelPath.Component, optional: Bool
    ) throws -> T? where T: Decodable {
        if let value = try owner.decodePolymorphic(type, from: input, component: component, polymorphism: polymorphism, remotePath: plan.path) {
            return value
        }
        switch try defaultResolution(for: name, plan: plan, expected: "\(T.self)", optional: optional, noting: false) {
        case .fromDefaults(let value, let component): return try decodeDefault(type, from: value, component: component, property: name)
        case .found, .absent: return nil
        }
    }

    /// Property `name` of the model this decoder's parent decodes, read polymorphically: this is
    /// the decoder `superDecoder(forKey:)` gave for it (over its value, or over null when the key
    /// is absent), for `KeyedDecodingContainer.decode(_:forKey:polymorphism:)`. A null or absent
    /// value is `nil` for an optional and the property's default otherwise; so is a dropped one.
    ///
    /// - Throws: ``ModelError`` as ``decodePolymorphic(_:from:component:polymorphism:remotePath:)``,
    ///   or ``ModelError/Reason/missingValue(expected:)`` when a required value has no default.
    func decodeSuperPolymorphic<T>(_ type: T.Type, name: String, polymorphism: Polymorphism) throws -> T {
        guard let owner = parent, let component else {
            return try decodePolymorphic(type, from: input, component: .key(name), polymorphism: polymorphism, remotePath: .key(name))
                ?? Self.nothing(T.self, at: path)
        }
        let remotePath = owner.schema.map { $0.remotePath(for: name) } ?? RemoteKeyPath.key(name)
        let optional = T.self is any OptionalValue.Type
        // A null that is there is a mismatch, as for any property (unless coercion is lenient).
        let isNull = state.isNull(input)
        let nullIsThere = isNull && owner.coercion != .lenient && { if case .found = owner.lookup(name) { true } else { false } }()
        if !isNull || optional || nullIsThere,
            let value = try owner.decodePolymorphic(
                type, from: input, component: component, polymorphism: polymorphism, remotePath: remotePath)
        {
            return value
        }
        // Null, absent or dropped: the default.
        guard let schema = owner.schema else { return try Self.nothing(T.self, at: owner.path(appending: component)) }
        let plan = schema.plan(for: name)
        switch try owner.defaultResolution(for: name, plan: plan, expected: "\(T.self)", optional: optional, noting: false) {
        case .fromDefaults(let value, let at):
            if let decoded = try owner.decodePolymorphic(
                type, from: .value(value), component: at, polymorphism: polymorphism, remotePath: remotePath)
            {
                return decoded
            }
            return try Self.nothing(T.self, at: owner.path(appending: at))
        case .found, .absent:
            return try Self.nothing(T.self, at: owner.path(appending: component))
        }
    }

    /// `nil` as a `T` that is an optional; for any other `T`, a missing value.
    private static func nothing<T>(_ type: T.Type, at path: ModelPath) throws -> T {
        guard let optional = T.self as? any OptionalValue.Type, let none = optional.none as? T else {
            throw ModelError(.missingValue(expected: "\(T.self)"), path: path)
        }
        return none
    }

    /// A value of `type` read from `tree` polymorphically by an engine decoder of its own: for
    /// a decoder that is not the engine's (Foundation's), whose `codingPath` is `codingPath`;
    /// errors carry that path first. No tree (an absent key) is `nil` for an optional.
    ///
    /// - Throws: ``ModelError`` as ``decodePolymorphic(_:from:component:polymorphism:remotePath:)``,
    ///   or ``ModelError/Reason/missingValue(expected:)`` for no tree and a `type` that is not optional.
    static func decodePolymorphic<T>(
        _ type: T.Type, from tree: ModelValue?, polymorphism: Polymorphism, at codingPath: [any CodingKey]
    ) throws -> T {
        let root = TreeDecoder(
            state: DecodingState(collectingReport: false), value: .null, parent: nil, component: nil, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict, plain: false)
        root.pathPrefix = ModelPath(codingPath.dropLast().map(\.pathComponent))
        let component = codingPath.last?.pathComponent ?? .key("")
        guard let tree else { return try nothing(T.self, at: root.path(appending: component)) }
        let remotePath = RemoteKeyPath.key(codingPath.last?.stringValue ?? "")
        return try root.decodePolymorphic(type, from: .value(tree), component: component, polymorphism: polymorphism, remotePath: remotePath)
            ?? nothing(T.self, at: root.path(appending: component))
    }

    /// The model one object of the input stands for: its type chosen by the hook, else its tag
    /// (the table's, or the type name of `declared`, the property's own model type), else the
    /// fallback; `nil` when the hook drops it.
    private func decodeTaggedModel(
        from input: DecoderInput, component: ModelPath.Component, polymorphism: Polymorphism, remotePath: RemoteKeyPath,
        declared: (any Model.Type)?
    ) throws -> (any Model)? {
        guard isKeyed(input) else {
            throw mismatch(expected: "dictionary", found: state.valueForError(of: input), at: component)
        }
        var chosen: (any Model.Type)?
        if let hook = polymorphism.hook {
            switch try hook(state.value(of: input), remotePath) {
            case .type(let type): chosen = type
            case .drop: return nil
            case .unknown: break
            }
        }
        // The tag, and where the object itself is (its key in a wrapper, or the input itself).
        let tag: String?
        var content = input
        var contentKey: String?
        switch polymorphism.placement {
        case .inside(let key):
            tag = entry(key, of: input).flatMap(string)
        case .external:
            let keys = keys(of: input)
            tag = keys.count == 1 ? keys[0] : nil
            if let tag, let wrapped = entry(tag, of: input) {
                content = wrapped
                contentKey = tag
            }
        case .adjacent(let tagKey, let key):
            tag = entry(tagKey, of: input).flatMap(string)
            guard let wrapped = entry(key, of: input) else {
                throw ModelError(.missingValue(expected: "\"\(key)\" beside the type tag"), path: path(appending: component).appending(.key(key)))
            }
            content = wrapped
            contentKey = key
        }
        if chosen == nil, let tag {
            chosen = polymorphism.types[tag] ?? (tag == declared?.typeName ? declared : nil)
        }
        if chosen == nil { chosen = polymorphism.fallback }
        guard let chosen else {
            let known = polymorphism.types.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            let why = tag.map { "unknown type tag \"\($0)\" (known: \(known))" } ?? "no type tag (known: \(known))"
            throw ModelError(.invalidValue(why), path: path(appending: component))
        }
        let owner = contentKey == nil ? self : containerDecoder(for: input, at: component)
        let at = contentKey.map(ModelPath.Component.key) ?? component
        func decode<M: Model>(_ model: M.Type) throws -> any Model { try owner.decodeChild(M.self, from: content, component: at) }
        let model = try decode(chosen)
        // A report counts an internal tag as read: the model's own keys are recorded at its path.
        if state.collectsReport, case .inside(let key) = polymorphism.placement, case .value(.dictionary(let entries)) = input {
            state.usageRecord(at: path(appending: component), entries: entries).markRead([RemoteKeyPath.Component(key)])
        }
        return model
    }

    /// A decoder over a dictionary or array of the input (at `component` below this one), so
    /// that the paths of its values are right.
    func containerDecoder(for input: DecoderInput, at component: ModelPath.Component) -> TreeDecoder {
        TreeDecoder(
            state: state, input: input, parent: self, component: component, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: false)
    }

    private func isKeyed(_ input: DecoderInput) -> Bool {
        switch input {
        case .value(.dictionary): true
        case .value: false
        case .node(let node): state.index!.isKeyed(node)
        }
    }

    private func entry(_ key: String, of input: DecoderInput) -> DecoderInput? {
        switch input {
        case .value(.dictionary(let entries)): entries[key].map(DecoderInput.value)
        case .value: nil
        case .node(let node): state.index!.value(of: node, forKey: key, request: -1).map(DecoderInput.node)
        }
    }

    private func keys(of input: DecoderInput) -> [String] {
        switch input {
        case .value(.dictionary(let entries)): Array(entries.keys)
        case .value: []
        case .node(let node): state.index!.keys(of: node)
        }
    }

    private func string(_ input: DecoderInput) -> String? {
        if case .string(let text)? = try? state.value(of: input) { return text }
        return nil
    }
}
