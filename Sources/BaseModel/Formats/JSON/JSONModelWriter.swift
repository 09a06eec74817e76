import Foundation

/// The JSON writer: every JSON the library writes comes out of it, from the one encoder
/// (models, `data(format: .json)`, ``Model/jsonData(prettyPrinted:sortedKeys:)``), from a tree
/// (``writeTree(_:)``: ``JSONWriter``, `encodeTree`) or from a graph read in any format
/// (``InputIndex/write(to:)``: `convert`), straight to bytes through ``JSONByteWriter``.
///
/// ```swift
/// let writer = JSONModelWriter(options: .prettyPrinted)
/// try TreeEncoder.write(game, registry: nil, to: writer)
/// let bytes = try writer.finish()     // == JSONWriter.data(from: ModelEncoder().encode(game), options: .prettyPrinted)
/// ```
///
/// Values are written as they come: an array element's comma and indentation before it, a
/// dictionary's key (and `:`) in ``writeKey(_:)``. With ``JSONWriter/Options/sortedKeys`` a
/// dictionary's entries are put in key order when it closes (each entry's bytes moved as they
/// are). A value JSON cannot hold (NaN, an infinity, a date that is not finite, nesting deeper
/// than ``DecodingLimits/maximumDepth``) is written as `null` and its error, with the value's
/// path, is kept and thrown by ``finish()``: the encoder's own errors come first, as on the tree
/// path.
///
/// JSON has no references: a shared container or object met again, or a cycle, in a graph
/// written here is `{"$alias": "<key path of its first occurrence>"}` (``writeAlias(to:)``), what
/// the untyped view of the graph shows (``InputIndex/typedTree()``); an object is a dictionary
/// whose first key is `$class`.
///
/// The encoder writes each key of a dictionary once (``replacesDuplicateKeys`` is `false`); when a
/// value turns out to need a buffer after all, ``takeBack(since:)`` reads what was written back
/// into a tree (this writer's output is canonical, so writing that tree again gives the same
/// bytes).
final class JSONModelWriter: DocumentWriter {
    private struct Frame {
        let isArray: Bool
        /// Whether this is an object (``beginObject(className:)``), whose `$class` is written.
        var isObject = false
        /// Elements or entries written so far.
        var count = 0
        /// The key of the entry being written.
        var key: String?
        /// With sorted keys: where this dictionary's entries start in ``JSONModelWriter/sortEntries``.
        var firstEntry = 0
    }

    @exclusivity(unchecked) private var output: JSONByteWriter
    @exclusivity(unchecked) private var frames: [Frame] = []
    private let pretty: Bool
    private let sorted: Bool
    /// With sorted keys, per entry of the open dictionaries: its key, where its separator starts
    /// and where its key starts in the output.
    @exclusivity(unchecked) private var sortEntries: [(key: String, separator: Int, start: Int)] = []
    /// The values JSON could not hold, with where each was written: a rewind to before one
    /// forgets it, and ``finish()`` throws the first in the output (with sorted keys, not always
    /// the first met).
    @exclusivity(unchecked) private var failures: [(offset: Int, error: ModelError)] = []

    /// Creates a writer with the layout `options` ask for (compact by default).
    init(options: JSONWriter.Options = [], capacity: Int = 16 * 1024) {
        output = JSONByteWriter(options: options, capacity: capacity)
        pretty = options.contains(.prettyPrinted)
        sorted = options.contains(.sortedKeys)
    }

    /// The JSON text.
    ///
    /// - Throws: ``ModelError`` (format `json`, with the path) for the first value JSON could not
    ///   hold.
    func finish() throws(ModelError) -> Data {
        if !failures.isEmpty { throw firstFailure() }
        return output.output.data
    }

    /// The JSON text as bytes.
    ///
    /// - Throws: ``ModelError`` as ``finish()``.
    func finishBytes() throws(ModelError) -> [UInt8] {
        if !failures.isEmpty { throw firstFailure() }
        return output.output.bytes()
    }

    var replacesDuplicateKeys: Bool { false }

    // MARK: Values

    /// Writes an array element's separator and indentation.
    @inline(__always)
    private func beginValue() {
        let top = frames.count - 1
        guard top >= 0, frames[top].isArray else { return }
        if frames[top].count > 0 { output.output.append(JSONByte.comma) }
        if pretty { output.newline(level: frames.count) }
        frames[top].count += 1
    }

    func writeNull() {
        beginValue()
        output.appendASCII("null")
    }

    func writeBool(_ value: Bool) {
        beginValue()
        output.appendASCII(value ? "true" : "false")
    }

    func writeInteger(_ value: Int64) {
        beginValue()
        output.writeInteger(value)
    }

    func writeUnsigned(_ value: UInt64) {
        beginValue()
        output.writeDecimal(value)
    }

    func writeDouble(_ value: Double) {
        beginValue()
        do {
            try output.writeDouble(value)
        } catch {
            fail(error)
        }
    }

    func writeString(_ value: String) {
        beginValue()
        output.writeString(value)
    }

    func writeData(_ value: Data) {
        beginValue()
        output.writeData(value)
    }

    func writeDate(_ value: Date) {
        beginValue()
        do {
            try output.writeDate(value)
        } catch {
            fail(error)
        }
    }

    func writeTree(_ value: ModelValue) {
        beginValue()
        let start = output.output.count
        do {
            try output.write(value, level: frames.count)
        } catch {
            output.output.removeTail(from: start)
            fail(error)
        }
    }

    // MARK: Containers

    /// Opens `[` or `{` at the current level, or keeps the depth error for it.
    private func open(_ bracket: UInt8, isArray: Bool) {
        beginValue()
        if frames.count >= output.maximumDepth {
            failures.append((output.output.count, error(ModelError(DecodingLimits.depthExceeded(output.maximumDepth), format: "json"))))
        }
        output.output.append(bracket)
        frames.append(Frame(isArray: isArray, firstEntry: sortEntries.count))
    }

    private func close(_ bracket: UInt8) {
        let frame = frames.removeLast()
        if sorted && !frame.isArray { putEntriesInOrder(of: frame) }
        if pretty && frame.count > 0 { output.newline(level: frames.count) }
        output.output.append(bracket)
    }

    /// Puts the entries of the dictionary being closed in ascending UTF-8 order of their keys
    /// (the order ``JSONByteWriter`` writes a tree's), moving each entry's bytes as they are.
    private func putEntriesInOrder(of frame: Frame) {
        let entries = sortEntries[frame.firstEntry...]
        sortEntries.removeSubrange(frame.firstEntry...)
        let inOrder = zip(entries, entries.dropFirst()).allSatisfy { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        guard !inOrder, let first = entries.first else { return }
        let end = output.output.count
        let text = output.output.bytes(from: first.separator)
        // Entry n's bytes run from its key to the next entry's separator (or the end).
        let ranges = entries.indices.map { position in
            let stop = position + 1 < entries.endIndex ? entries[position + 1].separator : end
            return (entries[position].start - first.separator)..<(stop - first.separator)
        }
        let order = entries.indices.sorted { entries[$0].key.utf8.lexicographicallyPrecedes(entries[$1].key.utf8) }
        output.output.removeTail(from: first.separator)
        let level = frames.count + 1
        var moves: [(from: Range<Int>, to: Int)] = []
        text.withUnsafeBufferPointer { text in
            for (position, entry) in order.enumerated() {
                if position > 0 { output.output.append(JSONByte.comma) }
                if pretty { output.newline(level: level) }
                let range = ranges[entry - entries.startIndex]
                if !failures.isEmpty { moves.append((range, output.output.count)) }
                output.output.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
            }
        }
        // The values that failed moved with their entries.
        for index in failures.indices where failures[index].offset >= first.separator {
            let offset = failures[index].offset - first.separator
            guard let move = moves.first(where: { $0.from.contains(offset) }) else { continue }
            failures[index].offset = move.to + offset - move.from.lowerBound
        }
    }

    func beginArray(count: Int?) { open(JSONByte.openBracket, isArray: true) }
    func endArray() { close(JSONByte.closeBracket) }
    func beginDictionary(count: Int?) { open(JSONByte.openBrace, isArray: false) }

    func beginObject(className: String) {
        open(JSONByte.openBrace, isArray: false)
        writeKey(TypedTree.classKey)
        output.writeString(className)
        frames[frames.count - 1].isObject = true
    }

    func writeKey(_ key: String) {
        if sorted { return writeSortedKey(key) }
        let top = frames.count - 1
        if frames[top].count > 0 { output.output.append(JSONByte.comma) }
        if pretty { output.newline(level: frames.count) }
        output.writeString(key)
        if pretty { output.appendASCII(" : ") } else { output.output.append(JSONByte.colon) }
        frames[top].count += 1
        frames[top].key = key
        if frames[top].isObject, key.utf8.first == UInt8(ascii: "$") { refuseReserved(key) }
    }

    /// Keeps an error for an object's key `$class` or `$alias`: the text would read back as
    /// another class (a second `$class` wins) or as an alias.
    @inline(never)
    private func refuseReserved(_ key: String) {
        guard key == TypedTree.classKey || key == TypedTree.aliasKey else { return }
        failures.append((output.output.count, error(ModelError(TypedTree.reservedKeyReason(key), format: "json"))))
    }

    /// ``writeKey(_:)`` with sorted keys: the entry's places are kept for closing.
    @inline(never)
    private func writeSortedKey(_ key: String) {
        let top = frames.count - 1
        let separator = output.output.count
        if frames[top].count > 0 { output.output.append(JSONByte.comma) }
        if pretty { output.newline(level: frames.count) }
        sortEntries.append((key, separator, output.output.count))
        output.writeString(key)
        if pretty { output.appendASCII(" : ") } else { output.output.append(JSONByte.colon) }
        frames[top].count += 1
        frames[top].key = key
        if frames[top].isObject, key.utf8.first == UInt8(ascii: "$") { refuseReserved(key) }
    }

    func endDictionary() { close(JSONByte.closeBrace) }

    func beginShared(_ object: SharedObject) {}
    func endShared(_ object: SharedObject) {}

    func writeAlias(to object: SharedObject) {
        writeTree([TypedTree.aliasKey: .string(object.keyPath)])
    }

    // MARK: Errors

    /// The failure written first in the output (of two at one place, the one met first).
    private func firstFailure() -> ModelError {
        failures.min { $0.offset < $1.offset }!.error
    }

    /// Keeps the error, with the path of the value being written and where it is written.
    private func fail(_ reason: ModelError) {
        failures.append((output.output.count, error(reason)))
        // A placeholder keeps the text readable for ``takeBack(since:)``.
        output.appendASCII("null")
    }

    /// `inner` (whose path is below the current value) with the path of the current value.
    private func error(_ inner: ModelError) -> ModelError {
        var located = inner
        let components = frames.map { frame -> ModelPath.Component in
            frame.isArray ? .index(frame.count - 1) : .key(frame.key ?? "")
        }
        located.path = ModelPath(components + inner.path.components)
        return located
    }

    // MARK: Marks

    func mark() -> WriterMark {
        WriterMark(offset: output.output.count, depth: frames.count, count: frames.last?.count ?? 0)
    }

    func rewind(to mark: WriterMark) {
        restore(mark)
        if !failures.isEmpty { failures.removeAll { $0.offset >= mark.offset } }
    }

    /// Puts the output and the containers back as they were at `mark`.
    private func restore(_ mark: WriterMark) {
        output.output.removeTail(from: mark.offset)
        frames.removeLast(frames.count - mark.depth)
        if mark.depth > 0 { frames[mark.depth - 1].count = mark.count }
        if sorted {
            let kept = mark.depth == 0 ? 0 : frames[mark.depth - 1].firstEntry + (frames[mark.depth - 1].isArray ? 0 : mark.count)
            sortEntries.removeSubrange(kept...)
        }
    }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content {
        var text = output.output.bytes(from: mark.offset)
        // An array element's separator and indentation come after the mark.
        let start = text.firstIndex { $0 != JSONByte.comma && $0 != JSONByte.lineFeed && $0 != JSONByte.space } ?? text.count
        text.removeFirst(start)
        let open = frames[mark.depth...].reversed()
        for frame in open { text.append(frame.isArray ? JSONByte.closeBracket : JSONByte.closeBrace) }
        let wasOpen = !open.isEmpty
        // The failure of a value taken back stays: the value is written again at the same place.
        restore(mark)
        let parsed = text.withUnsafeBytes { bytes in
            JSONIndex.read(bytes: bytes, maximumDepth: output.maximumDepth)
        }
        guard case .success(let index) = parsed, let value = try? index.typedTree() else { return .empty }
        guard wasOpen else { return .value(value) }
        switch value {
        case .array(let elements): return .array(elements.map(EncodingNode.Slot.value))
        case .dictionary(let entries): return .dictionary(entries.mapValues(EncodingNode.Slot.value))
        default: return .value(value)
        }
    }

    func writeRecorded(_ recording: any WriterRecording) {
        assertionFailure("the JSON writer takes values back as trees")
    }
}
