import Foundation
import OrderedCollections

/// The fast format's one writer: models, typed trees and graphs go to FastCoding 3.3 bytes;
/// a model's bytes are those of its typed tree
/// (`FastCodec().encodeTree(ModelEncoder(registry:).encode(value))`).
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
/// A graph read from a file is written back through the same calls, with the file's forms
/// (``setStyle(_:_:)``), every shared container and value (``beginShared(_:)``,
/// ``writeAlias(to:)``) and objects' nil values (``writeAbsent()``): a file FastCoding wrote
/// comes back byte for byte.
///
/// The encoder writes each key of a dictionary or object once (``replacesDuplicateKeys`` is
/// `false`). Errors of the format (a NUL in a string, nesting deeper than the limit, an alias that
/// leads nowhere) come from ``finish()``, with the path of the value, after the encoder's own.
final class FastModelWriter: DocumentWriter {
    @exclusivity(unchecked) private var tape: FastTape
    /// The tape's events, held here too: a `let` is read without a retain.
    private let events: FastTapeEvents
    /// The begin events of the containers still open.
    @exclusivity(unchecked) private var open: [Int] = []
    /// What the replay must look out for: trees, `$class`/`$alias` keys, aliases.
    @exclusivity(unchecked) private var hints = FastTapeReplay.Hints()
    @exclusivity(unchecked) private var classIndices: [String: Int32] = [:]
    /// The class names met, by the bits of the `String`: the encoder hands each type's name as
    /// the same `String` every time.
    @exclusivity(unchecked) private var knownClasses = StringBitsTable(capacity: 16)
    /// The keys met, by the bits of the `String`: a model hands each property's key as the same
    /// `String` every time.
    @exclusivity(unchecked) private var knownKeys = StringBitsTable()

    /// The sizes of the last tape and file written (up to a bound), which the next writer reserves:
    /// a buffer that grows by doubling copies about as many bytes as it ends up holding.
    private static let lastSizes = Locked((events: 4096, bytes: 16 * 1024))
    private static let largestReserved = (events: 1 << 18, bytes: 1 << 22)
    private let reserved: (events: Int, bytes: Int)

    init() {
        reserved = Self.lastSizes.withLock { $0 }
        events = FastTapeEvents(capacity: reserved.events)
        tape = FastTape(events: events)
        for key in Self.reservedKeys { _ = keyIndex(of: key) }
    }

    /// The FastCoding bytes of what was written.
    ///
    /// - Throws: ``ModelError`` with format `fast` and the path, as ``FastCodec/encodeTree(_:)``.
    func finish() throws(ModelError) -> Data {
        var replay = FastTapeReplay(tape: tape, hints: hints, capacity: reserved.bytes)
        let data = try replay.run()
        let sizes = (events: min(events.count, Self.largestReserved.events), bytes: min(data.count, Self.largestReserved.bytes))
        Self.lastSizes.withLock { $0 = sizes }
        return data
    }

    var replacesDuplicateKeys: Bool { false }

    func writeNull() { events.append(.null) }
    func writeBool(_ value: Bool) { events.append(.bool(value)) }
    func writeInteger(_ value: Int64) { events.append(.integer(value)) }
    func writeUnsigned(_ value: UInt64) { events.append(.unsigned(value)) }
    func writeDouble(_ value: Double) { events.append(.double(value)) }
    func writeDate(_ value: Date) { events.append(.date(value.timeIntervalSinceReferenceDate)) }

    func writeString(_ value: String) {
        events.append(.string(tape.texts.count))
        tape.texts.append(value)
    }

    func writeData(_ value: Data) {
        events.append(.data(tape.blobs.count))
        tape.blobs.append(value)
    }

    func writeTree(_ value: ModelValue) {
        switch value {
        case .array, .dictionary:
            hints.trees = true
            events.append(.tree(tape.trees.count))
            tape.trees.append(value)
        default:
            TreeEncoder.write(value, to: self)
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

    func beginObject(className: String) {
        if let known = knownClasses.number(of: className) {
            return begin(.beginObject(className: Int32(known), length: 0))
        }
        let index: Int32
        if let known = classIndices[className] {
            index = known
        } else {
            index = Int32(tape.classNames.count)
            tape.classNames.append(className)
            classIndices[className] = index
        }
        knownClasses.add(className, number: Int(index))
        begin(.beginObject(className: index, length: 0))
    }

    func writeKey(_ key: String) {
        writeKey(index: keyIndex(of: key))
    }

    var numbersKeys: Bool { true }

    func number(ofKey key: String) -> Int32? {
        Int32(exactly: keyIndex(of: key))
    }

    func writeKey(number: Int32) {
        writeKey(index: Int(number))
    }

    /// Writes the key at `index` of the tape's keys.
    @inline(__always)
    private func writeKey(index: Int) {
        // `$class` and `$alias` (keys 0 and 1) make a dictionary an object or an alias, as in a
        // typed tree (and as FastCoding's bootstrapping wrote such a dictionary).
        if index < Self.reservedKeys.count, let begin = open.last, case .beginDictionary(let length) = events[begin] {
            events[begin] = .beginReservedDictionary(length: length)
            hints.reservedKeys = true
        }
        events.append(.key(index))
    }

    /// The keys the tape holds first.
    private static let reservedKeys = [TypedTree.classKey, TypedTree.aliasKey]

    /// The index of `key` in the tape's keys, added if new.
    private func keyIndex(of key: String) -> Int {
        if let known = knownKeys.number(of: key) { return known }
        let index: Int
        if let known = tape.keyIndices[.string(key)] {
            index = known
        } else {
            index = tape.keys.count
            tape.keys.append(key)
            tape.keyIndices[.string(key)] = index
        }
        knownKeys.add(key, number: index)
        return index
    }

    func endDictionary() { end() }

    func beginShared(_ object: SharedObject) {
        begin(.beginShared(object: Int32(tape.shared.count), length: 0))
        tape.shared.append(object)
    }

    func endShared(_ object: SharedObject) { end() }

    func writeAlias(to object: SharedObject) {
        hints.aliases = true
        events.append(.alias(object: tape.shared.count))
        tape.shared.append(object)
    }

    func mark() -> WriterMark {
        WriterMark(offset: events.count, depth: open.count, count: 0)
    }

    func rewind(to mark: WriterMark) {
        // The tables keep their entries: recordings taken back name them.
        events.removeAll(from: mark.offset)
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
        guard mark.offset < events.count else { return .empty }
        guard open.count > mark.depth else {
            return .recorded(FastTapeRecording(events.copy(mark.offset..<events.count)))
        }
        // A container still open: its entries or elements, each value's events on their own.
        let isArray = if case .beginArray = events[mark.offset] { true } else { false }
        var position = mark.offset + 1
        if isArray {
            var elements: [EncodingNode.Slot] = []
            while position < events.count {
                let extent = events[position].extent
                elements.append(.recorded(FastTapeRecording(events.copy(position..<position + extent))))
                position += extent
            }
            return .array(elements)
        }
        var entries = OrderedDictionary<String, EncodingNode.Slot>()
        while position + 1 < events.count, case .key(let key) = events[position] {
            let extent = events[position + 1].extent
            entries[tape.keys[key]] = .recorded(FastTapeRecording(events.copy(position + 1..<position + 1 + extent)))
            position += 1 + extent
        }
        return .dictionary(entries)
    }

    // MARK: Writing a graph back

    /// Records the file's form of the next value: mutable strings, data and containers, 4-byte
    /// floats, sets, URLs, legacy dates, decimals, geometry values, index sets, NSCoded objects
    /// and keyed archives are written back with their own chunks.
    func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) {
        hints.styles = true
        tape.styles[events.count] = (flags, variant)
    }

    /// `true`: class definitions list every key of a class, a nil value as a nil chunk.
    var keepsAbsentValues: Bool { true }

    func writeAbsent() { events.append(.absent) }

    /// `true`: FastCoding caches data, dates and mutable strings by identity.
    var sharesValues: Bool { true }

    func writeRecorded(_ recording: any WriterRecording) {
        guard let recording = recording as? FastTapeRecording else {
            return assertionFailure("a recording of another writer")
        }
        events.append(contentsOf: recording.events)
    }
}
