import Foundation

/// Reads a model straight from FastCoding 3.3 bytes, without building the `FastObject` document
/// or the typed tree: the streaming form of
/// `ModelDecoder(registry:).decode(T.self, from: FastCodec().decodeTree(from: bytes))`, with the
/// same result.
///
/// ```swift
/// let list = try FastStreamingDecoder.decode(TodoList.self, from: bytes, using: ModelDecoder(registry: .shared))
/// ```
///
/// One pass indexes the bytes (``FastIndex``: a flat array of fixed-size nodes, strings and data
/// in side tables, each class definition's key positions); then ``FastStreamDecoder`` runs the
/// model's `init(from:)` over the index. Each (class, model type) pair gets a ``FastKeyTable``
/// that maps property names to value positions once and learns the order they are asked in, so
/// later objects of the class find each property with one string comparison.
///
/// **Falls back to the tree path** (the same model, or the tree path's error with its full path)
/// for what the stream leaves to it: set, URL, geometry, NSCoded, keyed-archive and decimal
/// chunks, mutable strings, aliases to containers and cycles, a value that needs a coercion,
/// remote key paths of more than one step, transformers that give containers, registered
/// subtypes, `ModelValue` and `Live` properties, super decoders, more model decodes than the
/// copy budget of typed trees allows, and any error.
enum FastStreamingDecoder {
    /// The model in `data`, decoded with `decoder`'s registry (the tree path, where the stream
    /// leaves the file to it, with its identity map too).
    ///
    /// - Throws: ``ModelError`` as ``FastCodec/decodeTree(from:)`` and ``ModelDecoder/decode(_:from:)``.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, using decoder: ModelDecoder) throws(ModelError) -> T {
        if decoder.identityMap == nil, let value = try? streamedValue(type, from: data, registry: decoder.registry ?? .shared) {
            return value
        }
        return try decoder.decode(type, from: FastCodec().decodeTree(from: data))
    }

    /// The streamed value alone, with no fallback: tests use it to know the stream did the work.
    ///
    /// - Throws: ``FastStreamFallback`` when the stream leaves the file to the tree path, or the
    ///   error met.
    static func streamedValue<T: Decodable>(_ type: T.Type, from data: Data, registry: ModelRegistry) throws -> T {
        let index = try FastIndex(data: data)
        let state = FastDecodingState(index: index, registry: registry)
        let root = FastStreamDecoder(
            state: state, node: index.root, parent: nil, key: nil, schema: nil, keyTable: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict)
        return try root.decodeChild(type, at: index.root, key: nil)
    }
}
