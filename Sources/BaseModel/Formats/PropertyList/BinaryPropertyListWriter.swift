import Foundation
import OrderedCollections

/// Writes ``PropertyListObject``s as binary property lists (`bplist00`).
///
/// The top object is object 0; containers are numbered before their contents. Equal strings,
/// numbers, dates, data and UIDs are stored once and referenced wherever they occur (containers
/// are not deduplicated). Integers, object references and offsets use the fewest bytes that hold
/// them; strings are ASCII when they can be and UTF-16 otherwise, as CoreFoundation writes them.
enum BinaryPropertyListWriter {
    /// The binary property list of `object`.
    static func data(from object: PropertyListObject) -> Data {
        var table = ObjectTable()
        _ = table.add(object)
        return table.serialized()
    }
}

/// The flattened objects of a property list, numbered, with leaves deduplicated.
private struct ObjectTable {
    enum Entry {
        case leaf(PropertyListObject)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// What makes two leaves the same object: numbers by kind and bit pattern, so that `0.0` and
    /// `-0.0`, `1` and `true`, stay apart.
    /// Strings are keyed by their scalars, not by `String` equality, which would merge
    /// canonically equivalent strings ("é" and "e\u{301}") into one object.
    enum LeafKey: Hashable {
        case string([UInt32]), integer(Int64), unsigned(UInt64), real(UInt64), bool(Bool), date(UInt64), data(Data), uid(UInt64)
    }

    var entries: [Entry] = []
    var leaves: [LeafKey: Int] = [:]

    mutating func add(_ object: PropertyListObject) -> Int {
        switch object {
        case .array(let elements):
            let index = reserve()
            let references = elements.map { add($0) }
            entries[index] = .array(references)
            return index
        case .dictionary(let dictionary):
            let index = reserve()
            let keys = dictionary.keys.map { add(.string($0)) }
            let values = dictionary.values.map { add($0) }
            entries[index] = .dictionary(keys: keys, values: values)
            return index
        default:
            let key = Self.leafKey(object)
            if let existing = leaves[key] { return existing }
            entries.append(.leaf(object))
            leaves[key] = entries.count - 1
            return entries.count - 1
        }
    }

    private mutating func reserve() -> Int {
        entries.append(.array([]))
        return entries.count - 1
    }

    private static func leafKey(_ object: PropertyListObject) -> LeafKey {
        switch object {
        case .string(let value): .string(value.unicodeScalars.map(\.value))
        case .integer(let value): .integer(value)
        case .unsignedInteger(let value): .unsigned(value)
        case .real(let value): .real(value.bitPattern)
        case .bool(let value): .bool(value)
        case .date(let value): .date(value.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let value): .data(value)
        case .uid(let value): .uid(value)
        case .array, .dictionary: preconditionFailure("containers are not leaves")
        }
    }

    func serialized() -> Data {
        let referenceSize = Self.byteCount(UInt64(entries.count - 1))
        var output = BinaryPropertyListLayout.magic
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        for entry in entries {
            offsets.append(output.count)
            switch entry {
            case .leaf(let object):
                Self.append(object, to: &output)
            case .array(let references):
                Self.appendMarker(0xA, count: references.count, to: &output)
                for reference in references { Self.appendBigEndian(UInt64(reference), size: referenceSize, to: &output) }
            case .dictionary(let keys, let values):
                Self.appendMarker(0xD, count: keys.count, to: &output)
                for reference in keys + values { Self.appendBigEndian(UInt64(reference), size: referenceSize, to: &output) }
            }
        }
        let tableStart = output.count
        let offsetSize = Self.byteCount(UInt64(offsets.last ?? 0))
        for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        Self.appendBigEndian(UInt64(entries.count), size: 8, to: &output)
        Self.appendBigEndian(0, size: 8, to: &output)
        Self.appendBigEndian(UInt64(tableStart), size: 8, to: &output)
        return Data(output)
    }

    private static func append(_ object: PropertyListObject, to output: inout [UInt8]) {
        switch object {
        case .bool(let value):
            output.append(value ? 0x09 : 0x08)
        case .integer(let value):
            appendInteger(value, to: &output)
        case .unsignedInteger(let value):
            output.append(0x14)
            appendBigEndian(0, size: 8, to: &output)
            appendBigEndian(value, size: 8, to: &output)
        case .real(let value):
            output.append(0x23)
            appendBigEndian(value.bitPattern, size: 8, to: &output)
        case .date(let value):
            output.append(0x33)
            appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &output)
        case .data(let value):
            appendMarker(0x4, count: value.count, to: &output)
            output += value
        case .string(let value):
            if value.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x5, count: value.utf8.count, to: &output)
                output += value.utf8
            } else {
                let units = Array(value.utf16)
                appendMarker(0x6, count: units.count, to: &output)
                for unit in units { output += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            }
        case .uid(let value):
            let size = byteCount(value)
            output.append(0x80 | UInt8(size - 1))
            appendBigEndian(value, size: size, to: &output)
        case .array, .dictionary:
            preconditionFailure("containers are written by reference")
        }
    }

    /// Non-negative integers in 1, 2, 4 or 8 bytes; negative ones always in 8 (the format's
    /// shorter integers are unsigned).
    private static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        let size = value < 0 ? 8 : byteCount(UInt64(value))
        output.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), size: size, to: &output)
    }

    /// A type marker with its count in the low nibble, or 15 and the count as an integer object.
    private static func appendMarker(_ type: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(type << 4 | UInt8(count))
        } else {
            output.append(type << 4 | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }

    private static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    private static func byteCount(_ value: UInt64) -> Int {
        switch value {
        case ..<(1 << 8): 1
        case ..<(1 << 16): 2
        case ..<(1 << 32): 4
        default: 8
        }
    }
}
