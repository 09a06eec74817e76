import Foundation

/// The `hr-xml` format: an HRCoder document as an XML property list, what HRCoder's
/// `archivedDataWithRootObject:` wrote and what HRTodoList's bundled `TodoList.plist` is.
///
/// ```swift
/// let codec = HRXMLCodec()
/// let tree: ModelValue = ["$class": "TodoList", "items": [["$class": "TodoItem", "label": "Do washing"]]]
/// let plist = try codec.encodeTree(tree)       // <dict><key>$class</key><string>TodoList</string>…
/// try codec.decodeTree(from: plist) == tree   // true
/// ```
///
/// Typed objects (`$class`) and shared references (`$alias`, see ``TypedTree``) are written as they
/// are; data and dates are the property list's own `<data>` and `<date>`, and null, which
/// property lists lack, is `{"$class": "NSNull"}` (read back as null). Reading also accepts the
/// JSON spellings (`$data`, `NS.time`) and the Foundation objects HRCoder wrote as coded objects
/// (see ``HRJSONCodec``); other `$class` names are left to the model decoder.
///
/// Choices to know:
///
/// - Keys are written and read back in the tree's order, so the output depends only on the tree.
/// - XML dates have whole seconds (`<date>2001-01-01T00:00:12Z</date>`); use ``HRBinaryCodec``
///   or ``HRJSONCodec`` to keep fractions.
/// - Reading accepts XML and binary property lists; writing is XML. The library's own
///   property-list reader and writer do the work.
struct HRXMLCodec: FormatCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/hrXML``.
    var format: ModelFormat { .hrXML }
    /// `plist`.
    var fileExtension: String { "plist" }
    /// `true`: models are written with `$class` and `$alias`.
    var storesTypes: Bool { true }

    /// 70 when the bytes are an XML property list (`<?xml`, `<!DOCTYPE plist` or `<plist` first)
    /// whose root is a dictionary holding `$class`, as BaseModel 2.6 required; `nil` otherwise.
    /// Plain property lists score 60 and keyed archives 80.
    ///
    /// Complexity: O(*n*): a scan for the bytes `$class`, then, when they occur, a full parse.
    func confidence(for data: Data) -> Int? {
        HRPropertyList.confidence(for: data, encoding: .xml)
    }

    /// Reads an HR property list into a typed tree, checking aliases once the whole document is
    /// read (forward references and cycles to `$root` are valid).
    ///
    /// - Throws: ``ModelError`` with format `hr-xml` and the path of the problem:
    ///   ``ModelError/Reason/empty``, ``ModelError/Reason/truncated`` and
    ///   ``ModelError/Reason/malformed(_:)`` for bytes that are not a property list, a root that is
    ///   not a dictionary, a `$class` or `$alias` that is not a string, `$data` that is not base64,
    ///   an alias that names nothing, or nesting deeper than ``TypedTree/maximumDepth``.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            try HRPropertyList.decodeTree(from: data, format: format.rawValue)
        }
    }

    /// Writes a typed tree as an XML property list, keys in the tree's order.
    ///
    /// - Throws: ``ModelError`` with format `hr-xml`: what ``TypedTree/validate(_:format:)`` rejects
    ///   (a root that is not a dictionary, an alias that names nothing) and a dictionary holding
    ///   the reserved key `$data`.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let name = format.rawValue
            let document = try HRDocument.document(from: tree, style: .propertyList, format: name)
            return try HRPropertyList.data(from: document, encoding: .xml, format: name)
        }
    }
}
