import Foundation

/// Where things are in a binary property list (`bplist00`), checked against the data before
/// anything is read: the header and trailer, the offset of each object, the counts and payloads
/// of containers, references, and the scalars themselves. The tree reader
/// (``BinaryPropertyListReader``) and the keyed-archive index (`KeyedArchiveIndex`) read through
/// it, so both accept and refuse the same bytes.
///
/// Layout: the 8-byte magic, the objects, an offset table (one big-endian offset per object)
/// and a 32-byte trailer giving the offset and reference sizes, the object count, the top object
/// and where the offset table starts.
struct BinaryPropertyListLayout {
    /// The magic the writer puts first; the reader accepts any byte in place of the last `0`.
    static let magic: [UInt8] = Array("bplist00".utf8)
    /// The length of the trailer at the end of the file.
    static let trailerLength = 32

    let bytes: [UInt8]
    /// The format named in errors.
    let format: String
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    /// Where the offset table starts; every object lies before it.
    let offsetTableStart: Int

    /// Checks the header and trailer.
    ///
    /// - Throws: ``ModelError`` when they are missing or inconsistent with the data's size.
    init(bytes: [UInt8], format: String) throws(ModelError) {
        self.bytes = bytes
        self.format = format
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

    // MARK: - Objects

    /// The offset of object `reference`, from the offset table; it must lie in the object area.
    func objectOffset(_ reference: Int) throws(ModelError) -> Int {
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
    func countAndPayload(at start: Int, unitSize: Int) throws(ModelError) -> (count: Int, payload: Int) {
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

    /// The object reference stored at `position` (inside a container's checked payload).
    func reference(at position: Int) -> Int {
        // Out-of-range values are caught where they are followed; clamp so that the conversion
        // cannot trap.
        Int(clamping: Self.bigEndian(bytes, at: position, size: referenceSize))
    }

    /// Reads the scalar (any object but an array, set or dictionary) at `start`.
    ///
    /// - Throws: ``ModelError`` for an unknown marker, a scalar that runs past the object area,
    ///   an integer of 16 bytes that does not fit in 64 bits, and strings that are not valid.
    func scalar(at start: Int, marker: UInt8) throws(ModelError) -> PropertyListObject {
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .bool(false)
        case 0x0 where marker == 0x09: return .bool(true)
        case 0x1:
            return try integer(at: start)
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
    private func integer(at start: Int) throws(ModelError) -> PropertyListObject {
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

    /// Strings marked ASCII that hold UTF-8 bytes (old Apple tools wrote some) are read as UTF-8;
    /// other non-ASCII bytes in them are an error.
    private func asciiString(_ slice: ArraySlice<UInt8>, at start: Int) throws(ModelError) -> String {
        if slice.allSatisfy({ $0 < 0x80 }) || Self.isValidUTF8(slice) { return String(decoding: slice, as: UTF8.self) }
        throw failure(.malformed("an ASCII string holds bytes that are neither ASCII nor UTF-8"), at: start)
    }

    /// A big-endian UTF-16 string, transcoded to UTF-8 in one pass; an unpaired surrogate is an error.
    private func utf16String(at payload: Int, count: Int, marker: Int) throws(ModelError) -> String {
        var valid = true
        // A unit takes at most three UTF-8 bytes (a surrogate pair, two units, takes four).
        let text = String(unsafeUninitializedCapacity: 3 * count) { buffer in
            bytes.withUnsafeBufferPointer { source in
                var written = 0
                var position = payload
                let end = payload + 2 * count
                while position < end {
                    var scalar = UInt32(source[position]) << 8 | UInt32(source[position + 1])
                    position += 2
                    if scalar & 0xF800 == 0xD800 {
                        guard scalar < 0xDC00, position < end else {
                            valid = false
                            return 0
                        }
                        let low = UInt32(source[position]) << 8 | UInt32(source[position + 1])
                        guard low & 0xFC00 == 0xDC00 else {
                            valid = false
                            return 0
                        }
                        position += 2
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    switch scalar {
                    case ..<0x80:
                        buffer[written] = UInt8(scalar)
                        written += 1
                    case ..<0x800:
                        buffer[written] = UInt8(0xC0 | scalar >> 6)
                        buffer[written + 1] = UInt8(0x80 | scalar & 0x3F)
                        written += 2
                    case ..<0x10000:
                        buffer[written] = UInt8(0xE0 | scalar >> 12)
                        buffer[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                        buffer[written + 2] = UInt8(0x80 | scalar & 0x3F)
                        written += 3
                    default:
                        buffer[written] = UInt8(0xF0 | scalar >> 18)
                        buffer[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                        buffer[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                        buffer[written + 3] = UInt8(0x80 | scalar & 0x3F)
                        written += 4
                    }
                }
                return written
            }
        }
        guard valid else { throw failure(.malformed("a UTF-16 string holds an unpaired surrogate"), at: marker) }
        return text
    }

    // MARK: - Checks

    /// Checks that `count` bytes at `position` lie in the object area.
    func require(_ count: Int, bytesAt position: Int) throws(ModelError) {
        guard position <= offsetTableStart, count <= offsetTableStart - position else {
            throw failure(.malformed("object runs past the object area"), at: position)
        }
    }

    func failure(_ reason: ModelError.Reason, at offset: Int) -> ModelError {
        ModelError(reason, format: format, offset: offset)
    }

    /// The big-endian unsigned integer of `size` (1 to 8) bytes at `position`; the caller has
    /// checked that the bytes exist.
    @inline(__always)
    static func bigEndian(_ bytes: [UInt8], at position: Int, size: Int) -> UInt64 {
        switch size {
        case 1:
            return UInt64(bytes[position])
        case 2:
            return UInt64(bytes[position]) << 8 | UInt64(bytes[position + 1])
        default:
            var value: UInt64 = 0
            for index in position..<(position + size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
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
