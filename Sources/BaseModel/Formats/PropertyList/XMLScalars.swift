import Foundation

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
