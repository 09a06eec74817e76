import Foundation
import OrderedCollections

/// Reads binary property lists (`bplist00`, and any `bplist0?` as CoreFoundation does) into
/// ``PropertyListObject``s, safely on hostile input.
///
/// Every offset, count and reference read from the input is checked against the data before it
/// is used (``BinaryPropertyListLayout``), and nothing is allocated by an unchecked count.
///
/// - Objects are read once and remembered, so a file that shares objects (writers deduplicate
///   equal strings and numbers) costs time linear in its size.
/// - A container that contains itself, directly or not, is a reference cycle: an error.
/// - Nesting deeper than `maximumDepth` containers is an error (the reader recurses).
/// - Shared containers expand when they become a tree; more than ``maximumNodes(for:)`` values
///   in the expanded tree is an error, so a few hundred bytes cannot unfold into billions of
///   values.
/// - Sets and ordered sets become arrays. The `null` and `fill` markers (unused in `bplist00`)
///   are errors, as are integers of 16 bytes that do not fit in 64 bits. Strings marked ASCII that hold UTF-8 bytes (old Apple
///   tools wrote some) are read as UTF-8; other non-ASCII bytes in them are an error.
struct BinaryPropertyListReader {
    /// The magic the writer puts first; the reader accepts any byte in place of the last `0`.
    static let magic = BinaryPropertyListLayout.magic

    private let layout: BinaryPropertyListLayout
    private let maximumDepth: Int
    private let maximumNodes: Int
    /// How many bytes of strings and data the expanded tree may hold.
    private let maximumBytes: Int

    private var finished: [Int: (object: PropertyListObject, nodes: Int, bytes: Int)] = [:]
    private var inProgress: Set<Int> = []

    /// Reads a whole binary property list.
    ///
    /// - Parameters:
    ///   - format: The format named in errors (`binary`, or `keyed-archive` when reading an archive).
    ///   - maximumDepth: How many containers may nest.
    /// - Throws: ``ModelError`` with ``ModelError/Reason/truncated`` or
    ///   ``ModelError/Reason/malformed(_:)`` (and the byte offset) for bytes that are not a valid
    ///   binary property list, ``ModelError/Reason/unsupported(_:)`` for nesting or expansion
    ///   beyond the limits.
    static func read(_ data: Data, format: String = "binary", maximumDepth: Int = DecodingLimits.current.maximumDepth) throws(ModelError) -> PropertyListObject {
        var reader = try BinaryPropertyListReader(bytes: [UInt8](data), format: format, maximumDepth: maximumDepth)
        return try reader.readTop()
    }

    /// How many values a file of `byteCount` bytes may expand to: the current
    /// ``DecodingLimits/maximumValues``. A tree without shared containers has fewer values than bytes.
    static func maximumNodes(for byteCount: Int) -> Int {
        DecodingLimits.current.values(forInputOf: byteCount)
    }

    /// Checks the header and trailer.
    ///
    /// - Throws: ``ModelError`` when they are missing or inconsistent with the data's size.
    init(bytes: [UInt8], format: String, maximumDepth: Int) throws(ModelError) {
        layout = try BinaryPropertyListLayout(bytes: bytes, format: format)
        self.maximumDepth = maximumDepth
        self.maximumNodes = Self.maximumNodes(for: bytes.count)
        self.maximumBytes = DecodingLimits.current.stringBytes(forInputOf: bytes.count)
    }

    /// Reads the top object and everything it references.
    mutating func readTop() throws(ModelError) -> PropertyListObject {
        try readObject(layout.topObject, depth: 0).object
    }

    /// The keys of the top object when it is a dictionary, each with a reference to its value
    /// (read it with ``readObject(reference:)``); `nil` when the top object is not a dictionary.
    /// Used to sniff archives and typed trees without reading the whole file.
    mutating func topDictionaryKeys() throws(ModelError) -> [(key: String, value: Int)]? {
        let start = try layout.objectOffset(layout.topObject)
        guard layout.bytes[start] >> 4 == 0xD else { return nil }
        let (count, payload) = try layout.countAndPayload(at: start, unitSize: 2 * layout.referenceSize)
        var entries: [(key: String, value: Int)] = []
        for index in 0..<count {
            let keyReference = layout.reference(at: payload + index * layout.referenceSize)
            guard case .string(let key) = try readObject(keyReference, depth: 1).object else { continue }
            entries.append((key, layout.reference(at: payload + (count + index) * layout.referenceSize)))
        }
        return entries
    }

    /// Reads the object `reference` names.
    mutating func readObject(reference: Int) throws(ModelError) -> PropertyListObject {
        try readObject(reference, depth: 1).object
    }

    // MARK: - Objects

    private mutating func readObject(_ reference: Int, depth: Int) throws(ModelError) -> (object: PropertyListObject, nodes: Int, bytes: Int) {
        guard reference < layout.objectCount else {
            throw ModelError(.malformed("object reference \(reference) out of range (\(layout.objectCount) objects)"), format: layout.format)
        }
        if let done = finished[reference] { return done }
        let start = try layout.objectOffset(reference)
        guard !inProgress.contains(reference) else {
            throw failure(.malformed("object \(reference) contains itself (a reference cycle)"), at: start)
        }
        let marker = layout.bytes[start]
        let result: (object: PropertyListObject, nodes: Int, bytes: Int)
        switch marker >> 4 {
        case 0xA, 0xB, 0xC:
            result = try readArray(at: start, depth: depth, reference: reference)
        case 0xD:
            result = try readDictionary(at: start, depth: depth, reference: reference)
        default:
            let scalar = try layout.scalar(at: start, marker: marker)
            result = (scalar, 1, scalar.stringByteCount)
        }
        finished[reference] = result
        return result
    }

    private mutating func readArray(at start: Int, depth: Int, reference: Int) throws(ModelError) -> (object: PropertyListObject, nodes: Int, bytes: Int) {
        try checkDepth(depth, at: start)
        let (count, payload) = try layout.countAndPayload(at: start, unitSize: layout.referenceSize)
        inProgress.insert(reference)
        defer { inProgress.remove(reference) }
        var elements: [PropertyListObject] = []
        elements.reserveCapacity(count)
        var nodes = 1
        var stringBytes = 0
        for index in 0..<count {
            let child = try readObject(layout.reference(at: payload + index * layout.referenceSize), depth: depth + 1)
            elements.append(child.object)
            nodes = try adding(child.nodes, to: nodes, at: start)
            stringBytes = try addingBytes(child.bytes, to: stringBytes, at: start)
        }
        return (.array(elements), nodes, stringBytes)
    }

    private mutating func readDictionary(at start: Int, depth: Int, reference: Int) throws(ModelError) -> (object: PropertyListObject, nodes: Int, bytes: Int) {
        try checkDepth(depth, at: start)
        let (count, payload) = try layout.countAndPayload(at: start, unitSize: 2 * layout.referenceSize)
        inProgress.insert(reference)
        defer { inProgress.remove(reference) }
        var entries = OrderedDictionary<String, PropertyListObject>(minimumCapacity: count)
        var nodes = 1
        var stringBytes = 0
        for index in 0..<count {
            let keyReference = layout.reference(at: payload + index * layout.referenceSize)
            let key = try readObject(keyReference, depth: depth + 1).object
            guard case .string(let name) = key else {
                throw failure(.malformed("a dictionary key is a \(key.kindName), not a string"), at: start)
            }
            let value = try readObject(layout.reference(at: payload + (count + index) * layout.referenceSize), depth: depth + 1)
            entries[name] = value.object
            nodes = try adding(value.nodes, to: nodes, at: start)
            stringBytes = try addingBytes(value.bytes + name.utf8.count, to: stringBytes, at: start)
        }
        return (.dictionary(entries), nodes, stringBytes)
    }

    // MARK: - Checks

    private func checkDepth(_ depth: Int, at start: Int) throws(ModelError) {
        guard depth < maximumDepth else {
            throw failure(DecodingLimits.depthExceeded(maximumDepth), at: start)
        }
    }

    private func adding(_ nodes: Int, to total: Int, at start: Int) throws(ModelError) -> Int {
        let sum = total + nodes
        guard sum <= maximumNodes else {
            throw failure(DecodingLimits.valuesExceeded(maximumNodes), at: start)
        }
        return sum
    }

    private func addingBytes(_ bytes: Int, to total: Int, at start: Int) throws(ModelError) -> Int {
        let sum = total + bytes
        guard sum <= maximumBytes else { throw failure(DecodingLimits.stringBytesExceeded(maximumBytes), at: start) }
        return sum
    }

    private func failure(_ reason: ModelError.Reason, at offset: Int) -> ModelError {
        layout.failure(reason, at: offset)
    }
}
