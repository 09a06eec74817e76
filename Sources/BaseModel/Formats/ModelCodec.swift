import Foundation

/// A built-in codec that reads models straight from its bytes, or writes them straight to bytes,
/// without the intermediate tree (JSON, fast, keyed archives); the result is the tree path's
/// model, or its bytes, or the same error.
///
/// ``FormatCodec/decodeModel(_:from:using:)`` and ``FormatCodec/encodeModel(_:using:)`` find these
/// hooks by a cast; a codec that reads directly but writes through the tree (or the reverse)
/// keeps the default of the other direction.
package protocol ModelCodec: FormatCodec {
    /// Builds a value of `type` from bytes in this format, with `context`'s model types and
    /// identity map.
    ///
    /// - Throws: ``ModelError``: the bytes are malformed, or a value does not fit the type (with
    ///   its path).
    func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, context: ModelContext) throws(ModelError) -> T

    /// The bytes of `value` in this format, with `context`'s model types.
    ///
    /// - Throws: ``ModelError`` when a value cannot be encoded or stored in the format.
    func encodeModel<T: Encodable>(_ value: T, context: ModelContext) throws(ModelError) -> Data
}

extension ModelCodec {
    /// Through the tree: ``FormatCodec/decodeTree(from:)``, then the mapping rules.
    package func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, context: ModelContext) throws(ModelError) -> T {
        try decodeModelThroughTree(type, from: data, using: context.decoder)
    }

    /// Through the tree: the mapping rules, then ``FormatCodec/encodeTree(_:)``.
    package func encodeModel<T: Encodable>(_ value: T, context: ModelContext) throws(ModelError) -> Data {
        try encodeModelThroughTree(value, using: context.encoder)
    }
}
