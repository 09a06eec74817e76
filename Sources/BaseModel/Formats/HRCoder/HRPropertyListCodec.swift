import Foundation

/// What ``HRXMLCodec`` and ``HRBinaryCodec`` share: an HRCoder document as a property list, read
/// and written by ``HRPropertyList`` in the codec's ``encoding``. A conforming codec names its
/// format and encoding; everything else is here.
protocol HRPropertyListCodec: FormatCodec {
    /// The property-list encoding the codec writes, and the one its ``confidence(for:)`` claims.
    var encoding: HRPropertyList.Encoding { get }
}

extension HRPropertyListCodec {
    /// `plist`.
    var fileExtension: String { "plist" }
    /// `true`: models are written with `$class` and `$alias`.
    var storesTypes: Bool { true }

    /// 70 when the bytes are a property list in the codec's ``encoding`` whose root is a
    /// dictionary holding `$class`, as BaseModel 2.6 required; `nil` otherwise. Plain property
    /// lists score 60 and keyed archives 80.
    ///
    /// Complexity: O(*n*): a scan for the bytes `$class`, then, when they occur, a full parse.
    func confidence(for data: Data) -> Int? {
        HRPropertyList.confidence(for: data, encoding: encoding)
    }

    /// Reads an HR property list (XML or binary) into a typed tree, checking aliases once the
    /// whole document is read (forward references and cycles to `$root` are valid).
    ///
    /// - Throws: ``ModelError`` with the codec's format and the path of the problem:
    ///   ``ModelError/Reason/empty``, ``ModelError/Reason/truncated`` and
    ///   ``ModelError/Reason/malformed(_:)`` for bytes that are not a property list, a root that is
    ///   not a dictionary, a `$class` or `$alias` that is not a string, `$data` that is not base64,
    ///   an alias that names nothing, or nesting deeper than ``TypedTree/maximumDepth``.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            try HRPropertyList.decodeTree(from: data, format: format.rawValue)
        }
    }

    /// Writes a typed tree as a property list in the codec's ``encoding``, keys in the tree's
    /// order.
    ///
    /// - Throws: ``ModelError`` with the codec's format: what ``TypedTree/validate(_:format:)``
    ///   rejects (a root that is not a dictionary, an alias that names nothing) and a dictionary
    ///   holding the reserved key `$data`.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let name = format.rawValue
            let document = try HRDocument.document(from: tree, style: .propertyList, format: name)
            return try HRPropertyList.data(from: document, encoding: encoding, format: name)
        }
    }
}
