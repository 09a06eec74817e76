import Foundation

/// Errors with offsets, paths and excerpts.
extension JSONReader {
    // MARK: Errors

    /// Rejects UTF-16 and UTF-32 input, recognised by a byte-order mark or by zero bytes
    /// between ASCII characters, with a clearer message than "unexpected byte".
    mutating func rejectWideEncodings() throws(ModelError) {
        guard count >= 2 else { return }
        let b0 = start[0], b1 = start[1]
        let wide = (b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF)
            || (count >= 4 && ((b0 == 0 && start[2] == 0) || (b1 == 0 && start[3] == 0)))
        if wide {
            throw ModelError(
                .malformed("UTF-16 or UTF-32 input; JSON must be UTF-8"), format: "json", offset: 0
            )
        }
    }

    /// The path of the value being read: the keys and indices of the open containers.
    func currentPath() -> ModelPath {
        builder.currentPath()
    }

    /// A short, quoted excerpt of the input at `offset`, up to the end of its line.
    func excerpt(at offset: Int) -> String? {
        guard offset < count else { return nil }
        var end = offset
        while end < count && end - offset < 24 && start[end] != JSONByte.lineFeed { end += 1 }
        if end == offset { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(start: start + offset, count: end - offset), as: UTF8.self)
        return ModelValue.quoted(text)
    }

    @inline(never)
    func failure(_ reason: ModelError.Reason, at offset: Int) -> ModelError {
        ModelError(reason, path: currentPath(), excerpt: excerpt(at: offset), format: "json", offset: offset)
    }

    @inline(never)
    func malformed(_ why: String, at offset: Int) -> ModelError {
        failure(.malformed(why), at: offset)
    }

    @inline(never)
    func truncated() -> ModelError {
        ModelError(.truncated, path: currentPath(), format: "json", offset: count)
    }

    static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Describes the byte at the index, which cannot start a value.
    @inline(never)
    func unexpectedValueStart() -> ModelError {
        let byte = start[index]
        switch byte {
        case JSONByte.closeBracket, JSONByte.closeBrace:
            return malformed(builder.frames.isEmpty ? "unexpected '\(UnicodeScalar(byte))'" : "expected a value (trailing comma?)", at: index)
        case JSONByte.singleQuote:
            return malformed("strings must use double quotes", at: index)
        case JSONByte.slash:
            return malformed("comments are not allowed", at: index)
        case JSONByte.plus:
            return malformed("numbers cannot start with '+'", at: index)
        case JSONByte.period:
            return malformed("numbers must have a digit before '.'", at: index)
        case 0x4E, 0x49: // N, I
            return malformed("NaN and Infinity are not allowed", at: index)
        case JSONByte.comma, JSONByte.colon:
            return malformed("expected a value before '\(UnicodeScalar(byte))'", at: index)
        default:
            return unexpectedByte(byte, expecting: "a value")
        }
    }

    /// Describes the byte at the index, which cannot start a dictionary key.
    @inline(never)
    func unexpectedKeyStart(afterComma: Bool) -> ModelError {
        let byte = start[index]
        switch byte {
        case JSONByte.closeBrace where afterComma:
            return malformed("trailing comma in dictionary", at: index)
        case JSONByte.singleQuote:
            return malformed("strings must use double quotes", at: index)
        case JSONByte.slash:
            return malformed("comments are not allowed", at: index)
        default:
            return malformed("dictionary keys must be strings in double quotes", at: index)
        }
    }

    @inline(never)
    func trailingData() -> ModelError {
        if start[index] == JSONByte.slash { return malformed("comments are not allowed", at: index) }
        return malformed("unexpected data after the value", at: index)
    }

    func unexpectedByte(_ byte: UInt8, expecting what: String) -> ModelError {
        if byte >= 0x80 {
            return malformed("unexpected byte 0x\(Self.hex(byte, digits: 2)) (invalid UTF-8 outside a string), expected \(what)", at: index)
        }
        if byte < 0x20 || byte == 0x7F {
            return malformed("unexpected control character 0x\(Self.hex(byte, digits: 2)), expected \(what)", at: index)
        }
        return malformed("unexpected '\(UnicodeScalar(byte))', expected \(what)", at: index)
    }
}
