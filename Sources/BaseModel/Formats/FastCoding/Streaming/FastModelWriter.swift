import Foundation
import OrderedCollections

/// The fast format's writer of the one encoder: models go to FastCoding 3.3 bytes without the
/// typed tree, byte for byte what `FastCodec().encodeTree(ModelEncoder(registry:).encode(value))`
/// writes.
///
/// ```swift
/// let writer = FastModelWriter()
/// try TreeEncoder.write(list, registry: .shared, to: writer)
/// let bytes = try writer.finish()
/// ```
///
/// A class definition must come before an object's values, and it depends on the object's keys
/// (a later object of the class reuses it, or widens it when it has new keys: FastCoding's rule),
/// which are known only when the object is done. So the writer records the encoder's calls as
/// small events (``FastTapeEvent``: scalars, keys, begin and end marks, aliases) and
/// ``finish()`` writes them with ``FastTapeReplay``: each object's definition from its keys, its
/// values in the definition's order, nil for the keys it lacks, strings stored once, a shared
/// instance as an object alias after its first occurrence. The encoder runs (and user code runs)
/// once, in document order; the events are only replayed.
///
/// The encoder writes each key of a dictionary or object once (``replacesDuplicateKeys`` is
/// `false`). Errors of the format (a NUL in a string, nesting deeper than the limit, an alias that
/// leads nowhere) come from ``finish()``, with the path of the value, after the encoder's own.
final class FastModelWriter: ModelWriter {
    @exclusivity(unchecked) private var events: [FastTapeEvent] = []
    /// The begin events of the containers still open.
    @exclusivity(unchecked) private var open: [Int] = []
    /// What the replay must look out for: trees, `$class`/`$alias` keys, aliases.
    private var hints = FastTapeReplay.Hints()

    init() {
        events.reserveCapacity(4096)
    }

    /// The FastCoding bytes of what was written.
    ///
    /// - Throws: ``ModelError`` with format `fast` and the path, as ``FastCodec/encodeTree(_:)``.
    func finish() throws(ModelError) -> Data {
        var replay = FastTapeReplay(events: events, hints: hints)
        return try replay.run()
    }

    var replacesDuplicateKeys: Bool { false }

    func writeNull() { events.append(.null) }
    func writeBool(_ value: Bool) { events.append(.bool(value)) }
    func writeInteger(_ value: Int64) { events.append(.integer(value)) }
    func writeUnsigned(_ value: UInt64) { events.append(.unsigned(value)) }
    func writeDouble(_ value: Double) { events.append(.double(value)) }
    func writeString(_ value: String) { events.append(.string(value)) }
    func writeData(_ value: Data) { events.append(.data(value)) }
    func writeDate(_ value: Date) { events.append(.date(value)) }

    func writeTree(_ value: ModelValue) {
        switch value {
        case .array, .dictionary:
            hints.trees = true
            events.append(.tree(value))
        default: TreeEncoder.write(value, to: self)
        }
    }

    private func begin(_ event: FastTapeEvent) {
        open.append(events.count)
        events.append(event)
    }

    private func end() {
        let begin = open.removeLast()
        events[begin] = events[begin].closed(length: events.count - begin)
        events.append(.end)
    }

    func beginArray(count: Int?) { begin(.beginArray(length: 0)) }
    func endArray() { end() }
    func beginDictionary(count: Int?) { begin(.beginDictionary(length: 0)) }
    func beginObject(className: String) { begin(.beginObject(className: className, length: 0)) }
    func writeKey(_ key: String) {
        // `$class` and `$alias` make a dictionary an object or an alias, as in a typed tree.
        if key.utf8.first == 0x24, key == TypedTree.classKey || key == TypedTree.aliasKey, let begin = open.last,
            case .beginDictionary(let length) = events[begin] {
            events[begin] = .beginReservedDictionary(length: length)
            hints.reservedKeys = true
        }
        events.append(.key(key))
    }
    func endDictionary() { end() }
    func beginShared(_ object: SharedObject) { begin(.beginShared(object, length: 0)) }
    func endShared(_ object: SharedObject) { end() }
    func writeAlias(to object: SharedObject) {
        hints.aliases = true
        events.append(.alias(object))
    }

    func mark() -> WriterMark {
        WriterMark(offset: events.count, depth: open.count, count: 0, key: nil)
    }

    func rewind(to mark: WriterMark) {
        events.removeSubrange(mark.offset...)
        open.removeLast(open.count - mark.depth)
    }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content {
        defer { rewind(to: mark) }
        guard mark.offset < events.count else { return .empty }
        guard open.count > mark.depth else {
            return .recorded(FastTapeRecording(events[mark.offset...]))
        }
        // A container still open: its entries or elements, each value's events on their own.
        let isArray = if case .beginArray = events[mark.offset] { true } else { false }
        var position = mark.offset + 1
        if isArray {
            var elements: [EncodingNode.Slot] = []
            while position < events.count {
                let extent = events[position].extent
                elements.append(.recorded(FastTapeRecording(events[position..<position + extent])))
                position += extent
            }
            return .array(elements)
        }
        var entries = OrderedDictionary<String, EncodingNode.Slot>()
        while position + 1 < events.count, case .key(let key) = events[position] {
            let extent = events[position + 1].extent
            entries[key] = .recorded(FastTapeRecording(events[position + 1..<position + 1 + extent]))
            position += 1 + extent
        }
        return .dictionary(entries)
    }

    func writeRecorded(_ recording: any WriterRecording) {
        guard let recording = recording as? FastTapeRecording else {
            return assertionFailure("a recording of another writer")
        }
        events.append(contentsOf: recording.events)
    }
}
