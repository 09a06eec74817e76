import Foundation

/// The encoder handed to `encode(to:)`: one per nested value.
final class TreeEncoder: Encoder, PathLinked {
    let state: EncodingState
    let node: EncodingNode
    let parent: TreeEncoder?
    let component: ModelPath.Component?
    let schema: ModelSchema?
    let keyCase: KeyCase
    let inheritedKeyCase: KeyCase
    /// Plain mode: local keys, every property, `nil` written as null, no transformers.
    let plain: Bool
    private var keyCache: [String: String] = [:]
    /// Encoders always start at the document's root.
    var pathPrefix: ModelPath? { nil }

    init(
        state: EncodingState, node: EncodingNode, parent: TreeEncoder?, component: ModelPath.Component?, schema: ModelSchema?,
        keyCase: KeyCase, inheritedKeyCase: KeyCase, plain: Bool
    ) {
        self.state = state
        self.node = node
        self.parent = parent
        self.component = component
        self.schema = schema
        self.keyCase = keyCase
        self.inheritedKeyCase = inheritedKeyCase
        self.plain = plain
    }

    static func encode<T: Encodable>(_ value: T, plain: Bool, registry: ModelRegistry? = nil) throws(ModelError) -> ModelValue {
        try encode(value, plain: plain, registry: registry, state: EncodingState())
    }

    /// The plain tree of `value` and the identity map its `Live` properties belong to, for a copy.
    static func encodePlainForCopy<T: Encodable>(_ value: T) throws(ModelError) -> (tree: ModelValue, liveMap: IdentityMap?) {
        let state = EncodingState()
        let tree = try encode(value, plain: true, registry: nil, state: state)
        return (tree, state.liveMap)
    }

    private static func encode<T: Encodable>(
        _ value: T, plain: Bool, registry: ModelRegistry?, state: EncodingState
    ) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            try encodeHere(value, plain: plain, registry: registry, state: state)
        }
    }

    private static func encodeHere<T: Encodable>(
        _ value: T, plain: Bool, registry: ModelRegistry?, state: EncodingState
    ) throws(ModelError) -> ModelValue {
        state.graph = registry.map(GraphWriting.init)
        let root = TreeEncoder(
            state: state, node: EncodingNode(), parent: nil, component: nil, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, plain: plain)
        do {
            return try root.box(value, component: nil)
        } catch {
            throw ModelError.from(error, format: .tree)
        }
    }

    /// Encodes every property under its own name, `nil` as null, with no mapping: the form used
    /// for defaults and copies.
    static func encodePlain<T: Encodable>(_ value: T) throws(ModelError) -> ModelValue {
        try encode(value, plain: true)
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeDictionary()
        return KeyedEncodingContainer(TreeKeyedEncodingContainer<Key>(encoder: self, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return TreeUnkeyedEncodingContainer(encoder: self, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueEncodingContainer(encoder: self)
    }

    /// The remote spelling of a plain value's key.
    func remoteKey(for name: String) -> String {
        if keyCase == .unchanged { return name }
        if let known = keyCache[name] { return known }
        let remote = keyCase.remoteKey(for: name)
        keyCache[name] = remote
        return remote
    }

    // MARK: Boxing

    /// Encodes a nested value into a tree value.
    func box<T: Encodable>(_ value: T, component: ModelPath.Component?) throws -> ModelValue {
        // Metatype comparisons, not `as?` casts: `Array.encode(to:)` sends every element here.
        let type = T.self
        if type == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if type == Int.self { return .integer(Int64(unsafeBitCast(value, to: Int.self))) }
        if type == Int64.self { return .integer(unsafeBitCast(value, to: Int64.self)) }
        if type == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
        if type == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if type == Date.self { return .date(unsafeBitCast(value, to: Date.self)) }
        if type == Data.self { return .data(unsafeBitCast(value, to: Data.self)) }
        if type == URL.self { return .string(unsafeBitCast(value, to: URL.self).absoluteString) }
        if type == ModelValue.self { return unsafeBitCast(value, to: ModelValue.self) }
        if type == Decimal.self { return .double(NSDecimalNumber(decimal: unsafeBitCast(value, to: Decimal.self)).doubleValue) }
        // Every container recurses: the depth limit keeps a deep model inside a small stack.
        state.depth += 1
        defer { state.depth -= 1 }
        if state.depth > state.maximumDepth {
            throw ModelError(DecodingLimits.depthExceeded(state.maximumDepth), path: component.map { path.appending($0) } ?? path)
        }
        let encoding = state.encodingKind(of: type)
        let (kind, definedOrder) = (encoding.kind, encoding.definedOrder)
        if plain, case .live = kind, state.liveMap == nil, let live = value as? any LiveTreeEncoding {
            state.liveMap = live.owningMap
        }
        if case .model = kind, !plain, let graph = state.graph {
            return try boxGraphModel(value, component: component, graph: graph)
        }
        if let array = encoding.array {
            return try array.boxElements(of: value, in: TreeEncoder(
                state: state, node: EncodingNode(), parent: self, component: component, schema: nil,
                keyCase: inheritedKeyCase, inheritedKeyCase: inheritedKeyCase, plain: plain))
        }
        let schema: ModelSchema? = if case .model(let schema) = kind, !plain { schema } else { nil }
        let isDictionary = if case .stringKeyedDictionary = kind { true } else { false }
        let child = TreeEncoder(
            state: state, node: EncodingNode(), parent: self, component: component, schema: schema,
            keyCase: schema?.keyCase ?? (isDictionary ? .unchanged : inheritedKeyCase),
            inheritedKeyCase: schema?.keyCase ?? inheritedKeyCase, plain: plain)
        if definedOrder, let collection = value as? any DefinedOrderEncodable {
            try collection.encodeInDefinedOrder(to: child)
            return child.node.finished
        }
        guard Swift.type(of: value) is AnyClass else {
            try value.encode(to: child)
            return child.node.finished
        }
        // A class instance can be its own ancestor (a child's `parent`); without aliases (plain
        // trees, and typed trees' non-model classes) that would recurse until the stack ends.
        let object = ObjectIdentifier(value as AnyObject)
        let position = component.map { path.appending($0) } ?? path
        if let first = state.openObjects[object] {
            throw ModelError.cycle(of: Swift.type(of: value), at: position, ancestor: first)
        }
        state.openObjects[object] = position
        defer { state.openObjects[object] = nil }
        try value.encode(to: child)
        return child.node.finished
    }

    static func boxInteger<I: FixedWidthInteger>(_ value: I) -> ModelValue {
        if let signed = Int64(exactly: value) { return .integer(signed) }
        return .unsigned(UInt64(value))
    }

    static func boxFloat(_ value: Float) -> ModelValue {
        // Go through the shortest decimal form so 0.1 as Float is written 0.1, not 0.10000000149…
        .double(value.isFinite ? Double(String(value)) ?? Double(value) : Double(value))
    }
}
