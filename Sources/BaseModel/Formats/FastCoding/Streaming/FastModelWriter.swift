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
    @exclusivity(unchecked) private var tape = FastTape()
    /// The begin events of the containers still open.
    @exclusivity(unchecked) private var open: [Int] = []
    /// What the replay must look out for: trees, `$class`/`$alias` keys, aliases.
    @exclusivity(unchecked) private var hints = FastTapeReplay.Hints()
    @exclusivity(unchecked) private var classIndices: [String: Int32] = [:]
    /// Class names met, by the bits of the `String` (its storage, or a small string's bytes):
    /// the encoder hands each type's name as the same `String` every time, so this finds it
    /// without hashing its text. Holding the name keeps its storage from being reused.
    @exclusivity(unchecked) private var recentClasses = [(name: String, index: Int32)?](repeating: nil, count: 16)

    init() {
        tape.events.reserveCapacity(4096)
    }

    /// The FastCoding bytes of what was written.
    ///
    /// - Throws: ``ModelError`` with format `fast` and the path, as ``FastCodec/encodeTree(_:)``.
    func finish() throws(ModelError) -> Data {
        var replay = FastTapeReplay(tape: tape, hints: hints)
        return try replay.run()
    }

    var replacesDuplicateKeys: Bool { false }

    func writeNull() { tape.events.append(.null) }
    func writeBool(_ value: Bool) { tape.events.append(.bool(value)) }
    func writeInteger(_ value: Int64) { tape.events.append(.integer(value)) }
    func writeUnsigned(_ value: UInt64) { tape.events.append(.unsigned(value)) }
    func writeDouble(_ value: Double) { tape.events.append(.double(value)) }
    func writeDate(_ value: Date) { tape.events.append(.date(value.timeIntervalSinceReferenceDate)) }

    func writeString(_ value: String) {
        tape.events.append(.string(tape.texts.count))
        tape.texts.append(value)
        tape.stringCount += 1
    }

    func writeData(_ value: Data) {
        tape.events.append(.data(tape.blobs.count))
        tape.blobs.append(value)
    }

    func writeTree(_ value: ModelValue) {
        switch value {
        case .array, .dictionary:
            hints.trees = true
            tape.events.append(.tree(tape.trees.count))
            tape.trees.append(value)
        default:
            TreeEncoder.write(value, to: self)
        }
    }

    private func begin(_ event: FastTapeEvent) {
        open.append(tape.events.count)
        tape.events.append(event)
    }

    private func end() {
        let begin = open.removeLast()
        tape.events[begin] = tape.events[begin].closed(length: tape.events.count - begin)
        tape.events.append(.end)
    }

    func beginArray(count: Int?) { begin(.beginArray(length: 0)) }
    func endArray() { end() }
    func beginDictionary(count: Int?) { begin(.beginDictionary(length: 0)) }

    func beginObject(className: String) {
        let bits = Self.bits(of: className)
        let slot = Int(truncatingIfNeeded: ((bits.0 ^ bits.1) &* 0x9E37_79B9_7F4A_7C15) >> 60)
        if let recent = recentClasses[slot], Self.bits(of: recent.name) == bits {
            return begin(.beginObject(className: recent.index, length: 0))
        }
        let index: Int32
        if let known = classIndices[className] {
            index = known
        } else {
            index = Int32(tape.classNames.count)
            tape.classNames.append(className)
            classIndices[className] = index
        }
        recentClasses[slot] = (className, index)
        begin(.beginObject(className: index, length: 0))
    }

    /// The bits of a `String` value (16 bytes on 64-bit platforms, 12 on 32-bit ones).
    @inline(__always)
    private static func bits(of text: String) -> (UInt64, UInt64) {
        withUnsafeBytes(of: text) { raw in
            var high: UInt64 = 0
            withUnsafeMutableBytes(of: &high) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[8...])) }
            return (raw.loadUnaligned(as: UInt64.self), high)
        }
    }

    func writeKey(_ key: String) {
        // `$class` and `$alias` make a dictionary an object or an alias, as in a typed tree.
        let utf8 = key.utf8
        if !utf8.isEmpty, utf8[utf8.startIndex] == 0x24, key == TypedTree.classKey || key == TypedTree.aliasKey, let begin = open.last,
            case .beginDictionary(let length) = tape.events[begin] {
            tape.events[begin] = .beginReservedDictionary(length: length)
            hints.reservedKeys = true
        }
        tape.events.append(.key(tape.texts.count))
        tape.texts.append(key)
    }

    func endDictionary() { end() }

    func beginShared(_ object: SharedObject) {
        begin(.beginShared(object: Int32(tape.shared.count), length: 0))
        tape.shared.append(object)
    }

    func endShared(_ object: SharedObject) { end() }

    func writeAlias(to object: SharedObject) {
        hints.aliases = true
        tape.events.append(.alias(object: tape.shared.count))
        tape.shared.append(object)
    }

    func mark() -> WriterMark {
        WriterMark(offset: tape.events.count, depth: open.count, count: 0)
    }

    func rewind(to mark: WriterMark) {
        // The tables keep their entries: recordings taken back name them.
        tape.events.removeSubrange(mark.offset...)
        open.removeLast(open.count - mark.depth)
    }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content {
        // The recordings copy their events, and nothing else holds the tape's buffer when it is
        // cut back: cutting it copies nothing.
        let content = recordings(since: mark)
        rewind(to: mark)
        return content
    }

    /// The value written since `mark`, as recordings.
    private func recordings(since mark: WriterMark) -> EncodingNode.Content {
        let events = tape.events
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
            entries[tape.texts[key]] = .recorded(FastTapeRecording(events[position + 1..<position + 1 + extent]))
            position += 1 + extent
        }
        return .dictionary(entries)
    }

    func writeRecorded(_ recording: any WriterRecording) {
        guard let recording = recording as? FastTapeRecording else {
            return assertionFailure("a recording of another writer")
        }
        tape.events.append(contentsOf: recording.events)
    }
}
