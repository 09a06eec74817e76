import Foundation

/// The `xml` format: the model's tree as an XML property list (BaseModel's
/// `BMFileFormatXMLPropertyList`). Extension `plist`.
///
/// Property lists have no null: encoding a tree that holds ``ModelValue/null`` throws
/// ``ModelError/Reason/unsupported(_:)`` with the path of the null (leave such keys out). XML
/// dates keep whole seconds only, as in every XML property list.
///
/// Decoding reads either form of property list (XML or binary), so a file saved in one form
/// loads through the other's codec.
package struct XMLPropertyListCodec: FormatCodec {
    /// Creates the codec.
    package init() {}

    /// ``ModelFormat/xmlPropertyList``.
    package var format: ModelFormat { .xmlPropertyList }
    /// `plist`.
    package var fileExtension: String { "plist" }

    /// 60 for an XML property list (it opens with `<?xml`, a plist doctype or `<plist`); 40 when
    /// its root dictionary has `$archiver` or `$class`, which the keyed-archive (80) and HRCoder
    /// (70) codecs read; `nil` otherwise.
    package func confidence(for data: Data) -> Int? {
        PropertyListDocument.kind(of: data) == .xml ? PropertyListCodecSupport.confidence(for: data) : nil
    }

    /// Reads an XML (or binary) property list into a tree.
    ///
    /// A UID (a keyed archive's reference) reads as `{"CF$UID": n}`, as XML property lists and
    /// `plutil` spell it.
    ///
    /// - Throws: ``ModelError`` for bytes that are not a valid property list.
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try PropertyListCodecSupport.decode(data, codecFormat: format)
    }

    /// Writes the tree as an XML property list.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` for a null anywhere in the tree, or a date
    ///   outside the years 0000 to 9999.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try XMLPropertyListWriter.data(from: PropertyListObject(tree, format: format.rawValue), format: format.rawValue)
    }
}

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
    ///   out-of-range offsets or references, reference cycles, nesting deeper than 512).
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try PropertyListCodecSupport.decode(data, codecFormat: format)
    }

    /// Writes the tree as a binary property list.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` for a null anywhere in the tree.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        BinaryPropertyListWriter.data(from: try PropertyListObject(tree, format: format.rawValue))
    }
}

/// What the two property-list codecs share.
enum PropertyListCodecSupport {
    /// The confidence for a property list: 60 for a plain one, 40 for an archive or typed tree.
    static func confidence(for data: Data) -> Int {
        guard let summary = PropertyListDocument.summary(of: data) else { return 60 }
        return summary.hasArchiverKey || summary.hasClassKey ? 40 : 60
    }

    /// Reads either form and converts it to a tree; errors name the form that was read, or
    /// `codecFormat` for bytes of neither form.
    static func decode(_ data: Data, codecFormat: ModelFormat) throws(ModelError) -> ModelValue {
        let format = PropertyListDocument.kind(of: data)?.formatName ?? codecFormat.rawValue
        return try PropertyListDocument.read(data, format: format).modelValue(format: format, uidsAsDictionaries: true)
    }
}
