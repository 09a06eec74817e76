/// An `NSDecimal` as FastCoding stores it: the 20 bytes of the C struct, little-endian.
///
/// Layout: byte 0 the exponent (signed), byte 1 the word count of the mantissa in its low four
/// bits, then `isNegative` (bit 4) and `isCompact` (bit 5); bytes 2–3 reserved; bytes 4–19 the
/// mantissa as eight `UInt16`, least significant first. The value is
/// `(-1)^isNegative × mantissa × 10^exponent`; length 0 with `isNegative` is NaN.
///
/// The library also uses it to store integers above `Int64.max` without loss (see
/// ``init(_:)``): FastCoding 3.3 wrote *nothing* for such a number, corrupting the stream.
///
/// ```swift
/// FastDecimal(UInt64.max).modelValue   // .unsignedInteger(18446744073709551615)
/// ```
struct FastDecimal: Sendable, Hashable {
    /// The size of the struct in the file (and its alignment, as `sizeof(NSDecimal)`).
    static let size = 20

    /// The 20 bytes as stored.
    let bytes: [UInt8]

    /// Wraps 20 stored bytes; `nil` for any other count.
    init?(bytes: [UInt8]) {
        guard bytes.count == Self.size else { return nil }
        self.bytes = bytes
    }

    /// The compact decimal of an unsigned integer: trailing decimal zeros move to the exponent,
    /// as `NSDecimalCompact` does.
    init(_ value: UInt64) {
        self.init(mantissa: value, exponent: 0, isNegative: false)
    }

    /// The compact decimal of a signed integer.
    init(_ value: Int64) {
        self.init(mantissa: value.magnitude, exponent: 0, isNegative: value < 0)
    }

    /// The compact decimal of a double's shortest decimal form (`0.1` is mantissa 1, exponent
    /// −1), NaN as the NaN decimal; `nil` for an infinity or a power of ten beyond −128…127.
    init?(_ value: Double) {
        if value.isNaN {
            var bytes = [UInt8](repeating: 0, count: Self.size)
            bytes[1] = 0x10
            self.init(bytes: bytes)
            return
        }
        guard value.isFinite else { return nil }
        // The shortest digits that read back as this double, and their power of ten.
        let text = "\(value.magnitude)"
        let parts = text.split(separator: "e")
        var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var digits = ""
        for character in parts[0] {
            if character == "." {
                continue
            }
            digits.append(character)
        }
        if let point = parts[0].firstIndex(of: ".") { exponent -= parts[0].distance(from: point, to: parts[0].endIndex) - 1 }
        guard let mantissa = UInt64(digits) else { return nil }
        var compact = mantissa
        while compact != 0, compact % 10 == 0 {
            compact /= 10
            exponent += 1
        }
        if compact == 0 { exponent = 0 }
        guard let stored = Int8(exactly: exponent) else { return nil }
        self.init(mantissa: compact, exponent: stored, isNegative: value < 0 && compact != 0)
    }

    /// The decimal `(-1)^isNegative × mantissa × 10^exponent`, its trailing decimal zeros moved
    /// to the exponent.
    private init(mantissa value: UInt64, exponent power: Int8, isNegative: Bool) {
        var mantissa = value
        var exponent = Int(power)
        while mantissa != 0, mantissa % 10 == 0, exponent < Int(Int8.max) {
            mantissa /= 10
            exponent += 1
        }
        var words: [UInt16] = []
        var rest = mantissa
        while rest != 0 {
            words.append(UInt16(truncatingIfNeeded: rest))
            rest >>= 16
        }
        var bytes = [UInt8](repeating: 0, count: Self.size)
        bytes[0] = UInt8(bitPattern: Int8(exponent))
        bytes[1] = UInt8(words.count) | 0x20 | (isNegative ? 0x10 : 0)
        for (index, word) in words.enumerated() {
            bytes[4 + 2 * index] = UInt8(word & 0xFF)
            bytes[5 + 2 * index] = UInt8(word >> 8)
        }
        self.bytes = bytes
    }

    /// The power of ten.
    var exponent: Int8 { Int8(bitPattern: bytes[0]) }
    /// How many mantissa words are used (0…8).
    var length: Int { Int(bytes[1] & 0x0F) }
    /// Whether the value is negative (with length 0: NaN).
    var isNegative: Bool { bytes[1] & 0x10 != 0 }
    /// Whether the mantissa has no trailing decimal zeros.
    var isCompact: Bool { bytes[1] & 0x20 != 0 }
    /// The eight mantissa words, least significant first.
    var mantissa: [UInt16] { (0..<8).map { UInt16(bytes[4 + 2 * $0]) | UInt16(bytes[5 + 2 * $0]) << 8 } }

    /// The number as a tree value: an ``ModelValue/integer(_:)`` or
    /// ``ModelValue/unsignedInteger(_:)`` when it is a whole number that fits 64 bits, otherwise
    /// the nearest ``ModelValue/double(_:)`` (NaN for the NaN decimal).
    var modelValue: ModelValue {
        let words = mantissa.prefix(min(length, 8))
        if words.isEmpty { return isNegative ? .double(.nan) : .integer(0) }
        if let whole = wholeValue(words) {
            if !isNegative { return .unsigned(whole) }
            if whole <= UInt64(Int64.max) + 1 { return .integer(whole == UInt64(Int64.max) + 1 ? .min : -Int64(whole)) }
        }
        var value = 0.0
        for word in words.reversed() { value = value * 65_536 + Double(word) }
        var scale = 1.0
        for _ in 0..<Int(exponent.magnitude) { scale *= 10 }
        value = exponent < 0 ? value / scale : value * scale
        return .double(isNegative ? -value : value)
    }

    /// The magnitude when it is a whole number below 2^64.
    private func wholeValue(_ words: ArraySlice<UInt16>) -> UInt64? {
        guard words.count <= 4 else { return nil }
        var value: UInt64 = 0
        for word in words.reversed() { value = value << 16 | UInt64(word) }
        if exponent >= 0 {
            for _ in 0..<Int(exponent) {
                let (next, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                value = next
            }
            return value
        }
        for _ in 0..<Int(exponent.magnitude) {
            guard value % 10 == 0 else { return nil }
            value /= 10
        }
        return value
    }
}
