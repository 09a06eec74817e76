import Foundation

/// Reading and writing the property lists of the HR codecs (``HRXMLCodec``, ``HRBinaryCodec``).
///
/// Both directions go through the library's own property-list reader and writer
/// (`Formats/PropertyList/`): XML and binary, key order kept, every offset checked, nesting
/// capped at ``DecodingLimits/maximumDepth``.
enum HRPropertyList {
    /// The two encodings the HR codecs write.
    enum Encoding {
        case xml
        case binary
    }

    private static let binaryMagic = Array("bplist00".utf8)
    private static let xmlPrefixes = [Array("<?xml".utf8), Array("<!DOCTYPE plist".utf8), Array("<plist".utf8)]

    /// The encoding the bytes start with: `bplist00` for binary; `<?xml`, `<!DOCTYPE plist` or
    /// `<plist` (after an optional UTF-8 byte-order mark and blank space) for XML.
    static func encoding(of data: Data) -> Encoding? {
        if data.starts(with: binaryMagic) { return .binary }
        guard let first = HRDetection.firstSignificantByte(data) else { return nil }
        let rest = data[first...]
        return xmlPrefixes.contains { rest.starts(with: $0) } ? .xml : nil
    }

    /// 70 (``HRDetection/confidence``) when `data` is a property list in `encoding` whose root is
    /// a dictionary holding `$class`; `nil` otherwise.
    ///
    /// Complexity: O(*n*): a look at the first bytes and a scan for `$class`, then, when both
    /// match, a full parse. A binary list whose top dictionary has no `$class` key (a keyed
    /// archive, whose objects hold many) is turned down from its top keys, without the parse.
    static func confidence(for data: Data, encoding expected: Encoding) -> Int? {
        guard encoding(of: data) == expected, HRDetection.mayHoldClassKey(data),
            expected == .xml || PropertyListDocument.summary(of: data)?.hasClassKey == true,
            let document = try? parse(data, format: ""), HRDetection.isHRRoot(document)
        else { return nil }
        return HRDetection.confidence
    }

    /// Reads a property list of any encoding into a typed tree (see ``HRDocument``).
    ///
    /// - Throws: ``ModelError`` with `format`: ``ModelError/Reason/empty``,
    ///   ``ModelError/Reason/truncated`` (an XML property list without its `</plist>`, a binary
    ///   one shorter than its header and trailer), ``ModelError/Reason/malformed(_:)`` (anything
    ///   else the reader refuses), and the errors of ``HRDocument/tree(from:format:)``.
    static func decodeTree(from data: Data, format: String) throws(ModelError) -> ModelValue {
        try HRDocument.tree(from: parse(data, format: format), format: format)
    }

    /// The property list in `data` as a tree, before the HR mapping, read by the library's own
    /// property-list reader.
    static func parse(_ data: Data, format: String) throws(ModelError) -> ModelValue {
        // A UID reads as `{"CF$UID": n}`, as in plain property lists: that is how the XML form
        // spells it, so a tree holding such a dictionary reads back as it was written.
        try PropertyListDocument.read(data, format: format).modelValue(format: format, uidsAsDictionaries: true)
    }

    /// The property list of a document (already mapped by ``HRDocument``) in `encoding`.
    ///
    /// - Throws: ``ModelError`` with ``ModelError/Reason/unsupported(_:)`` when the document holds
    ///   a null (the mapping never leaves one) or Foundation refuses to write it.
    static func data(from document: ModelValue, encoding: Encoding, format: String) throws(ModelError) -> Data {
        let object = try PropertyListObject(document, format: format)
        switch encoding {
        case .binary: return BinaryPropertyListWriter.data(from: object)
        case .xml: return try XMLPropertyListWriter.data(from: object, format: format)
        }
    }
}
