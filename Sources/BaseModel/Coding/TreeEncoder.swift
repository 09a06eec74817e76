import Foundation

/// The one encoder: the `Encoder` handed to `encode(to:)`, one per nested value. It applies the
/// mapping rules and writes the result to a ``ModelWriter`` (a tree, JSON bytes, FastCoding
/// bytes) in document order.
///
/// A value is written as it is encoded when its writes come in document order, which is what
/// synthesized `encode(to:)` does: a model's properties one after the other, each key once.
/// Where the order or shape is only known when `encode(to:)` returns, the value is buffered in
/// an ``EncodingNode`` and written then: a model with a remote key path of several steps (it
/// writes into a dictionary later properties may add to), a nested container or super encoder
/// (its writes may come after later writes of its parent), a key written twice (it keeps its
/// first place), a second container or single value. A value that started without a buffer
/// takes back from the writer what it wrote so far (``ModelWriter/takeBack(since:)``) and goes on
/// in one. User code runs once either way.
///
/// Rules: remote keys and key case (``ModelSchema``), transformers (on the encoded value; a
/// non-scalar is encoded to a tree first), uncodable keys, `nil` left out (plain mode: written as
/// null), dictionaries and sets in their defined order (``DefinedOrderEncodable``), arrays element
/// by element (``EngineEncodedArray``), typed objects and aliases for typed trees
/// (`TreeEncoder+Graph`), `Live` values, cycles through class instances (a typed error), and the
/// depth limit.
final class TreeEncoder: Encoder, PathLinked {
    /// What this encoder has written so far.
    enum Mode {
        /// Nothing yet.
        case idle
        /// An open dictionary or object in the writer.
        case keyed
        /// An open array in the writer (elements after a nested container go to ``node``).
        case unkeyed
        /// One value, written.
        case single
        /// Everything in ``node``, written by ``finish()``.
        case node
    }

    let state: EncodingState
    let writer: any ModelWriter
    let parent: TreeEncoder?
    let component: ModelPath.Component?
    let schema: ModelSchema?
    let planOrder: PlanOrder?
    let keyCase: KeyCase
    let inheritedKeyCase: KeyCase
    /// Plain mode: local keys, every property, `nil` written as null, no transformers.
    let plain: Bool
    /// The registered name of a model written as an object of a typed tree.
    let className: String?
    /// Whether a key written twice must be caught here: the writer cannot replace a value, and
    /// the keys are not unique by construction (a dictionary's keys are, and so are a generated
    /// model's, written one plan each with distinct keys).
    @exclusivity(unchecked) var checksKeys: Bool
    @exclusivity(unchecked) private(set) var mode: Mode
    /// The buffer in ``Mode/node``, or the tail of an array in ``Mode/unkeyed``.
    @exclusivity(unchecked) private(set) var node: EncodingNode?
    /// Where this value starts in the writer, in the direct modes.
    @exclusivity(unchecked) private var start = WriterMark(offset: 0, depth: 0, count: 0)
    /// The keys of an open dictionary, for writers that cannot replace one.
    @exclusivity(unchecked) private var written = WrittenKeys()
    /// The elements of an open array written to the writer.
    @exclusivity(unchecked) private var elementCount = 0
    /// How many properties this model's `encode(to:)` has written (see ``PlanOrder``).
    @exclusivity(unchecked) private var requests = 0
    /// Encoders always start at the document's root.
    var pathPrefix: ModelPath? { nil }

    init(
        state: EncodingState, writer: any ModelWriter, parent: TreeEncoder?, component: ModelPath.Component?,
        schema: ModelSchema?, planOrder: PlanOrder?, keyCase: KeyCase, inheritedKeyCase: KeyCase, plain: Bool,
        className: String? = nil, uniqueKeys: Bool = false, node: EncodingNode? = nil
    ) {
        self.state = state
        self.writer = writer
        self.parent = parent
        self.component = component
        self.schema = schema
        self.planOrder = planOrder
        self.keyCase = keyCase
        self.inheritedKeyCase = inheritedKeyCase
        self.plain = plain
        self.className = className
        self.checksKeys = !uniqueKeys && !writer.replacesDuplicateKeys
        self.node = node
        self.mode = node == nil ? .idle : .node
    }

    // MARK: Entry points

    /// Encodes `value` into a tree.
    static func encode<T: Encodable>(_ value: T, plain: Bool, registry: ModelRegistry? = nil) throws(ModelError) -> ModelValue {
        let tree = TreeWriter()
        try write(value, plain: plain, registry: registry, to: tree, state: EncodingState())
        return tree.result
    }

    /// The plain tree of `value`, the identity map its `Live` properties belong to, and the
    /// type of each model the tree cannot tell (see ``EncodingState/copiedTypes``), for a copy.
    static func encodePlainForCopy<T: Encodable>(
        _ value: T
    ) throws(ModelError) -> (tree: ModelValue, liveMap: IdentityMap?, types: [ModelPath: any Model.Type]) {
        let state = EncodingState()
        state.copiedTypes = [:]
        let tree = TreeWriter()
        try write(value, plain: true, registry: nil, to: tree, state: state)
        return (tree.result, state.liveMap, state.copiedTypes ?? [:])
    }

    /// Encodes every property under its own name, `nil` as null, with no mapping: the form used
    /// for defaults and copies.
    static func encodePlain<T: Encodable>(_ value: T) throws(ModelError) -> ModelValue {
        try encode(value, plain: true)
    }

    /// Writes `value` to `writer`: as a typed tree (`$class`, `$alias`) when `registry` is set.
    /// The writer's own errors are its to report when it finishes.
    ///
    /// - Throws: ``ModelError`` when a transformer or a hand-written `encode(to:)` fails, a class
    ///   instance is its own ancestor outside a typed tree, or values nest deeper than the limit,
    ///   with the path of the value.
    static func write<T: Encodable>(
        _ value: T, plain: Bool = false, registry: ModelRegistry?, to writer: any ModelWriter,
        state: EncodingState = EncodingState()
    ) throws(ModelError) {
        try StackReserve.run { () throws(ModelError) in
            state.graph = registry.map(GraphWriting.init)
            defer { state.graph = nil }
            let root = TreeEncoder(
                state: state, writer: writer, parent: nil, component: nil, schema: nil, planOrder: nil,
                keyCase: .unchanged, inheritedKeyCase: .unchanged, plain: plain)
            do {
                try root.box(value, component: nil, to: writer)
            } catch {
                throw ModelError.from(error, format: .tree)
            }
        }
    }

    // MARK: Encoder

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        beginKeyed()
        return KeyedEncodingContainer(TreeKeyedEncodingContainer<Key>(encoder: self))
    }

    /// Opens this value as a dictionary (an object, for a model in a typed tree): in the
    /// writer, or in the buffer when the model's keys are not one step each.
    func beginKeyed() {
        switch mode {
        case .idle:
            if let schema, !schema.encodesFieldsDirectly {
                node = EncodingNode(.dictionary([:]))
                mode = .node
            } else {
                start = writer.mark()
                if let className { writer.beginObject(className: className) } else { writer.beginDictionary(count: nil) }
                mode = .keyed
            }
        case .keyed:
            break
        case .node:
            node!.becomeDictionary()
        case .unkeyed, .single:
            buffer().becomeDictionary()
        }
    }

    /// Takes over a dictionary or object begun in the writer at `start` for this value, as
    /// ``beginKeyed()`` begins one.
    func adoptOpenDictionary(since start: WriterMark) {
        self.start = start
        mode = .keyed
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch mode {
        case .idle:
            start = writer.mark()
            writer.beginArray(count: nil)
            mode = .unkeyed
        case .unkeyed:
            break
        case .node:
            node!.becomeArray()
        case .keyed, .single:
            buffer().becomeArray()
        }
        return TreeUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueEncodingContainer(encoder: self)
    }

    /// Writes what is still open or buffered; called once `encode(to:)` has returned. A value
    /// that asked for no container is an empty dictionary (an object, for a model in a typed
    /// tree), as `JSONEncoder` writes `{}`.
    func finish() {
        switch mode {
        case .idle:
            EncodingNode().write(to: writer, typedAs: className)
        case .keyed:
            writer.endDictionary()
        case .unkeyed:
            if let node, case .array(let slots) = node.content {
                for slot in slots { slot.write(to: writer) }
            }
            writer.endArray()
        case .single:
            break
        case .node:
            node!.write(to: writer, typedAs: className)
        }
    }

    /// Switches to the buffer, taking back from the writer what this value wrote directly.
    @discardableResult
    func buffer() -> EncodingNode {
        switch mode {
        case .node:
            return node!
        case .idle:
            node = EncodingNode()
        case .keyed, .single:
            node = EncodingNode(writer.takeBack(since: start))
        case .unkeyed:
            var tail: [EncodingNode.Slot] = []
            if let node, case .array(let slots) = node.content { tail = slots }
            var elements: [EncodingNode.Slot] = []
            if case .array(let written) = writer.takeBack(since: start) { elements = written }
            node = EncodingNode(.array(elements + tail))
        }
        mode = .node
        return node!
    }

    /// The remote spelling of a plain value's key.
    func remoteKey(for name: String) -> String {
        keyCase == .unchanged ? name : state.remoteKey(for: name, in: keyCase)
    }

    // MARK: Keyed writes

    /// The plan of property `name`, the next one this model writes.
    @inline(__always)
    private func plan(for name: String, in schema: ModelSchema) -> PropertyPlan {
        defer { requests += 1 }
        return planOrder?.plan(for: name, request: requests) ?? schema.plan(for: name)
    }

    /// Writes a scalar (or null) property.
    func encode(_ value: ModelValue, forKey name: String) throws {
        guard let schema else {
            return put(value, forKey: plain ? name : remoteKey(for: name), ordinal: nil)
        }
        let plan = plan(for: name, in: schema)
        if plan.isUncodable { return }
        try putMapped(value, plan: plan)
    }

    /// An absent optional: left out, except in plain mode, where it is null.
    func encodeAbsent(forKey name: String) throws {
        if plain { try encode(.null, forKey: name) }
    }

    /// Writes any other property.
    func encode<T: Encodable>(_ value: T, forKey name: String) throws {
        guard let schema else {
            let key = plain ? name : remoteKey(for: name)
            return try putEncoded(value, forKey: key, ordinal: nil, component: .key(key))
        }
        try encode(value, plan: plan(for: name, in: schema))
    }

    /// Writes the property of `plan` (of this model's schema): at its remote key, through its
    /// transformer; an uncodable one is left out.
    func encode<T: Encodable>(_ value: T, plan: PropertyPlan) throws {
        if plan.isUncodable { return }
        let component = ModelPath.Component.key(plan.encodedKey ?? plan.path.primary.map(\.key).joined(separator: "."))
        if let polymorphism = plan.polymorphism {
            return try putMapped(try polymorphicTree(value, component: component, polymorphism: polymorphism), plan: plan)
        }
        if plan.transformer != nil {
            return try putMapped(try boxedTree(value, component: component), plan: plan)
        }
        guard let key = plan.encodedKey else {
            return buffer().set(.value(try boxedTree(value, component: component)), at: plan.path.primary)
        }
        try putEncoded(value, forKey: key, ordinal: plan.ordinal, component: component)
    }

    /// Transforms and stores a property's encoded value at its remote path.
    private func putMapped(_ value: ModelValue, plan: PropertyPlan) throws {
        let value = try plan.encodedValue(value, in: path)
        guard let key = plan.encodedKey else { return buffer().set(.value(value), at: plan.path.primary) }
        put(value, forKey: key, ordinal: plan.ordinal)
    }

    /// Stores a finished value under `key`.
    private func put(_ value: ModelValue, forKey key: String, ordinal: Int?) {
        if mode == .keyed {
            if className != nil, key == TypedTree.classKey { return }
            if canWriteDirectly(key, ordinal: ordinal) {
                writer.writeKey(key)
                Self.write(value, to: writer)
                return
            }
        }
        buffer().set(.value(value), forKey: key)
    }

    /// Encodes and stores a value under `key`.
    private func putEncoded<T: Encodable>(_ value: T, forKey key: String, ordinal: Int?, component: ModelPath.Component) throws {
        if mode == .keyed {
            if className != nil, key == TypedTree.classKey {
                // A model's own `$class` entry gives way to its registered name; it is still
                // encoded, as the tree path encodes it.
                _ = try boxedTree(value, component: component)
                return
            }
            if canWriteDirectly(key, ordinal: ordinal) {
                let mark = writer.mark()
                writer.writeKey(key)
                do {
                    try box(value, component: component, to: writer)
                } catch {
                    writer.rewind(to: mark)
                    written.remove(key, ordinal: ordinal, schema: schema)
                    throw error
                }
                return
            }
        }
        let node = buffer()
        node.set(.value(try boxedTree(value, component: component)), forKey: key)
    }

    /// Whether `key` can go straight to the open dictionary: the writer replaces a key written
    /// twice, or this is its first time.
    @inline(__always)
    private func canWriteDirectly(_ key: String, ordinal: Int?) -> Bool {
        !checksKeys || written.insert(key, ordinal: ordinal, schema: schema)
    }

    /// An encoder for a nested container or super encoder under `name`: buffered, as its writes
    /// may come after later writes of this value.
    func nestedEncoder(forKey name: String) -> TreeEncoder {
        let child = EncodingNode()
        let key = plain ? name : remoteKey(for: name)
        buffer().set(.node(child), forKey: key)
        return TreeEncoder(
            state: state, writer: writer, parent: self, component: .key(key), schema: nil, planOrder: nil,
            keyCase: inheritedKeyCase, inheritedKeyCase: inheritedKeyCase, plain: plain, node: child)
    }

    // MARK: Unkeyed writes

    /// The number of elements written so far.
    var elementsWritten: Int {
        switch mode {
        case .unkeyed: elementCount + (node?.arrayCount ?? 0)
        case .node: node!.arrayCount
        default: 0
        }
    }

    /// Appends a scalar element.
    func append(_ value: ModelValue) {
        if mode == .unkeyed, node == nil {
            Self.write(value, to: writer)
            elementCount += 1
        } else {
            tail().append(.value(value))
        }
    }

    /// Encodes and appends an element.
    func append<T: Encodable>(_ value: T) throws {
        let component = ModelPath.Component.index(elementsWritten)
        if mode == .unkeyed, node == nil {
            let mark = writer.mark()
            do {
                try box(value, component: component, to: writer)
            } catch {
                writer.rewind(to: mark)
                throw error
            }
            elementCount += 1
        } else {
            let tail = tail()
            tail.append(.value(try boxedTree(value, component: component)))
        }
    }

    /// An encoder for a nested container or super encoder appended to this array: it and the
    /// elements after it are buffered.
    func nestedElementEncoder() -> TreeEncoder {
        let index = elementsWritten
        let child = EncodingNode()
        tail().append(.node(child))
        return TreeEncoder(
            state: state, writer: writer, parent: self, component: .index(index), schema: nil, planOrder: nil,
            keyCase: inheritedKeyCase, inheritedKeyCase: inheritedKeyCase, plain: plain, node: child)
    }

    /// Where buffered elements go: the array's tail (written after the direct elements), or the
    /// buffer.
    private func tail() -> EncodingNode {
        if mode == .unkeyed {
            if let node { return node }
            let tail = EncodingNode(.array([]))
            node = tail
            return tail
        }
        let node = buffer()
        node.becomeArray()
        return node
    }

    // MARK: Single-value writes

    /// Writes this encoder's one value. A model of a typed tree is buffered (a dictionary it
    /// encodes becomes its object); a second value replaces the first.
    func encodeSingle(_ value: ModelValue) {
        if mode == .idle, className == nil {
            start = writer.mark()
            Self.write(value, to: writer)
            mode = .single
        } else {
            buffer().content = .value(value)
        }
    }

    /// Encodes this encoder's one value.
    func encodeSingle<T: Encodable>(_ value: T) throws {
        if mode == .idle, className == nil {
            start = writer.mark()
            do {
                try box(value, component: nil, to: writer)
            } catch {
                writer.rewind(to: start)
                throw error
            }
            mode = .single
        } else {
            let tree = try boxedTree(value, component: nil)
            buffer().content = .value(tree)
        }
    }

    // MARK: Boxing

    /// Writes a scalar (or a tree) with the writer's typed calls.
    @inline(__always)
    static func write(_ value: ModelValue, to writer: any ModelWriter) {
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsignedInteger(let number): writer.writeUnsigned(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): writer.writeString(text)
        case .data(let bytes): writer.writeData(bytes)
        case .date(let date): writer.writeDate(date)
        case .array, .dictionary: writer.writeTree(value)
        }
    }

    /// The tree form of the scalar types written without an encoder of their own; `nil` for
    /// the rest. Metatype comparisons, not `as?` casts: arrays send every element here.
    @inline(__always)
    static func scalar<T: Encodable>(_ value: T) -> ModelValue? {
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
        return nil
    }

    /// `value` encoded to a tree (for a transformer, or a buffer).
    func boxedTree<T: Encodable>(_ value: T, component: ModelPath.Component?) throws -> ModelValue {
        if let scalar = Self.scalar(value) { return scalar }
        let tree = TreeWriter()
        try box(value, component: component, to: tree)
        return tree.result
    }

    /// Encodes a nested value into `writer`.
    func box<T: Encodable>(_ value: T, component: ModelPath.Component?, to writer: any ModelWriter) throws {
        if let scalar = Self.scalar(value) { return Self.write(scalar, to: writer) }
        // Every container recurses: the depth limit keeps a deep model inside a small stack.
        state.depth += 1
        defer { state.depth -= 1 }
        if state.depth > state.maximumDepth {
            throw ModelError(DecodingLimits.depthExceeded(state.maximumDepth), path: component.map { path.appending($0) } ?? path)
        }
        let type = T.self
        let encoding = state.encodingKind(of: type)
        let definedOrder = encoding.definedOrder
        if plain, encoding.isLive, state.liveMap == nil, let live = value as? any LiveTreeEncoding {
            state.liveMap = live.owningMap
        }
        if encoding.schema != nil, !plain, let graph = state.graph {
            return try boxGraphModel(value, kind: encoding, component: component, to: writer, graph: graph)
        }
        if let array = encoding.array {
            return try array.encodeElements(of: value, at: component, in: self, to: writer)
        }
        let schema = plain ? nil : encoding.schema
        let isDictionary = encoding.isStringKeyedDictionary
        let child = TreeEncoder(
            state: state, writer: writer, parent: self, component: component, schema: schema,
            planOrder: schema == nil ? nil : encoding.planOrder,
            keyCase: schema?.keyCase ?? (isDictionary ? .unchanged : inheritedKeyCase),
            inheritedKeyCase: schema?.keyCase ?? inheritedKeyCase, plain: plain, uniqueKeys: isDictionary || definedOrder)
        if definedOrder, let collection = value as? any DefinedOrderEncodable {
            try collection.encodeInDefinedOrder(to: child)
            return child.finish()
        }
        guard Swift.type(of: value) is AnyClass else {
            try child.encodeValue(value)
            return child.finish()
        }
        // A class instance can be its own ancestor (a child's `parent`); without aliases (plain
        // trees, and typed trees' non-model classes) that would recurse until the stack ends.
        let object = ObjectIdentifier(value as AnyObject)
        let position = component.map { path.appending($0) } ?? path
        if let first = state.openObjects[object] {
            throw ModelError.cycle(of: Swift.type(of: value), at: position, ancestor: first)
        }
        state.openObjects[object] = position
        if state.copiedTypes != nil, encoding.schema != nil, ObjectIdentifier(Swift.type(of: value)) != ObjectIdentifier(type),
            let model = Swift.type(of: value) as? any Model.Type
        {
            state.copiedTypes![position] = model
        }
        defer { state.openObjects[object] = nil }
        try child.encodeValue(value)
        child.finish()
    }

    /// Encodes a nested value held in place (an array's element): `inout` borrows it where a
    /// copy would retain every reference it holds. `value` is not changed.
    func box<T: Encodable>(inPlace value: inout T, component: ModelPath.Component?, to writer: any ModelWriter) throws {
        try box(value, component: component, to: writer)
    }

    /// The encoder of an array's elements, at `component` below this one.
    func arrayEncoder(at component: ModelPath.Component?, writer: any ModelWriter) -> TreeEncoder {
        TreeEncoder(
            state: state, writer: writer, parent: self, component: component, schema: nil, planOrder: nil,
            keyCase: inheritedKeyCase, inheritedKeyCase: inheritedKeyCase, plain: plain)
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
