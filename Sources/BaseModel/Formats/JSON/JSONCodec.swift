import Foundation

/// The `json` format: the model's tree as compact JSON, dates as ISO-8601 strings in UTC with
/// milliseconds (BaseModel wrote local time with a literal `Z`; fixed), data as base64.
///
/// JSON has no dates or data, so they come back as strings; models read them back into `Date`
/// and `Data` properties without a transformer.
///
/// One reader and one writer: every document is read into an index (``JSONIndex``), from which
/// models are decoded without a tree and the tree users see is built (``JSONParser``); models,
/// trees and graphs read in other formats are written by ``JSONModelWriter``. JSON has no
/// references, so a graph with shared containers or cycles (converted from a keyed archive, say)
/// is written with `{"$alias": "<key path>"}` where a container is met again, as its tree shows
/// it; reading such a file back gives that tree, not the sharing.
struct JSONCodec: GraphCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/json``.
    var format: ModelFormat { .json }
    /// `json`.
    var fileExtension: String { "json" }
    /// A plain format: models are written as dictionaries.
    var storesTypes: Bool { false }

    /// 50 when the first non-blank byte opens an object or array (`{`, `[`), or a string or
    /// `null` (BaseModel's rule); `nil` otherwise.
    func confidence(for data: Data) -> Int? {
        switch JSONParser.firstSignificantByte(of: data) {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "n"): 50
        default: nil
        }
    }

    /// The index of the document (``JSONIndex``).
    ///
    /// - Throws: ``ModelError`` for malformed JSON or nesting deeper than
    ///   ``DecodingLimits/maximumDepth``, worded as ``JSONParser`` documents.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try JSONIndex.read(data)
    }

    /// A compact ``JSONModelWriter``.
    func makeWriter() -> any DocumentWriter {
        JSONModelWriter()
    }

    /// `value` as JSON with `options`, through the one encoder and ``JSONModelWriter``.
    ///
    /// - Throws: ``ModelError`` in `json` when a value cannot be encoded (with its path), or has
    ///   no JSON form (a non-finite number, nesting deeper than the limit).
    static func data<T: Encodable>(of value: T, options: JSONWriter.Options) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let writer = JSONModelWriter(options: options)
            do throws(ModelError) {
                try TreeEncoder.write(value, registry: nil, to: writer)
            } catch var error {
                if error.format == .tree { error.format = .json }
                throw error
            }
            return try writer.finish()
        }
    }
}
