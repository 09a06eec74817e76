import Foundation

/// The decoder handed to `init(from:)` by the streaming fast decoder: one per nested value,
/// reading its node of the ``FastIndex``.
///
/// It decodes what ``ModelDecoder`` would decode from the typed tree of the same file, for the
/// common case only: strings, booleans, `Int`, `Double`, dates, data, URLs and decimals that
/// match their type exactly (their lenient coercions are the tree path's), models whose
/// properties are single remote keys, transformers that give scalars. Everything else throws
/// ``FastStreamFallback`` and the whole file goes through the tree path, whose result (or error,
/// with its path) is then the answer.
final class FastStreamDecoder: Decoder {
    let state: FastDecodingState
    let node: Int32
    let parent: FastStreamDecoder?
    let key: ModelPath.Component?
    /// The schema of the model decoded here, or `nil` for plain values.
    let schema: ModelSchema?
    /// For a model read from an object: where its properties are.
    let keyTable: FastKeyTable?
    /// The key case of this value's own keys, and the one handed down to nested plain values.
    let keyCase: KeyCase
    let inheritedKeyCase: KeyCase
    let coercion: Coercion
    /// How many properties the model's container has been asked for (see ``FastKeyTable``).
    var requests = 0

    /// The model's defaults, made the first time a key is missing.
    private(set) lazy var defaults: ModelValue = schema?.makeDefaults() ?? .dictionary([:])

    init(
        state: FastDecodingState, node: Int32, parent: FastStreamDecoder?, key: ModelPath.Component?, schema: ModelSchema?,
        keyTable: FastKeyTable?, keyCase: KeyCase, inheritedKeyCase: KeyCase, coercion: Coercion
    ) {
        self.state = state
        self.node = node
        self.parent = parent
        self.key = key
        self.schema = schema
        self.keyTable = keyTable
        self.keyCase = keyCase
        self.inheritedKeyCase = inheritedKeyCase
        self.coercion = coercion
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var current: FastStreamDecoder? = self
        while let decoder = current {
            if let key = decoder.key { path.append(PathCodingKey(key)) }
            current = decoder.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var value: FastIndex.Node { state.index[node] }

    /// Decodes a property's default (a plain tree from the model's `init()`) as the typed-tree
    /// decoder does: in plain mode, strictly.
    func decodeDefault<T: Decodable>(_ type: T.Type, from value: ModelValue) throws -> T {
        if case .live = state.kind(of: type) { throw FastStreamFallback(reason: "\(T.self) is decoded by the tree path") }
        let decoder = TreeDecoder(
            state: state.treeState, value: value, parent: nil, component: nil, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict, plain: true)
        return try decoder.decodeChild(type, from: value, component: nil)
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let value = self.value
        guard value.kind == .dictionary || (value.kind == .object && schema != nil) else {
            throw FastStreamFallback(reason: "a keyed container of a \(value.kind)")
        }
        return KeyedDecodingContainer(FastStreamKeyedDecodingContainer<Key>(decoder: self, value: value))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = self.value
        guard value.kind == .array else { throw FastStreamFallback(reason: "an unkeyed container of a \(value.kind)") }
        return FastStreamUnkeyedDecodingContainer(decoder: self, range: state.index.childRange(of: value))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FastStreamSingleValueDecodingContainer(decoder: self)
    }

    // MARK: Nested values

    /// A decoder for a nested plain value at `node`.
    func plainChild(_ node: Int32, key: ModelPath.Component?, keyCase: KeyCase) -> FastStreamDecoder {
        FastStreamDecoder(
            state: state, node: node, parent: self, key: key, schema: nil, keyTable: nil,
            keyCase: keyCase, inheritedKeyCase: inheritedKeyCase, coercion: coercion)
    }

    /// Decodes the value at `node` as `type`, as `TreeDecoder.decodeChild` decodes its typed tree.
    func decodeChild<T: Decodable>(_ type: T.Type, at node: Int32, key: ModelPath.Component?) throws -> T {
        let value = state.index[node]
        if type == String.self { return unsafeBitCast(try string(value), to: T.self) }
        if type == Int.self { return unsafeBitCast(try integer(Int.self, value), to: T.self) }
        if type == Int64.self { return unsafeBitCast(try integer(Int64.self, value), to: T.self) }
        if type == Double.self { return unsafeBitCast(try double(value), to: T.self) }
        if type == Bool.self { return unsafeBitCast(try bool(value), to: T.self) }
        if type == [Double].self, value.kind == .array { return unsafeBitCast(try doubles(value), to: T.self) }
        if type == [Int].self, value.kind == .array { return unsafeBitCast(try integers(value), to: T.self) }
        switch state.kind(of: type) {
        case .scalar(let unbox):
            // The other fixed-width numbers, through the tree decoder's own conversion.
            let scalar = try scalarValue(node)
            return try unbox(treeDecoder(for: scalar), scalar, key) as! T
        case .string: return unsafeBitCast(try string(value), to: T.self)
        case .date:
            guard value.kind == .date else { throw FastStreamFallback(reason: "a date from a \(value.kind)") }
            return unsafeBitCast(Date(timeIntervalSinceReferenceDate: value.double), to: T.self)
        case .data:
            guard value.kind == .data else { throw FastStreamFallback(reason: "data from a \(value.kind)") }
            return unsafeBitCast(state.index.data[value.index], to: T.self)
        case .url:
            guard value.kind == .string, let url = URL(string: state.index.strings[value.index]) else {
                throw FastStreamFallback(reason: "a URL from a \(value.kind)")
            }
            return unsafeBitCast(url, to: T.self)
        case .decimal:
            switch value.kind {
            case .integer: return unsafeBitCast(Decimal(value.integer), to: T.self)
            case .double: return unsafeBitCast(Decimal(string: String(value.double)) ?? Decimal(value.double), to: T.self)
            default: throw FastStreamFallback(reason: "a decimal from a \(value.kind)")
            }
        case .model(let schema):
            return try decodeModel(type, at: node, value: value, key: key, schema: schema)
        case .stringKeyedDictionary:
            return try T(from: plainChild(node, key: key, keyCase: .unchanged))
        case .plain:
            return try T(from: plainChild(node, key: key, keyCase: inheritedKeyCase))
        case .tree, .live:
            throw FastStreamFallback(reason: "\(T.self) is decoded by the tree path")
        }
    }

    /// A model from an object (or a plain dictionary), sharing class instances as the typed-tree
    /// decoder does: an object decoded before gives its instance again.
    private func decodeModel<T: Decodable>(
        _ type: T.Type, at node: Int32, value: FastIndex.Node, key: ModelPath.Component?, schema: ModelSchema
    ) throws -> T {
        let isClass = schema.isClass
        state.modelsDecoded += 1
        guard state.modelsDecoded <= state.modelBudget else { throw FastStreamFallback(reason: "aliases copy too many objects") }
        var keyTable: FastKeyTable?
        if value.kind == .object {
            if isClass, let existing = state.instances[node] {
                guard let instance = existing as? T else { throw FastStreamFallback(reason: "an alias of another type") }
                return instance
            }
            // A registered subtype named by the class is decoded by the tree path.
            if let registered = state.registeredType(classIndex: value.index),
                ObjectIdentifier(registered) != ObjectIdentifier(T.self), registered is T.Type {
                throw FastStreamFallback(reason: "a subtype")
            }
            keyTable = state.keyTable(classIndex: value.index, schema: schema)
        } else if value.kind != .dictionary {
            throw FastStreamFallback(reason: "a model from a \(value.kind)")
        }
        // No cycle can reach this node again: the index refuses aliases to open objects, and an
        // alias leads to a value that ended before it, so every path through aliases goes back
        // in the file.
        let decoder = FastStreamDecoder(
            state: state, node: node, parent: self, key: key, schema: schema, keyTable: keyTable,
            keyCase: schema.keyCase, inheritedKeyCase: schema.keyCase, coercion: schema.coercion)
        let model = try T(from: decoder)
        if isClass, value.kind == .object { state.instances[node] = model as AnyObject }
        return model
    }

    /// Decodes a transformer's output as the typed-tree decoder does, with this model's coercion.
    /// Only scalar outputs: a container would be read as a typed tree there.
    func decodeTransformed<T: Decodable>(_ type: T.Type, from value: ModelValue) throws -> T {
        switch value {
        case .array, .dictionary: throw FastStreamFallback(reason: "a transformer that makes a container")
        default: break
        }
        if case .live = state.kind(of: type) { throw FastStreamFallback(reason: "\(T.self) is decoded by the tree path") }
        return try treeDecoder(for: value).decodeChild(type, from: value, component: nil)
    }

    /// A tree decoder for `value` with this decoder's key cases and coercion.
    private func treeDecoder(for value: ModelValue) -> TreeDecoder {
        TreeDecoder(
            state: state.treeState, value: value, parent: nil, component: nil, schema: nil,
            keyCase: keyCase, inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: false)
    }

    /// A scalar node as the typed tree holds it, for a transformer.
    func scalarValue(_ node: Int32) throws -> ModelValue {
        let value = state.index[node]
        switch value.kind {
        case .null: return .null
        case .bool: return .bool(value.payload != 0)
        case .integer: return .integer(value.integer)
        case .double: return .double(value.double)
        case .string: return .string(state.index.strings[value.index])
        case .data: return .data(state.index.data[value.index])
        case .date: return .date(Date(timeIntervalSinceReferenceDate: value.double))
        case .array, .dictionary, .object: throw FastStreamFallback(reason: "a transformer of a \(value.kind)")
        }
    }

    // MARK: Scalars (exact matches only; a coercion is left to the tree path)

    func string(_ value: FastIndex.Node) throws -> String {
        guard value.kind == .string else { throw FastStreamFallback(reason: "a string from a \(value.kind)") }
        return state.index.strings[value.index]
    }

    func bool(_ value: FastIndex.Node) throws -> Bool {
        guard value.kind == .bool else { throw FastStreamFallback(reason: "a bool from a \(value.kind)") }
        return value.payload != 0
    }

    func double(_ value: FastIndex.Node) throws -> Double {
        switch value.kind {
        case .double: return value.double
        case .integer: return Double(value.integer)
        default: throw FastStreamFallback(reason: "a number from a \(value.kind)")
        }
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: FastIndex.Node) throws -> I {
        switch value.kind {
        case .integer: if let exact = I(exactly: value.integer) { return exact }
        case .double: if let exact = I(exactly: value.double) { return exact }
        default: break
        }
        throw FastStreamFallback(reason: "\(I.self) from a \(value.kind)")
    }

    private func doubles(_ value: FastIndex.Node) throws -> [Double] {
        let index = state.index
        var numbers: [Double] = []
        numbers.reserveCapacity(Int(value.count))
        for position in index.childRange(of: value) { numbers.append(try double(index[index.child(position)])) }
        return numbers
    }

    private func integers(_ value: FastIndex.Node) throws -> [Int] {
        let index = state.index
        var numbers: [Int] = []
        numbers.reserveCapacity(Int(value.count))
        for position in index.childRange(of: value) { numbers.append(try integer(Int.self, index[index.child(position)])) }
        return numbers
    }
}
