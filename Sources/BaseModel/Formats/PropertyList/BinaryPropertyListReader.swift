import Foundation
import OrderedCollections

/// Reads binary property lists (`bplist00`, and any `bplist0?` as CoreFoundation does) into
/// ``PropertyListObject``s, safely on hostile input.
///
/// Layout: the 8-byte magic, the objects, an offset table (one big-endian offset per object)
/// and a 32-byte trailer giving the offset and reference sizes, the object count, the top object
/// and where the offset table starts. Every offset, count and reference read from the input is
/// checked against the data before it is used, and nothing is allocated by an unchecked count.
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
    static let magic: [UInt8] = Array("bplist00".utf8)
    /// The length of the trailer at the end of the file.
    static let trailerLength = 32

    private let bytes: [UInt8]
    private let format: String
    private let maximumDepth: Int
    private let maximumNodes: Int
    /// How many bytes of strings and data the expanded tree may hold.
    private let maximumBytes: Int
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    /// Where the offset table starts; every object lies before it.
    private let offsetTableStart: Int

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
        self.bytes = bytes
        self.format = format
        self.maximumDepth = maximumDepth
        self.maximumNodes = Self.maximumNodes(for: bytes.count)
        self.maximumBytes = DecodingLimits.current.stringBytes(forInputOf: bytes.count)
        let error = { (reason: ModelError.Reason, offset: Int) in ModelError(reason, format: format, offset: offset) }
        guard bytes.count >= Self.magic.count else {
            if bytes.isEmpty { throw ModelError(.empty, format: format) }
            throw Self.magic.starts(with: bytes)
                ? error(.truncated, bytes.count) : error(.malformed("not a binary property list (no bplist00 header)"), 0)
        }
        // CoreFoundation reads any "bplist0?" (Tiger wrote 00, Leopard 00 or 01); so does this.
        guard bytes.starts(with: Self.magic.prefix(7)) else {
            if bytes.starts(with: Self.magic.prefix(6)) {
                let version = String(decoding: bytes[6..<8], as: UTF8.self)
                throw error(.unsupported("binary property list version \"\(version)\" (only 00 is read)"), 6)
            }
            throw error(.malformed("not a binary property list (no bplist00 header)"), 0)
        }
        guard bytes.count >= Self.magic.count + 1 + Self.trailerLength else { throw error(.truncated, bytes.count) }
        let trailer = bytes.count - Self.trailerLength
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize) else {
            throw error(.malformed("offset size \(offsetSize) in the trailer (1 to 8 expected)"), trailer + 6)
        }
        guard (1...8).contains(referenceSize) else {
            throw error(.malformed("object reference size \(referenceSize) in the trailer (1 to 8 expected)"), trailer + 7)
        }
        guard count >= 1, count <= UInt64(trailer) else {
            throw error(.malformed("object count \(count) in the trailer"), trailer + 8)
        }
        guard top < count else {
            throw error(.malformed("top object \(top) out of range (\(count) objects)"), trailer + 16)
        }
        // The table normally ends where the trailer starts; like CoreFoundation, allow it to run
        // into the trailer's unused bytes, as long as it ends inside the data.
        guard table >= UInt64(Self.magic.count + 1), table <= UInt64(trailer),
            count * UInt64(offsetSize) <= UInt64(bytes.count) - table
        else {
            throw error(.malformed("offset table at \(table) for \(count) objects does not fit in the data"), trailer + 24)
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(table)
    }

    /// Reads the top object and everything it references.
    mutating func readTop() throws(ModelError) -> PropertyListObject {
        try readObject(topObject, depth: 0).object
    }

    /// The keys of the top object when it is a dictionary, each with a reference to its value
    /// (read it with ``readObject(reference:)``); `nil` when the top object is not a dictionary.
    /// Used to sniff archives and typed trees without reading the whole file.
    mutating func topDictionaryKeys() throws(ModelError) -> [(key: String, value: Int)]? {
        let start = try objectOffset(topObject)
        guard bytes[start] >> 4 == 0xD else { return nil }
        let (count, payload) = try countAndPayload(at: start, unitSize: 2 * referenceSize)
        var entries: [(key: String, value: Int)] = []
        for index in 0..<count {
            let keyReference = reference(at: payload + index * referenceSize)
            guard case .string(let key) = try readObject(keyReference, depth: 1).object else { continue }
            entries.append((key, reference(at: payload + (count + index) * referenceSize)))
        }
        return entries
    }

    /// Reads the object `reference` names.
    mutating func readObject(reference: Int) throws(ModelError) -> PropertyListObject {
        try readObject(reference, depth: 1).object
    }

    // MARK: - Objects

    private mutating func readObject(_ reference: Int, depth: Int) throws(ModelError) -> (object: PropertyListObject, nodes: Int, bytes: Int) {
        guard reference < objectCount else {
            throw ModelError(.malformed("object reference \(reference) out of range (\(objectCount) objects)"), format: format)
        }
        if let done = finished[reference] { return done }
        let start = try objectOffset(reference)
        guard !inProgress.contains(reference) else {
            throw failure(.malformed("object \(reference) contains itself (a reference cycle)"), at: start)
        }
        let marker = bytes[start]
        let result: (object: PropertyListObject, nodes: Int, bytes: Int)
        switch marker >> 4 {
        case 0xA, 0xB, 0xC:
            result = try readArray(at: start, depth: depth, reference: reference)
        case 0xD:
            result = try readDictionary(at: start, depth: depth, reference: reference)
        default:
            let scalar = try readScalar(at: start, marker: marker)
            result = (scalar, 1, scalar.stringByteCount)
        }
        finished[reference] = result
        return result
    }

    private mutating func readArray(at start: Int, depth: Int, reference: Int) throws(ModelError) -> (object: PropertyListObject, nodes: Int, bytes: Int) {
        try checkDepth(depth, at: start)
        let (count, payload) = try countAndPayload(at: start, unitSize: referenceSize)
        inProgress.insert(reference)
        defer { inProgress.remove(reference) }
        var elements: [PropertyListObject] = []
        elements.reserveCapacity(count)
        var nodes = 1
        var stringBytes = 0
        for index in 0..<count {
            let child = try readObject(self.reference(at: payload + index * referenceSize), depth: depth + 1)
            elements.append(child.object)
            nodes = try adding(child.nodes, to: nodes, at: start)
            stringBytes = try addingBytes(child.bytes, to: stringBytes, at: start)
        }
        return (.array(elements), nodes, stringBytes)
    }

    private mutating func readDictionary(at start: Int, depth: Int, reference: Int) throws(ModelError) -> (object: PropertyListObject, nodes: Int, bytes: Int) {
        try checkDepth(depth, at: start)
        let (count, payload) = try countAndPayload(at: start, unitSize: 2 * referenceSize)
        inProgress.insert(reference)
        defer { inProgress.remove(reference) }
        var entries = OrderedDictionary<String, PropertyListObject>(minimumCapacity: count)
        var nodes = 1
        var stringBytes = 0
        for index in 0..<count {
            let keyReference = self.reference(at: payload + index * referenceSize)
            let key = try readObject(keyReference, depth: depth + 1).object
            guard case .string(let name) = key else {
                throw failure(.malformed("a dictionary key is a \(key.kindName), not a string"), at: start)
            }
            let value = try readObject(self.reference(at: payload + (count + index) * referenceSize), depth: depth + 1)
            entries[name] = value.object
            nodes = try adding(value.nodes, to: nodes, at: start)
            stringBytes = try addingBytes(value.bytes + name.utf8.count, to: stringBytes, at: start)
        }
        return (.dictionary(entries), nodes, stringBytes)
    }

    private func readScalar(at start: Int, marker: UInt8) throws(ModelError) -> PropertyListObject {
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .bool(false)
        case 0x0 where marker == 0x09: return .bool(true)
        case 0x1:
            return try readInteger(at: start)
        case 0x2 where low == 2 || low == 3:
            let size = 1 << low
            try require(size, bytesAt: start + 1)
            let bits = Self.bigEndian(bytes, at: start + 1, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits))
        case 0x3 where low == 3:
            try require(8, bytesAt: start + 1)
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: Self.bigEndian(bytes, at: start + 1, size: 8))))
        case 0x4:
            let (count, payload) = try countAndPayload(at: start, unitSize: 1)
            return .data(Data(bytes[payload..<(payload + count)]))
        case 0x5:
            let (count, payload) = try countAndPayload(at: start, unitSize: 1)
            return .string(try asciiString(bytes[payload..<(payload + count)], at: start))
        case 0x6:
            let (count, payload) = try countAndPayload(at: start, unitSize: 2)
            return .string(try utf16String(at: payload, count: count, marker: start))
        case 0x8 where low < 8:
            try require(low + 1, bytesAt: start + 1)
            return .uid(Self.bigEndian(bytes, at: start + 1, size: low + 1))
        default:
            throw failure(.malformed("unknown object marker 0x\(String(marker, radix: 16))"), at: start)
        }
    }

    /// An integer object: 1, 2 or 4 bytes unsigned, 8 bytes signed, 16 bytes signed 128-bit
    /// (which must fit in 64 bits, signed or unsigned).
    private func readInteger(at start: Int) throws(ModelError) -> PropertyListObject {
        let power = Int(bytes[start] & 0x0F)
        guard power <= 4 else { throw failure(.malformed("integer of 2^\(power) bytes"), at: start) }
        let size = 1 << power
        try require(size, bytesAt: start + 1)
        switch size {
        case 16:
            let high = Self.bigEndian(bytes, at: start + 1, size: 8)
            let low = Self.bigEndian(bytes, at: start + 9, size: 8)
            if high == 0 { return .unsigned(low) }
            if high == UInt64.max, Int64(bitPattern: low) < 0 { return .integer(Int64(bitPattern: low)) }
            throw failure(.unsupported("a 128-bit integer that does not fit in 64 bits"), at: start)
        case 8:
            return .integer(Int64(bitPattern: Self.bigEndian(bytes, at: start + 1, size: 8)))
        default:
            return .integer(Int64(Self.bigEndian(bytes, at: start + 1, size: size)))
        }
    }

    private func asciiString(_ slice: ArraySlice<UInt8>, at start: Int) throws(ModelError) -> String {
        if slice.allSatisfy({ $0 < 0x80 }) || Self.isValidUTF8(slice) { return String(decoding: slice, as: UTF8.self) }
        throw failure(.malformed("an ASCII string holds bytes that are neither ASCII nor UTF-8"), at: start)
    }

    private func utf16String(at payload: Int, count: Int, marker: Int) throws(ModelError) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for index in 0..<count {
            units.append(UInt16(bytes[payload + 2 * index]) << 8 | UInt16(bytes[payload + 2 * index + 1]))
        }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF16.ForwardParser()
        var iterator = units.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): scalars.append(Unicode.UTF16.decode(encoded))
            case .emptyInput: return String(scalars)
            case .error: throw failure(.malformed("a UTF-16 string holds an unpaired surrogate"), at: marker)
            }
        }
    }

    // MARK: - Layout

    /// The offset of object `reference`, from the offset table; it must lie in the object area.
    private func objectOffset(_ reference: Int) throws(ModelError) -> Int {
        let entry = offsetTableStart + reference * offsetSize
        let offset = Self.bigEndian(bytes, at: entry, size: offsetSize)
        guard offset >= UInt64(Self.magic.count), offset < UInt64(offsetTableStart) else {
            throw failure(.malformed("object \(reference) at offset \(offset), outside the object area"), at: entry)
        }
        return Int(offset)
    }

    /// The element count of the object at `start` (from its marker, or the integer after it when
    /// the marker says 15) and where its payload starts, once the payload of `count × unitSize`
    /// bytes is known to fit before the offset table.
    private func countAndPayload(at start: Int, unitSize: Int) throws(ModelError) -> (count: Int, payload: Int) {
        var count = Int(bytes[start] & 0x0F)
        var payload = start + 1
        if count == 0x0F {
            try require(1, bytesAt: payload)
            let marker = bytes[payload]
            let power = Int(marker & 0x0F)
            guard marker >> 4 == 0x1, power <= 3 else {
                throw failure(.malformed("object length marker 0x\(String(marker, radix: 16)) is not a small integer"), at: payload)
            }
            let size = 1 << power
            try require(size, bytesAt: payload + 1)
            let value = Self.bigEndian(bytes, at: payload + 1, size: size)
            guard value <= UInt64(offsetTableStart) else {
                throw failure(.malformed("object length \(value) exceeds the data"), at: payload)
            }
            count = Int(value)
            payload += 1 + size
        }
        guard payload <= offsetTableStart, count <= (offsetTableStart - payload) / max(unitSize, 1) else {
            throw failure(.malformed("object of \(count) elements runs past the object area"), at: start)
        }
        return (count, payload)
    }

    private func reference(at position: Int) -> Int {
        // Out-of-range values are caught by `readObject`; clamp so that the conversion cannot trap.
        Int(clamping: Self.bigEndian(bytes, at: position, size: referenceSize))
    }

    private func require(_ count: Int, bytesAt position: Int) throws(ModelError) {
        guard position <= offsetTableStart, count <= offsetTableStart - position else {
            throw failure(.malformed("object runs past the object area"), at: position)
        }
    }

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
        ModelError(reason, format: format, offset: offset)
    }

    /// The big-endian unsigned integer of `size` (1 to 8) bytes at `position`; the caller has
    /// checked that the bytes exist.
    static func bigEndian(_ bytes: [UInt8], at position: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in position..<(position + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// Whether the bytes are well-formed UTF-8.
    static func isValidUTF8(_ bytes: some Sequence<UInt8>) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
