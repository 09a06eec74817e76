import Foundation
import OrderedCollections

/// The writer that builds a ``ModelValue`` tree: the reference path (``ModelEncoder``), the form
/// defaults and copies take, and what a codec without a writer of its own writes from
/// (`encodeTree`).
///
/// An object is a dictionary whose first key is `$class`; an alias is `{"$alias": "<key path>"}`
/// (see ``TypedTree``). A key written again replaces its value in place, as a dictionary does.
final class TreeWriter: ModelWriter {
    private struct Frame {
        let isArray: Bool
        let isObject: Bool
        /// An object's class name (`nil` for an array or a plain dictionary).
        var className: String?
        var elements: [ModelValue] = []
        var entries: OrderedDictionary<String, ModelValue> = [:]
        /// The key of the next value (dictionaries and objects).
        var key: String?
        /// The key of the last value stored.
        var lastKey: String?
    }

    @exclusivity(unchecked) private var frames: [Frame] = []
    /// How many entries the last object of each class had: the next one reserves as many, so
    /// its dictionary and hash table are not grown and rehashed key by key.
    @exclusivity(unchecked) private var objectSizes: [String: Int] = [:]
    /// The finished value (valid once the outermost value is written).
    @exclusivity(unchecked) private(set) var result: ModelValue = .null

    var replacesDuplicateKeys: Bool { true }

    /// Stores a finished value in the innermost container, or as the result.
    @inline(__always)
    private func put(_ value: ModelValue) {
        let top = frames.count - 1
        guard top >= 0 else {
            result = value
            return
        }
        if frames[top].isArray {
            frames[top].elements.append(value)
        } else if let key = frames[top].key {
            frames[top].key = nil
            frames[top].lastKey = key
            frames[top].entries[key] = value
        }
    }

    func writeNull() { put(.null) }
    func writeBool(_ value: Bool) { put(.bool(value)) }
    func writeInteger(_ value: Int64) { put(.integer(value)) }
    func writeUnsigned(_ value: UInt64) { put(.unsigned(value)) }
    func writeDouble(_ value: Double) { put(.double(value)) }
    func writeString(_ value: String) { put(.string(value)) }
    func writeData(_ value: Data) { put(.data(value)) }
    func writeDate(_ value: Date) { put(.date(value)) }
    func writeTree(_ value: ModelValue) { put(value) }

    func beginArray(count: Int?) {
        var frame = Frame(isArray: true, isObject: false)
        if let count { frame.elements.reserveCapacity(count) }
        frames.append(frame)
    }

    func endArray() {
        let frame = frames.removeLast()
        put(.array(frame.elements))
    }

    func beginDictionary(count: Int?) {
        var frame = Frame(isArray: false, isObject: false)
        if let count { frame.entries.reserveCapacity(count) }
        frames.append(frame)
    }

    func beginObject(className: String) {
        var frame = Frame(isArray: false, isObject: true, className: className)
        if let size = objectSizes[className] { frame.entries.reserveCapacity(size) }
        frame.entries[TypedTree.classKey] = .string(className)
        frames.append(frame)
    }

    func writeKey(_ key: String) {
        frames[frames.count - 1].key = key
    }

    func endDictionary() {
        let frame = frames.removeLast()
        if let className = frame.className { objectSizes[className] = frame.entries.count }
        put(.dictionary(frame.entries))
    }

    /// The place of the next value: per open container, the index or the key it will have.
    var currentPath: ModelPath {
        ModelPath(frames.compactMap { frame in frame.isArray ? .index(frame.elements.count) : frame.key.map { .key($0) } })
    }

    func beginShared(_ object: SharedObject) {}
    func endShared(_ object: SharedObject) {}

    func writeAlias(to object: SharedObject) {
        put([TypedTree.aliasKey: .string(object.keyPath)])
    }

    /// The mark's offset is 1 when a key was waiting for its value.
    func mark() -> WriterMark {
        guard let top = frames.last else { return WriterMark(offset: 0, depth: 0, count: 0) }
        return WriterMark(offset: top.key == nil ? 0 : 1, depth: frames.count, count: top.isArray ? top.elements.count : top.entries.count)
    }

    func rewind(to mark: WriterMark) {
        _ = takeBack(since: mark)
    }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content {
        if frames.count > mark.depth {
            // The value is a container, still open.
            let frame = frames[mark.depth]
            frames.removeLast(frames.count - mark.depth)
            restore(mark)
            if frame.isArray { return .array(frame.elements.map(EncodingNode.Slot.value)) }
            var entries = frame.entries
            if frame.isObject { entries.removeValue(forKey: TypedTree.classKey) }
            return .dictionary(entries.mapValues(EncodingNode.Slot.value))
        }
        // The value is finished: the last element, the entry under the mark's key, or the result.
        guard mark.depth > 0 else { return .value(result) }
        let top = frames.count - 1
        if frames[top].isArray {
            guard frames[top].elements.count > mark.count else { return .empty }
            let value = frames[top].elements.removeLast()
            return .value(value)
        }
        // A new entry is removed; one that replaced an earlier value keeps its place: the
        // buffered value comes back under the same key either way.
        let value = frames[top].lastKey.flatMap { frames[top].entries[$0] }
        restore(mark)
        return value.map(EncodingNode.Content.value) ?? .empty
    }

    /// Puts the innermost container back as it was at `mark`.
    private func restore(_ mark: WriterMark) {
        guard mark.depth > 0 else { return }
        let top = mark.depth - 1
        if frames[top].isArray {
            if frames[top].elements.count > mark.count { frames[top].elements.removeLast(frames[top].elements.count - mark.count) }
        } else {
            while frames[top].entries.count > mark.count { frames[top].entries.removeLast() }
            frames[top].key = mark.offset == 1 ? frames[top].key ?? frames[top].lastKey : nil
        }
    }

    func writeRecorded(_ recording: any WriterRecording) {
        assertionFailure("the tree writer records values as trees")
    }
}
