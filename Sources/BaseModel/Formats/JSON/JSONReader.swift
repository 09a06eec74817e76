import Foundation
import OrderedCollections

/// The parser's state: the input, a position, and the stacks of open containers.
struct JSONReader: ~Copyable {
    let start: UnsafePointer<UInt8>
    let count: Int
    let maximumDepth: Int
    var index = 0
    var values = JSONStack<ModelValue>(capacity: 64)
    var keys = JSONStack<String>(capacity: 32)
    var frames: [JSONFrame] = []
    var scratch: [UInt8] = []
    var keyCache: [String?] = []

    init(start: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.start = start
        self.count = count
        self.maximumDepth = maximumDepth
        frames.reserveCapacity(16)
    }

    // MARK: Document and containers

    mutating func parseDocument() throws(ModelError) -> ModelValue {
        if count >= 3 && start[0] == 0xEF && start[1] == 0xBB && start[2] == 0xBF { index = 3 }
        try rejectWideEncodings()
        skipWhitespace()
        guard index < count else { throw ModelError(.empty, format: "json", offset: index) }

        parsingValues: while true {
            // At the first byte of a value; whitespace is already skipped.
            guard index < count else { throw truncated() }
            switch start[index] {
            case JSONByte.quote:
                values.push(.string(try parseString()))
            case JSONByte.openBrace:
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count && start[index] == JSONByte.closeBrace {
                    index += 1
                    values.push(.dictionary([:]))
                } else {
                    frames.append(JSONFrame(valueStart: values.count, keyStart: keys.count, isObject: true))
                    try parseKey(afterComma: false)
                    continue parsingValues
                }
            case JSONByte.openBracket:
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count && start[index] == JSONByte.closeBracket {
                    index += 1
                    values.push(.array([]))
                } else {
                    frames.append(JSONFrame(valueStart: values.count, keyStart: keys.count, isObject: false))
                    continue parsingValues
                }
            case JSONByte.minus, 0x30...0x39:
                values.push(try parseNumber())
            case 0x74: // t
                try parseLiteral("true", pattern: 0x6575_7274, length: 4)
                values.push(.bool(true))
            case 0x66: // f
                try parseLiteral("false", pattern: 0x6573_6C61, length: 5, offset: 1)
                values.push(.bool(false))
            case 0x6E: // n
                try parseLiteral("null", pattern: 0x6C6C_756E, length: 4)
                values.push(.null)
            default:
                throw unexpectedValueStart()
            }

            // After a complete value: close containers until one wants another element.
            while true {
                guard let frame = frames.last else {
                    skipWhitespace()
                    guard index == count else { throw trailingData() }
                    return values.pop()
                }
                skipWhitespace()
                guard index < count else { throw truncated() }
                let byte = start[index]
                if frame.isObject {
                    if byte == JSONByte.comma {
                        index += 1
                        skipWhitespace()
                        try parseKey(afterComma: true)
                        continue parsingValues
                    } else if byte == JSONByte.closeBrace {
                        index += 1
                        frames.removeLast()
                        values.push(.dictionary(closeObject(frame)))
                    } else {
                        throw malformed("expected ',' or '}' after a dictionary value", at: index)
                    }
                } else {
                    if byte == JSONByte.comma {
                        index += 1
                        skipWhitespace()
                        continue parsingValues
                    } else if byte == JSONByte.closeBracket {
                        index += 1
                        frames.removeLast()
                        values.push(.array(values.popArray(from: frame.valueStart)))
                    } else {
                        throw malformed("expected ',' or ']' after an array element", at: index)
                    }
                }
            }
        }
    }

    /// Reads `"key"`, whitespace and `:` and whitespace, leaving the index at the value.
    @inline(__always)
    mutating func parseKey(afterComma: Bool) throws(ModelError) {
        guard index < count else { throw truncated() }
        guard start[index] == JSONByte.quote else { throw unexpectedKeyStart(afterComma: afterComma) }
        keys.push(try parseString(isKey: true))
        skipWhitespace()
        guard index < count else { throw truncated() }
        guard start[index] == JSONByte.colon else {
            throw malformed("expected ':' after a dictionary key", at: index)
        }
        index += 1
        skipWhitespace()
    }

    @inline(__always)
    func checkDepth() throws(ModelError) {
        if frames.count >= maximumDepth {
            throw failure(DecodingLimits.depthExceeded(maximumDepth), at: index)
        }
    }

    /// Builds the dictionary of the innermost frame from the top of the stacks.
    mutating func closeObject(_ frame: JSONFrame) -> OrderedDictionary<String, ModelValue> {
        let length = keys.count - frame.keyStart
        var unique = true
        if length <= 15 {
            // Up to this size an ordered set keeps no hash table and searches linearly, so
            // comparing the keys pairwise costs no more than inserting them one by one.
            let keyBase = keys.base + frame.keyStart
            outer: for later in 1..<max(length, 1) {
                for earlier in 0..<later where keyBase[earlier] == keyBase[later] {
                    unique = false
                    break outer
                }
            }
        } else {
            // Larger ones get a hash table; when the keys' signatures show that they are
            // distinct, it can be built in one go, which skips a lookup per key.
            unique = signaturesAreDistinct(from: frame.keyStart)
        }
        if unique {
            let orderedKeys = keys.popContiguousArray(from: frame.keyStart)
            let orderedValues = values.popContiguousArray(from: frame.valueStart)
            return OrderedDictionary(uncheckedUniqueKeys: orderedKeys, values: orderedValues)
        }
        var dictionary = OrderedDictionary<String, ModelValue>(minimumCapacity: length)
        let keyBase = keys.base + frame.keyStart
        let valueBase = values.base + frame.valueStart
        for position in 0..<length {
            // Last value wins; the key keeps its first position.
            dictionary.updateValue((valueBase + position).move(), forKey: (keyBase + position).move())
        }
        keys.forget(from: frame.keyStart)
        values.forget(from: frame.valueStart)
        return dictionary
    }

    /// Whether the keys from `start` to the top are all ASCII and have different signatures,
    /// which proves that they are different (ASCII strings are equal exactly when their bytes
    /// are). Equal signatures only mean that the keys may be equal.
    func signaturesAreDistinct(from start: Int) -> Bool {
        let length = keys.count - start
        var size = 32
        while size < length * 2 { size *= 2 }
        let mask = size - 1
        let source = keys.base + start
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: size) { table in
            table.initialize(repeating: 0)
            for position in 0..<length {
                let signature = source[position].utf8.withContiguousStorageIfAvailable { utf8 in
                    Self.signature(of: UnsafeRawBufferPointer(utf8))
                } ?? 0
                guard signature != 0 else { return false }
                var slot = Int(truncatingIfNeeded: signature &>> 40) & mask
                while table[slot] != 0 {
                    if table[slot] == signature { return false }
                    slot = (slot + 1) & mask
                }
                table[slot] = signature
            }
            return true
        }
    }

    /// A hash of an ASCII key's bytes, from its first, middle and last eight bytes and its
    /// length (never 0), or 0 when the key is not ASCII.
    @inline(__always)
    static func signature(of utf8: UnsafeRawBufferPointer) -> UInt64 {
        let count = utf8.count
        var first: UInt64 = 0
        var middle: UInt64 = 0
        var last: UInt64 = 0
        var highBits: UInt64 = 0
        if count >= 8, let bytes = utf8.baseAddress {
            var offset = 0
            while offset + 8 <= count {
                highBits |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            first = bytes.loadUnaligned(as: UInt64.self)
            middle = bytes.loadUnaligned(fromByteOffset: count / 2 - 4, as: UInt64.self)
            last = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            highBits |= last
        } else {
            for byte in utf8 {
                first = first << 8 | UInt64(byte)
            }
            highBits = first
        }
        guard highBits & 0x8080_8080_8080_8080 == 0 else { return 0 }
        var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (middle &* 0xD6E8_FEB8_6659_FD93)
            ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        hash ^= hash &>> 31
        hash = hash &* 0x94D0_49BB_1331_11EB
        hash ^= hash &>> 29
        return hash | 1
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
