/// An array the engine encodes element by element itself, instead of through
/// `Array.encode(to:)` and an unkeyed container: each element goes through the same boxing the
/// container would use, so the output is the same.
protocol EngineEncodedArray {
    /// Writes `array` (a `Self`) to `writer`. Elements that are values of their own are boxed by
    /// an encoder for the array (a child of `parent` at `component`, so errors carry the
    /// element's index); arrays of `Double`, `Int`, `String` and `Bool` are written without one.
    ///
    /// - Throws: ``ModelError`` when an element cannot be encoded.
    static func encodeElements<T>(
        of array: T, at component: ModelPath.Component?, in parent: TreeEncoder, to writer: any ModelWriter
    ) throws

    /// Writes `array` (a `Self`) under `key` as the next property of `fields`, when its elements
    /// are struct models with generated writing: each opened in place
    /// (``ModelFieldWriter/writeOpened(at:as:at:inArray:)``), with no encoder for the array or
    /// its elements. The array counts against the depth limit as the encoder's boxing counts it.
    /// Returns `false`, having written nothing, for any other elements.
    ///
    /// - Throws: ``ModelError`` when an element cannot be written, or the depth limit is passed.
    static func writeOpenedElements<T>(of array: T, key: String, in fields: inout ModelFieldWriter) throws -> Bool
}

extension Array: EngineEncodedArray where Element: Encodable {
    static func encodeElements<T>(
        of array: T, at component: ModelPath.Component?, in parent: TreeEncoder, to writer: any ModelWriter
    ) throws {
        let array = unsafeBitCast(array, to: Self.self)
        writer.beginArray(count: array.count)
        defer { writer.endArray() }
        // The common scalar arrays through their concrete type: this code is not specialised
        // for `Element`, and a generic loop would ask the runtime for metadata per element.
        if Element.self == Double.self {
            for number in unsafeBitCast(array, to: [Double].self) { writer.writeDouble(number) }
            return
        }
        if Element.self == Int.self {
            for number in unsafeBitCast(array, to: [Int].self) { writer.writeInteger(Int64(number)) }
            return
        }
        if Element.self == String.self {
            for text in unsafeBitCast(array, to: [String].self) { writer.writeString(text) }
            return
        }
        if Element.self == Bool.self {
            for flag in unsafeBitCast(array, to: [Bool].self) { writer.writeBool(flag) }
            return
        }
        let encoder = parent.arrayEncoder(at: component, writer: writer)
        try array.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Each element is handed over in place, as an `inout` argument, which borrows it: a
            // subscript or a pointer's `pointee` would copy it (a retain per reference it holds)
            // and destroy the copy. Nothing writes through the pointer.
            let elements = UnsafeMutablePointer(mutating: base)
            // Integer positions, not `indices` or an iterator: those would ask the runtime for
            // generic metadata on every array.
            for position in 0..<buffer.count {
                try encoder.box(inPlace: &elements[position], component: .index(position), to: writer)
            }
        }
    }

    static func writeOpenedElements<T>(of array: T, key: String, in fields: inout ModelFieldWriter) throws -> Bool {
        let state = fields.encoder.state
        let array = unsafeBitCast(array, to: Self.self)
        guard let model = state.openedModel(of: Element.self, kind: state.encodingKind(of: Element.self)) else { return false }
        let writer = fields.writer
        fields.writeKey(key)
        state.depth += 1
        defer { state.depth -= 1 }
        if state.depth > state.maximumDepth {
            throw ModelError(DecodingLimits.depthExceeded(state.maximumDepth), path: fields.path(of: .key(key)))
        }
        writer.beginArray(count: array.count)
        try array.withUnsafeBufferPointer { buffer in
            guard let elements = buffer.baseAddress else { return }
            // Each element in place, where a copy would retain every reference it holds.
            for position in 0..<buffer.count {
                try fields.writeOpened(at: UnsafeRawPointer(elements + position), as: model, at: .index(position), inArray: .key(key))
            }
        }
        writer.endArray()
        return true
    }
}
