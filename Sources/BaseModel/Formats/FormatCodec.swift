import Foundation

/// A file format's codec: bytes to a ``ModelValue`` tree and back, and a cheap look at the bytes
/// to tell whether they are this format.
///
/// Codecs work on *typed trees*, the one shape every object-graph format shares:
///
/// - a typed object is a dictionary with `"$class": "<registered type name>"` beside its keys
///   (`{"$class": "TodoItem", "label": "Buy milk"}`); plain dictionaries have no `$class`;
/// - an object met a second time is `{"$alias": "<key path>"}`, the dotted path from the root to
///   its first occurrence (`items.0`), with `$root` naming the root itself (HRCoder's rule);
/// - `null`, dates and data are the tree's own `.null`, `.date` and `.data`.
///
/// Formats that cannot say "typed" or "shared" (JSON, plain property lists) simply never produce
/// those markers. The model coders turn typed trees into models and back: a model is read from
/// a custom codec's bytes with ``decodeTree(from:)`` and then the mapping rules, and written with
/// the mapping rules and then ``encodeTree(_:)``, so a codec implements the tree and nothing else.
///
/// Every codec reports malformed input as a ``ModelError`` carrying its ``format``, never traps,
/// and never allocates by an unchecked count read from the input.
public protocol FormatCodec: Sendable {
    /// The format this codec reads and writes.
    var format: ModelFormat { get }

    /// The file extension for save files (`plist`, `json`, `fast`).
    var fileExtension: String { get }

    /// How sure the codec is that `data` is its format, from its first bytes and, where cheap, a
    /// parse: `nil` for "not mine", larger numbers for "more certain". Detection picks the
    /// codec with the highest confidence (``Model/init(data:context:)``, ``ModelValue/init(data:context:)``).
    func confidence(for data: Data) -> Int?

    /// Whether the format stores types and shared references: models are then written with
    /// `$class` and `$alias` and read back polymorphically. Default: `false`.
    var storesTypes: Bool { get }

    /// Reads a typed tree.
    ///
    /// - Throws: ``ModelError`` (malformed, truncated, empty, or unsupported content).
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue

    /// Writes a typed tree.
    ///
    /// - Throws: ``ModelError`` when the tree holds something the format cannot store.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data
}

extension FormatCodec {
    /// Plain formats store no types.
    public var storesTypes: Bool { false }

    /// Builds a value of `type`, a model above all, from bytes in this format: the one place
    /// where "bytes in a format → model" happens (`Model(data:)`, files, shared instances and
    /// stores all come here).
    ///
    /// A ``ModelCodec`` reads the model straight from its bytes; any other codec reads the tree
    /// and decodes it with the mapping rules. `decoder` gives the model types a format that
    /// ``storesTypes`` reads `$class` with, and the identity map `Live` properties resolve
    /// through. The cast costs once per file, not per value.
    ///
    /// - Throws: ``ModelError``: the bytes are malformed, or a value does not fit the type (with
    ///   its path).
    package func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, using decoder: ModelDecoder) throws(ModelError) -> T {
        if let codec = self as? any GraphCodec { return try codec.decodeModelFromGraph(type, from: data, using: decoder) }
        if let codec = self as? any ModelCodec { return try codec.decodeModel(type, from: data, context: decoder.context) }
        return try decodeModelThroughTree(type, from: data, using: decoder)
    }

    /// The bytes of `value`, a model above all, in this format: the one place where
    /// "model → bytes in a format" happens.
    ///
    /// A ``ModelCodec`` writes the model straight to bytes; any other codec encodes the tree with
    /// the mapping rules (as a typed tree, with `encoder`'s model types, when the format
    /// ``storesTypes``) and writes it with ``encodeTree(_:)``.
    ///
    /// - Throws: ``ModelError`` when a value cannot be encoded or stored in the format.
    package func encodeModel<T: Encodable>(_ value: T, using encoder: ModelEncoder) throws(ModelError) -> Data {
        if let codec = self as? any GraphCodec { return try codec.encodeModelToWriter(value, using: encoder) }
        if let codec = self as? any ModelCodec { return try codec.encodeModel(value, context: encoder.context) }
        return try encodeModelThroughTree(value, using: encoder)
    }

    /// The tree path of ``decodeModel(_:from:using:)``, for the codecs that read models straight
    /// from their bytes and still need it for some inputs (among them files of another
    /// ``Model/schemaVersion`` than the model's, see ``InputIndex/isAtSchemaVersion(of:)``).
    /// A ``Model`` is decoded from its tree brought up to its version (``Model/readable(_:)``).
    /// A value that does not fit is reported in this format, as the codecs that read models
    /// straight from their bytes report it.
    func decodeModelThroughTree<T: Decodable>(_ type: T.Type, from data: Data, using decoder: ModelDecoder) throws(ModelError) -> T {
        var tree = try decodeTree(from: data)
        if let model = type as? any Model.Type {
            do {
                tree = try model.readable(tree)
            } catch var error {
                error.format = error.format ?? format
                throw error
            }
        }
        do {
            return try forThisFormat(decoder).decode(type, from: tree)
        } catch var error {
            if error.format == .tree { error.format = format }
            throw error
        }
    }

    /// The tree path of ``encodeModel(_:using:)``.
    func encodeModelThroughTree<T: Encodable>(_ value: T, using encoder: ModelEncoder) throws(ModelError) -> Data {
        try encodeTree(forThisFormat(encoder).encode(value))
    }

    /// `decoder` as this format needs it: reading typed trees (with its registry, or the shared
    /// one) when the format stores types, plain trees otherwise.
    func forThisFormat(_ decoder: ModelDecoder) -> ModelDecoder {
        var decoder = decoder
        decoder.registry = storesTypes ? decoder.registry ?? .shared : nil
        return decoder
    }

    /// `encoder` as this format needs it: writing typed trees when the format stores types.
    func forThisFormat(_ encoder: ModelEncoder) -> ModelEncoder {
        var encoder = encoder
        encoder.registry = storesTypes ? encoder.registry ?? .shared : nil
        return encoder
    }
}
