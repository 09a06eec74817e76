import Foundation

/// What ``HRXMLCodec`` and ``HRBinaryCodec`` share: an HRCoder document as a property list, read
/// into a graph by ``HRPropertyList`` and written in the codec's ``encoding``. A conforming codec
/// names its format and encoding; everything else is here.
protocol HRPropertyListCodec: GraphCodec {
    /// The property-list encoding the codec writes, and the one its ``confidence(for:)`` claims.
    var encoding: HRPropertyList.Encoding { get }
}

extension HRPropertyListCodec {
    /// `plist`.
    var fileExtension: String { "plist" }
    /// `true`: models are written with `$class` and `$alias`.
    var storesTypes: Bool { true }

    /// 70 when the bytes are a property list in the codec's ``encoding`` that holds HRCoder's
    /// marks (``HRDetection``: a string `$class`, `$alias` or `$data` anywhere), `nil` otherwise.
    /// Plain property lists score 60 and keyed archives 80.
    ///
    /// Complexity: O(*n*): a scan for the marks, then, when they occur, a full parse.
    func confidence(for data: Data) -> Int? {
        HRPropertyList.confidence(for: data, encoding: encoding)
    }

    /// Reads an HR property list (XML or binary) into a graph (see ``HRGraphReader``): objects,
    /// aliases as the same node (forward references and cycles to `$root` are valid), and the
    /// Foundation values HRCoder spelled as objects as values. The root may be any value.
    ///
    /// - Throws: ``ModelError`` with the codec's format and the path of the problem:
    ///   ``ModelError/Reason/empty``, ``ModelError/Reason/truncated`` and
    ///   ``ModelError/Reason/malformed(_:)`` for bytes that are not a property list, a `$class`
    ///   or `$alias` that is not a string, `$data` that is not base64, an alias that names
    ///   nothing, or nesting deeper than ``DecodingLimits/maximumDepth``.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try HRPropertyList.graph(of: data, format: format)
    }

    /// A writer of HR property lists in the codec's ``encoding``: keys in the order written,
    /// objects with `$class` first, a shared container or object met again (and a cycle) as
    /// `{"$alias": path}`, null as `{"$class": "NSNull"}` (``HRSpelling``).
    func makeWriter() -> any DocumentWriter {
        let spelling = HRSpelling.propertyLists(format)
        switch encoding {
        case .xml:
            return DocumentRecorder(format: format, typed: true) { document throws(ModelError) in
                try XMLPropertyListWriter.data(of: document, spelling: spelling)
            }
        case .binary:
            return DocumentRecorder(format: format, typed: true) { document throws(ModelError) in
                try BinaryPropertyListWriter.data(of: document, spelling: spelling)
            }
        }
    }
}
