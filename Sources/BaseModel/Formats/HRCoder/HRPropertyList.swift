import Foundation

/// What the HR property-list codecs (``HRXMLCodec``, ``HRBinaryCodec``) share: the two encodings,
/// detection, and the document's graph, read by the library's own property-list readers
/// (`Formats/PropertyList/`: XML and binary, key order kept, every offset checked, nesting capped
/// at ``DecodingLimits/maximumDepth``).
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

    /// 70 (``HRDetection/confidence``) when `data` is a property list in `encoding` that holds
    /// HRCoder's marks (``HRDetection``); `nil` otherwise.
    ///
    /// Complexity: O(*n*): a look at the first bytes and a scan for the marks, then, when both
    /// match, a full parse (a binary keyed archive, `$archiver` among its top keys, is turned
    /// down before it).
    static func confidence(for data: Data, encoding expected: Encoding) -> Int? {
        guard encoding(of: data) == expected, HRDetection.mayHoldMarks(data) else { return nil }
        // A binary keyed archive is turned down from its top keys, before a parse.
        if expected == .binary, PropertyListDocument.summary(of: data)?.hasArchiverKey != false { return nil }
        guard let document = try? PropertyListDocument.readGraph(data),
            document[document.root].kind != .dictionary || document.value(of: document.root, forKey: "$archiver", request: -1) == nil,
            HRDetection.holdsMarks(document)
        else { return nil }
        return HRDetection.confidence
    }

    /// The graph of an HR property list of either encoding.
    ///
    /// - Throws: ``ModelError`` with `format`: ``ModelError/Reason/empty``,
    ///   ``ModelError/Reason/truncated`` (an XML property list without its `</plist>`, a binary
    ///   one shorter than its header and trailer), ``ModelError/Reason/malformed(_:)`` (anything
    ///   else the reader refuses), and the errors of ``HRGraphReader``.
    static func graph(of data: Data, format: ModelFormat) throws(ModelError) -> InputIndex {
        let document = try PropertyListDocument.readGraph(data, format: format.rawValue)
        return try HRGraphReader.graph(of: document, byteCount: data.count, format: format.rawValue)
    }
}
