import Foundation

/// The JSON reader's entry point: a document read in one pass into an ``InputIndex``, the graph
/// every JSON route starts from (models, ``JSONParser``'s tree, conversion to other formats).
///
/// One node per value, strings in a side table, and each dictionary's keys interned, so a key
/// repeated in every element of an array is one string and is found by number. The index holds
/// what RFC 8259 JSON says and nothing more: a JSON document has no shared containers, cycles,
/// classes, dates or data. It is exactly the tree ``JSONParser`` documents: a key given twice
/// keeps its first place and its last value, keys are compared as Swift strings (canonically
/// equivalent spellings are one key), integers above `Int64.max` are
/// ``InputIndex/Kind/unsignedInteger`` nodes and larger ones doubles.
enum JSONIndex {
    /// The index of `data`.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 encoded document. A leading byte-order mark is skipped.
    ///   - maximumDepth: How many levels of arrays and dictionaries may nest.
    /// - Throws: ``ModelError`` with format `json`, the byte offset and the path of the problem,
    ///   as ``JSONParser`` describes.
    static func read(_ data: Data, maximumDepth: Int = JSONParser.defaultMaximumDepth) throws(ModelError) -> InputIndex {
        try data.withUnsafeBytes { bytes in read(bytes: bytes, maximumDepth: maximumDepth) }.get()
    }

    /// The index of the document in `bytes`, which must stay valid for the call, or its error.
    static func read(bytes: UnsafeRawBufferPointer, maximumDepth: Int) -> Result<InputIndex, ModelError> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return .failure(ModelError(.empty, format: "json", offset: 0))
        }
        var reader = JSONReader(
            start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maximumDepth: max(0, maximumDepth))
        do {
            let root = try reader.readDocument()
            return .success(reader.builder.index(root: root))
        } catch {
            return .failure(error)
        }
    }
}
