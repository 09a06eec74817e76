import Foundation
import OrderedCollections

/// Writes a model straight to FastCoding 3.3 bytes, without building its typed tree first: the
/// streaming form of `FastCodec().encodeTree(ModelEncoder(registry:).encode(value))`, and byte
/// for byte the same file.
///
/// ```swift
/// let bytes = try FastStreamingEncoder.data(list, registry: .shared)   // == the tree path's bytes
/// ```
///
/// It walks the value through `Encodable` into a ``FastWriter``:
/// - a model is one object: its properties are collected (scalars boxed and transformed, nested
///   values kept unencoded), then its class definition is reused or widened exactly as the tree
///   writer does for a `$class` dictionary with those keys, and the values are written in the
///   definition's key order, missing ones as nil; keys and transformers come from the type's
///   cached ``ModelSchema``, so each type's key table is worked out once per process;
/// - a class instance met again is an object alias to its first object;
/// - plain arrays and dictionaries are written as they are encoded (immutable forms, count
///   patched when they close), strings deduplicated by the writer.
///
/// **Falls back to the tree path** (same bytes, or the tree path's error with its full path)
/// when the value uses something a stream cannot say up front: a remote key path of more than
/// one step, a transformer on a property that is not a scalar, nested or super encoders, a model
/// encoded as a single value or an array, a `ModelValue` holding `$class` or `$alias`, nesting
/// deeper than ``FastObject/maximumDepth``, or any error (so the error carries the tree path's
/// location).
enum FastStreamingEncoder {
    /// The FastCoding bytes of `value`, written as a typed tree with `registry`'s names.
    ///
    /// - Throws: ``ModelError`` as ``FastCodec/encodeTree(_:)`` and ``ModelEncoder/encode(_:)``.
    static func data<T: Encodable>(_ value: T, registry: ModelRegistry) throws(ModelError) -> Data {
        if let data = try? streamedData(value, registry: registry) { return data }
        // The tree path reports the error with its path, or succeeds where the stream could not go.
        return try FastCodec().encodeTree(ModelEncoder(registry: registry).encode(value))
    }

    /// The streamed bytes alone, with no fallback: tests use it to know the stream did the work.
    ///
    /// - Throws: ``FastStreamFallback`` when the stream cannot write the value, or the error met.
    static func streamedData<T: Encodable>(_ value: T, registry: ModelRegistry) throws -> Data {
        let stream = FastEncodingStream(registry: registry)
        try stream.write(value, inheritedKeyCase: .unchanged)
        if let reason = stream.unsupported { throw FastStreamFallback(reason: reason) }
        return stream.writer.finish()
    }
}
