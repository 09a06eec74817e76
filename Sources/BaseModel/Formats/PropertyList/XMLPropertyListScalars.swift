import Foundation

/// The text encodings an XML property list may arrive in, turned into UTF-8.
enum XMLText {
    /// The document as UTF-8 bytes: a UTF-8 byte-order mark is dropped, UTF-16 (with a
    /// byte-order mark, or recognised by its leading `<`) is transcoded, and a document that
    /// declares ISO-8859-1 is mapped byte for byte.
    ///
    /// - Throws: ``ModelError/Reason/malformed(_:)`` for bytes that are not valid in the encoding.
    static func utf8(_ data: Data, format: String) throws(ModelError) -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false, format: format) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true, format: format) }
        if bytes.starts(with: [0x3C, 0x00]) { return try utf16(bytes[...], bigEndian: false, format: format) }
        if bytes.starts(with: [0x00, 0x3C]) { return try utf16(bytes[...], bigEndian: true, format: format) }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if declaresLatin1(text) {
            var converted = String.UnicodeScalarView()
            converted.append(contentsOf: text.map { Unicode.Scalar($0) })
            return Array(String(converted).utf8)
        }
        guard String(bytes: text, encoding: .utf8) != nil else {
            throw ModelError(.malformed("the text is not valid UTF-8"), format: format)
        }
        return text
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, format: String) throws(ModelError) -> [UInt8] {
        guard bytes.count % 2 == 0 else { throw ModelError(.truncated, format: format, offset: bytes.count) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
        guard !failed else { throw ModelError(.malformed("the text is not valid UTF-16"), format: format) }
        return output
    }

    /// The first characters of the document, decoded leniently (invalid bytes become U+FFFD),
    /// for recognising XML without reading all of it.
    static func leadingText(_ data: Data) -> Substring {
        let head = [UInt8](data.prefix(128))
        func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
            var units: [UInt16] = []
            for index in stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2) {
                let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
                units.append(bigEndian ? first << 8 | second : second << 8 | first)
            }
            return String(decoding: units, as: UTF16.self)
        }
        if head.starts(with: [0xFF, 0xFE]) { return Substring(utf16(head.dropFirst(2), bigEndian: false)) }
        if head.starts(with: [0xFE, 0xFF]) { return Substring(utf16(head.dropFirst(2), bigEndian: true)) }
        if head.starts(with: [0x3C, 0x00]) { return Substring(utf16(head[...], bigEndian: false)) }
        if head.starts(with: [0x00, 0x3C]) { return Substring(utf16(head[...], bigEndian: true)) }
        return Substring(String(decoding: head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...], as: UTF8.self))
    }

    private static func declaresLatin1(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return false }
        let declaration = String(decoding: bytes.prefix(while: { $0 != UInt8(ascii: ">") }).prefix(200), as: UTF8.self).lowercased()
        return declaration.contains("iso-8859-1") || declaration.contains("latin1")
    }
}

/// The text forms of property-list scalars in XML, both ways.
enum XMLScalars {
    /// `<integer>` text: optional sign, then decimal digits or `0x` and hexadecimal digits;
    /// surrounding whitespace is ignored. `nil` when invalid or outside Int64/UInt64.
    static func integer(_ text: String) -> PropertyListObject? {
        var digits = Substring(text.trimmingXMLWhitespace)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && (radix == 16 || $0.isASCII && $0.isNumber) }),
            let magnitude = UInt64(digits, radix: radix)
        else { return nil }
        guard negative else { return .unsigned(magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return .integer(Int64(bitPattern: 0 &- magnitude))
    }

    /// `<real>` text: a decimal number, or `±infinity`, `±inf`, `nan` in any case.
    static func real(_ text: String) -> Double? {
        let trimmed = text.trimmingXMLWhitespace.lowercased()
        switch trimmed {
        case "+infinity", "infinity", "+inf", "inf": return .infinity
        case "-infinity", "-inf": return -.infinity
        case "nan", "+nan", "-nan": return .nan
        default:
            guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.e".contains($0) }) else { return nil }
            return Double(trimmed)
        }
    }

    /// `<data>` text: base64 with any whitespace inside, padding optional.
    static func data(_ text: String) -> Data? {
        var base64 = Data(text.utf8)
        base64.removeAll(where: \.isXMLWhitespace)
        switch base64.count % 4 {
        case 2: base64.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "=")])
        case 3: base64.append(UInt8(ascii: "="))
        case 1: return nil
        default: break
        }
        return Data(base64Encoded: base64)
    }

    /// `<date>` text: `yyyy-MM-ddTHH:mm:ss`, an optional fraction of a second, and `Z` (UTC).
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.trimmingXMLWhitespace.utf8)
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + length)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard bytes.count >= 20, separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }), bytes.last == UInt8(ascii: "Z"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21,
                bytes[20..<(bytes.count - 1)].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let value = Double("0" + String(decoding: bytes[19..<(bytes.count - 1)], as: UTF8.self))
            else { return nil }
            fraction = value
        }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// A date as `<date>` text, in whole seconds (rounded down, as CoreFoundation writes them).
    /// `nil` for a date outside the years 0000 to 9999, which the text form cannot hold.
    static func dateText(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, seconds >= -62_167_219_200, seconds < 253_402_300_800 else { return nil }
        let whole = Int(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let time = whole - days * 86_400
        let (year, month, day) = CivilDate.civil(days: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// A real as `<real>` text: the shortest decimal that reads back exactly, `+infinity`,
    /// `-infinity` or `nan`.
    static func realText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        return String(value)
    }
}

extension String {
    /// The string without leading and trailing XML whitespace (space, tab, line feed, return).
    var trimmingXMLWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Character($0).isXMLWhitespace }),
            let last = scalars.lastIndex(where: { !Character($0).isXMLWhitespace })
        else { return "" }
        return self[first...last]
    }
}
