import Foundation

/// Reading and writing the property lists of the HR codecs (``HRXMLCodec``, ``HRBinaryCodec``).
///
/// Reading goes through Foundation's `PropertyListSerialization`, which accepts XML, binary and
/// OpenStep property lists and refuses nesting deeper than about 512 levels, then through
/// ``ModelValue/init(foundation:)``. Foundation's dictionaries have no order, so every dictionary
/// read comes back with its keys sorted. XML is written by Foundation (which sorts keys); binary by
/// ``HRBinaryPropertyListWriter`` (which sorts keys too), because Foundation's binary writer
/// orders keys differently on every run.
///
/// When the library's own property-list reader and writer exist, these are the calls to switch.
enum HRPropertyList {
    /// The two encodings the HR codecs write.
    enum Encoding {
        case xml
        case binary
    }

    private static let binaryMagic = Array("bplist00".utf8)
    private static let xmlPrefixes = [Array("<?xml".utf8), Array("<!DOCTYPE plist".utf8), Array("<plist".utf8)]
    private static let xmlEnd = Array("</plist>".utf8)

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
    /// match, a full parse.
    static func confidence(for data: Data, encoding expected: Encoding) -> Int? {
        guard encoding(of: data) == expected, HRDetection.mayHoldClassKey(data),
            let document = try? parse(data, format: ""), HRDetection.isHRRoot(document)
        else { return nil }
        return HRDetection.confidence
    }

    /// Reads a property list of any encoding into a typed tree (see ``HRDocument``).
    ///
    /// - Throws: ``ModelError`` with `format`: ``ModelError/Reason/empty``,
    ///   ``ModelError/Reason/truncated`` (an XML property list without its `</plist>`, a binary
    ///   one shorter than its header and trailer), ``ModelError/Reason/malformed(_:)`` (anything
    ///   else Foundation refuses), ``ModelError/Reason/unsupported(_:)`` for values with no tree
    ///   form (keyed-archive UIDs), and the errors of ``HRDocument/tree(from:format:)``.
    static func decodeTree(from data: Data, format: String) throws(ModelError) -> ModelValue {
        try HRDocument.tree(from: parse(data, format: format), format: format)
    }

    /// The property list in `data` as a tree, before the HR mapping.
    static func parse(_ data: Data, format: String) throws(ModelError) -> ModelValue {
        guard !data.isEmpty else { throw ModelError(.empty, format: format, offset: 0) }
        let object: Any
        do {
            var detected = PropertyListSerialization.PropertyListFormat.xml
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &detected)
        } catch {
            throw parseError(error, data: data, format: format)
        }
        do {
            return try ModelValue(foundation: object)
        } catch {
            var error = error
            error.format = format
            throw error
        }
    }

    private static func parseError(_ error: any Error, data: Data, format: String) -> ModelError {
        switch encoding(of: data) {
        case .binary:
            // A header, at least one object byte and the 32-byte trailer.
            if data.count < binaryMagic.count + 1 + 32 { return ModelError(.truncated, format: format) }
            return ModelError(.malformed("not a valid binary property list"), format: format)
        case .xml where !HRDetection.contains(data, xmlEnd):
            return ModelError(.truncated, format: format)
        case .xml, nil:
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return ModelError(
                .malformed("not a property list" + (reason.map { " (\($0))" } ?? "")),
                excerpt: ModelValue.dataSummary(data.prefix(16)), format: format)
        }
    }

    /// The property list of a document (already mapped by ``HRDocument``) in `encoding`.
    ///
    /// - Throws: ``ModelError`` with ``ModelError/Reason/unsupported(_:)`` when the document holds
    ///   a null (the mapping never leaves one) or Foundation refuses to write it.
    static func data(from document: ModelValue, encoding: Encoding, format: String) throws(ModelError) -> Data {
        switch encoding {
        case .binary:
            return try HRBinaryPropertyListWriter.data(from: document, format: format)
        case .xml:
            do {
                return try PropertyListSerialization.data(fromPropertyList: document.foundationValue, format: .xml, options: 0)
            } catch {
                throw ModelError(.unsupported("Foundation could not write the XML property list: \(error)"), format: format)
            }
        }
    }
}
