import Foundation

/// The `binary` format: the model's tree as a binary property list (`bplist00`, BaseModel's
/// `BMFileFormatBinaryPropertyList`). Extension `plist`.
///
/// Property lists have no null: writing one throws ``ModelError/Reason/unsupported(_:)`` with the
/// path of the null (leave such keys out). Binary dates keep their fractions of a second. A
/// binary property list stores each object once and may refer to it again: a container met
/// again (a graph converted from a format that shares them) is the same object, read back as one
/// container; a container that holds itself, which no property-list reader accepts, is written
/// as `{"$alias": "<key path>"}` where it is met again.
///
/// Decoding reads either form of property list (binary or XML) into a graph. The binary reader
/// is written for hostile input: see ``BinaryPropertyListReader``.
package struct BinaryPropertyListCodec: GraphCodec {
    /// Creates the codec.
    package init() {}

    /// ``ModelFormat/binaryPropertyList``.
    package var format: ModelFormat { .binaryPropertyList }
    /// `plist`.
    package var fileExtension: String { "plist" }
    /// A plain format: models are written as dictionaries.
    package var storesTypes: Bool { false }

    /// 60 for a binary property list (it opens with `bplist`); 40 when its root dictionary has
    /// `$archiver` or `$class`, which the keyed-archive (80) and HRCoder (70) codecs read; `nil`
    /// otherwise.
    package func confidence(for data: Data) -> Int? {
        PropertyListDocument.kind(of: data) == .binary ? PropertyListCodecSupport.confidence(for: data) : nil
    }

    /// Reads a binary (or XML) property list into a graph.
    ///
    /// A UID (a keyed archive's reference) is the dictionary `{"CF$UID": n}`.
    ///
    /// - Throws: ``ModelError`` for bytes that are not a valid property list (truncated,
    ///   out-of-range offsets or references, reference cycles, nesting deeper than
    ///   ``DecodingLimits/maximumDepth``).
    package func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try PropertyListCodecSupport.readGraph(data, codecFormat: format)
    }

    /// A writer of binary property lists.
    package func makeWriter() -> any DocumentWriter {
        Self.writer(format: format)
    }

    /// A writer of binary property lists whose errors name `format`.
    static func writer(format: ModelFormat) -> any DocumentWriter {
        let spelling = PropertyListSpelling.plain(format, sharesObjects: true)
        return DocumentRecorder(format: format, typed: false) { document throws(ModelError) in
            try BinaryPropertyListWriter.data(of: document, spelling: spelling)
        }
    }

    /// Reads a binary (or XML) property list into a tree (the graph's typed tree: a container
    /// the file refers to twice is `{"$alias": path}` the second time).
    ///
    /// - Throws: ``ModelError`` as ``readGraph(from:)``.
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try PropertyListCodecSupport.decodeTree(data, codecFormat: format)
    }

    /// Writes the tree as a binary property list.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` for a null anywhere in the tree.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try PropertyListCodecSupport.encodeTree(tree, with: makeWriter())
    }
}
