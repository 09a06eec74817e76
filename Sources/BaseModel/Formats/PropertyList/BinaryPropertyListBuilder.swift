import Foundation

/// Builds a binary property list (`bplist00`) object by object, then writes it.
///
/// The first object made is the top object; a container is made before its contents (its
/// references are set once they exist). Equal strings, numbers, dates, data and UIDs are stored
/// once (``string(_:)`` and its kin look them up); a writer that already knows its strings are
/// distinct makes them with ``newString(_:)``, without a look-up. Containers are never shared.
/// Integers, object references and offsets use the fewest bytes that hold them; strings are ASCII
/// when they can be and UTF-16 otherwise, as CoreFoundation writes them.
///
/// Objects are kept as fixed-size entries with their references in one buffer, so building
/// allocates per container nothing but the buffer's growth.
struct BinaryPropertyListBuilder {
    private enum Kind: UInt8 {
        case string, integer, unsigned, real, bool, date, data, uid, array, dictionary
    }

    /// One object: for a container, where its references start in ``references`` and how many
    /// elements it has (a dictionary's keys come first, then its values); for a scalar, its value's
    /// bits or its index in ``strings`` or ``data``.
    private struct Entry {
        var kind: Kind
        var count: Int32 = 0
        var payload: UInt64 = 0
    }

    private var entries: [Entry] = []
    private var references: [Int32] = []
    private var strings: [String] = []
    private var data: [Data] = []

    private var stringObjects = ExactStringTable()
    private var integerObjects: [Int64: Int32] = [:]
    private var unsignedObjects: [UInt64: Int32] = [:]
    private var realObjects: [UInt64: Int32] = [:]
    private var dateObjects: [UInt64: Int32] = [:]
    private var dataObjects: [Data: Int32] = [:]
    private var boolObjects: (false: Int32, true: Int32) = (-1, -1)
    /// UIDs below ``denseUIDLimit`` by value; larger ones in ``sparseUIDObjects``.
    private var uidObjects: [Int32] = []
    private var sparseUIDObjects: [UInt64: Int32] = [:]
    private static let denseUIDLimit: UInt64 = 1 << 24

    /// An empty builder; `capacity` is the number of objects expected.
    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
        references.reserveCapacity(capacity)
    }

    // MARK: - Scalars

    /// The object of string `text`, made the first time.
    mutating func string(_ text: String) -> Int32 {
        // One lookup that also adds: a new string takes the number its object will have.
        if let existing = stringObjects.number(of: text, orAdd: entries.count) { return Int32(existing) }
        return newString(text)
    }

    /// A new string object, for a writer whose strings are distinct already.
    mutating func newString(_ text: String) -> Int32 {
        strings.append(text)
        return append(Entry(kind: .string, payload: UInt64(strings.count - 1)))
    }

    /// The object of a signed integer.
    mutating func integer(_ value: Int64) -> Int32 {
        if let existing = integerObjects[value] { return existing }
        let object = append(Entry(kind: .integer, payload: UInt64(bitPattern: value)))
        integerObjects[value] = object
        return object
    }

    /// The object of an unsigned integer above `Int64.max` (written in 16 bytes).
    mutating func unsigned(_ value: UInt64) -> Int32 {
        if let existing = unsignedObjects[value] { return existing }
        let object = append(Entry(kind: .unsigned, payload: value))
        unsignedObjects[value] = object
        return object
    }

    /// The object of a real; `0.0` and `-0.0` are different objects.
    mutating func real(_ value: Double) -> Int32 {
        if let existing = realObjects[value.bitPattern] { return existing }
        let object = append(Entry(kind: .real, payload: value.bitPattern))
        realObjects[value.bitPattern] = object
        return object
    }

    /// The object of a date, by its seconds since 2001.
    mutating func date(_ value: Date) -> Int32 {
        let bits = value.timeIntervalSinceReferenceDate.bitPattern
        if let existing = dateObjects[bits] { return existing }
        let object = append(Entry(kind: .date, payload: bits))
        dateObjects[bits] = object
        return object
    }

    /// The object of a boolean.
    mutating func bool(_ value: Bool) -> Int32 {
        let existing = value ? boolObjects.true : boolObjects.false
        if existing >= 0 { return existing }
        let object = append(Entry(kind: .bool, payload: value ? 1 : 0))
        if value { boolObjects.true = object } else { boolObjects.false = object }
        return object
    }

    /// The object of some bytes.
    mutating func data(_ value: Data) -> Int32 {
        if let existing = dataObjects[value] { return existing }
        data.append(value)
        let object = append(Entry(kind: .data, payload: UInt64(data.count - 1)))
        dataObjects[value] = object
        return object
    }

    /// The object of a keyed archive's UID.
    mutating func uid(_ value: UInt64) -> Int32 {
        if value < Self.denseUIDLimit {
            let index = Int(value)
            if index < uidObjects.count, uidObjects[index] >= 0 { return uidObjects[index] }
            if index >= uidObjects.count { uidObjects.append(contentsOf: repeatElement(-1, count: max(index + 1, 2 * uidObjects.count) - uidObjects.count)) }
            let object = append(Entry(kind: .uid, payload: value))
            uidObjects[index] = object
            return object
        }
        if let existing = sparseUIDObjects[value] { return existing }
        let object = append(Entry(kind: .uid, payload: value))
        sparseUIDObjects[value] = object
        return object
    }

    // MARK: - Containers

    /// A new array of `count` elements; set each with ``set(_:of:to:)`` (position 0 first).
    mutating func array(count: Int) -> Int32 {
        container(.array, slots: count)
    }

    /// A new dictionary of `count` entries; set its keys at positions `0..<count` and its
    /// values at `count..<2 × count` with ``set(_:of:to:)``.
    mutating func dictionary(count: Int) -> Int32 {
        container(.dictionary, slots: 2 * count)
    }

    /// Sets reference number `position` of `container` to `object`.
    mutating func set(_ position: Int, of container: Int32, to object: Int32) {
        references[Int(entries[Int(container)].payload) + position] = object
    }

    private mutating func container(_ kind: Kind, slots: Int) -> Int32 {
        let first = references.count
        for _ in 0..<slots { references.append(0) }
        return append(Entry(kind: kind, count: Int32(truncatingIfNeeded: kind == .dictionary ? slots / 2 : slots), payload: UInt64(first)))
    }

    private mutating func append(_ entry: Entry) -> Int32 {
        entries.append(entry)
        return Int32(entries.count - 1)
    }

    // MARK: - Writing

    /// The bytes of the property list whose top object is the first object made.
    func serialized() -> Data {
        let referenceSize = Self.byteCount(UInt64(max(entries.count, 1) - 1))
        // At most: a marker and a count integer per object, strings in UTF-16 (two bytes per
        // UTF-8 byte at most), references, an 8-byte offset per object, the trailer.
        var bound = BinaryPropertyListLayout.magic.count + 9 * entries.count + 8 + BinaryPropertyListLayout.trailerLength
        for entry in entries {
            switch entry.kind {
            case .string: bound += 10 + 2 * strings[Int(entry.payload)].utf8.count
            case .data: bound += 10 + data[Int(entry.payload)].count
            case .array: bound += 10 + Int(entry.count) * referenceSize
            case .dictionary: bound += 10 + 2 * Int(entry.count) * referenceSize
            default: bound += 17
            }
        }
        var output = Data(count: bound)
        let written = output.withUnsafeMutableBytes { buffer -> Int in
            var out = ByteWriter(base: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
            out.append(BinaryPropertyListLayout.magic)
            var offsets: [Int] = []
            offsets.reserveCapacity(entries.count)
            for entry in entries {
                offsets.append(out.position)
                switch entry.kind {
                case .string: out.appendString(strings[Int(entry.payload)])
                case .integer: out.appendInteger(Int64(bitPattern: entry.payload))
                case .unsigned:
                    out.append(0x14)
                    out.appendBigEndian(0, size: 8)
                    out.appendBigEndian(entry.payload, size: 8)
                case .real:
                    out.append(0x23)
                    out.appendBigEndian(entry.payload, size: 8)
                case .date:
                    out.append(0x33)
                    out.appendBigEndian(entry.payload, size: 8)
                case .bool:
                    out.append(entry.payload != 0 ? 0x09 : 0x08)
                case .data:
                    let bytes = data[Int(entry.payload)]
                    out.appendMarker(0x4, count: bytes.count)
                    bytes.withUnsafeBytes { out.append(UnsafeRawBufferPointer($0)) }
                case .uid:
                    let size = Self.byteCount(entry.payload)
                    out.append(0x80 | UInt8(size - 1))
                    out.appendBigEndian(entry.payload, size: size)
                case .array, .dictionary:
                    let count = Int(entry.count)
                    let slots = entry.kind == .dictionary ? 2 * count : count
                    out.appendMarker(entry.kind == .array ? 0xA : 0xD, count: count)
                    let first = Int(entry.payload)
                    for position in first..<(first + slots) {
                        out.appendBigEndian(UInt64(references[position]), size: referenceSize)
                    }
                }
            }
            let tableStart = out.position
            let offsetSize = Self.byteCount(UInt64(offsets.last ?? 0))
            for offset in offsets { out.appendBigEndian(UInt64(offset), size: offsetSize) }
            out.append([0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
            out.appendBigEndian(UInt64(entries.count), size: 8)
            out.appendBigEndian(0, size: 8)
            out.appendBigEndian(UInt64(tableStart), size: 8)
            return out.position
        }
        output.count = written
        return output
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    static func byteCount(_ value: UInt64) -> Int {
        switch value {
        case ..<(1 << 8): 1
        case ..<(1 << 16): 2
        case ..<(1 << 32): 4
        default: 8
        }
    }

    /// Writes bytes into memory the caller sized for them (``serialized()`` bounds the size).
    private struct ByteWriter {
        let base: UnsafeMutablePointer<UInt8>
        var position = 0

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            base[position] = byte
            position += 1
        }

        mutating func append(_ bytes: [UInt8]) {
            for byte in bytes { append(byte) }
        }

        mutating func append(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            (base + position).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            position += bytes.count
        }

        @inline(__always)
        mutating func appendBigEndian(_ value: UInt64, size: Int) {
            switch size {
            case 1:
                base[position] = UInt8(truncatingIfNeeded: value)
            case 2:
                base[position] = UInt8(truncatingIfNeeded: value >> 8)
                base[position + 1] = UInt8(truncatingIfNeeded: value)
            case 4:
                UnsafeMutableRawPointer(base + position).storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
            default:
                UnsafeMutableRawPointer(base + position).storeBytes(of: value.bigEndian, as: UInt64.self)
            }
            position += size
        }

        /// Non-negative integers in 1, 2, 4 or 8 bytes; negative ones always in 8 (the format's
        /// shorter integers are unsigned).
        mutating func appendInteger(_ value: Int64) {
            let size = value < 0 ? 8 : BinaryPropertyListBuilder.byteCount(UInt64(value))
            append(0x10 | UInt8(size.trailingZeroBitCount))
            appendBigEndian(UInt64(bitPattern: value), size: size)
        }

        /// A type marker with its count in the low nibble, or 15 and the count as an integer object.
        mutating func appendMarker(_ type: UInt8, count: Int) {
            if count < 15 {
                append(type << 4 | UInt8(count))
            } else {
                append(type << 4 | 0x0F)
                appendInteger(Int64(count))
            }
        }

        /// ASCII (marker 5) when every byte is below 0x80, else big-endian UTF-16 (marker 6).
        mutating func appendString(_ text: String) {
            var text = text
            let ascii = text.withUTF8 { bytes -> Bool in
                var combined: UInt8 = 0
                for byte in bytes { combined |= byte }
                guard combined < 0x80 else { return false }
                appendMarker(0x5, count: bytes.count)
                append(UnsafeRawBufferPointer(bytes))
                return true
            }
            guard !ascii else { return }
            appendMarker(0x6, count: text.utf16.count)
            for unit in text.utf16 {
                append(UInt8(unit >> 8))
                append(UInt8(truncatingIfNeeded: unit))
            }
        }
    }
}
