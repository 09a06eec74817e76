import Foundation

/// The `binary` format: the model's tree as a binary property list (`bplist00`, BaseModel's
/// `BMFileFormatBinaryPropertyList`). Extension `plist`.
///
/// Property lists have no null: encoding a tree that holds ``ModelValue/null`` throws
/// ``ModelError/Reason/unsupported(_:)`` with the path of the null (leave such keys out). Binary
/// dates keep their fractions of a second.
///
/// Decoding reads either form of property list (binary or XML). The binary reader is written
/// for hostile input: see ``BinaryPropertyListReader``.
package struct BinaryPropertyListCodec: FormatCodec {
    /// Creates the codec.
    package init() {}

    /// ``ModelFormat/binaryPropertyList``.
    package var format: ModelFormat { .binaryPropertyList }
    /// `plist`.
    package var fileExtension: String { "plist" }

    /// 60 for a binary property list (it opens with `bplist`); 40 when its root dictionary has
    /// `$archiver` or `$class`, which the keyed-archive (80) and HRCoder (70) codecs read; `nil`
    /// otherwise.
    package func confidence(for data: Data) -> Int? {
        PropertyListDocument.kind(of: data) == .binary ? PropertyListCodecSupport.confidence(for: data) : nil
    }

    /// Reads a binary (or XML) property list into a tree.
    ///
    /// A UID (a keyed archive's reference) reads as `{"CF$UID": n}`.
    ///
    /// - Throws: ``ModelError`` for bytes that are not a valid property list (truncated,
    ///   out-of-range offsets or references, reference cycles, nesting deeper than ``DecodingLimits/maximumDepth``).
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            try PropertyListCodecSupport.decode(data, codecFormat: format)
        }
    }

    /// Writes the tree as a binary property list.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` for a null anywhere in the tree.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            BinaryPropertyListWriter.data(from: try PropertyListObject(tree, format: format.rawValue))
        }
    }
}
