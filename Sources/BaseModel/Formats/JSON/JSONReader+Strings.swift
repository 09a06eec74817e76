import Foundation

/// Strings: escapes and UTF-8 validation.
extension JSONReader {
    // MARK: Strings

    /// Bits set in the high bit of each byte of `word` that is `"`, `\` or a control character.
    /// The lowest set bit is exact; higher ones may be false positives.
    @inline(__always)
    static func specialBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(JSONByte.quote))
        let backslashes = word ^ (ones &* UInt64(JSONByte.backslash))
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        let isControl = (word &- ones &* 0x20) & ~word
        return (isQuote | isBackslash | isControl) & highs
    }

    /// The index of the first `"`, `\` or control byte at or after `position` (or `count`),
    /// noting in `nonASCII` whether any byte before it has its high bit set.
    @inline(__always)
    func scanString(from position: Int, nonASCII: inout UInt64) -> Int {
        var position = position
        while position &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(start + position).loadUnaligned(as: UInt64.self))
            let special = Self.specialBytes(in: word)
            if special != 0 {
                let offset = special.trailingZeroBitCount &>> 3
                let below = (UInt64(1) &<< UInt64(offset &* 8)) &- 1
                nonASCII |= word & below
                return position &+ offset
            }
            nonASCII |= word
            position &+= 8
        }
        while position < count {
            let byte = start[position]
            if byte == JSONByte.quote || byte == JSONByte.backslash || byte < JSONByte.space { return position }
            nonASCII |= UInt64(byte)
            position &+= 1
        }
        return position
    }

    /// Reads a string whose opening quote is at the index.
    @inline(__always)
    mutating func parseString() throws(ModelError) -> String {
        let contentStart = index + 1
        var nonASCII: UInt64 = 0
        let end = scanString(from: contentStart, nonASCII: &nonASCII)
        guard end < count else { throw truncated() }
        guard start[end] == JSONByte.quote else {
            return try parseEscapedString(contentStart: contentStart, special: end, nonASCII: nonASCII)
        }
        index = end + 1
        let content = UnsafeBufferPointer(start: start + contentStart, count: end - contentStart)
        if nonASCII & 0x8080_8080_8080_8080 == 0 {
            return String(decoding: content, as: UTF8.self)
        }
        return try validatedString(content, rawStart: contentStart, rawEnd: end)
    }

    /// Makes a string of UTF-8 bytes that may be invalid; `rawStart..<rawEnd` is the string's
    /// content in the input, for the offset of the error.
    @inline(__always)
    func validatedString(_ content: UnsafeBufferPointer<UInt8>, rawStart: Int, rawEnd: Int) throws(ModelError) -> String {
        if let string = Self.validUTF8String(content) { return string }
        throw invalidUTF8(rawStart: rawStart, rawEnd: rawEnd)
    }

    /// The string of `content`, or `nil` when it is not valid UTF-8.
    @inline(__always)
    static func validUTF8String(_ content: UnsafeBufferPointer<UInt8>) -> String? {
        // `String(decoding:as:)` validates as it copies and replaces what is invalid, so the
        // bytes come out the same exactly when they were valid UTF-8. (It is specialized here;
        // `String(validating:as:)` is a generic call that looks up a metadata every time.)
        var string = String(decoding: content, as: UTF8.self)
        let same = string.withUTF8 { copy in
            copy.count == content.count && (copy.isEmpty || memcmp(copy.baseAddress!, content.baseAddress!, copy.count) == 0)
        }
        return same ? string : nil
    }

    @inline(never)
    func invalidUTF8(rawStart: Int, rawEnd: Int) -> ModelError {
        let raw = UnsafeBufferPointer(start: start + rawStart, count: rawEnd - rawStart)
        let offset = rawStart + (Self.firstInvalidUTF8(in: raw) ?? 0)
        return malformed("invalid UTF-8 in string", at: offset)
    }

    /// Reads the rest of a string that contains escapes (or ends in an error); `special` is the
    /// index of the first `\` or control byte.
    @inline(never)
    mutating func parseEscapedString(contentStart: Int, special: Int, nonASCII: UInt64) throws(ModelError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var nonASCII = nonASCII
        var runStart = contentStart
        var position = special
        while true {
            guard position < count else { throw truncated() }
            let byte = start[position]
            if position > runStart {
                scratch.append(contentsOf: UnsafeBufferPointer(start: start + runStart, count: position - runStart))
            }
            if byte == JSONByte.quote {
                index = position + 1
                if nonASCII & 0x8080_8080_8080_8080 == 0 {
                    return String(decoding: scratch, as: UTF8.self)
                }
                let string = scratch.withUnsafeBufferPointer { Self.validUTF8String($0) }
                guard let string else { throw invalidUTF8(rawStart: contentStart, rawEnd: position) }
                return string
            }
            guard byte == JSONByte.backslash else {
                throw malformed("unescaped control character U+\(Self.hex(byte, digits: 4)) in string", at: position)
            }
            position += 1
            guard position < count else { throw truncated() }
            switch start[position] {
            case JSONByte.quote: scratch.append(JSONByte.quote)
            case JSONByte.backslash: scratch.append(JSONByte.backslash)
            case JSONByte.slash: scratch.append(JSONByte.slash)
            case 0x62: scratch.append(0x08) // b
            case 0x66: scratch.append(0x0C) // f
            case 0x6E: scratch.append(JSONByte.lineFeed) // n
            case 0x72: scratch.append(JSONByte.carriageReturn) // r
            case 0x74: scratch.append(JSONByte.tab) // t
            case 0x75: // u
                let escapeStart = position - 1
                var scalar = try readHex4(at: position + 1)
                position += 4
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard position + 2 < count else {
                        throw position + 1 < count && start[position + 1] != JSONByte.backslash
                            ? malformed("high surrogate \\u\(Self.hex(scalar, digits: 4)) not followed by a low surrogate", at: escapeStart)
                            : truncated()
                    }
                    guard start[position + 1] == JSONByte.backslash, start[position + 2] == 0x75 else {
                        throw malformed("high surrogate \\u\(Self.hex(scalar, digits: 4)) not followed by a low surrogate", at: escapeStart)
                    }
                    let low = try readHex4(at: position + 3)
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw malformed("high surrogate \\u\(Self.hex(scalar, digits: 4)) not followed by a low surrogate", at: escapeStart)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw malformed("lone low surrogate \\u\(Self.hex(scalar, digits: 4))", at: escapeStart)
                }
                appendUTF8(scalar)
            default:
                throw malformed("invalid escape sequence", at: position - 1)
            }
            position += 1
            runStart = position
            position = scanString(from: position, nonASCII: &nonASCII)
        }
    }

    /// Reads four hexadecimal digits at `position`.
    @inline(__always)
    func readHex4(at position: Int) throws(ModelError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard position + offset < count else { throw truncated() }
            let byte = start[position + offset]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw malformed("invalid \\u escape, expected four hexadecimal digits", at: position - 2)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Appends the UTF-8 encoding of a scalar (not a surrogate) to the scratch buffer.
    @inline(__always)
    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The offset of the first byte of `bytes` that does not belong to a well-formed UTF-8
    /// sequence (overlong forms, surrogates and values above U+10FFFF are ill-formed), or `nil`.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var position = 0
        let count = bytes.count
        while position < count {
            let lead = bytes[position]
            if lead < 0x80 {
                position += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return position
            }
            guard position + length <= count else { return position }
            let second = bytes[position + 1]
            guard second >= lower && second <= upper else { return position }
            for continuation in 2..<max(length, 2) where bytes[position + continuation] & 0xC0 != 0x80 {
                return position
            }
            position += length
        }
        return nil
    }
}
