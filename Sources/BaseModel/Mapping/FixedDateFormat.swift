import Foundation

/// A fast reader and writer for the fixed-width date formats APIs use (`MM-dd-yyyy`,
/// `EEE MMM dd HH:mm:ss Z yyyy`, `yyyy-MM-dd'T'HH:mm:ss.SSSZ` …), which `DateFormatter` parses
/// and formats slowly (ICU copies the pattern on every call).
///
/// It understands `yyyy`, `MM`, `MMM` (English abbreviations), `dd`, `HH`, `mm`, `ss`, `SSS`,
/// `EEE` (an English weekday name, read and not checked), `Z` (`+hhmm`, `-hhmm` or `Z`), quoted
/// literals and punctuation, and assumes the Gregorian calendar. A format with any other field
/// makes ``init(_:timeZone:)`` return `nil`, and a string it cannot read makes ``date(from:)``
/// return `nil`; the caller then asks `DateFormatter`, so results never differ.
///
/// Both leave years before 1583 to `DateFormatter`, which counts them in the Julian calendar.
/// ``string(from:)`` writes only what it can write exactly as `DateFormatter` does: whole
/// seconds, years up to 9999, no `SSS` field, and a zone of fixed offset (GMT or
/// `TimeZone(secondsFromGMT:)`); otherwise it returns `nil`.
struct FixedDateFormat: Sendable {
    private enum Field: Sendable {
        case year, month, monthName, day, hour, minute, second, millisecond, weekdayName, zone
        case literal(UInt8)
    }

    private let fields: [Field]
    private let defaultOffset: Int
    /// Whether the zone's offset never changes, so that ``string(from:)`` may use it.
    private let hasFixedOffset: Bool

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdayNames: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Compiles `format`, or returns `nil` when it holds a field this reader does not handle.
    init?(_ format: String, timeZone: TimeZone) {
        var fields: [Field] = []
        let characters = Array(format.utf8)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            var run = 1
            while index + run < characters.count, characters[index + run] == character { run += 1 }
            switch (character, run) {
            case (UInt8(ascii: "y"), 4): fields.append(.year)
            case (UInt8(ascii: "M"), 2): fields.append(.month)
            case (UInt8(ascii: "M"), 3): fields.append(.monthName)
            case (UInt8(ascii: "d"), 2): fields.append(.day)
            case (UInt8(ascii: "H"), 2): fields.append(.hour)
            case (UInt8(ascii: "m"), 2): fields.append(.minute)
            case (UInt8(ascii: "s"), 2): fields.append(.second)
            case (UInt8(ascii: "S"), 3): fields.append(.millisecond)
            case (UInt8(ascii: "E"), 3): fields.append(.weekdayName)
            case (UInt8(ascii: "Z"), 1): fields.append(.zone)
            case (UInt8(ascii: "'"), _):
                guard let close = characters[(index + 1)...].firstIndex(of: UInt8(ascii: "'")), close > index + 1 else { return nil }
                fields += characters[(index + 1)..<close].map(Field.literal)
                index = close + 1
                continue
            default:
                let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(character | 0x20)
                guard !isLetter, character < 0x80 else { return nil }
                fields += Array(repeating: .literal(character), count: run)
            }
            index += run
        }
        self.fields = fields
        self.defaultOffset = timeZone.secondsFromGMT()
        let zone = timeZone.identifier
        hasFixedOffset = zone == "GMT" || zone == "UTC" || zone.hasPrefix("GMT+") || zone.hasPrefix("GMT-")
        // A zone with daylight saving has no single offset: leave those to DateFormatter.
        guard fields.contains(where: { if case .zone = $0 { true } else { false } }) || timeZone.nextDaylightSavingTimeTransition == nil
        else { return nil }
    }

    /// The date in `text`, or `nil` when `text` does not match the format exactly.
    func date(from text: String) -> Date? {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { parse($0) }
    }

    private func parse(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> Date? {
        var position = 0
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, millisecond = 0
        var offset = defaultOffset
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = Int(bytes[position]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                position += 1
            }
            return value
        }
        func word() -> String? {
            guard position + 3 <= bytes.count else { return nil }
            let text = String(decoding: bytes[position..<(position + 3)], as: UTF8.self).lowercased()
            position += 3
            return text
        }
        for field in fields {
            switch field {
            case .year: guard let value = digits(4) else { return nil }; year = value
            case .month: guard let value = digits(2) else { return nil }; month = value
            case .day: guard let value = digits(2) else { return nil }; day = value
            case .hour: guard let value = digits(2), value < 24 else { return nil }; hour = value
            case .minute: guard let value = digits(2), value < 60 else { return nil }; minute = value
            case .second: guard let value = digits(2), value < 60 else { return nil }; second = value
            case .millisecond: guard let value = digits(3) else { return nil }; millisecond = value
            case .monthName:
                guard let name = word(), let index = Self.monthNames.firstIndex(of: name) else { return nil }
                month = index + 1
            case .weekdayName:
                guard let name = word(), Self.weekdayNames.contains(name) else { return nil }
            case .zone:
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "Z") {
                    position += 1
                    offset = 0
                } else {
                    let sign = bytes[position]
                    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
                    position += 1
                    guard let hours = digits(2), let minutes = digits(2), minutes < 60 else { return nil }
                    offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
                }
            case .literal(let expected):
                guard position < bytes.count, bytes[position] == expected else { return nil }
                position += 1
            }
        }
        guard position == bytes.count, Self.gregorianYears.contains(year), (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + Double(millisecond) / 1000
        return Date(timeIntervalSince1970: seconds)
    }

    /// The years both sides count alike: `DateFormatter` switches to the Julian calendar before
    /// 15 October 1582, where this reader and writer stay Gregorian.
    private static let gregorianYears = 1583...9999

    private static let weekdayOrder = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // from 1970-01-01
    private static let monthTitles = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` in this format, or `nil` when only `DateFormatter` can write it exactly (see the
    /// type's documentation).
    func string(from date: Date) -> String? {
        let seconds = date.timeIntervalSince1970 + Double(defaultOffset)
        guard hasFixedOffset, seconds.rounded(.down) == seconds, abs(seconds) < 1e12 else { return nil }
        let whole = Int(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let time = whole - days * 86_400
        let (year, month, day) = CivilDate.civil(days: days)
        guard Self.gregorianYears.contains(year) else { return nil }
        var text = ""
        text.reserveCapacity(32)
        func append(_ value: Int, digits: Int) {
            let number = String(value)
            text += String(repeating: "0", count: max(0, digits - number.count)) + number
        }
        for field in fields {
            switch field {
            case .year: append(year, digits: 4)
            case .month: append(month, digits: 2)
            case .monthName: text += Self.monthTitles[month - 1]
            case .day: append(day, digits: 2)
            case .hour: append(time / 3600, digits: 2)
            case .minute: append(time / 60 % 60, digits: 2)
            case .second: append(time % 60, digits: 2)
            case .weekdayName: text += Self.weekdayOrder[((days % 7) + 7) % 7]
            case .zone:
                text += defaultOffset < 0 ? "-" : "+"
                append(abs(defaultOffset) / 3600, digits: 2)
                append(abs(defaultOffset) / 60 % 60, digits: 2)
            case .millisecond: return nil
            case .literal(let byte): text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }
}
