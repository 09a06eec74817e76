/// How the engine runs a ``GeneratedCoding`` type's generated reading and writing without being
/// generic over it: made once per type with the type's schema (``ModelSchema/direct``). A class,
/// so that handing it on costs one retain.
protocol DirectModelReading: AnyObject, Sendable {
    /// Writes every property of `value` (of the generated type) to `fields`, the writer of a
    /// model whose dictionary is open.
    func write<T>(_ value: T, to fields: inout ModelFieldWriter) throws

    /// Writes every property of the model (of the generated type) at `value` to `fields`, as
    /// ``write(_:to:)`` does: for callers that hold the model in place and are not generic over it.
    func write(at value: UnsafeRawPointer, to fields: inout ModelFieldWriter) throws

    /// A new model of the generated type: its `init()`, then every property read from `decoder`
    /// (a model decoder over a dictionary or object). `type` is the generated type itself.
    func make<T>(_ type: T.Type, from decoder: TreeDecoder) throws -> T

    /// A model of the generated type holding its `init()` defaults.
    func make<T>(_ type: T.Type, defaultsOnly: Void) throws -> T

    /// Reads every property of `value` (of the generated type) from `decoder` in place.
    func read<T>(into value: inout T, from decoder: TreeDecoder) throws
}

/// The generated reading of `M`.
final class DirectReader<M: GeneratedCoding>: DirectModelReading {
    func make<T>(_ type: T.Type, from decoder: TreeDecoder) throws -> T {
        var model = M()
        var reader = ModelFieldReader(decoder: decoder)
        try model._readFields(from: &reader)
        // A cast that consumes the model: `unsafeBitCast` would copy it (a retain per stored
        // reference) and destroy the original (as many releases). The runtime casts a type to
        // itself without looking further.
        return (consume model) as! T
    }

    func write<T>(_ value: T, to writer: inout ModelFieldWriter) throws {
        // `T` is `M`, borrowed where the caller holds it. A copy (`as!`, `unsafeBitCast`, or a
        // read of `pointee`) would retain every stored reference and release it after; a
        // closure of `M` recast as one of `T` would allocate a reabstraction context per model.
        // A mutating access to `pointee` works in place, and nothing writes through it.
        try withUnsafePointer(to: value) { pointer in
            try UnsafeMutableRawPointer(mutating: pointer).assumingMemoryBound(to: M.self).pointee.writeFieldsInPlace(to: &writer)
        }
    }

    func write(at value: UnsafeRawPointer, to writer: inout ModelFieldWriter) throws {
        // A mutating access reaches the model in place; nothing writes through it.
        try UnsafeMutableRawPointer(mutating: value).assumingMemoryBound(to: M.self).pointee.writeFieldsInPlace(to: &writer)
    }

    func make<T>(_ type: T.Type, defaultsOnly: Void) throws -> T {
        unsafeBitCast(M(), to: T.self)
    }

    func read<T>(into value: inout T, from decoder: TreeDecoder) throws {
        var reader = ModelFieldReader(decoder: decoder)
        // `T` is `M`: read through a raw pointer, which, unlike a typed pointer to a generic `T`,
        // needs no generic metadata instantiated on each call.
        try withUnsafeMutableBytes(of: &value) { bytes in
            try bytes.baseAddress!.assumingMemoryBound(to: M.self).pointee._readFields(from: &reader)
        }
    }
}

extension GeneratedCoding {
    /// `_writeFields(to:)` from a mutating access, which reaches a model through a pointer
    /// without copying it (see ``DirectReader/write(_:to:)``). Changes nothing.
    fileprivate mutating func writeFieldsInPlace(to writer: inout ModelFieldWriter) throws {
        try _writeFields(to: &writer)
    }
}
