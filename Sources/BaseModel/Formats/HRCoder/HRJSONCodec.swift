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
/// are: a container or object met again, shared or in a cycle, is `{"$alias": "<key path of its
/// first occurrence>"}`, and reads back as the same node. The root may be any value: HRCoder
/// writes a plain array or dictionary root without `$class`. The tree's own leaves are spelled
/// as HRCoder 1.3.3 spelled them in JSON (``HRSpelling``):
///
/// - data: `{"$class": "NSData", "$data": "<base64>"}`;
/// - dates: `{"$class": "NSDate", "NS.time": <seconds since 2001-01-01 UTC>}`, the shortest
///   decimal that reads back as the same double, so dates keep their sub-second precision;
/// - null: JSON `null` (and `{"$class": "NSNull"}` reads as null too).
///
/// Reading undoes this (``HRGraphReader``): a dictionary holding `$data` is data whatever its
/// `$class`, and `NSDate`, `NSNull`, `NSString`/`NSMutableString`, `NSData`/`NSMutableData` and
/// `NSURL` objects become values. Other `$class` names, known or not, are objects for the model
/// decoder, which decides what it can build. The output is compact and keeps the key order
/// written (the model encoder writes `$class` first); `/` is escaped as `\/`, as Foundation's
/// `NSJSONSerialization` did.
struct HRJSONCodec: GraphCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/hrJSON``.
    var format: ModelFormat { .hrJSON }
    /// `json`.
    var fileExtension: String { "json" }
    /// `true`: models are written with `$class` and `$alias`.
    var storesTypes: Bool { true }

    /// 70 when the bytes are a JSON array or object that holds HRCoder's marks (``HRDetection``:
    /// a string `$class`, `$alias` or `$data` anywhere), `nil` otherwise. Plain JSON scores 50
    /// and keyed archives 80.
    ///
    /// Complexity: O(*n*): a scan for the marks, then, when they occur, a parse.
    func confidence(for data: Data) -> Int? {
        guard let first = HRDetection.firstSignificantByte(data), data[first] == UInt8(ascii: "{") || data[first] == UInt8(ascii: "["),
            HRDetection.mayHoldMarks(data), let document = try? Self.document(data, format: format),
            HRDetection.holdsMarks(document)
        else { return nil }
        return HRDetection.confidence
    }

    /// Reads an HR JSON document into a graph (see ``HRGraphReader``). The whole document is read
    /// before aliases are resolved, so an alias may name a path that appears later in the file
    /// (a forward reference) or an ancestor (`$root` for a cycle).
    ///
    /// - Throws: ``ModelError`` with format `hr-json` and the path of the problem: the parser's
    ///   errors (``ModelError/Reason/empty``, ``ModelError/Reason/truncated``,
    ///   ``ModelError/Reason/malformed(_:)``, with the byte offset), a `$class` or `$alias` that
    ///   is not a string, `$data` that is not base64, an alias that names nothing, or nesting
    ///   deeper than ``DecodingLimits/maximumDepth``.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try HRGraphReader.graph(of: Self.document(data, format: format), byteCount: data.count, format: format.rawValue)
    }

    /// A writer of compact HR JSON (``HRJSONWriter``).
    func makeWriter() -> any DocumentWriter {
        DocumentRecorder(format: format, typed: true) { document throws(ModelError) in
            try HRJSONWriter.data(of: document, format: .hrJSON)
        }
    }

    /// The JSON document's own graph (``JSONIndex``), before HR's spellings are undone.
    ///
    /// - Throws: ``ModelError`` from the JSON reader, with `format`.
    static func document(_ data: Data, format: ModelFormat) throws(ModelError) -> InputIndex {
        do {
            return try JSONIndex.read(data)
        } catch var error {
            error.format = format
            throw error
        }
    }
}
