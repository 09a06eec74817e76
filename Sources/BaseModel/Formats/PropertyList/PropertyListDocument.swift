import Foundation

/// Recognising and reading property-list documents of either form, shared by the property-list
/// and keyed-archive codecs.
enum PropertyListDocument {
    /// The two forms of property list.
    enum Kind {
        case xml, binary

        /// The format name errors carry.
        var formatName: String { self == .xml ? ModelFormat.xmlPropertyList.rawValue : ModelFormat.binaryPropertyList.rawValue }
    }

    /// What the top of a property list says about who should read it.
    struct Summary {
        /// The string value of a top-level `$archiver`, when there is one.
        var archiver: String?
        /// The top dictionary has an `$archiver` key (of any kind).
        var hasArchiverKey = false
        /// The top dictionary has a `$class` key (an HRCoder tree).
        var hasClassKey = false
    }

    /// The form of `data`, from its first bytes: `bplist` (the reader checks the version), or XML that opens with a
    /// declaration, a doctype or `<plist` (after an optional byte-order mark and whitespace).
    static func kind(of data: Data) -> Kind? {
        if data.starts(with: BinaryPropertyListLayout.magic.prefix(6)) || (!data.isEmpty && BinaryPropertyListLayout.magic.starts(with: data)) {
            return .binary
        }
        let text = XMLText.leadingText(data).drop(while: \.isXMLWhitespace)
        return text.hasPrefix("<?xml") || text.hasPrefix("<plist") || text.hasPrefix("<!DOCTYPE plist") ? .xml : nil
    }

    /// Reads a property list of either form into a graph (see ``BinaryPropertyListReader`` and
    /// ``XMLPropertyListReader``).
    ///
    /// - Parameter format: The format errors name; `nil` names the form (`xml` or `binary`).
    /// - Throws: ``ModelError`` from the reader, or ``ModelError/Reason/malformed(_:)`` when the
    ///   bytes are neither form (``ModelError/Reason/empty`` when there are none).
    static func readGraph(_ data: Data, format: String? = nil) throws(ModelError) -> InputIndex {
        switch kind(of: data) {
        case .binary: return try BinaryPropertyListReader.readGraph(data, format: format ?? Kind.binary.formatName)
        case .xml: return try XMLPropertyListReader.readGraph(data, format: format ?? Kind.xml.formatName)
        case nil: throw neitherForm(data, format: format)
        }
    }

    /// Reads a property list of either form as a ``PropertyListObject``: UIDs are UIDs, and a
    /// container the file shares is copied at each place (within the ``DecodingLimits``).
    ///
    /// - Parameter format: The format errors name; `nil` names the form (`xml` or `binary`).
    /// - Throws: ``ModelError`` as ``readGraph(_:format:)``, and
    ///   ``ModelError/Reason/unsupported(_:)`` when the copies pass the limits.
    static func read(_ data: Data, format: String? = nil) throws(ModelError) -> PropertyListObject {
        switch kind(of: data) {
        case .binary: return try BinaryPropertyListReader.read(data, format: format ?? Kind.binary.formatName)
        case .xml: return try XMLPropertyListReader.read(data, format: format ?? Kind.xml.formatName)
        case nil: throw neitherForm(data, format: format)
        }
    }

    private static func neitherForm(_ data: Data, format: String?) -> ModelError {
        guard !data.isEmpty else { return ModelError(.empty, format: format) }
        return ModelError(
            .malformed("not a property list (neither bplist00 nor XML)"), excerpt: ModelValue.dataSummary(data.prefix(16)),
            format: format, offset: 0)
    }

    /// The top-level facts detection needs, or `nil` when `data` is not a readable property
    /// list. Binary lists are summarised from the top dictionary's keys alone; XML lists are
    /// parsed only when the text mentions `$archiver` or `$class` at all.
    static func summary(of data: Data) -> Summary? {
        switch kind(of: data) {
        case .binary:
            // The layout alone: a reader would first fill tables of the object count's size,
            // and detection asks for the summary once per property-list codec.
            guard let layout = try? BinaryPropertyListLayout(bytes: [UInt8](data), format: "binary") else { return nil }
            let keys: [(key: String, value: Int)]?
            do { keys = try layout.topDictionaryKeys() } catch { return nil }
            var summary = Summary()
            guard let entries = keys else { return summary }
            for (key, reference) in entries {
                if key == TypedTree.classKey { summary.hasClassKey = true }
                if key == "$archiver" {
                    summary.hasArchiverKey = true
                    summary.archiver = (try? layout.scalarObject(reference))??.stringValue
                }
            }
            return summary
        case .xml:
            guard let text = try? XMLText.utf8(data, format: "xml") else { return nil }
            let utf8 = Data(text)
            guard utf8.range(of: Data("$archiver".utf8)) != nil || utf8.range(of: Data("$class".utf8)) != nil else { return Summary() }
            guard let graph = try? XMLPropertyListReader.readGraph(data) else { return nil }
            guard graph[graph.root].kind == .dictionary else { return Summary() }
            let archiver = graph.value(of: graph.root, forKey: "$archiver", request: -1)
            return Summary(
                archiver: archiver.flatMap { graph.scalar($0) }.flatMap { value -> String? in
                    if case .string(let text) = value { return text }
                    return nil
                },
                hasArchiverKey: archiver != nil,
                hasClassKey: graph.value(of: graph.root, forKey: TypedTree.classKey, request: -1) != nil)
        case nil:
            return nil
        }
    }
}
