import Foundation

/// Reads binary property lists (`bplist00`, and any `bplist0?` as CoreFoundation does) into a
/// graph (an ``InputIndex``), safely on hostile input.
///
/// Every offset, count and reference read from the input is checked against the data before it
/// is used (``BinaryPropertyListLayout``), and nothing is allocated by an unchecked count.
///
/// - Each object is read once: an object referenced twice (writers store equal strings and
///   numbers once, and CoreFoundation a container met twice) is one node, so a file costs time
///   linear in its size, and a shared container stays one container. A reader of the graph may
///   still copy a shared container at each place (a model's array property does), so the copies
///   are counted: more than ``DecodingLimits/maximumValues`` values, or
///   ``DecodingLimits/maximumStringBytes`` bytes of strings and data, once every shared
///   container is copied, is an error, and a few hundred bytes cannot unfold into billions of
///   values.
/// - A container that contains itself, directly or not, is a reference cycle: an error (no
///   property-list reader accepts one).
/// - Nesting deeper than `maximumDepth` containers is an error (the reader recurses).
/// - Sets and ordered sets are arrays (``GraphVariant/set``, ``GraphVariant/orderedSet``); a
///   4-byte real is a double (``GraphFlags/float32``); a UID (a keyed archive's reference) is
///   the dictionary `{"CF$UID": n}` (``GraphVariant/uid``). The `null` and `fill` markers (unused
///   in `bplist00`) are errors, as are integers of 16 bytes that do not fit in 64 bits. Strings
///   marked ASCII that hold UTF-8 bytes (old Apple tools wrote some) are read as UTF-8; other
///   non-ASCII bytes in them are an error.
/// - A key met twice in one dictionary keeps its first place and takes the last value.
struct BinaryPropertyListReader {
    private let layout: BinaryPropertyListLayout
    private let maximumDepth: Int
    private var builder = GraphBuilder()
    /// Per object: its node once read, ``unread`` before, ``reading`` while a container is read.
    private var nodes: [Int32]
    /// Per string object used as a key: its key number, or ``unread``.
    private var keys: [Int32]
    /// Per object read: the values and the bytes of strings and data it holds with every shared
    /// container copied.
    private var sizes: [(values: Int, bytes: Int)]
    private let maximumValues: Int
    private let maximumBytes: Int

    private static let unread: Int32 = -1
    private static let reading: Int32 = -2

    /// Reads a whole binary property list into a graph.
    ///
    /// - Parameters:
    ///   - format: The format named in errors (`binary`, or `keyed-archive` when reading an archive).
    ///   - maximumDepth: How many containers may nest.
    /// - Throws: ``ModelError`` with ``ModelError/Reason/truncated`` or
    ///   ``ModelError/Reason/malformed(_:)`` (and the byte offset) for bytes that are not a valid
    ///   binary property list, ``ModelError/Reason/unsupported(_:)`` for nesting beyond the limit.
    static func readGraph(_ data: Data, format: String = "binary", maximumDepth: Int = DecodingLimits.current.maximumDepth) throws(ModelError) -> InputIndex {
        var reader = try BinaryPropertyListReader(bytes: [UInt8](data), format: format, maximumDepth: maximumDepth)
        let root = try reader.readObject(reader.layout.topObject, depth: 0, from: nil)
        return reader.builder.index(root: root)
    }

    /// Reads a whole binary property list as a ``PropertyListObject`` (``readGraph(_:format:maximumDepth:)``,
    /// then ``PropertyListObject/init(graph:byteCount:format:)``: a shared container is copied
    /// at each place, within the ``DecodingLimits``).
    ///
    /// - Throws: ``ModelError`` as ``readGraph(_:format:maximumDepth:)``, and
    ///   ``ModelError/Reason/unsupported(_:)`` when the copies pass the limits.
    static func read(_ data: Data, format: String = "binary", maximumDepth: Int = DecodingLimits.current.maximumDepth) throws(ModelError) -> PropertyListObject {
        try PropertyListObject(graph: readGraph(data, format: format, maximumDepth: maximumDepth), byteCount: data.count, format: format)
    }

    /// Checks the header and trailer.
    ///
    /// - Throws: ``ModelError`` when they are missing or inconsistent with the data's size.
    init(bytes: [UInt8], format: String, maximumDepth: Int) throws(ModelError) {
        layout = try BinaryPropertyListLayout(bytes: bytes, format: format)
        self.maximumDepth = maximumDepth
        nodes = Array(repeating: Self.unread, count: layout.objectCount)
        keys = Array(repeating: Self.unread, count: layout.objectCount)
        sizes = Array(repeating: (0, 0), count: layout.objectCount)
        maximumValues = DecodingLimits.current.values(forInputOf: bytes.count)
        maximumBytes = DecodingLimits.current.stringBytes(forInputOf: bytes.count)
    }

    // MARK: - Objects

    /// The node of object `reference`, read the first time; `container` is the offset of the
    /// container that refers to it, for errors.
    private mutating func readObject(_ reference: Int, depth: Int, from container: Int?) throws(ModelError) -> Int32 {
        guard reference < layout.objectCount else {
            throw ModelError(
                .malformed("object reference \(reference) out of range (\(layout.objectCount) objects)"), format: layout.format,
                offset: container)
        }
        let known = nodes[reference]
        if known >= 0 { return known }
        let start = try layout.objectOffset(reference)
        guard known != Self.reading else {
            throw failure(.malformed("object \(reference) contains itself (a reference cycle)"), at: start)
        }
        let marker = layout.bytes[start]
        let node: Int32
        switch marker >> 4 {
        case 0xA, 0xB, 0xC:
            try checkDepth(depth, at: start)
            let (count, payload) = try layout.countAndPayload(at: start, unitSize: layout.referenceSize)
            nodes[reference] = Self.reading
            node = builder.open(.array, variant: marker >> 4 == 0xA ? .plain : marker >> 4 == 0xB ? .orderedSet : .set)
            var size = (values: 1, bytes: 0)
            for index in 0..<count {
                let child = layout.reference(at: payload + index * layout.referenceSize)
                builder.add(try readObject(child, depth: depth + 1, from: start))
                size = try adding(sizes[child], to: size, at: start)
            }
            builder.close()
            sizes[reference] = size
        case 0xD:
            try checkDepth(depth, at: start)
            let (count, payload) = try layout.countAndPayload(at: start, unitSize: 2 * layout.referenceSize)
            nodes[reference] = Self.reading
            node = builder.open(.dictionary)
            var size = (values: 1, bytes: 0)
            for index in 0..<count {
                let key = try key(layout.reference(at: payload + index * layout.referenceSize), of: start)
                builder.addKey(number: key)
                let value = layout.reference(at: payload + (count + index) * layout.referenceSize)
                builder.add(try readObject(value, depth: depth + 1, from: start))
                size = try adding(sizes[value], to: size, at: start)
                size = try adding((0, builder.strings[Int(key)].utf8.count), to: size, at: start)
            }
            builder.close()
            sizes[reference] = size
        default:
            let scalar = try layout.scalar(at: start, marker: marker)
            node = scalarNode(scalar, marker: marker)
            sizes[reference] = (1, scalar.stringByteCount)
        }
        nodes[reference] = node
        return node
    }

    /// The key number of the string object `reference`, a key of the dictionary at `start`.
    private mutating func key(_ reference: Int, of start: Int) throws(ModelError) -> Int32 {
        guard reference < layout.objectCount else {
            throw ModelError(
                .malformed("object reference \(reference) out of range (\(layout.objectCount) objects)"), format: layout.format,
                offset: start)
        }
        let known = keys[reference]
        if known >= 0 { return known }
        let offset = try layout.objectOffset(reference)
        let marker = layout.bytes[offset]
        let kind: String
        switch marker >> 4 {
        case 0xA, 0xB, 0xC: kind = "array"
        case 0xD: kind = "dictionary"
        default:
            let object = try layout.scalar(at: offset, marker: marker)
            guard case .string(let text) = object else { kind = object.kindName; break }
            let number = builder.keyNumber(text)
            keys[reference] = number
            return number
        }
        throw failure(.malformed("a dictionary key is a \(kind), not a string"), at: start)
    }

    private mutating func scalarNode(_ object: PropertyListObject, marker: UInt8) -> Int32 {
        switch object {
        case .string(let text): return builder.string(text)
        case .integer(let value): return builder.integer(value)
        case .unsignedInteger(let value): return builder.unsigned(value)
        case .real(let value): return builder.double(value, flags: marker == 0x22 ? .float32 : [])
        case .bool(let value): return builder.bool(value)
        case .date(let value): return builder.date(value)
        case .data(let value): return builder.data(value)
        case .uid(let value):
            let node = builder.open(.dictionary, variant: .uid)
            builder.addKey(PropertyListObject.uidKey)
            let number = builder.unsigned(value)
            builder.add(number)
            builder.close()
            return node
        case .array, .dictionary: preconditionFailure("containers are not scalars")
        }
    }

    // MARK: - Checks

    private func checkDepth(_ depth: Int, at start: Int) throws(ModelError) {
        guard depth < maximumDepth else {
            throw failure(DecodingLimits.depthExceeded(maximumDepth), at: start)
        }
    }

    /// `size` with `added`, checked against the limits.
    private func adding(_ added: (values: Int, bytes: Int), to size: (values: Int, bytes: Int), at start: Int) throws(ModelError) -> (values: Int, bytes: Int) {
        let values = size.values + added.values
        guard values <= maximumValues else { throw failure(DecodingLimits.valuesExceeded(maximumValues), at: start) }
        let bytes = size.bytes + added.bytes
        guard bytes <= maximumBytes else { throw failure(DecodingLimits.stringBytesExceeded(maximumBytes), at: start) }
        return (values, bytes)
    }

    private func failure(_ reason: ModelError.Reason, at offset: Int) -> ModelError {
        layout.failure(reason, at: offset)
    }
}
