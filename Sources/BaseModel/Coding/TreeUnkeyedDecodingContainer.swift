/// The unkeyed container of an array: a tree's array value, or an array node of an index.
struct TreeUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    // Three words, so that the `any UnkeyedDecodingContainer` holding it needs no allocation.
    let decoder: TreeDecoder
    /// The tree array's elements (empty when reading an index node).
    let elements: [ModelValue]
    /// The index node read, or `-1` for a tree array.
    let node: Int32
    private var position: Int32 = 0

    init(decoder: TreeDecoder, elements: [ModelValue]) {
        self.decoder = decoder
        self.elements = elements
        node = -1
    }

    init(decoder: TreeDecoder, node: Int32, count: Int) {
        self.decoder = decoder
        elements = []
        self.node = node
        decoder.unkeyedCount = count
    }

    var currentIndex: Int { Int(position) }
    private var elementCount: Int { node < 0 ? elements.count : decoder.unkeyedCount }
    /// The index read (only for an index node).
    private var index: InputIndex { decoder.state.index! }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    /// The current element.
    private var current: DecoderInput {
        node < 0 ? .value(elements[currentIndex]) : .node(index.element(of: node, at: currentIndex))
    }

    private mutating func next<T>(_ unbox: (TreeDecoder, ModelValue, ModelPath.Component) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw ModelError(.missingValue(expected: "\(T.self)"), path: decoder.path(appending: .index(currentIndex)))
        }
        let value: ModelValue
        if node < 0 {
            value = elements[currentIndex]
        } else {
            let element = index.element(of: node, at: currentIndex)
            value = try index.tree(at: element)
        }
        let result = try unbox(decoder, value, .index(currentIndex))
        position += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.state.isNull(current) else { return false }
        position += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.unboxBool($1, at: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.unboxString($1, at: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.unboxDouble($1, at: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.unboxFloat($1, at: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if node < 0 { return try next { try $0.decodeChild(T.self, from: $1, component: $2) } }
        guard !isAtEnd else {
            throw ModelError(.missingValue(expected: "\(T.self)"), path: decoder.path(appending: .index(currentIndex)))
        }
        let result: T = try decoder.decodeChild(
            T.self, node: index.element(of: node, at: currentIndex), component: .index(currentIndex))
        position += 1
        return result
    }

    private mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        try next { try $0.unboxInteger(I.self, $1, at: $2) }
    }

    private mutating func nestedDecoder() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw ModelError(.missingValue(expected: "container"), path: decoder.path(appending: .index(currentIndex)))
        }
        let nested = TreeDecoder(
            state: decoder.state, input: current, parent: decoder, component: .index(currentIndex), schema: nil,
            keyCase: decoder.inheritedKeyCase, inheritedKeyCase: decoder.inheritedKeyCase,
            coercion: decoder.coercion, plain: decoder.plain)
        position += 1
        return nested
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nestedDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try nestedDecoder() }
}
