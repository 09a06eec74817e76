/// How the engine runs a ``GeneratedCoding`` type's generated reading and writing without being
/// generic over it: made once per type with the type's schema (``ModelSchema/direct``).
protocol DirectModelReading: Sendable {
    /// Writes every property of `value` (of the generated type) to `encoder`, a model encoder
    /// whose dictionary is open.
    func write<T>(_ value: T, to encoder: TreeEncoder) throws

    /// A new model of the generated type: its `init()`, then every property read from `decoder`
    /// (a model decoder over a dictionary or object). `type` is the generated type itself.
    func make<T>(_ type: T.Type, from decoder: TreeDecoder) throws -> T

    /// A model of the generated type holding its `init()` defaults.
    func make<T>(_ type: T.Type, defaultsOnly: Void) throws -> T

    /// Reads every property of `value` (of the generated type) from `decoder` in place.
    func read<T>(into value: inout T, from decoder: TreeDecoder) throws
}

/// The generated reading of `M`.
struct DirectReader<M: GeneratedCoding>: DirectModelReading {
    func make<T>(_ type: T.Type, from decoder: TreeDecoder) throws -> T {
        var model = M()
        var reader = ModelFieldReader(decoder: decoder)
        try model._readFields(from: &reader)
        // A cast that consumes the model: `unsafeBitCast` would copy it (a retain per stored
        // reference) and destroy the original (as many releases). The runtime casts a type to
        // itself without looking further.
        return (consume model) as! T
    }

    /// `M`'s `_writeFields(to:)` as a function of the model: made once, as a closure in generic
    /// code captures `M` (an allocation per closure made). It captures nothing else and is
    /// never changed, so sharing it between threads is safe.
    nonisolated(unsafe) private let writeFields: (M, inout ModelFieldWriter) throws -> Void = { model, writer in
        try model._writeFields(to: &writer)
    }

    func write<T>(_ value: T, to encoder: TreeEncoder) throws {
        var writer = ModelFieldWriter(encoder: encoder)
        // `T` is `M`. Read through a pointer, the model would be copied (every property retained
        // and released) before its fields are written; the function of `M` seen as a function of
        // `T` (the same calling convention: both are generic parameters) borrows it instead.
        try unsafeBitCast(writeFields, to: ((T, inout ModelFieldWriter) throws -> Void).self)(value, &writer)
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
