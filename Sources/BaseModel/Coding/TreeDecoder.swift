import Foundation
import OrderedCollections

/// The decoder handed to `init(from:)`: one per nested value, linked to its parent so the path is
/// built only when an error needs it.
///
/// This is the one decoding engine. It reads a ``ModelValue`` tree, or a format's index
/// (``InputIndex``) node by node: the mapping rules (`TreeDecoder+Keyed.swift`), unboxing,
/// defaults, typed trees and errors are the same code for both.
final class TreeDecoder: Decoder, PathLinked {
    let state: DecodingState
    // The value's own settings are variables only so that a decoder can be reused for another
    // value of the same decode (see ``makeChild(input:component:schema:keyCase:inheritedKeyCase:coercion:plain:)``).
    @exclusivity(unchecked) private(set) var input: DecoderInput
    @exclusivity(unchecked) private(set) var parent: TreeDecoder?
    @exclusivity(unchecked) private(set) var component: ModelPath.Component?
    /// The schema of the model being decoded here, or `nil` for plain values and plain mode.
    @exclusivity(unchecked) private(set) var schema: ModelSchema?
    /// The key case applied to this value's own keys.
    @exclusivity(unchecked) private(set) var keyCase: KeyCase
    /// The key case handed down to nested plain values.
    @exclusivity(unchecked) private(set) var inheritedKeyCase: KeyCase
    @exclusivity(unchecked) private(set) var coercion: Coercion
    /// Plain mode: local keys, no transformers or defaults. Used for defaults trees and copies.
    @exclusivity(unchecked) private(set) var plain: Bool

    typealias Defaults = (entries: OrderedDictionary<String, ModelValue>, subclassTypes: [ModelPath: any Model.Type])

    @exclusivity(unchecked) private var madeDefaults: Defaults?

    /// The model's defaults, made the first time a key is missing: the enclosing model's default
    /// for this property when it has one (so defaults merge deeply, principle 3), else this
    /// type's own `init()`. Entries, not the tree: a lookup then copies nothing. The subclass
    /// types are by path from this model (see ``ModelDefaults/subclassTypes``).
    var defaults: Defaults {
        if let madeDefaults { return madeDefaults }
        let made = makeDefaults()
        madeDefaults = made
        return made
    }

    private func makeDefaults() -> Defaults {
        func entries(of tree: ModelValue) -> OrderedDictionary<String, ModelValue> {
            if case .dictionary(let entries) = tree { entries } else { [:] }
        }
        if let baseTree { return (entries(of: baseTree), [:]) }
        if let (parent, property) = defaultsSource, case .dictionary(let entries)? = parent.defaults.entries[property] {
            return (entries, parent.defaults.subclassTypes.below(.key(property)))
        }
        guard let schema else { return ([:], [:]) }
        let made = state.planOrder(for: schema).defaults()
        return (entries(of: made.tree), made.subclassTypes)
    }

    /// The enclosing model decoder and property whose default this model's defaults come from.
    @exclusivity(unchecked) private(set) var defaultsSource: (TreeDecoder, String)?

    /// For a decoder started away from its parent chain (an object reached through an alias):
    /// the path its chain starts at.
    var pathPrefix: ModelPath?

    /// For a merge into a live instance: its current value's plain tree, which replaces the
    /// defaults, so keys missing from the input keep their live values.
    var baseTree: ModelValue?

    /// How many containers enclose this value's, its own included: every nested container
    /// recurses, so its container is refused beyond ``DecodingState/maximumDepth``.
    @exclusivity(unchecked) var depth: Int

    /// For an index node: how many keys its container was asked for (see
    /// ``InputIndex/value(of:forKey:request:)``).
    @exclusivity(unchecked) var requests = 0

    /// For a keyed container over a tree dictionary: its entries (see `prepareKeyed()`).
    @exclusivity(unchecked) var keyedEntries: OrderedDictionary<String, ModelValue>?
    /// For a keyed container over an index node: the node; `-1` for a tree dictionary.
    @exclusivity(unchecked) var keyedNode: Int32 = -1
    /// For an unkeyed container over an index node: how many elements it has (kept here so the
    /// container stays three words).
    @exclusivity(unchecked) var unkeyedCount = 0
    /// For a keyed container of a model when a report is collected: what was read.
    @exclusivity(unchecked) var usage: UsageRecord?

    /// For a model: how many properties were asked for, and the order its type asks in.
    @exclusivity(unchecked) private var planRequests = 0
    @exclusivity(unchecked) private var planOrder: PlanOrder?

    /// The plan of the model's property `name` (a model decoder only).
    @inline(__always)
    func plan(for name: String) -> PropertyPlan {
        let order: PlanOrder
        if let known = planOrder {
            order = known
        } else {
            order = state.planOrder(for: schema!)
            planOrder = order
        }
        let request = planRequests
        planRequests += 1
        return order.plan(for: name, request: request)
    }

    init(
        state: DecodingState, input: DecoderInput, parent: TreeDecoder?, component: ModelPath.Component?,
        schema: ModelSchema?, keyCase: KeyCase, inheritedKeyCase: KeyCase, coercion: Coercion, plain: Bool
    ) {
        self.state = state
        self.input = input
        self.parent = parent
        self.component = component
        self.schema = schema
        self.keyCase = keyCase
        self.inheritedKeyCase = inheritedKeyCase
        self.coercion = coercion
        self.plain = plain
        self.depth = (parent?.depth ?? 0) + 1
    }

    convenience init(
        state: DecodingState, value: ModelValue, parent: TreeDecoder?, component: ModelPath.Component?,
        schema: ModelSchema?, keyCase: KeyCase, inheritedKeyCase: KeyCase, coercion: Coercion, plain: Bool
    ) {
        self.init(
            state: state, input: .value(value), parent: parent, component: component, schema: schema,
            keyCase: keyCase, inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: plain)
    }

    /// A decoder for a nested value of this one: a spare decoder of this decode (see
    /// ``recycle(_:)``) set up for the value, else a new one.
    @inline(__always)
    func makeChild(
        input: DecoderInput, component: ModelPath.Component?, schema: ModelSchema?, keyCase: KeyCase,
        inheritedKeyCase: KeyCase, coercion: Coercion, plain: Bool
    ) -> TreeDecoder {
        guard let spare = state.spareDecoders.popLast() else {
            return TreeDecoder(
                state: state, input: input, parent: self, component: component, schema: schema, keyCase: keyCase,
                inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: plain)
        }
        spare.input = input
        spare.parent = self
        spare.component = component
        // The elements of an array of models take the spare their sibling left, with its
        // schema: assigned only when it changes (a retain and a release fewer).
        if spare.schema !== schema { spare.schema = schema }
        spare.keyCase = keyCase
        spare.inheritedKeyCase = inheritedKeyCase
        spare.coercion = coercion
        spare.plain = plain
        spare.depth = depth &+ 1
        return spare
    }

    /// Keeps `child`, a decoder made by ``makeChild(input:component:schema:keyCase:inheritedKeyCase:coercion:plain:)``
    /// that has finished, for the next nested value, when nothing else holds it: an allocation
    /// and a deallocation fewer per model and per array. Only while reading an index, whose
    /// decode empties the spares when it ends (a spare holds the state, which holds the spares).
    ///
    /// `child` is consumed: the caller's last use of it is this call, so it moves here, and on
    /// into the spares, without a retain and a release.
    @inline(__always)
    func recycle(_ child: consuming TreeDecoder) {
        var child = child
        guard state.index != nil, isKnownUniquelyReferenced(&child) else { return }
        child.clear()
        state.spareDecoders.append(child)
    }

    /// Forgets what this decoder read, so that it holds nothing of its last value (its parent
    /// above all: a spare must not keep its parent from being recycled).
    @inline(__always)
    private func clear() {
        parent = nil
        requests = 0
        keyedNode = -1
        unkeyedCount = 0
        planRequests = 0
        // What only some decoders set, each tested first: assigning `nil` costs a release even
        // when the value is `nil` already.
        if case .some = madeDefaults { madeDefaults = nil }
        if case .some = defaultsSource { defaultsSource = nil }
        if case .some = pathPrefix { pathPrefix = nil }
        if case .some = baseTree { baseTree = nil }
        if case .some = keyedEntries { keyedEntries = nil }
        if case .some = usage { usage = nil }
        if case .some = planOrder { planOrder = nil }
    }

    /// The value this decoder reads, as a tree (an index node's subtree is built on demand).
    ///
    /// - Throws: ``ModelError`` when a node's subtree holds a cycle or expands past the limits.
    var value: ModelValue {
        get throws(ModelError) { try state.value(of: input) }
    }

    static func decode<T: Decodable>(
        _ type: T.Type, from value: ModelValue, plain: Bool, registry: ModelRegistry? = nil,
        report: UnsafeMutablePointer<ModelReport>?, identityMap: IdentityMap? = nil,
        copiedTypes: [ModelPath: any Model.Type]? = nil
    ) throws(ModelError) -> T {
        try StackReserve.run { () throws(ModelError) -> T in
            try decodeHere(
                type, from: value, plain: plain, registry: registry, report: report, identityMap: identityMap,
                copiedTypes: copiedTypes)
        }
    }

    private static func decodeHere<T: Decodable>(
        _ type: T.Type, from value: ModelValue, plain: Bool, registry: ModelRegistry?,
        report: UnsafeMutablePointer<ModelReport>?, identityMap: IdentityMap?, copiedTypes: [ModelPath: any Model.Type]?
    ) throws(ModelError) -> T {
        let state = DecodingState(collectingReport: report != nil)
        state.graph = registry.map { GraphReading(registry: $0, root: value) }
        state.identityMap = identityMap
        state.copiedTypes = copiedTypes
        let root = TreeDecoder(
            state: state, value: value, parent: nil, component: nil, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict, plain: plain)
        root.depth = 0   // the root decoder only hands the value to its type's decoder
        do {
            let result = try root.decodeChild(type, from: value, component: nil)
            if let report {
                state.finishReport()
                report.pointee.unusedKeys += state.report!.unusedKeys
                report.pointee.defaultedKeys += state.report!.defaultedKeys
                report.pointee.conversions += state.report!.conversions
            }
            return result
        } catch {
            throw ModelError.from(error, format: .tree)
        }
    }

    /// Decodes a value of `type` from a format's index, reading typed objects with `registry`
    /// (their class names and shared instances) when one is given.
    static func decode<T: Decodable>(
        _ type: T.Type, from index: InputIndex, registry: ModelRegistry?, identityMap: IdentityMap?, format: ModelFormat
    ) throws(ModelError) -> T {
        try StackReserve.run { () throws(ModelError) -> T in
            try decodeHere(type, from: index, registry: registry, identityMap: identityMap, format: format)
        }
    }

    private static func decodeHere<T: Decodable>(
        _ type: T.Type, from index: InputIndex, registry: ModelRegistry?, identityMap: IdentityMap?, format: ModelFormat
    ) throws(ModelError) -> T {
        let state = DecodingState(collectingReport: false)
        state.index = index
        state.graph = registry.map { GraphReading(registry: $0, indexNodeCount: index.nodeCount) }
        state.identityMap = identityMap
        let root = TreeDecoder(
            state: state, input: .node(index.root), parent: nil, component: nil, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict, plain: false)
        root.depth = 0
        defer { state.spareDecoders.removeAll() }
        do {
            return try root.decodeChild(type, node: index.root, component: nil)
        } catch {
            throw ModelError.from(error, format: format)
        }
    }

    // MARK: Path

    func path(appending component: ModelPath.Component) -> ModelPath { path.appending(component) }

    func path(appending components: [RemoteKeyPath.Component]) -> ModelPath {
        path.appending(ModelPath(components.map { .key($0.key) }))
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if depth > state.maximumDepth { throw depthExceeded() }
        try prepareKeyed()
        return KeyedDecodingContainer(TreeKeyedDecodingContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if depth > state.maximumDepth { throw depthExceeded() }
        switch input {
        case .value(.array(let elements)):
            return TreeUnkeyedDecodingContainer(decoder: self, elements: elements)
        case .node(let node):
            guard case .array(let count) = state.index!.shape(of: node) else { throw mismatch(expected: "array", found: state.valueForError(of: input)) }
            return TreeUnkeyedDecodingContainer(decoder: self, node: node, count: count)
        default:
            throw mismatch(expected: "array", found: state.valueForError(of: input))
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TreeSingleValueDecodingContainer(decoder: self)
    }

    // MARK: Nested values

    /// Decodes a nested value of any type from a tree value or an index node.
    @inline(__always)
    func decodeChild<T: Decodable>(
        _ type: T.Type, from input: DecoderInput, component: ModelPath.Component?,
        defaultsFrom defaultsSource: (TreeDecoder, String)? = nil
    ) throws -> T {
        switch input {
        case .value(let value): return try decodeChild(type, from: value, component: component, defaultsFrom: defaultsSource)
        case .node(let node): return try decodeChild(type, node: node, component: component, defaultsFrom: defaultsSource)
        }
    }

    /// Decodes a nested value of any type from an index node: a scalar as the tree holds it, a
    /// container through a decoder reading the node (no tree is built), or built as a tree
    /// where the type wants one.
    func decodeChild<T: Decodable>(
        _ type: T.Type, node: Int32, component: ModelPath.Component?,
        defaultsFrom defaultsSource: (TreeDecoder, String)? = nil
    ) throws -> T {
        let index = state.index!
        if let scalar = index.scalar(node) {
            return try decodeChild(type, from: scalar, component: component, defaultsFrom: defaultsSource)
        }
        // A container may hold itself only in an index with cycles: its nesting is then no longer
        // bounded by the file's, but by the depth limit.
        if index.hasCycles, depth > state.maximumDepth { throw depthExceeded() }
        // Arrays of common scalars without a decoder and a container each (the general path
        // below gives the same values, and the errors when an element is of another kind).
        if type == [Double].self, let numbers = index.doubles(of: node) { return unsafeBitCast(numbers, to: T.self) }
        if type == [Int].self, let numbers = index.integers(of: node) { return unsafeBitCast(numbers, to: T.self) }
        if type == [String].self, let texts = index.strings(of: node) { return unsafeBitCast(texts, to: T.self) }
        switch state.kind(of: type) {
        case .model(let schema) where !plain:
            return try decodeModel(type, node: node, component: component, schema: schema, defaultsFrom: defaultsSource)
        case .stringKeyedDictionary(let dictionary?):
            return try dictionary.decodeEntries(as: T.self, from: plainChild(.node(node), component: component, keyCase: .unchanged))
        case .stringKeyedDictionary:
            return try T(from: plainChild(.node(node), component: component, keyCase: .unchanged))
        case .array(let array):
            return try decodeArrayChild(type, node: node, component: component, array: array)
        case .model, .plain:
            return try T(from: plainChild(.node(node), component: component, keyCase: inheritedKeyCase))
        case .scalar, .string, .date, .data, .url, .decimal, .tree, .live:
            // Types read from a whole value: the node's tree (a mismatch for scalar types).
            return try decodeChild(type, from: index.tree(at: node), component: component, defaultsFrom: defaultsSource)
        }
    }

    /// A model of `type`, whose schema is `schema`, read from `node` by a decoder that is not
    /// plain: what ``decodeChild(_:node:component:defaultsFrom:)`` does for a model, which an
    /// array of models calls per element without looking the type up again.
    @inline(__always)
    func decodeModel<T: Decodable>(
        _ type: T.Type, node: Int32, component: ModelPath.Component?, schema: ModelSchema,
        defaultsFrom defaultsSource: (TreeDecoder, String)?
    ) throws -> T {
        let index = state.index!
        let shape = index.shape(of: node)
        guard shape == .object || shape == .dictionary else {
            // A scalar or an array: through `make(from:)`, as from a tree.
            return try makeModel(type, from: index.tree(at: node), component: component)
        }
        if state.graph != nil, shape == .object {
            return try decodeIndexedObject(type, node: node, component: component, schema: schema)
        }
        return try decodeModelChild(type, node: node, component: component, schema: schema, defaultsFrom: defaultsSource)
    }

    // The two containers of `decodeChild(_:node:component:defaultsFrom:)` that take a decoder,
    // kept out of it: inlined, their decoder's set-up made every call of it (an array of
    // coordinates' pairs, say) save and restore more registers.

    /// A model of `schema` read from dictionary or object `node` by a decoder of its own.
    @inline(never)
    private func decodeModelChild<T: Decodable>(
        _ type: T.Type, node: Int32, component: ModelPath.Component?, schema: ModelSchema,
        defaultsFrom defaultsSource: (TreeDecoder, String)?
    ) throws -> T {
        let child = makeChild(
            input: .node(node), component: component, schema: schema, keyCase: schema.keyCase,
            inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false)
        child.defaultsSource = defaultsSource
        let model = try child.decodeModel(T.self)
        recycle(child)
        return model
    }

    /// An array the engine decodes (`array` is `type`) read from `node` by a decoder of its own.
    @inline(never)
    private func decodeArrayChild<T: Decodable>(
        _ type: T.Type, node: Int32, component: ModelPath.Component?, array: any EngineDecodedArray.Type
    ) throws -> T {
        let child = makeChild(
            input: .node(node), component: component, schema: nil, keyCase: plain ? .unchanged : inheritedKeyCase,
            inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: plain)
        let elements = try array.decodeElements(as: T.self, from: child)
        recycle(child)
        return elements
    }

    /// Decodes a nested value of any type, choosing the fast path for tree-native types and
    /// the model path (schema, defaults, `make(from:)`) for models.
    func decodeChild<T: Decodable>(
        _ type: T.Type, from value: ModelValue, component: ModelPath.Component?,
        defaultsFrom defaultsSource: (TreeDecoder, String)? = nil
    ) throws -> T {
        // Scalars first, by metatype identity: `Array.init(from:)` and friends decode their
        // elements through this generic entry point, so it must not allocate for an `Int64`.
        // (Returning straight from here, not through a `T?`, spares a generic-metadata lookup.)
        if type == String.self { return unsafeBitCast(try unboxString(value, at: component), to: T.self) }
        if type == Int.self { return unsafeBitCast(try unboxInteger(Int.self, value, at: component), to: T.self) }
        if type == Int64.self { return unsafeBitCast(try unboxInteger(Int64.self, value, at: component), to: T.self) }
        if type == Double.self { return unsafeBitCast(try unboxDouble(value, at: component), to: T.self) }
        if type == Bool.self { return unsafeBitCast(try unboxBool(value, at: component), to: T.self) }
        // An array of doubles (coordinates, series) without a decoder and a container per array,
        // when every element is a double already; anything else takes the general path below,
        // with its coercions and errors.
        if type == [Double].self, case .array(let elements) = value, let numbers = Self.doubles(elements) {
            return unsafeBitCast(numbers, to: T.self)
        }
        if type == [Int].self, case .array(let elements) = value, let numbers = Self.integers(elements) {
            return unsafeBitCast(numbers, to: T.self)
        }
        if type == [String].self, case .array(let elements) = value, let texts = Self.strings(elements) {
            return unsafeBitCast(texts, to: T.self)
        }
        switch state.kind(of: type) {
        case .scalar(let unbox): return try unbox(self, value, component) as! T
        case .string: return unsafeBitCast(try unboxString(value, at: component), to: T.self)
        case .date: return unsafeBitCast(try unboxDate(value, at: component), to: T.self)
        case .data: return unsafeBitCast(try unboxData(value, at: component), to: T.self)
        case .url: return unsafeBitCast(try unboxURL(value, at: component), to: T.self)
        case .decimal: return unsafeBitCast(try unboxDecimal(value, at: component), to: T.self)
        case .tree: return unsafeBitCast(value, to: T.self)
        case .model(let schema) where !plain:
            guard case .dictionary = value else { return try makeModel(type, from: value, component: component) }
            if state.graph != nil { return try decodeGraphModel(type, from: value, component: component) }
            let child = TreeDecoder(
                state: state, value: value, parent: self, component: component, schema: schema,
                keyCase: schema.keyCase, inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false)
            child.defaultsSource = defaultsSource
            return try child.decodeModel(T.self)
        case .live(let live):
            return try live.decodeLive(from: value, decoder: self, component: component) as! T
        case .stringKeyedDictionary(let dictionary?):
            return try dictionary.decodeEntries(as: T.self, from: plainChild(.value(value), component: component, keyCase: .unchanged))
        case .stringKeyedDictionary:
            return try T(from: plainChild(.value(value), component: component, keyCase: .unchanged))
        case .array(let array):
            return try array.decodeElements(as: T.self, from: plainChild(.value(value), component: component, keyCase: inheritedKeyCase))
        case .model where state.copiedTypes?.isEmpty == false:
            return try decodeCopiedModel(type, from: value, component: component)
        case .model, .plain:
            return try T(from: plainChild(.value(value), component: component, keyCase: inheritedKeyCase))
        }
    }

    /// A model of a copy, as the type the original held at this place (a subclass of `type`).
    private func decodeCopiedModel<T: Decodable>(_ type: T.Type, from value: ModelValue, component: ModelPath.Component?) throws -> T {
        let child = plainChild(.value(value), component: component, keyCase: inheritedKeyCase)
        guard let copied = state.copiedTypes?[child.path] else { return try T(from: child) }
        func decode<M: Model>(_ model: M.Type) throws -> T? { try M(from: child) as? T }
        return try decode(copied) ?? T(from: child)
    }

    /// The elements as doubles when every one is a ``ModelValue/double(_:)``; `nil` otherwise.
    private static func doubles(_ elements: [ModelValue]) -> [Double]? {
        scalars(elements) { if case .double(let number) = $0 { number } else { nil } }
    }

    /// The elements as integers when every one is a ``ModelValue/integer(_:)`` that fits an `Int`.
    private static func integers(_ elements: [ModelValue]) -> [Int]? {
        scalars(elements) { if case .integer(let number) = $0 { Int(exactly: number) } else { nil } }
    }

    /// The elements as strings when every one is a ``ModelValue/string(_:)``.
    private static func strings(_ elements: [ModelValue]) -> [String]? {
        scalars(elements) { if case .string(let text) = $0 { text } else { nil } }
    }

    /// The elements, each read by `read`, when `read` takes every one; `nil` otherwise.
    @inline(__always)
    private static func scalars<Element>(_ elements: [ModelValue], _ read: (ModelValue) -> Element?) -> [Element]? {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let scalar = read(element) else { return nil }
            result.append(scalar)
        }
        return result
    }

    private func plainChild(_ input: DecoderInput, component: ModelPath.Component?, keyCase: KeyCase) -> TreeDecoder {
        TreeDecoder(
            state: state, input: input, parent: self, component: component, schema: nil,
            keyCase: plain ? .unchanged : keyCase, inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: plain)
    }

    /// A model built from a value that is not a dictionary, through its `make(from:)`.
    private func makeModel<T>(_ type: T.Type, from value: ModelValue, component: ModelPath.Component?) throws -> T {
        func make<M: Model>(_ model: M.Type) throws -> M? { try M.make(from: value) }
        if let modelType = type as? any Model.Type, let made = try make(modelType) as? T { return made }
        throw ModelError(
            .typeMismatch(expected: "dictionary (\((type as? any Model.Type)?.typeName ?? "\(T.self)"))", found: value.kindName),
            path: component.map(path(appending:)) ?? path, excerpt: value.excerpt)
    }

    /// Decodes property `name`'s value of `type` from this model's defaults tree, in plain mode,
    /// each model in it as the type `init()` put there.
    func decodeDefault<T: Decodable>(
        _ type: T.Type, from value: ModelValue, component: ModelPath.Component, property name: String
    ) throws -> T {
        let decoder = defaultsDecoder(component: component, value: value)
        let types = defaults.subclassTypes
        if types.isEmpty { return try decoder.decodeChild(type, from: value, component: nil) }
        return try decoder.decodeWithSubclassTypes(type, from: value, types: types.below(.key(name)))
    }

    /// Decodes `value` as a copy does: each model at a path of `types` (relative to this
    /// decoder) as that type.
    @inline(never)
    private func decodeWithSubclassTypes<T: Decodable>(
        _ type: T.Type, from value: ModelValue, types: [ModelPath: any Model.Type]
    ) throws -> T {
        let saved = state.copiedTypes
        defer { state.copiedTypes = saved }
        var absolute = saved ?? [:]
        for (relative, type) in types { absolute[path.appending(relative)] = type }
        state.copiedTypes = absolute
        return try decodeChild(type, from: value, component: nil)
    }

    /// A plain-mode decoder for a value taken from the model's defaults.
    func defaultsDecoder(component: ModelPath.Component, value: ModelValue) -> TreeDecoder {
        TreeDecoder(
            state: state, value: value, parent: self, component: component, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict, plain: true)
    }

    private func depthExceeded() -> ModelError {
        ModelError(DecodingLimits.depthExceeded(state.maximumDepth), path: path)
    }

    func mismatch(expected: String, found value: ModelValue, at component: ModelPath.Component? = nil) -> ModelError {
        ModelError(
            .typeMismatch(expected: expected, found: value.kindName),
            path: component.map(path(appending:)) ?? path, excerpt: value.excerpt)
    }

    func noteConversion(from value: ModelValue, to kind: String, at component: ModelPath.Component?) {
        guard state.collectsReport else { return }
        state.report!.conversions.append(
            .init(path: component.map(path(appending:)) ?? path, from: value.kindName, to: kind))
    }
}
