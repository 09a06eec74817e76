import Foundation

/// The JSON writer of the one encoder and of the JSON codec (``GraphCodec/makeWriter()``):
/// models go straight to JSON bytes (through ``JSONByteWriter``), without the tree, byte for byte
/// what ``JSONWriter`` writes for the tree. A graph written here (``InputIndex/write(to:)``) has
/// each shared container or cycle met again as `{"$alias": "<key path>"}` (``writeAlias(to:)``).
///
/// ```swift
/// let writer = JSONModelWriter(options: .prettyPrinted)
/// try TreeEncoder.write(game, registry: nil, to: writer)
/// let bytes = try writer.finish()     // == JSONWriter.data(from: ModelEncoder().encode(game), options: .prettyPrinted)
/// ```
///
/// Values are written as they come: an array element's comma and indentation before it, a
/// dictionary's key (and `:`) in ``writeKey(_:)``. A value JSON cannot hold (NaN, an infinity, a
/// date that is not finite, nesting deeper than ``DecodingLimits/maximumDepth``) is written as
/// `null` and its error, with the value's path, is kept and thrown by ``finish()``: the encoder's
/// own errors come first, as on the tree path.
///
/// The encoder writes each key of a dictionary once (``replacesDuplicateKeys`` is `false`); when a
/// value turns out to need a buffer after all, ``takeBack(since:)`` reads what was written back
/// into a tree (this writer's output is canonical, so writing that tree again gives the same
/// bytes). Sorted keys are not written here (``JSONWriter/Options/sortedKeys`` goes through the tree).
final class JSONModelWriter: DocumentWriter {
    private struct Frame {
        let isArray: Bool
        /// Elements or entries written so far.
        var count = 0
        /// The key of the entry being written.
        var key: String?
    }

    @exclusivity(unchecked) private var output: JSONByteWriter
    @exclusivity(unchecked) private var frames: [Frame] = []
    private let pretty: Bool
    @exclusivity(unchecked) private var failure: ModelError?
    /// Where the value that failed was written: a rewind to before it forgets the failure.
    @exclusivity(unchecked) private var failureOffset = 0

    /// Creates a writer; `options` may ask for ``JSONWriter/Options/prettyPrinted`` and
    /// ``JSONWriter/Options/withoutEscapingSlashes``.
    init(options: JSONWriter.Options = []) {
        output = JSONByteWriter(options: options.subtracting(.sortedKeys), capacity: 16 * 1024)
        pretty = options.contains(.prettyPrinted)
    }

    /// The JSON text.
    ///
    /// - Throws: ``ModelError`` (format `json`, with the path) for the first value JSON could not
    ///   hold.
    func finish() throws(ModelError) -> Data {
        if let failure { throw failure }
        return output.output.data
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
        if frames.count >= output.maximumDepth, failure == nil {
            failure = error(ModelError(DecodingLimits.depthExceeded(output.maximumDepth), format: "json"))
            failureOffset = output.output.count
        }
        output.output.append(bracket)
        frames.append(Frame(isArray: isArray))
    }

    private func close(_ bracket: UInt8) {
        let frame = frames.removeLast()
        if pretty && frame.count > 0 { output.newline(level: frames.count) }
        output.output.append(bracket)
    }

    func beginArray(count: Int?) { open(JSONByte.openBracket, isArray: true) }
    func endArray() { close(JSONByte.closeBracket) }
    func beginDictionary(count: Int?) { open(JSONByte.openBrace, isArray: false) }

    func beginObject(className: String) {
        open(JSONByte.openBrace, isArray: false)
        writeKey(TypedTree.classKey)
        output.writeString(className)
    }

    func writeKey(_ key: String) {
        let top = frames.count - 1
        if frames[top].count > 0 { output.output.append(JSONByte.comma) }
        if pretty { output.newline(level: frames.count) }
        output.writeString(key)
        if pretty { output.appendASCII(" : ") } else { output.output.append(JSONByte.colon) }
        frames[top].count += 1
        frames[top].key = key
    }

    func endDictionary() { close(JSONByte.closeBrace) }

    func beginShared(_ object: SharedObject) {}
    func endShared(_ object: SharedObject) {}

    func writeAlias(to object: SharedObject) {
        writeTree([TypedTree.aliasKey: .string(object.keyPath)])
    }

    // MARK: Errors

    /// Keeps the first error, with the path of the value being written.
    private func fail(_ reason: ModelError) {
        if failure == nil {
            failure = error(reason)
            failureOffset = output.output.count
        }
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
        if failure != nil, failureOffset >= mark.offset { failure = nil }
    }

    /// Puts the output and the containers back as they were at `mark`.
    private func restore(_ mark: WriterMark) {
        output.output.removeTail(from: mark.offset)
        frames.removeLast(frames.count - mark.depth)
        if mark.depth > 0 { frames[mark.depth - 1].count = mark.count }
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
