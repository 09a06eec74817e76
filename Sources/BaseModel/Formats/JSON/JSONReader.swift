import Foundation

/// The JSON reader: one pass over UTF-8 bytes that checks them (RFC 8259, see ``JSONParser``)
/// and fills an index of their values (``JSONIndexBuilder``). It is iterative: nesting costs
/// heap memory, never stack.
struct JSONReader: ~Copyable {
    let start: UnsafePointer<UInt8>
    let count: Int
    let maximumDepth: Int
    var index = 0
    var builder: JSONIndexBuilder
    var scratch: [UInt8] = []

    init(start: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.start = start
        self.count = count
        self.maximumDepth = maximumDepth
        builder = JSONIndexBuilder(byteCount: count)
    }

    // MARK: Document and containers

    /// Reads the document into ``builder`` and returns its root node.
    ///
    /// - Throws: ``ModelError`` with format `json`, the byte offset and the path of the problem
    ///   (see ``JSONParser``).
    mutating func readDocument() throws(ModelError) -> Int32 {
        if count >= 3 && start[0] == 0xEF && start[1] == 0xBB && start[2] == 0xBF { index = 3 }
        try rejectWideEncodings()
        skipWhitespace()
        guard index < count else { throw ModelError(.empty, format: "json", offset: index) }

        readingValues: while true {
            // At the first byte of a value; whitespace is already skipped.
            guard index < count else { throw truncated() }
            var node: Int32
            switch start[index] {
            case JSONByte.quote:
                node = builder.appendString(try parseString())
            case JSONByte.openBrace:
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count && start[index] == JSONByte.closeBrace {
                    index += 1
                    node = builder.append(.dictionary)
                } else {
                    builder.frames.append((builder.pendingCount, true))
                    try readKey(afterComma: false)
                    continue readingValues
                }
            case JSONByte.openBracket:
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count && start[index] == JSONByte.closeBracket {
                    index += 1
                    node = builder.append(.array)
                } else {
                    builder.frames.append((builder.pendingCount, false))
                    continue readingValues
                }
            case JSONByte.minus, 0x30...0x39:
                switch try parseNumber() {
                case .integer(let value): node = builder.append(.integer, payload: UInt64(bitPattern: value))
                case .double(let value): node = builder.append(.double, payload: value.bitPattern)
                case .unsignedInteger(let value): node = builder.append(.unsignedInteger, payload: value)
                default: preconditionFailure("a number is an integer or a double")
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
                    if frame.isObject { try readKey(afterComma: true) }
                    continue readingValues
                }
                guard byte == (frame.isObject ? JSONByte.closeBrace : JSONByte.closeBracket) else {
                    throw malformed(
                        frame.isObject ? "expected ',' or '}' after a dictionary value" : "expected ',' or ']' after an array element",
                        at: index)
                }
                index += 1
                node = builder.close()
            }
        }
    }

    /// Reads `"key"`, whitespace, `:` and whitespace into the builder's pending entries, leaving
    /// the index at the value.
    @inline(__always)
    mutating func readKey(afterComma: Bool) throws(ModelError) {
        guard index < count else { throw truncated() }
        guard start[index] == JSONByte.quote else { throw unexpectedKeyStart(afterComma: afterComma) }
        let contentStart = index + 1
        var nonASCII: UInt64 = 0
        let end = scanString(from: contentStart, nonASCII: &nonASCII)
        guard end < count else { throw truncated() }
        let number: Int32
        if start[end] == JSONByte.quote && nonASCII & 0x8080_8080_8080_8080 == 0 {
            index = end + 1
            number = builder.internKey(UnsafeRawBufferPointer(start: start + contentStart, count: end - contentStart))
        } else {
            number = try readOtherKey()
        }
        builder.push(number)
        skipWhitespace()
        guard index < count else { throw truncated() }
        guard start[index] == JSONByte.colon else {
            throw malformed("expected ':' after a dictionary key", at: index)
        }
        index += 1
        skipWhitespace()
    }

    /// A key with escapes or bytes that are not ASCII (which are checked to be UTF-8), interned
    /// by the bytes of its text.
    @inline(never)
    mutating func readOtherKey() throws(ModelError) -> Int32 {
        var key = try parseString()
        return key.withUTF8 { utf8 in
            builder.internKey(UnsafeRawBufferPointer(utf8), isASCII: utf8.allSatisfy { $0 < 0x80 })
        }
    }

    @inline(__always)
    func checkDepth() throws(ModelError) {
        if builder.frames.count >= maximumDepth {
            throw failure(DecodingLimits.depthExceeded(maximumDepth), at: index)
        }
    }

    // MARK: Whitespace

    /// Moves the index past space, tab, line feed and carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
        // Most values follow their delimiter directly; indented documents have runs.
        guard index < count, start[index] <= JSONByte.space else { return }
        skipWhitespaceRun()
    }

    /// The high bit of each byte of `word` that is zero, exactly (no borrows between bytes).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    @inline(__always)
    mutating func skipWhitespaceRun() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self))
            let whitespace = Self.zeroBytes(word ^ (ones &* 0x20)) | Self.zeroBytes(word ^ (ones &* 0x0A))
                | Self.zeroBytes(word ^ (ones &* 0x0D)) | Self.zeroBytes(word ^ (ones &* 0x09))
            let other = ~whitespace & 0x8080_8080_8080_8080
            if other != 0 {
                index &+= other.trailingZeroBitCount &>> 3
                return
            }
            index &+= 8
        }
        while index < count {
            let byte = start[index]
            guard byte == JSONByte.space || byte == JSONByte.lineFeed || byte == JSONByte.carriageReturn
                || byte == JSONByte.tab
            else { return }
            index += 1
        }
    }

    // MARK: Literals

    /// Checks that the bytes at the index spell `word` (whose first four bytes, starting at
    /// `offset`, are `pattern` in little-endian order) and moves past it.
    @inline(__always)
    mutating func parseLiteral(_ word: StaticString, pattern: UInt32, length: Int, offset: Int = 0) throws(ModelError) {
        if index + length <= count {
            let loaded = UInt32(littleEndian: UnsafeRawPointer(start + index + offset).loadUnaligned(as: UInt32.self))
            if loaded == pattern {
                index += length
                return
            }
        }
        throw invalidLiteral(word)
    }

    @inline(never)
    func invalidLiteral(_ word: StaticString) -> ModelError {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        var position = index
        var matched = 0
        while position < count && matched < expected.count && start[position] == expected[matched] {
            position += 1
            matched += 1
        }
        if position == count && matched < expected.count { return truncated() }
        return malformed("invalid literal, expected '\(word)'", at: index)
    }
}
