import Foundation

/// The `json` format: the model's tree as compact JSON, dates as ISO-8601 strings in UTC with
/// milliseconds (BaseModel wrote local time with a literal `Z`; fixed), data as base64.
///
/// JSON has no dates or data, so they come back as strings; models read them back into `Date`
/// and `Data` properties without a transformer.
struct JSONCodec: ModelCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/json``.
    var format: ModelFormat { .json }
    /// `json`.
    var fileExtension: String { "json" }

    /// 50 when the first non-blank byte opens an object or array (`{`, `[`), or a string or
    /// `null` (BaseModel's rule); `nil` otherwise.
    func confidence(for data: Data) -> Int? {
        switch JSONParser.firstSignificantByte(of: data) {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "n"): 50
        default: nil
        }
    }

    /// Parses the JSON.
    ///
    /// - Throws: ``ModelError`` from ``JSONParser``.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try JSONParser.parse(data)
    }

    /// Decodes `type` from an index of the bytes (``JSONIndex``), without building the tree; a
    /// document the index leaves to the tree parser (malformed, a key twice, a key that is not
    /// ASCII, a huge integer), and a model's document of another ``Model/schemaVersion`` (to be
    /// migrated, or refused), is read as a tree, before any model code runs.
    ///
    /// - Throws: ``ModelError``: the bytes are malformed, or a value does not fit the type.
    func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, context: ModelContext) throws(ModelError) -> T {
        let decoder = context.decoder
        guard let index = JSONIndex.ofDocument(data), index.isAtSchemaVersion(of: type) else {
            return try decodeModelThroughTree(type, from: data, using: decoder)
        }
        return try TreeDecoder.decode(type, from: index, registry: nil, identityMap: decoder.identityMap, format: format)
    }

    /// Writes compact JSON.
    ///
    /// - Throws: ``ModelError`` for a non-finite number.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            try JSONWriter.data(from: tree)
        }
    }

    /// Writes a model straight to compact JSON (``JSONModelWriter``), without the tree: the
    /// bytes of ``encodeTree(_:)`` on the model's tree.
    ///
    /// - Throws: ``ModelError`` when a value cannot be encoded (with its path), or has no JSON
    ///   form (a non-finite number, nesting deeper than the limit).
    func encodeModel<T: Encodable>(_ value: T, context: ModelContext) throws(ModelError) -> Data {
        try Self.data(of: value, options: [])
    }

    /// `value` as JSON with `options` (not ``JSONWriter/Options/sortedKeys``), through the one
    /// encoder and ``JSONModelWriter``.
    ///
    /// - Throws: ``ModelError`` as ``encodeModel(_:context:)``.
    static func data<T: Encodable>(of value: T, options: JSONWriter.Options) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let writer = JSONModelWriter(options: options)
            try TreeEncoder.write(value, registry: nil, to: writer)
            return try writer.finish()
        }
    }
}
