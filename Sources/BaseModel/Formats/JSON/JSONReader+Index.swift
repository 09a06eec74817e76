import Foundation

/// The index pass: the same scanning as ``parseDocument()``, appending nodes instead of values.
extension JSONReader {
    /// Reads the document into `builder` and returns its root node.
    ///
    /// - Throws: ``ModelError`` for malformed input and ``JSONIndexBuilder/Declined`` for input
    ///   the index leaves to the tree parser; either way the caller reads the document as a tree.
    mutating func indexDocument(into builder: inout JSONIndexBuilder) throws -> Int32 {
        if count >= 3 && start[0] == 0xEF && start[1] == 0xBB && start[2] == 0xBF { index = 3 }
        try rejectWideEncodings()
        skipWhitespace()
        guard index < count else { throw ModelError(.empty, format: "json", offset: index) }

        indexingValues: while true {
            guard index < count else { throw truncated() }
            var node: Int32
            switch start[index] {
            case JSONByte.quote:
                node = builder.appendString(try parseString())
            case JSONByte.openBrace:
                guard builder.frames.count < maximumDepth else { throw JSONIndexBuilder.Declined() }
                index += 1
                skipWhitespace()
                if index < count && start[index] == JSONByte.closeBrace {
                    index += 1
                    node = builder.append(.dictionary)
                } else {
                    builder.frames.append((builder.pendingCount, true))
                    try indexKey(into: &builder, afterComma: false)
                    continue indexingValues
                }
            case JSONByte.openBracket:
                guard builder.frames.count < maximumDepth else { throw JSONIndexBuilder.Declined() }
                index += 1
                skipWhitespace()
                if index < count && start[index] == JSONByte.closeBracket {
                    index += 1
                    node = builder.append(.array)
                } else {
                    builder.frames.append((builder.pendingCount, false))
                    continue indexingValues
                }
            case JSONByte.minus, 0x30...0x39:
                switch try parseNumber() {
                case .integer(let value): node = builder.append(.integer, payload: UInt64(bitPattern: value))
                case .double(let value): node = builder.append(.double, payload: value.bitPattern)
                default: throw JSONIndexBuilder.Declined()  // above Int64.max: the tree's `.unsigned`
                }
            case 0x74: // t
                try parseLiteral("true", pattern: 0x6575_7274, length: 4)
                node = builder.append(.bool, payload: 1)
            case 0x66: // f
                try parseLiteral("false", pattern: 0x6573_6C61, length: 5, offset: 1)
                node = builder.append(.bool, payload: 0)
            case 0x6E: // n
                try parseLiteral("null", pattern: 0x6C6C_756E, length: 4)
                node = builder.append(.null)
            default:
                throw unexpectedValueStart()
            }

            // After a complete value: close containers until one wants another element.
            while true {
                guard let frame = builder.frames.last else {
                    skipWhitespace()
                    guard index == count else { throw trailingData() }
                    return node
                }
                builder.push(node)
                skipWhitespace()
                guard index < count else { throw truncated() }
                let byte = start[index]
                if byte == JSONByte.comma {
                    index += 1
                    skipWhitespace()
                    if frame.isObject { try indexKey(into: &builder, afterComma: true) }
                    continue indexingValues
                }
                guard byte == (frame.isObject ? JSONByte.closeBrace : JSONByte.closeBracket) else {
                    throw JSONIndexBuilder.Declined()
                }
                index += 1
                node = try builder.close()
            }
        }
    }

    /// Reads `"key"`, whitespace, `:` and whitespace into `builder`'s pending entries, leaving the
    /// index at the value. Keys that are not ASCII are declined.
    @inline(__always)
    private mutating func indexKey(into builder: inout JSONIndexBuilder, afterComma: Bool) throws {
        guard index < count, start[index] == JSONByte.quote else { throw JSONIndexBuilder.Declined() }
        let contentStart = index + 1
        var nonASCII: UInt64 = 0
        let end = scanString(from: contentStart, nonASCII: &nonASCII)
        guard end < count else { throw truncated() }
        let number: Int32
        if start[end] == JSONByte.quote {
            guard nonASCII & 0x8080_8080_8080_8080 == 0 else { throw JSONIndexBuilder.Declined() }
            index = end + 1
            number = builder.internKey(UnsafeRawBufferPointer(start: start + contentStart, count: end - contentStart))
        } else {
            var key = try parseString()
            guard key.utf8.allSatisfy({ $0 < 0x80 }) else { throw JSONIndexBuilder.Declined() }
            number = key.withUTF8 { builder.internKey(UnsafeRawBufferPointer($0)) }
        }
        builder.push(number)
        skipWhitespace()
        guard index < count, start[index] == JSONByte.colon else { throw JSONIndexBuilder.Declined() }
        index += 1
        skipWhitespace()
    }
}
