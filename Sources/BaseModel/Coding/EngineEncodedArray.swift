/// An array the engine encodes element by element itself, instead of through
/// `Array.encode(to:)` and an unkeyed container: each element goes through the same boxing the
/// container would use, so the output is the same.
protocol EngineEncodedArray {
    /// Writes `array` (a `Self`) to `encoder`'s writer, each element boxed by `encoder` (the
    /// array's own encoder, so errors carry the element's index).
    ///
    /// - Throws: ``ModelError`` when an element cannot be encoded.
    static func encodeElements<T>(of array: T, in encoder: TreeEncoder) throws
}

extension Array: EngineEncodedArray where Element: Encodable {
    static func encodeElements<T>(of array: T, in encoder: TreeEncoder) throws {
        let array = unsafeBitCast(array, to: Self.self)
        let writer = encoder.writer
        writer.beginArray(count: array.count)
        // Integer positions, not `indices` or an iterator: this code is not specialised for
        // `Element`, and those would ask the runtime for generic metadata on every array.
        for position in 0..<array.count {
            try encoder.box(array[position], component: .index(position), to: writer)
        }
        writer.endArray()
    }
}
