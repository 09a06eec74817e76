import Foundation
import OrderedCollections

/// The writer's state: the output buffer and the options. Not copyable, as its buffer is not.
struct JSONByteWriter: ~Copyable {
    var output: GrowingBytes
    let pretty: Bool
    let sorted: Bool
    let escapeSlashes: Bool
    /// The deepest nesting written: what the parser reads back.
    let maximumDepth = DecodingLimits.current.maximumDepth

    init(options: JSONWriter.Options, capacity: Int = 1024) {
        pretty = options.contains(.prettyPrinted)
        sorted = options.contains(.sortedKeys)
        escapeSlashes = !options.contains(.withoutEscapingSlashes)
        output = GrowingBytes(capacity: capacity)
    }

    mutating func write(_ value: ModelValue, level: Int) throws(ModelError) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let flag): appendASCII(flag ? "true" : "false")
        case .integer(let number): writeInteger(number)
        case .unsignedInteger(let number): writeDecimal(number)
        case .double(let number): try writeDouble(number)
        case .string(let text): writeString(text)
        case .date(let date): try writeDate(date)
        case .data(let bytes): writeData(bytes)
        case .array(let elements):
            guard level < maximumDepth else { throw ModelError(DecodingLimits.depthExceeded(maximumDepth), format: "json") }
            try writeArray(elements, level: level)
        case .dictionary(let entries):
            guard level < maximumDepth else { throw ModelError(DecodingLimits.depthExceeded(maximumDepth), format: "json") }
            try writeDictionary(entries, level: level)
        }
    }

    mutating func writeArray(_ elements: [ModelValue], level: Int) throws(ModelError) {
        output.append(JSONByte.openBracket)
        guard !elements.isEmpty else { return output.append(JSONByte.closeBracket) }
        for (position, element) in elements.enumerated() {
            if position > 0 { output.append(JSONByte.comma) }
            if pretty { newline(level: level + 1) }
            do {
                try write(element, level: level + 1)
            } catch {
                throw Self.prefixing(error, with: .index(position))
            }
        }
        if pretty { newline(level: level) }
        output.append(JSONByte.closeBracket)
    }

    mutating func writeDictionary(_ entries: OrderedDictionary<String, ModelValue>, level: Int) throws(ModelError) {
        output.append(JSONByte.openBrace)
        guard !entries.isEmpty else { return output.append(JSONByte.closeBrace) }
        let keys = entries.keys
        let values = entries.values
        if sorted {
            let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            for (position, index) in order.enumerated() {
                try writeEntry(key: keys[index], value: values[index], first: position == 0, level: level)
            }
        } else {
            for index in keys.indices {
                try writeEntry(key: keys[index], value: values[index], first: index == 0, level: level)
            }
        }
        if pretty { newline(level: level) }
        output.append(JSONByte.closeBrace)
    }

    @inline(__always)
    mutating func writeEntry(key: String, value: ModelValue, first: Bool, level: Int) throws(ModelError) {
        if !first { output.append(JSONByte.comma) }
        if pretty { newline(level: level + 1) }
        writeString(key)
        if pretty {
            appendASCII(" : ")
        } else {
            output.append(JSONByte.colon)
        }
        do {
            try write(value, level: level + 1)
        } catch {
            throw Self.prefixing(error, with: .key(key))
        }
    }

    /// Appends an integer's decimal digits.
    @inline(__always)
    mutating func writeInteger(_ number: Int64) {
        if number < 0 { output.append(JSONByte.minus) }
        writeDecimal(number.magnitude)
    }

    /// Appends a double's shortest round-trip digits.
    ///
    /// - Throws: ``ModelError`` for NaN and the infinities, which have no JSON form.
    @inline(__always)
    mutating func writeDouble(_ number: Double) throws(ModelError) {
        guard number.isFinite else {
            throw ModelError(.invalidValue("\(number) has no JSON form"), excerpt: String(number), format: "json")
        }
        // The shortest round-trip digits, written straight into the buffer.
        withUnsafeMutablePointer(to: &output) { output in
            var sink = ASCIISink(output: output)
            number.write(to: &sink)
        }
    }

    /// Appends bytes as a quoted base64 string.
    mutating func writeData(_ bytes: Data) {
        output.append(JSONByte.quote)
        output.append(contentsOf: bytes.base64EncodedData())
        output.append(JSONByte.quote)
    }

    static func prefixing(_ error: ModelError, with component: ModelPath.Component) -> ModelError {
        var error = error
        error.path = ModelPath([component] + error.path.components)
        return error
    }

    @inline(__always)
    mutating func newline(level: Int) {
        output.append(JSONByte.lineFeed)
        output.append(JSONByte.space, repeated: level * 2)
    }

    @inline(__always)
    mutating func appendASCII(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `number`.
    @inline(__always)
    mutating func writeDecimal(_ number: UInt64) {
        if number < 10 {
            output.append(JSONByte.zero + UInt8(number))
            return
        }
        let first = output.count
        output.reserve(20)
        var rest = number
        while rest > 0 {
            let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
            output.appendUnchecked(JSONByte.zero &+ UInt8(truncatingIfNeeded: digit))
            rest = quotient
        }
        output.reverseTail(from: first)
    }

    /// Appends a quoted, escaped string: the runs between bytes that need an escape are copied
    /// in one append each, and the runs are found eight bytes at a time. Room for the string
    /// and its quotes is made once; an escape makes room for itself and the rest.
    mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            let count = utf8.count
            output.reserve(count &+ 2)
            output.appendUnchecked(JSONByte.quote)
            guard let base = utf8.baseAddress else { return output.appendUnchecked(JSONByte.quote) }
            var runStart = 0
            var position = nextEscape(in: base, count: count, from: 0)
            while position < count {
                output.reserve(count &- runStart &+ 6)
                if position > runStart {
                    output.appendUnchecked(base + runStart, count: position &- runStart)
                }
                appendEscape(base[position])
                position &+= 1
                runStart = position
                position = nextEscape(in: base, count: count, from: position)
            }
            if runStart < count {
                output.appendUnchecked(base + runStart, count: count &- runStart)
            }
            output.appendUnchecked(JSONByte.quote)
        }
    }

    /// The position of the first byte at or after `position` that needs an escape, or `count`.
    @inline(__always)
    private func nextEscape(in base: UnsafePointer<UInt8>, count: Int, from position: Int) -> Int {
        var position = position
        while position &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            var special = JSONReader.specialBytes(in: word)
            if escapeSlashes {
                let slashes = word ^ (0x0101_0101_0101_0101 &* UInt64(JSONByte.slash))
                special |= (slashes &- 0x0101_0101_0101_0101) & ~slashes & 0x8080_8080_8080_8080
            }
            // The lowest flagged byte is a true match (a false flag only follows a true one).
            if special != 0 { return position &+ (special.trailingZeroBitCount &>> 3) }
            position &+= 8
        }
        while position < count {
            let byte = base[position]
            if byte < JSONByte.space || byte == JSONByte.quote || byte == JSONByte.backslash || (byte == JSONByte.slash && escapeSlashes) {
                return position
            }
            position &+= 1
        }
        return count
    }

    /// Appends the escape of `byte`, a byte that needs one.
    @inline(__always)
    private mutating func appendEscape(_ byte: UInt8) {
        output.append(JSONByte.backslash)
        switch byte {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: output.append(byte)
        case 0x08: output.append(0x62) // b
        case 0x0C: output.append(0x66) // f
        case JSONByte.lineFeed: output.append(0x6E) // n
        case JSONByte.carriageReturn: output.append(0x72) // r
        case JSONByte.tab: output.append(0x74) // t
        default:
            output.append(0x75) // u
            output.append(JSONByte.zero)
            output.append(JSONByte.zero)
            output.append(Self.hexDigit(byte >> 4))
            output.append(Self.hexDigit(byte & 0xF))
        }
    }

    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? JSONByte.zero + nibble : 0x61 + nibble - 10
    }

    // MARK: Dates

    /// Milliseconds from 1970 to 0001-01-01T00:00:00Z and to 10000-01-01T00:00:00Z: the range
    /// the fixed-width formatter covers.
    static let firstFormattableMillisecond: Int64 = -62_135_596_800_000
    static let endFormattableMillisecond: Int64 = 253_402_300_800_000

    /// Appends `"YYYY-MM-DDTHH:MM:SS.mmmZ"` in UTC.
    mutating func writeDate(_ date: Date) throws(ModelError) {
        let sinceReference = date.timeIntervalSinceReferenceDate
        guard sinceReference.isFinite else {
            throw ModelError(.invalidValue("date is not finite"), format: "json")
        }
        // Rounding from the 2001 reference keeps the most precision a `Date` holds.
        let milliseconds = (sinceReference * 1000).rounded() + 978_307_200_000
        guard milliseconds >= Double(Self.firstFormattableMillisecond),
              milliseconds < Double(Self.endFormattableMillisecond)
        else {
            output.append(JSONByte.quote)
            output.append(contentsOf: date.formatted(ISO8601DateFormatStyleCache.withFractionalSeconds).utf8)
            output.append(JSONByte.quote)
            return
        }
        let total = Int64(milliseconds)
        let (days, millisecondOfDay) = Self.floorDivision(total, 86_400_000)
        let (year, month, day) = CivilDate.civil(days: Int(days))
        let secondOfDay = Int(millisecondOfDay / 1000)

        output.append(JSONByte.quote)
        appendDigits(year, count: 4)
        output.append(JSONByte.minus)
        appendDigits(month, count: 2)
        output.append(JSONByte.minus)
        appendDigits(day, count: 2)
        output.append(0x54) // T
        appendDigits(secondOfDay / 3600, count: 2)
        output.append(JSONByte.colon)
        appendDigits(secondOfDay / 60 % 60, count: 2)
        output.append(JSONByte.colon)
        appendDigits(secondOfDay % 60, count: 2)
        output.append(JSONByte.period)
        appendDigits(Int(millisecondOfDay % 1000), count: 3)
        output.append(0x5A) // Z
        output.append(JSONByte.quote)
    }

    /// Appends `number` (not negative) with exactly `count` digits, padded with zeros.
    @inline(__always)
    mutating func appendDigits(_ number: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = number
        while divisor > 0 {
            output.append(JSONByte.zero + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    static func floorDivision(_ dividend: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = dividend / divisor
        var remainder = dividend % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}

/// Where `Double.write(to:)` writes its digits: the writer's buffer. The standard library
/// formats into a stack buffer and hands it to ``_writeASCII(_:)``, which saves creating a
/// `String` (a heap allocation above 15 bytes) per number.
private struct ASCIISink: TextOutputStream {
    let output: UnsafeMutablePointer<GrowingBytes>

    /// Appends text, for what does not come as ASCII bytes.
    mutating func write(_ string: String) {
        output.pointee.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        output.pointee.append(contentsOf: buffer)
    }
}
