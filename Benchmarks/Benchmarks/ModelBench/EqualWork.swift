import Foundation

// Foundation's JSON coders set up for the same work as ours (issue 13's "equal work"): the same
// model types, the same key conversion, and dates handled the same way on both sides. Our twitter
// models read and write `created_at` with the `.date(format:)` transformer, whose fixed-width fast
// path never calls `DateFormatter`; so the equal-work coders below read and write those strings
// with a fixed-width parser and printer too, instead of the `.formatted(DateFormatter)` strategy
// (`DateFormatter` on Linux costs tens of microseconds per date and made Foundation's twitter
// numbers mostly date parsing). citm and canada have no dates: their equal-work coders are the
// plain ones.
//
// Shared with Benchmarks/InstructionCounts (a symlink there).

/// The equal-work `JSONDecoder` and `JSONEncoder` of each corpus file.
enum EqualWork {
    /// The decoder for `file` (`twitter`, `citm_catalog` or `canada`, with or without `.json`).
    static func jsonDecoder(for file: String) -> JSONDecoder {
        let decoder = JSONDecoder()
        if file.hasPrefix("twitter") {
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard let date = TwitterDate.date(from: text) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a twitter date: \(text)"))
                }
                return date
            }
        }
        return decoder
    }

    /// The encoder for `file`.
    static func jsonEncoder(for file: String) -> JSONEncoder {
        let encoder = JSONEncoder()
        if file.hasPrefix("twitter") {
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(TwitterDate.string(from: date))
            }
        }
        return encoder
    }
}

/// Twitter's `created_at` format, `EEE MMM dd HH:mm:ss Z yyyy` (`Sun Aug 31 00:29:15 +0000 2014`),
/// read and written field by field in UTC, as the fast path of `.date(format:)` does.
enum TwitterDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The date of a 30-character twitter date string, or `nil`.
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 30, bytes[3] == 32, bytes[7] == 32, bytes[10] == 32, bytes[19] == 32, bytes[25] == 32 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<(start + length)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let monthIndex = months.firstIndex(where: { Array($0.utf8) == Array(bytes[4..<7]) }),
            let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            bytes[20] == 43 || bytes[20] == 45, let offsetHours = number(21, 2), let offsetMinutes = number(23, 2),
            let year = number(26, 4)
        else { return nil }
        let offset = (bytes[20] == 45 ? -1 : 1) * (offsetHours * 3_600 + offsetMinutes * 60)
        let seconds = daysSince1970(year: year, month: monthIndex + 1, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The twitter string of `date` in UTC (whole seconds).
    static func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let weekday = weekdays[((days % 7) + 11) % 7]
        return "\(weekday) \(months[month - 1]) \(two(day)) \(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60)) +0000 \(year)"
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count from 1970-01-01 (`civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPart = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
        let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
