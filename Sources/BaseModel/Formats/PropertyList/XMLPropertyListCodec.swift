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
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            try PropertyListCodecSupport.decode(data, codecFormat: format)
        }
    }

    /// Writes the tree as an XML property list.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` for a null anywhere in the tree, or a date
    ///   outside the years 0000 to 9999.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            try XMLPropertyListWriter.data(from: PropertyListObject(tree, format: format.rawValue), format: format.rawValue)
        }
    }
}
