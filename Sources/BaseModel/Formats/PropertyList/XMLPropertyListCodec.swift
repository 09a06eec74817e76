import Foundation

/// The `xml` format: the model's tree as an XML property list (BaseModel's
/// `BMFileFormatXMLPropertyList`). Extension `plist`.
///
/// Property lists have no null: writing one throws ``ModelError/Reason/unsupported(_:)`` with the
/// path of the null (leave such keys out). XML dates keep whole seconds only, as in every XML
/// property list. XML cannot refer to an element twice: a container met again (a graph
/// converted from a format that shares them) is written as `{"$alias": "<key path>"}`, the
/// spelling of the typed tree.
///
/// Decoding reads either form of property list (XML or binary) into a graph, so a file saved in
/// one form loads through the other's codec; a container a binary list refers to twice is one
/// container.
package struct XMLPropertyListCodec: GraphCodec {
    /// Creates the codec.
    package init() {}

    /// ``ModelFormat/xmlPropertyList``.
    package var format: ModelFormat { .xmlPropertyList }
    /// `plist`.
    package var fileExtension: String { "plist" }
    /// A plain format: models are written as dictionaries.
    package var storesTypes: Bool { false }

    /// 60 for an XML property list (it opens with `<?xml`, a plist doctype or `<plist`); 40 when
    /// its root dictionary has `$archiver` or `$class`, which the keyed-archive (80) and HRCoder
    /// (70) codecs read; `nil` otherwise.
    package func confidence(for data: Data) -> Int? {
        PropertyListDocument.kind(of: data) == .xml ? PropertyListCodecSupport.confidence(for: data) : nil
    }

    /// Reads an XML (or binary) property list into a graph.
    ///
    /// A UID (a keyed archive's reference) is the dictionary `{"CF$UID": n}`, as XML property
    /// lists and `plutil` spell it.
    ///
    /// - Throws: ``ModelError`` for bytes that are not a valid property list.
    package func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try PropertyListCodecSupport.readGraph(data, codecFormat: format)
    }

    /// A writer of XML property lists.
    package func makeWriter() -> any DocumentWriter {
        let spelling = PropertyListSpelling.plain(format, sharesObjects: false)
        return DocumentRecorder(format: format, typed: false) { document throws(ModelError) in
            try XMLPropertyListWriter.data(of: document, spelling: spelling)
        }
    }

    /// Reads an XML (or binary) property list into a tree (the graph's typed tree).
    ///
    /// - Throws: ``ModelError`` for bytes that are not a valid property list.
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try PropertyListCodecSupport.decodeTree(data, codecFormat: format)
    }

    /// Writes the tree as an XML property list.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` for a null anywhere in the tree, a date
    ///   outside the years 0000 to 9999, or a string holding NUL.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try PropertyListCodecSupport.encodeTree(tree, with: makeWriter())
    }
}
