/// An array the engine encodes element by element itself, instead of through
/// `Array.encode(to:)` and an unkeyed container: each element goes through the same boxing (or
/// streaming) the container would use, so the tree and the bytes are the same.
protocol EngineEncodedArray {
    /// `array` (a `Self`) as a tree value, each element boxed by `encoder` (the array's own encoder, so
    /// errors carry the element's index).
    ///
    /// - Throws: ``ModelError`` when an element cannot be encoded.
    static func boxElements<T>(of array: T, in encoder: TreeEncoder) throws -> ModelValue

    /// Writes `array` (a `Self`) to a streaming fast encode, as the tree writer writes an array.
    ///
    /// - Throws: what writing an element throws.
    static func writeElements<T>(of array: T, to stream: FastEncodingStream, inheritedKeyCase: KeyCase) throws
}

extension Array: EngineEncodedArray where Element: Encodable {
    static func boxElements<T>(of array: T, in encoder: TreeEncoder) throws -> ModelValue {
        let array = unsafeBitCast(array, to: Self.self)
        var elements: [ModelValue] = []
        elements.reserveCapacity(array.count)
        // Integer positions, not `indices` or an iterator: this code is not specialised for
        // `Element`, and those would ask the runtime for generic metadata on every array.
        for position in 0..<array.count {
            elements.append(try encoder.box(array[position], component: .index(position)))
        }
        return .array(elements)
    }

    static func writeElements<T>(of array: T, to stream: FastEncodingStream, inheritedKeyCase: KeyCase) throws {
        let array = unsafeBitCast(array, to: Self.self)
        let mark = try stream.writer.beginCollection(.array, mutable: false, count: array.count)
        for position in 0..<array.count { try stream.write(array[position], inheritedKeyCase: inheritedKeyCase) }
        stream.writer.endCollection(mark)
    }
}
