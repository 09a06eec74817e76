import Foundation

/// The unkeyed container of an array in the streaming fast decoder.
struct FastStreamUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: FastStreamDecoder
    let range: Range<Int>
    private(set) var currentIndex = 0

    init(decoder: FastStreamDecoder, range: Range<Int>) {
        self.decoder = decoder
        self.range = range
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { range.count }
    var isAtEnd: Bool { currentIndex >= range.count }

    private mutating func nextNode() throws -> Int32 {
        guard !isAtEnd else { throw FastStreamFallback(reason: "past the end of an array") }
        currentIndex += 1
        return decoder.state.index.child(range.lowerBound + currentIndex - 1)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.state.index[decoder.state.index.child(range.lowerBound + currentIndex)].kind == .null else {
            return false
        }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        let position = currentIndex
        return try decoder.decodeChild(type, at: try nextNode(), key: .index(position))
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }

    private mutating func nestedDecoder() throws -> FastStreamDecoder {
        let position = currentIndex
        return decoder.plainChild(try nextNode(), key: .index(position), keyCase: decoder.inheritedKeyCase)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nestedDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try nestedDecoder() }
}
