/// What a decode of a typed tree remembers: the registry that names types, the whole tree (to
/// follow forward aliases), and the class instances decoded so far by key path (or, reading a
/// format's index, by node).
final class GraphReading {
    let registry: ModelRegistry
    let root: ModelValue
    var instances: [String: AnyObject] = [:]
    /// Reading an index: the class instances decoded so far, by node, and the object nodes
    /// decoded once (a struct object decoded again is a copy).
    @exclusivity(unchecked) var nodeInstances: [Int32: AnyObject] = [:]
    /// Reading an index that has cycles (``InputIndex/hasCycles``): the object nodes being
    /// decoded (the ancestors of the current position), each with the position it is decoded at.
    var openNodes: [Int32: ModelPath] = [:]
    /// Reading an index that has cycles: optional properties read as `nil` because their node is
    /// an ancestor still being decoded; set through ``BackReferencingModel`` once it is built.
    var nodeBackReferences: [(owner: Int32, key: String, target: Int32, position: ModelPath)] = []
    /// Reading an index: models decoded so far, and how many the input may give (struct objects
    /// are decoded again at each alias, so a small file could otherwise take exponential time).
    @exclusivity(unchecked) private var indexedModels = 0
    @exclusivity(unchecked) private(set) var indexedModelBudget = GraphReading.minimumCopyBudget
    /// Reading an index: per class number, the registered type its name gives, once looked up.
    @exclusivity(unchecked) private var registeredTypes: [(any Model.Type)??] = []
    /// The number of values of the input, once counted.
    private var inputSize: Int?
    /// The positions of the objects being decoded, outermost first. Their key paths are made
    /// only when an alias asks (``isInProgress(_:)``): most decodes meet no alias, and making a
    /// key path string for every object was a large part of decoding a typed tree.
    private(set) var inProgress: [ModelPath] = []
    /// Optional properties read as `nil` because their alias points at an ancestor still being
    /// decoded; set through ``BackReferencingModel`` once the ancestor is built.
    var backReferences: [(owner: String, key: String, target: String, position: ModelPath)] = []
    /// How deep the decode is inside copies: objects reached again through an alias that are
    /// not shared instances (structs), decoded anew each time.
    var copying = 0
    /// Objects decoded inside copies so far. Copies of copies multiply, so a small tree whose
    /// every level aliases the one below twice would take exponential time: they are budgeted.
    private var copiedObjects = 0
    private var copyBudget = GraphReading.minimumCopyBudget

    /// Copied objects allowed before the tree's size is counted.
    static let minimumCopyBudget = 4096

    init(registry: ModelRegistry, root: ModelValue) {
        self.registry = registry
        self.root = root
    }

    /// A graph reading over an index of `indexNodeCount` nodes (aliases are nodes there, so no
    /// tree is needed to follow them).
    init(registry: ModelRegistry, indexNodeCount: Int) {
        self.registry = registry
        root = .null
        inputSize = indexNodeCount
        indexedModelBudget = Self.copyBudget(forValues: indexNodeCount)
    }

    /// Counts one model decoded from an index; `false` past the budget.
    func countIndexedModel() -> Bool {
        indexedModels += 1
        return indexedModels <= indexedModelBudget
    }

    /// The registered type that class number `classIndex` of `index` names, looked up once.
    @inline(__always)
    func registeredType(ofClass classIndex: Int, in index: InputIndex) -> (any Model.Type)? {
        if registeredTypes.isEmpty { registeredTypes = Array(repeating: nil, count: index.classCount) }
        if let known = registeredTypes[classIndex] { return known }
        let type = registry.type(named: index.className(ofClass: classIndex))
        registeredTypes[classIndex] = .some(type)
        return type
    }

    /// Counts an object decoded inside a copy, by its values: copies of an object that holds a
    /// large array add up by what they build.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` past ``minimumCopyBudget`` copied values
    ///   and then past ``DecodingLimits/maximumValues`` for the tree's size.
    func countCopiedObject(_ value: ModelValue, at position: ModelPath) throws {
        try countCopiedValues(value.nodeCount, at: position)
    }

    /// Counts `count` values decoded inside a copy (see ``countCopiedObject(_:at:)``).
    ///
    /// - Throws: as ``countCopiedObject(_:at:)``.
    func countCopiedValues(_ count: Int, at position: ModelPath) throws(ModelError) {
        copiedObjects += count
        guard copiedObjects > copyBudget else { return }
        if copyBudget == Self.minimumCopyBudget {
            copyBudget = DecodingLimits.current.values(forInputOf: inputSize ?? root.nodeCount)
            if copiedObjects <= copyBudget { return }
        }
        throw ModelError(DecodingLimits.valuesExceeded(copyBudget), path: position)
    }

    /// Copies allowed for an input of `count` values: 16 per value (at least
    /// ``minimumCopyBudget``), and no more than an explicit ``DecodingLimits/maximumValues``.
    private static func copyBudget(forValues count: Int) -> Int {
        let budget = max(minimumCopyBudget, 16 * count)
        return DecodingLimits.current.maximumValues.map { min($0, budget) } ?? budget
    }

    /// The target of `value` when it is an alias to an ancestor still being decoded.
    func ancestorTarget(of value: ModelValue) -> String? {
        guard case .dictionary(let entries) = value, entries.count == 1,
            case .string(let target)? = entries[TypedTree.aliasKey],
            instances[target] == nil, isInProgress(target)
        else { return nil }
        return target
    }

    /// Whether the object at `keyPath` is still being decoded (an ancestor of the current position).
    func isInProgress(_ keyPath: String) -> Bool {
        for position in inProgress.indices {
            if inProgressKeyPaths.count <= position { inProgressKeyPaths.append(TypedTree.keyPath(for: inProgress[position])) }
            if inProgressKeyPaths[position] == keyPath { return true }
        }
        return false
    }

    /// The key paths of the first entries of ``inProgress``, spelled when an alias first asks.
    private var inProgressKeyPaths: [String] = []

    /// Marks the object at `position` as being decoded.
    func begin(_ position: ModelPath) { inProgress.append(position) }

    /// Marks the innermost object being decoded as done.
    func end() {
        inProgress.removeLast()
        if inProgressKeyPaths.count > inProgress.count { inProgressKeyPaths.removeLast() }
    }

    /// Sets the back references to the object just built from `node` (an index's), first decoded
    /// at `position`.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` when the owner is no
    ///   ``BackReferencingModel`` or refuses the key.
    func restoreBackReferences(toNode node: Int32, decodedAt position: ModelPath) throws {
        guard !nodeBackReferences.isEmpty, let target = nodeInstances[node] else { return }
        let ready = nodeBackReferences.filter { $0.target == node }
        guard !ready.isEmpty else { return }
        nodeBackReferences.removeAll { $0.target == node }
        for reference in ready {
            guard let owner = nodeInstances[reference.owner] as? any BackReferencingModel,
                owner.restoreBackReference(target, forKey: reference.key)
            else {
                throw ModelError(
                    .unsupported("the alias \"\(TypedTree.keyPath(for: position))\" points at an object still being decoded (a cycle); only a BackReferencingModel can take it, in an optional property"),
                    path: reference.position)
            }
        }
    }

    /// Sets the back references to the object just built at `keyPath`.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` when the owner is no
    ///   ``BackReferencingModel`` or refuses the key.
    func restoreBackReferences(to keyPath: String) throws {
        guard !backReferences.isEmpty, let target = instances[keyPath] else { return }
        let ready = backReferences.filter { $0.target == keyPath }
        guard !ready.isEmpty else { return }
        backReferences.removeAll { $0.target == keyPath }
        for reference in ready {
            guard let owner = instances[reference.owner] as? any BackReferencingModel,
                owner.restoreBackReference(target, forKey: reference.key)
            else {
                throw ModelError(
                    .unsupported("the alias \"\(keyPath)\" points at an object still being decoded (a cycle); only a BackReferencingModel can take it, in an optional property"),
                    path: reference.position)
            }
        }
    }
}

/// Reading typed trees: `$class` picks a registered subtype, `$alias` gives back the instance
/// decoded at that path, and every class instance is remembered under its key path.
extension TreeDecoder {
    func decodeGraphModel<T: Decodable>(
        _ type: T.Type, from value: ModelValue, component: ModelPath.Component?
    ) throws -> T {
        let graph = state.graph!
        let position = component.map(path(appending:)) ?? path
        if case .string(let target)? = value[TypedTree.aliasKey] {
            return try resolveAlias(target, as: type, at: position, graph: graph)
        }
        return try decodeGraphObject(type, from: value, keyPath: nil, at: position, graph: graph)
    }

    /// Decodes the object at `position` (whose key path is `keyPath`, made from `position` when
    /// `nil` and needed), as the registered type its `$class` names when that is `T` or a
    /// subclass of it, and remembers class instances.
    private func decodeGraphObject<T: Decodable>(
        _ type: T.Type, from value: ModelValue, keyPath knownKeyPath: String?, at position: ModelPath, graph: GraphReading
    ) throws -> T {
        // Decoded already: a forward alias reached it first (only class instances are remembered).
        if !graph.instances.isEmpty, let existing = graph.instances[knownKeyPath ?? TypedTree.keyPath(for: position)],
            let instance = existing as? T {
            return instance
        }
        var concrete = type as! any Model.Type
        if case .string(let name)? = value[TypedTree.classKey], let registered = graph.registry.type(named: name),
            registered is T.Type {
            concrete = registered
        }
        if graph.copying > 0 { try graph.countCopiedObject(value, at: position) }
        graph.begin(position)
        defer { graph.end() }
        let object = try decodeConcrete(concrete, from: value, at: position)
        guard let instance = object as? T else {
            throw ModelError(.typeMismatch(expected: "\(T.self)", found: "\(Swift.type(of: object))"), path: position)
        }
        if Swift.type(of: object) is AnyClass {
            let keyPath = knownKeyPath ?? TypedTree.keyPath(for: position)
            graph.instances[keyPath] = object as AnyObject
            try graph.restoreBackReferences(to: keyPath)
        }
        return instance
    }

    private func decodeConcrete(_ type: any Model.Type, from value: ModelValue, at position: ModelPath) throws -> any Model {
        func decode<M: Model>(_ model: M.Type) throws -> M {
            let schema = ModelSchema.of(M.self)
            let child = TreeDecoder(
                state: state, value: value, parent: nil, component: nil, schema: schema,
                keyCase: schema.keyCase, inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false)
            child.pathPrefix = position
            child.depth = depth + 1
            return try child.decodeModel(M.self)
        }
        return try decode(type)
    }

    private func resolveAlias<T: Decodable>(
        _ target: String, as type: T.Type, at position: ModelPath, graph: GraphReading
    ) throws -> T {
        if let existing = graph.instances[target] {
            guard let instance = existing as? T else {
                throw ModelError(
                    .typeMismatch(expected: "\(T.self)", found: "\(Swift.type(of: existing))"), path: position,
                    excerpt: "$alias \(target)")
            }
            return instance
        }
        if graph.isInProgress(target) {
            throw ModelError(
                .unsupported("the alias \"\(target)\" points at an object still being decoded (a cycle); only an optional property of a BackReferencingModel can take it"),
                path: position)
        }
        guard let value = TypedTree.resolve(target, in: graph.root), case .dictionary = value,
            value[TypedTree.aliasKey] == nil
        else {
            throw ModelError(.invalidValue("the alias \"\(target)\" does not lead to an object"), path: position)
        }
        // A forward reference (decode the target now, where it stands, so that reaching it later
        // gives this same instance) or a copy of a struct.
        graph.copying += 1
        defer { graph.copying -= 1 }
        return try decodeGraphObject(type, from: value, keyPath: target, at: TypedTree.modelPath(target), graph: graph)
    }
}

/// Reading typed objects from a format's index: the class picks a registered subtype, and an
/// object node decoded before gives its class instance again.
extension TreeDecoder {
    func decodeIndexedObject<T: Decodable>(
        _ type: T.Type, node: Int32, component: ModelPath.Component?, schema: ModelSchema
    ) throws -> T {
        // Like typed objects of a tree, their defaults are their type's own (not the enclosing
        // model's default for the property).
        let graph = state.graph!
        if schema.isClass, graph.nodeInstances[node] != nil { return try decodedInstance(T.self, node: node, component: component) }
        if state.index!.hasCycles { return try decodeIndexedObjectInCycles(type, node: node, component: component, schema: schema) }
        return try decodeIndexedObjectOnce(type, node: node, component: component, schema: schema)
    }

    /// ``decodeIndexedObject(_:node:component:schema:)`` for an index that has cycles: an object
    /// still being decoded (an ancestor) is a cycle, which only an optional property of a
    /// ``BackReferencingModel`` takes (read as `nil` in ``TreeDecoder/decodeIfPresent(_:forProperty:)``,
    /// set once the ancestor is built); anywhere else it is an error.
    @inline(never)
    private func decodeIndexedObjectInCycles<T: Decodable>(
        _ type: T.Type, node: Int32, component: ModelPath.Component?, schema: ModelSchema
    ) throws -> T {
        let graph = state.graph!
        let position = component.map(path(appending:)) ?? path
        if let start = graph.openNodes[node] {
            throw ModelError(
                .unsupported("the alias \"\(TypedTree.keyPath(for: start))\" points at an object still being decoded (a cycle); only an optional property of a BackReferencingModel can take it"),
                path: position)
        }
        graph.openNodes[node] = position
        defer { graph.openNodes[node] = nil }
        let model = try decodeIndexedObjectOnce(type, node: node, component: component, schema: schema)
        if schema.isClass { try graph.restoreBackReferences(toNode: node, decodedAt: position) }
        return model
    }

    /// Decodes object `node` as `T` (or the registered subtype its class names); a class instance
    /// is remembered by its node. Inlined into ``decodeIndexedObject(_:node:component:schema:)``,
    /// which every nested model of an index goes through (a call more per object otherwise).
    @inline(__always)
    private func decodeIndexedObjectOnce<T: Decodable>(
        _ type: T.Type, node: Int32, component: ModelPath.Component?, schema: ModelSchema
    ) throws -> T {
        let graph = state.graph!, index = state.index!
        // Struct objects reached again through aliases are decoded again: copies, budgeted.
        if !graph.countIndexedModel() {
            throw ModelError(
                .unsupported("aliases expand to more than \(graph.indexedModelBudget) decoded objects (DecodingLimits.maximumValues)"),
                path: component.map(path(appending:)) ?? path)
        }
        // A struct decoded from an object the file holds more than once is a copy: it counts
        // what it holds (the index says, for such objects only).
        if !schema.isClass, index.copyCosts != nil { try countCopy(ofNode: node, component: component) }
        let model: T
        if let registered = graph.registeredType(ofClass: index.objectClass(of: node)!, in: index),
            ObjectIdentifier(registered) != ObjectIdentifier(T.self), registered is T.Type {
            func decode<M: Model>(_ model: M.Type) throws -> M {
                let schema = ModelSchema.of(M.self)
                return try TreeDecoder(
                    state: state, input: .node(node), parent: self, component: component, schema: schema,
                    keyCase: schema.keyCase, inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false
                ).decodeModel(M.self)
            }
            model = try decode(registered) as! T
        } else {
            let child = makeChild(
                input: .node(node), component: component, schema: schema, keyCase: schema.keyCase,
                inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false)
            model = try child.decodeModel(T.self)
            recycle(child)
        }
        if schema.isClass { graph.nodeInstances[node] = model as AnyObject }
        return model
    }

    /// Counts a copy of struct object `node` when the index holds it more than once (see
    /// ``InputIndex/copyCosts``). Out of line: most indexes have no copies.
    @inline(never)
    private func countCopy(ofNode node: Int32, component: ModelPath.Component?) throws {
        guard let cost = state.index!.copyCosts?[node] else { return }
        try state.graph!.countCopiedValues(cost, at: component.map(path(appending:)) ?? path)
    }

    /// The instance decoded before from class object `node`, as `type`. Kept out of
    /// ``decodeIndexedObject(_:node:component:schema:)``: its cast to `T` would make every call
    /// look up `Optional<T>`'s metadata.
    @inline(never)
    private func decodedInstance<T>(_ type: T.Type, node: Int32, component: ModelPath.Component?) throws -> T {
        let existing = state.graph!.nodeInstances[node]!
        guard let instance = existing as? T else {
            throw ModelError(
                .typeMismatch(expected: "\(T.self)", found: "\(Swift.type(of: existing))"),
                path: component.map(path(appending:)) ?? path)
        }
        return instance
    }
}
