import Foundation

/// Writes a ``ModelValue`` tree as a binary property list (`bplist00`) whose bytes depend only on
/// the tree.
///
/// Foundation's writer on Linux orders each dictionary's entries by the process's random hash
/// seed, so the same tree gives different files from run to run. This writer is deterministic:
///
/// - dictionary keys are sorted by their UTF-16 code units;
/// - objects are numbered depth first from the root (object 0), a container before its
///   children, a dictionary's keys before its values;
/// - equal strings (keys and values) are stored once, as Apple's writer does;
/// - integers take the smallest width that holds them (1, 2, 4 bytes unsigned; 8 bytes for
///   negative numbers; 16 bytes for values above `Int64.max`), doubles and dates 8 bytes,
///   strings ASCII when they can be and UTF-16 big-endian otherwise.
///
/// It is internal to the HR codecs until the library's own property-list writer replaces it.
struct HRBinaryPropertyListWriter {
    /// One object of the file: its finished bytes, or a container's child objects.
    private enum Object {
        case encoded([UInt8])
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [Object] = []
    /// Strings already stored, by their UTF-8 bytes: Swift's `String` equality would merge
    /// canonically equivalent spellings (`"é"` and `"e\u{301}"`), which are different strings here.
    private var stringObjects: [[UInt8]: Int] = [:]
    private let format: String
    private var path: [ModelPath.Component] = []

    private init(format: String) { self.format = format }

    /// The binary property list of `value`.
    ///
    /// - Parameters:
    ///   - value: A tree without ``ModelValue/null`` (property lists have no null).
    ///   - format: The format name errors carry.
    /// - Throws: ``ModelError`` with ``ModelError/Reason/unsupported(_:)`` and the path of a
    ///   null value.
    static func data(from value: ModelValue, format: String) throws(ModelError) -> Data {
        var writer = HRBinaryPropertyListWriter(format: format)
        _ = try writer.add(value)
        return Data(writer.serialize())
    }

    // MARK: Flattening

    /// Adds `value` and its children; returns its object number.
    private mutating func add(_ value: ModelValue) throws(ModelError) -> Int {
        switch value {
        case .string(let text):
            return addString(text)
        case .array(let elements):
            let number = reserve()
            var children: [Int] = []
            children.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                path.append(.index(index))
                children.append(try add(element))
                path.removeLast()
            }
            objects[number] = .array(children)
            return number
        case .dictionary(let entries):
            let number = reserve()
            let entryKeys = entries.keys
            let entryValues = entries.values
            let order = entryKeys.indices.sorted { entryKeys[$0].utf16.lexicographicallyPrecedes(entryKeys[$1].utf16) }
            let keys = order.map { addString(entryKeys[$0]) }
            var values: [Int] = []
            values.reserveCapacity(order.count)
            for index in order {
                path.append(.key(entryKeys[index]))
                values.append(try add(entryValues[index]))
                path.removeLast()
            }
            objects[number] = .dictionary(keys: keys, values: values)
            return number
        case .null:
            throw ModelError(.unsupported("a property list has no null"), path: ModelPath(path), format: format)
        case .bool(let flag):
            return addScalar([flag ? 0x09 : 0x08])
        case .integer(let number):
            var bytes: [UInt8] = []
            Self.appendInteger(number, to: &bytes)
            return addScalar(bytes)
        case .unsignedInteger(let number):
            // A 16-byte integer whose high half is zero: how Apple stores values above Int64.max.
            var bytes: [UInt8] = [0x14]
            bytes.append(contentsOf: repeatElement(0, count: 8))
            Self.appendBigEndian(number, width: 8, to: &bytes)
            return addScalar(bytes)
        case .double(let number):
            var bytes: [UInt8] = [0x23]
            Self.appendBigEndian(number.bitPattern, width: 8, to: &bytes)
            return addScalar(bytes)
        case .date(let date):
            var bytes: [UInt8] = [0x33]
            Self.appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, width: 8, to: &bytes)
            return addScalar(bytes)
        case .data(let data):
            var bytes: [UInt8] = []
            Self.appendMarker(0x4, count: data.count, to: &bytes)
            bytes.append(contentsOf: data)
            return addScalar(bytes)
        }
    }

    private mutating func addScalar(_ bytes: [UInt8]) -> Int {
        objects.append(.encoded(bytes))
        return objects.count - 1
    }

    private mutating func reserve() -> Int {
        objects.append(.encoded([]))
        return objects.count - 1
    }

    private mutating func addString(_ text: String) -> Int {
        let utf8 = Array(text.utf8)
        if let existing = stringObjects[utf8] { return existing }
        var bytes: [UInt8] = []
        if utf8.allSatisfy({ $0 < 0x80 }) {
            Self.appendMarker(0x5, count: utf8.count, to: &bytes)
            bytes.append(contentsOf: utf8)
        } else {
            Self.appendMarker(0x6, count: text.utf16.count, to: &bytes)
            for unit in text.utf16 {
                bytes.append(UInt8(unit >> 8))
                bytes.append(UInt8(unit & 0xFF))
            }
        }
        objects.append(.encoded(bytes))
        stringObjects[utf8] = objects.count - 1
        return objects.count - 1
    }

    // MARK: Serialising

    private func serialize() -> [UInt8] {
        let referenceWidth = Self.width(for: UInt64(max(objects.count - 1, 0)))
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            switch object {
            case .encoded(let bytes):
                output.append(contentsOf: bytes)
            case .array(let children):
                Self.appendMarker(0xA, count: children.count, to: &output)
                for child in children { Self.appendBigEndian(UInt64(child), width: referenceWidth, to: &output) }
            case .dictionary(let keys, let values):
                Self.appendMarker(0xD, count: keys.count, to: &output)
                for key in keys { Self.appendBigEndian(UInt64(key), width: referenceWidth, to: &output) }
                for value in values { Self.appendBigEndian(UInt64(value), width: referenceWidth, to: &output) }
            }
        }
        let tableOffset = output.count
        let offsetWidth = Self.width(for: UInt64(offsets.last ?? 0))
        for offset in offsets { Self.appendBigEndian(UInt64(offset), width: offsetWidth, to: &output) }
        // Trailer: 5 unused bytes, the sort version, the two widths, then three 64-bit numbers.
        output.append(contentsOf: repeatElement(0, count: 6))
        output.append(UInt8(offsetWidth))
        output.append(UInt8(referenceWidth))
        Self.appendBigEndian(UInt64(objects.count), width: 8, to: &output)
        Self.appendBigEndian(0, width: 8, to: &output)
        Self.appendBigEndian(UInt64(tableOffset), width: 8, to: &output)
        return output
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `number`.
    private static func width(for number: UInt64) -> Int {
        switch number {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }

    /// A marker byte: the kind in the high nibble and the count in the low one, or `0xF` and
    /// the count as an integer object after it.
    private static func appendMarker(_ kind: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(kind << 4 | UInt8(count))
        } else {
            bytes.append(kind << 4 | 0xF)
            appendInteger(Int64(count), to: &bytes)
        }
    }

    /// An integer object: unsigned in 1, 2 or 4 bytes when it fits, otherwise 8 bytes in two's
    /// complement (every negative number).
    private static func appendInteger(_ number: Int64, to bytes: inout [UInt8]) {
        let magnitudeWidth = number < 0 ? 8 : width(for: UInt64(number))
        let exponent: UInt8 = switch magnitudeWidth {
        case 1: 0
        case 2: 1
        case 4: 2
        default: 3
        }
        bytes.append(0x10 | exponent)
        appendBigEndian(UInt64(bitPattern: number), width: magnitudeWidth, to: &bytes)
    }

    private static func appendBigEndian(_ number: UInt64, width: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift)))
        }
    }
}
