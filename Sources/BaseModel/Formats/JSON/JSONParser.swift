import Foundation
import OrderedCollections

/// A strict RFC 8259 JSON parser that reads UTF-8 bytes into a ``ModelValue`` tree.
///
/// ```swift
/// let value = try JSONParser.parse(data)
/// value["statuses"]?[0]?["user"]?["screen_name"]   // .string("ayuu0123")
/// ```
///
/// The parser works directly on the bytes, without building intermediate `String`s or
/// Foundation objects, and it is iterative: nesting costs heap memory, never stack, so no input
/// can overflow the stack while parsing. (A finished tree is compared and destroyed
/// recursively, so raising `maximumDepth` far above the default moves that risk to the tree's
/// users; the default of 512 is safe on any thread.)
///
/// ## What it accepts
///
/// - Exactly one JSON value, with optional whitespace (space, tab, line feed, carriage return)
///   around it. A top-level scalar such as `42` or `"text"` is accepted.
/// - A leading UTF-8 byte-order mark (`EF BB BF`) is skipped. Input that consists of nothing but
///   a byte-order mark and whitespace is reported as ``ModelError/Reason/empty``.
/// - Dictionaries keep the key order of the input. When a key appears more than once, **the last
///   value wins**; the key keeps the position (and spelling) of its first occurrence. Keys are
///   compared as Swift strings, so canonically equivalent spellings (`"\u00e9"` and
///   `"e\u0301"`) are the same key.
/// - Numbers without a fraction or exponent become ``ModelValue/integer(_:)`` when they fit in
///   `Int64` and ``ModelValue/unsignedInteger(_:)`` when they fit in `UInt64` above `Int64.max`.
///   Larger integers become ``ModelValue/double(_:)`` (the nearest double, so precision is lost).
///   `-0` is the integer `0`; `-0.0` is the double `-0.0`.
/// - Numbers with a fraction or an exponent become ``ModelValue/double(_:)``, correctly rounded.
///   Values too small for a double become `0.0`; values too large for a double (such as `1e400`)
///   are rejected, because a tree never holds an infinity.
/// - Containers may nest at most `maximumDepth` levels (512 by default); the top-level array or
///   dictionary is level 1.
///
/// ## What it rejects
///
/// Everything else throws a ``ModelError`` whose `format` is `"json"`, whose `offset` is the byte
/// offset of the problem in the input, and whose `path` names the place in the document (for
/// example `statuses[3].user`): UTF-16 or UTF-32 input, invalid UTF-8 (in strings or elsewhere),
/// lone surrogates in `\u` escapes, unescaped control characters in strings, unknown escapes,
/// leading zeros, `+1`, `.5`, `NaN`, `Infinity`, hexadecimal numbers, comments, single quotes,
/// unquoted keys, trailing commas and data after the value. Empty input throws
/// ``ModelError/Reason/empty``; input that ends inside a value throws
/// ``ModelError/Reason/truncated``.
public enum JSONParser {
    /// The nesting depth allowed by default: 512 levels of arrays and dictionaries.
    public static let defaultMaximumDepth = 512

    /// Parses a JSON document from UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 encoded document. A leading byte-order mark is skipped.
    ///   - maximumDepth: How many levels of arrays and dictionaries may nest; deeper input is
    ///     rejected with ``ModelError/Reason/unsupported(_:)``.
    /// - Returns: The document's value.
    /// - Throws: ``ModelError`` with format `"json"`, the byte offset and the path of the problem:
    ///   ``ModelError/Reason/empty`` for empty input, ``ModelError/Reason/truncated`` for input
    ///   that ends inside a value, ``ModelError/Reason/malformed(_:)`` for invalid JSON and
    ///   ``ModelError/Reason/unsupported(_:)`` for nesting deeper than `maximumDepth`.
    public static func parse(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws(ModelError) -> ModelValue {
        let result = data.withUnsafeBytes { bytes in
            parseResult(bytes: bytes, maximumDepth: maximumDepth)
        }
        return try result.get()
    }

    /// Parses a JSON document from text.
    ///
    /// - Parameters:
    ///   - text: The document.
    ///   - maximumDepth: How many levels of arrays and dictionaries may nest.
    /// - Returns: The document's value.
    /// - Throws: ``ModelError`` as the `Data` overload does; offsets count UTF-8 bytes
    ///   of `text`.
    public static func parse(_ text: some StringProtocol, maximumDepth: Int = defaultMaximumDepth) throws(ModelError) -> ModelValue {
        var string = String(text)
        let result = string.withUTF8 { bytes in
            parseResult(bytes: UnsafeRawBufferPointer(bytes), maximumDepth: maximumDepth)
        }
        return try result.get()
    }

    /// Parses a JSON document from a buffer of UTF-8 bytes, which must stay valid for the call.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 encoded document. A leading byte-order mark is skipped.
    ///   - maximumDepth: How many levels of arrays and dictionaries may nest.
    /// - Returns: The document's value.
    /// - Throws: ``ModelError`` as the `Data` overload does.
    public static func parse(bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth) throws(ModelError) -> ModelValue {
        try parseResult(bytes: bytes, maximumDepth: maximumDepth).get()
    }

    static func parseResult(bytes: UnsafeRawBufferPointer, maximumDepth: Int) -> Result<ModelValue, ModelError> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return .failure(ModelError(.empty, format: "json", offset: 0))
        }
        var reader = JSONReader(
            start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maximumDepth: max(0, maximumDepth)
        )
        do {
            return .success(try reader.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}

// MARK: - Byte constants

/// ASCII bytes the JSON grammar names.
enum JSONByte {
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let period: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let singleQuote: UInt8 = 0x27
}

// MARK: - Value stack

/// A growable stack of values that hands its top elements out by moving them, so building a
/// container costs no reference-count traffic. It frees what is left when it goes away.
struct JSONStack<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Removes and returns the top element; the stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Removes the elements from `start` to the top and returns them as an array.
    ///
    /// `reserveCapacity` and `append` are specialized for the element type, while
    /// `init(unsafeUninitializedCapacity:initializingWith:)` looks up the storage class's generic
    /// metadata at run time on every call, which costs more than the appends.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count - start)
        for position in start..<count {
            result.append((base + position).move())
        }
        count = start
        return result
    }

    /// Removes the elements from `start` to the top and returns them as a contiguous array.
    @inline(__always)
    mutating func popContiguousArray(from start: Int) -> ContiguousArray<Element> {
        var result: ContiguousArray<Element> = []
        result.reserveCapacity(count - start)
        for position in start..<count {
            result.append((base + position).move())
        }
        count = start
        return result
    }

    /// The element at `position`, which must be below the top.
    @inline(__always)
    subscript(position: Int) -> Element {
        base[position]
    }
}

// MARK: - Reader

/// One open array or dictionary: where its elements (and keys) begin on the stacks.
struct JSONFrame {
    var valueStart: Int
    var keyStart: Int
    var isObject: Bool
}

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
            throw failure(.unsupported("nesting deeper than the maximum depth of \(maximumDepth)"), at: index)
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

    // MARK: Numbers

    /// Reads a number. Integers that fit `Int64` or `UInt64` stay exact; everything else is a
    /// correctly rounded double.
    @inline(__always)
    mutating func parseNumber() throws(ModelError) -> ModelValue {
        let numberStart = index
        var position = index
        let negative = start[position] == JSONByte.minus
        if negative {
            position += 1
            guard position < count else { throw truncated() }
        }
        let integerStart = position
        var mantissa: UInt64 = 0
        let first = start[position]
        if first == JSONByte.zero {
            position += 1
            if position < count && start[position] &- JSONByte.zero < 10 {
                throw malformed("leading zeros are not allowed in numbers", at: numberStart)
            }
        } else if first &- JSONByte.zero < 10 {
            while position < count {
                let digit = start[position] &- JSONByte.zero
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                position += 1
            }
        } else {
            throw negative
                ? malformed("expected a digit after '-'", at: position)
                : malformed("expected a digit", at: position)
        }
        let integerDigits = position - integerStart

        guard position < count, start[position] == JSONByte.period || start[position] | 0x20 == 0x65 else {
            index = position
            if integerDigits <= 19 || (integerDigits == 20 && !negative) {
                if integerDigits == 20 {
                    guard let exact = Self.exactUnsigned(start + integerStart, count: 20) else {
                        return .double(try parseDouble(from: numberStart))
                    }
                    mantissa = exact
                }
                if negative {
                    if mantissa <= UInt64(1) << 63 { return .integer(Int64(bitPattern: 0 &- mantissa)) }
                } else if mantissa <= UInt64(Int64.max) {
                    return .integer(Int64(mantissa))
                } else {
                    return .unsignedInteger(mantissa)
                }
            }
            return .double(try parseDouble(from: numberStart))
        }

        var digits = integerDigits
        var exponent = 0
        if start[position] == JSONByte.period {
            position += 1
            let fractionStart = position
            while position < count {
                let digit = start[position] &- JSONByte.zero
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                position += 1
            }
            let fractionDigits = position - fractionStart
            if fractionDigits == 0 {
                guard position < count else { throw truncated() }
                throw malformed("expected a digit after '.'", at: position)
            }
            digits += fractionDigits
            exponent = -fractionDigits
        }
        if position < count && start[position] | 0x20 == 0x65 {
            position += 1
            guard position < count else { throw truncated() }
            var exponentNegative = false
            if start[position] == JSONByte.minus || start[position] == JSONByte.plus {
                exponentNegative = start[position] == JSONByte.minus
                position += 1
                guard position < count else { throw truncated() }
            }
            let exponentStart = position
            var explicit = 0
            while position < count {
                let digit = start[position] &- JSONByte.zero
                guard digit < 10 else { break }
                if explicit < 100_000 { explicit = explicit * 10 + Int(digit) }
                position += 1
            }
            if position == exponentStart {
                throw malformed("expected a digit in the exponent", at: position)
            }
            exponent += exponentNegative ? -explicit : explicit
        }
        index = position

        // Up to 19 digits the mantissa is exact; with a power of ten up to 10^22 the value is
        // rounded exactly by integer arithmetic. Everything else goes to the standard library.
        if digits <= 19 && exponent >= -22 && exponent <= 22 {
            var value: Double
            if mantissa <= UInt64(1) << 53 {
                // Both the mantissa and the power of ten are exact doubles, so one IEEE
                // multiplication or division rounds correctly.
                value = Double(mantissa)
                if exponent < 0 {
                    value /= Self.powerOfTen(-exponent)
                } else if exponent > 0 {
                    value *= Self.powerOfTen(exponent)
                }
            } else {
                value = Self.roundedDouble(mantissa: mantissa, exponent10: exponent)
            }
            return .double(negative ? -value : value)
        }
        return .double(try parseDouble(from: numberStart))
    }

    /// 10^exponent for 0...22, all exactly representable.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// 5^exponent for 0...22, all below 2^53.
    @inline(__always)
    static func powerOfFive(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 5
        case 2: 25
        case 3: 125
        case 4: 625
        case 5: 3_125
        case 6: 15_625
        case 7: 78_125
        case 8: 390_625
        case 9: 1_953_125
        case 10: 9_765_625
        case 11: 48_828_125
        case 12: 244_140_625
        case 13: 1_220_703_125
        case 14: 6_103_515_625
        case 15: 30_517_578_125
        case 16: 152_587_890_625
        case 17: 762_939_453_125
        case 18: 3_814_697_265_625
        case 19: 19_073_486_328_125
        case 20: 95_367_431_640_625
        case 21: 476_837_158_203_125
        default: 2_384_185_791_015_625

        }
    }

    /// `mantissa` × 10^`exponent10`, correctly rounded to nearest, ties to even, for a mantissa
    /// above 2^53 and an exponent in -22...22.
    ///
    /// 10^e = 5^e × 2^e and 5^22 < 2^52, so the value is an exact 128-bit product (e ≥ 0) or an
    /// exact 64-bit quotient with a remainder (e < 0) times a power of two. Its top 64 bits and
    /// whether anything non-zero lies below them decide the rounding exactly.
    @inline(never)
    static func roundedDouble(mantissa: UInt64, exponent10: Int) -> Double {
        let top: UInt64
        let sticky: Bool
        let binaryExponent: Int
        if exponent10 >= 0 {
            let (high, low) = mantissa.multipliedFullWidth(by: powerOfFive(exponent10))
            if high == 0 {
                let shift = low.leadingZeroBitCount
                top = low << UInt64(shift)
                sticky = false
                binaryExponent = exponent10 - shift
            } else {
                let shift = high.leadingZeroBitCount
                top = shift == 0 ? high : high << UInt64(shift) | low >> UInt64(64 - shift)
                sticky = low << UInt64(shift) != 0
                binaryExponent = exponent10 + 64 - shift
            }
        } else {
            // m / 10^k = (m × 2^s / 5^k) × 2^(-s-k), with s chosen so that the quotient has 63
            // or 64 bits and still fits in 64.
            let power = -exponent10
            let divisor = powerOfFive(power)
            let shift = (64 - divisor.leadingZeroBitCount) + 63 - (64 - mantissa.leadingZeroBitCount)
            let high = shift >= 64 ? mantissa << UInt64(shift - 64) : mantissa >> UInt64(64 - shift)
            let low = shift >= 64 ? 0 : mantissa << UInt64(shift)
            let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: UInt64(low)))
            if quotient.leadingZeroBitCount == 0 {
                top = quotient
                sticky = remainder != 0
                binaryExponent = -shift - power
            } else {
                // One more bit of the quotient, from the remainder.
                let doubled = remainder << 1
                let bit: UInt64 = doubled >= divisor ? 1 : 0
                top = quotient << 1 | bit
                sticky = doubled - bit * divisor != 0
                binaryExponent = -shift - power - 1
            }
        }
        // value = (top + fraction) × 2^binaryExponent, fraction ≠ 0 exactly when sticky; the top
        // bit of `top` is set, so the significand has 53 bits before rounding.
        var significand = top >> 11
        var exponent = binaryExponent + 11
        let rest = top & 0x7FF
        if rest > 0x400 || (rest == 0x400 && (sticky || significand & 1 == 1)) {
            significand += 1
            if significand == 1 << 53 {
                significand >>= 1
                exponent += 1
            }
        }
        // value = significand × 2^exponent = 1.fraction × 2^(exponent + 52), always a normal
        // double for the mantissas and exponents this function receives.
        let biased = UInt64(exponent + 52 + 1023)
        return Double(bitPattern: biased << 52 | significand & 0x000F_FFFF_FFFF_FFFF)
    }

    /// The value of `count` decimal digits, or `nil` when it exceeds `UInt64.max`.
    static func exactUnsigned(_ digits: UnsafePointer<UInt8>, count: Int) -> UInt64? {
        var value: UInt64 = 0
        for position in 0..<count {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digits[position] &- JSONByte.zero))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// Converts the already validated number from `numberStart` to the index with the standard
    /// library's correctly rounded conversion.
    @inline(never)
    func parseDouble(from numberStart: Int) throws(ModelError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: start + numberStart, count: index - numberStart), as: UTF8.self)
        guard let value = Double(text) else {
            throw malformed("invalid number", at: numberStart)
        }
        guard value.isFinite else {
            throw failure(.malformed("number is too large for a double"), at: numberStart)
        }
        return value
    }

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
    mutating func parseString(isKey: Bool = false) throws(ModelError) -> String {
        let contentStart = index + 1
        var nonASCII: UInt64 = 0
        let end = scanString(from: contentStart, nonASCII: &nonASCII)
        guard end < count else { throw truncated() }
        guard start[end] == JSONByte.quote else {
            return try parseEscapedString(contentStart: contentStart, special: end, nonASCII: nonASCII)
        }
        index = end + 1
        let content = UnsafeBufferPointer(start: start + contentStart, count: end - contentStart)
        let isASCII = nonASCII & 0x8080_8080_8080_8080 == 0
        if isKey && content.count >= 16 {
            return try cachedKey(content, isASCII: isASCII, rawStart: contentStart)
        }
        if isASCII {
            return String(decoding: content, as: UTF8.self)
        }
        return try validatedString(content, rawStart: contentStart, rawEnd: end)
    }

    /// A key of 16 bytes or more (which, unlike shorter ones, `String` stores on the heap): the
    /// same string as the last key with the same bytes in its cache slot, if there is one, so
    /// that the keys repeated in every element of an array share one allocation.
    @inline(__always)
    mutating func cachedKey(_ content: UnsafeBufferPointer<UInt8>, isASCII: Bool, rawStart: Int) throws(ModelError) -> String {
        let length = content.count
        let bytes = UnsafeRawPointer(content.baseAddress!)
        let first = bytes.loadUnaligned(as: UInt64.self)
        let last = bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ last ^ UInt64(truncatingIfNeeded: length)
        let slot = Int(truncatingIfNeeded: (mixed &* 0xC2B2_AE3D_27D4_EB4F) &>> 57)
        if keyCache.isEmpty { keyCache = [String?](repeating: nil, count: 128) }
        if let cached = keyCache[slot], cached.utf8.count == length,
           cached.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes, length) == 0 }) == true {
            return cached
        }
        let string = isASCII
            ? String(decoding: content, as: UTF8.self)
            : try validatedString(content, rawStart: rawStart, rawEnd: rawStart + length)
        keyCache[slot] = string
        return string
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
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: content, as: UTF8.self)
        } else if firstInvalidUTF8(in: content) == nil {
            return String(decoding: content, as: UTF8.self)
        }
        return nil
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
        var components: [ModelPath.Component] = []
        for (position, frame) in frames.enumerated() {
            let next = position + 1 < frames.count ? frames[position + 1] : nil
            let valueEnd = next?.valueStart ?? values.count
            let keyEnd = next?.keyStart ?? keys.count
            if frame.isObject {
                guard keyEnd - frame.keyStart > valueEnd - frame.valueStart else { break }
                components.append(.key(keys[keyEnd - 1]))
            } else {
                components.append(.index(valueEnd - frame.valueStart))
            }
        }
        return ModelPath(components)
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
            return malformed(frames.isEmpty ? "unexpected '\(UnicodeScalar(byte))'" : "expected a value (trailing comma?)", at: index)
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

extension JSONStack {
    /// Gives up the elements from `start` to the top, which the caller has moved out.
    @inline(__always)
    mutating func forget(from start: Int) {
        count = start
    }
}
