import Foundation

/// A fast reader for the fixed-width date formats APIs use (`MM-dd-yyyy`,
/// `EEE MMM dd HH:mm:ss Z yyyy`, `yyyy-MM-dd'T'HH:mm:ss.SSSZ` …), which `DateFormatter` parses
/// slowly (ICU copies the pattern on every call).
///
/// It understands `yyyy`, `MM`, `MMM` (English abbreviations), `dd`, `HH`, `mm`, `ss`, `SSS`,
/// `EEE` (an English weekday name, read and not checked), `Z` (`+hhmm`, `-hhmm` or `Z`), quoted
/// literals and punctuation, and assumes the Gregorian calendar. A format with any other field
/// makes ``init(_:timeZone:)`` return `nil`, and a string it cannot read makes ``date(from:)``
/// return `nil`; the caller then asks `DateFormatter`, so results never differ.
struct FixedDateFormat: Sendable {
    private enum Field: Sendable {
        case year, month, monthName, day, hour, minute, second, millisecond, weekdayName, zone
        case literal(UInt8)
    }

    private let fields: [Field]
    private let defaultOffset: Int

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
        guard position == bytes.count, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + Double(millisecond) / 1000
        return Date(timeIntervalSince1970: seconds)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's civil-days method).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
