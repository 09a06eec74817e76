import Foundation

/// The `hr-json` format: an HRCoder document as JSON, what BaseModel's `BMFileFormatHRCodedJSON`
/// saved (HRTodoList's `TodoList.json`).
///
/// ```swift
/// let codec = HRJSONCodec()
/// let tree: ModelValue = ["$class": "TodoList", "items": [["$class": "TodoItem", "label": "Buy milk"]]]
/// let bytes = try codec.encodeTree(tree)
/// // {"$class":"TodoList","items":[{"$class":"TodoItem","label":"Buy milk"}]}
/// try codec.decodeTree(from: bytes) == tree   // true
/// ```
///
/// Typed objects (`$class`) and shared references (`$alias`, see ``TypedTree``) are written as they
/// are; the tree's own leaves are spelled as HRCoder 1.3.3 spelled them in JSON:
///
/// - data: `{"$class": "NSData", "$data": "<base64>"}`;
/// - dates: `{"$class": "NSDate", "NS.time": <seconds since 2001-01-01 UTC>}`, the shortest
///   decimal that reads back as the same double, so dates keep their sub-second precision;
/// - null: JSON `null`.
///
/// Reading undoes this: a dictionary holding `$data` is data whatever its `$class`, and
/// `NSDate`, `NSNull`, `NSString`/`NSMutableString`, `NSData`/`NSMutableData` and `NSURL`
/// objects become the tree's values. Other `$class` names, known or not, are left to the model
/// decoder, which decides what it can build. The output is compact and keeps the tree's key
/// order (the model encoder writes `$class` first); `/` is escaped as `\/`, as Foundation's
/// `NSJSONSerialization` did.
struct HRJSONCodec: FormatCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/hrJSON``.
    var format: ModelFormat { .hrJSON }
    /// `json`.
    var fileExtension: String { "json" }
    /// `true`: models are written with `$class` and `$alias`.
    var storesTypes: Bool { true }

    /// 70 when the bytes are JSON whose root is a dictionary holding `$class` (BaseModel 2.6's
    /// rule for handing a file to HRCoder), `nil` otherwise; a root array of typed objects is not
    /// enough. Plain JSON scores 50 and keyed archives 80.
    ///
    /// Complexity: O(*n*): a scan for the bytes `$class`, then, when they occur, a full parse.
    func confidence(for data: Data) -> Int? {
        guard let first = HRDetection.firstSignificantByte(data), data[first] == UInt8(ascii: "{"),
            HRDetection.mayHoldClassKey(data), let document = try? JSONParser.parse(data),
            HRDetection.isHRRoot(document)
        else { return nil }
        return HRDetection.confidence
    }

    /// Reads an HR JSON document into a typed tree.
    ///
    /// The whole document is read before aliases are checked, so an alias may name a path that
    /// appears later in the file (a forward reference) or an ancestor (`$root` for a cycle).
    ///
    /// - Throws: ``ModelError`` with format `hr-json` and the path of the problem: the parser's
    ///   errors (``ModelError/Reason/empty``, ``ModelError/Reason/truncated``,
    ///   ``ModelError/Reason/malformed(_:)``, with the byte offset), a root that is not a
    ///   dictionary, a `$class` or `$alias` that is not a string, `$data` that is not base64, an
    ///   alias that names nothing, or nesting deeper than ``TypedTree/maximumDepth``.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            let name = format.rawValue
            let document: ModelValue
            do throws(ModelError) {
                document = try JSONParser.parse(data, maximumDepth: TypedTree.maximumDepth)
            } catch {
                var error = error
                error.format = format
                throw error
            }
            return try HRDocument.tree(from: document, format: name)
        }
    }

    /// Writes a typed tree as compact HR JSON.
    ///
    /// - Throws: ``ModelError`` with format `hr-json`: what ``TypedTree/validate(_:format:)``
    ///   rejects (a root that is not a dictionary, an alias that names nothing), a dictionary
    ///   holding the reserved key `$data`, and a double or date that is not finite.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let name = format.rawValue
            let document = try HRDocument.document(from: tree, style: .json, format: name)
            do throws(ModelError) {
                return try JSONWriter.data(from: document)
            } catch {
                var error = error
                error.format = format
                throw error
            }
        }
    }
}
