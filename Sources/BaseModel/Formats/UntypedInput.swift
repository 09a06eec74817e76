import Foundation

/// What ``Model/init(object:)`` was given, sorted out: a tree to decode, or bytes in a format
/// detected from them (JSON among them), for the format's codec to decode.
///
/// `Data` and `String` whose first non-blank character is `{` or `[` are JSON. Other `Data` is
/// detected by content (a property list, a keyed archive, fast, …); bytes no codec recognises,
/// and other strings, are bare values for ``Model/make(from:)``.
enum UntypedInput {
    /// A tree: converted Foundation objects, a ``ModelValue`` or a bare value.
    case tree(ModelValue)
    /// Bytes in a format, with the codec that reads them.
    case encoded(Data, codec: any FormatCodec)

    /// Sorts `object` out.
    ///
    /// - Throws: ``ModelError`` for malformed JSON, text that is nothing but blanks
    ///   (``ModelError/Reason/empty``), and Foundation objects that are not tree values.
    init(_ object: Any, formats: FormatRegistry = .shared) throws(ModelError) {
        switch object {
        case let value as ModelValue:
            self = .tree(value)
        case let data as Data:
            self = try Self.bytes(data, formats: formats) ?? .tree(.data(data))
        case let text as String:
            let data = Data(text.utf8)
            self = try Self.json(data, formats: formats) ?? .tree(.string(text))
        default:
            self = .tree(try ModelValue(foundation: object))
        }
    }

    /// The input as a tree: for bytes, the codec's tree.
    ///
    /// - Throws: ``ModelError`` when the codec cannot read the bytes.
    func tree() throws(ModelError) -> ModelValue {
        switch self {
        case .tree(let value): value
        case .encoded(let data, let codec): try codec.decodeTree(from: data)
        }
    }

    /// JSON, a detected format, or `nil` for bare bytes.
    private static func bytes(_ data: Data, formats: FormatRegistry) throws(ModelError) -> UntypedInput? {
        if let json = try json(data, formats: formats) { return json }
        guard let codec = try? formats.detect(data), codec.format != .json else { return nil }
        return .encoded(data, codec: codec)
    }

    /// JSON bytes for the JSON codec when `data` starts (after an optional UTF-8 byte-order mark
    /// and blanks) with `{` or `[`, or is blank (the parser then reports it as
    /// ``ModelError/Reason/empty``); `nil` when it is a bare value.
    ///
    /// - Throws: ``ModelError`` when no JSON codec is registered.
    private static func json(_ data: Data, formats: FormatRegistry) throws(ModelError) -> UntypedInput? {
        switch JSONParser.firstSignificantByte(of: data) {
        case UInt8(ascii: "{"), UInt8(ascii: "["), nil:
            return .encoded(data, codec: try formats.codec(for: .json))
        case .some:
            return nil
        }
    }
}
