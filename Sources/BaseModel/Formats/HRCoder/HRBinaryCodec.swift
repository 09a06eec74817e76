import Foundation

/// The `hr-binary` format: an HRCoder document as a binary property list (HRCoder's
/// `HRCoderFormatBinary`).
///
/// ```swift
/// let codec = HRBinaryCodec()
/// let tree: ModelValue = ["$class": "Note", "created": .date(Date(timeIntervalSinceReferenceDate: 0.25))]
/// let bytes = try codec.encodeTree(tree)       // starts with "bplist00"
/// try codec.decodeTree(from: bytes) == tree   // true: binary dates keep their fractions
/// ```
///
/// The tree is the one ``HRXMLCodec`` writes: data and dates native, null as
/// `{"$class": "NSNull"}`, `$class` and `$alias` as they are. Choices to know:
///
/// - Keys are written in the tree's order and equal strings are stored once, so the bytes depend
///   only on the tree; keys read back in the file's order.
/// - Reading accepts binary and XML property lists, through the library's own reader.
struct HRBinaryCodec: FormatCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/hrBinary``.
    var format: ModelFormat { .hrBinary }
    /// `plist`.
    var fileExtension: String { "plist" }
    /// `true`: models are written with `$class` and `$alias`.
    var storesTypes: Bool { true }

    /// 70 when the bytes are a binary property list (`bplist00`) whose root is a dictionary
    /// holding `$class`, as BaseModel 2.6 required; `nil` otherwise. Plain property lists score
    /// 60 and keyed archives (binary property lists too) 80.
    ///
    /// Complexity: O(*n*): a scan for the bytes `$class`, then, when they occur, a full parse.
    func confidence(for data: Data) -> Int? {
        HRPropertyList.confidence(for: data, encoding: .binary)
    }

    /// Reads an HR property list into a typed tree, checking aliases once the whole document is
    /// read (forward references and cycles to `$root` are valid).
    ///
    /// - Throws: ``ModelError`` with format `hr-binary` and the path of the problem:
    ///   ``ModelError/Reason/empty``, ``ModelError/Reason/truncated`` and
    ///   ``ModelError/Reason/malformed(_:)`` for bytes that are not a property list, a root that is
    ///   not a dictionary, a `$class` or `$alias` that is not a string, `$data` that is not base64,
    ///   an alias that names nothing, or nesting deeper than ``TypedTree/maximumDepth``.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            try HRPropertyList.decodeTree(from: data, format: format.rawValue)
        }
    }

    /// Writes a typed tree as a binary property list with sorted keys.
    ///
    /// - Throws: ``ModelError`` with format `hr-binary`: what ``TypedTree/validate(_:format:)``
    ///   rejects (a root that is not a dictionary, an alias that names nothing) and a dictionary
    ///   holding the reserved key `$data`.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let name = format.rawValue
            let document = try HRDocument.document(from: tree, style: .propertyList, format: name)
            return try HRPropertyList.data(from: document, encoding: .binary, format: name)
        }
    }
}
