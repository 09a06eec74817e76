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
/// The document is the one ``HRXMLCodec`` writes: data and dates native, null as
/// `{"$class": "NSNull"}`, objects with `$class`, a container or object met again as
/// `{"$alias": path}`, any root. Choices to know:
///
/// - Keys are written in the tree's order and equal strings are stored once, so the bytes depend
///   only on the tree; keys read back in the file's order.
/// - Reading accepts binary and XML property lists, through the library's own reader.
struct HRBinaryCodec: HRPropertyListCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/hrBinary``.
    var format: ModelFormat { .hrBinary }
    /// ``HRPropertyList/Encoding/binary``.
    var encoding: HRPropertyList.Encoding { .binary }
}
