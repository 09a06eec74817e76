@testable import BaseModel
import Foundation
import Testing

/// The fast date reader must agree with `DateFormatter` everywhere it answers.
@Suite struct FixedDateFormatTests {
    static let formats = [
        "MM-dd-yyyy", "MM/dd/yyyy", "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
        "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd HH:mm:ss", "dd.MM.yyyy",
    ]

    func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    @Test("agrees with DateFormatter on formatted dates", arguments: formats)
    func agreesWithDateFormatter(format: String) throws {
        let fast = try #require(FixedDateFormat(format, timeZone: .gmt))
        let reference = formatter(format)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let seconds = Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))
            let text = reference.string(from: Date(timeIntervalSince1970: seconds))
            #expect(fast.date(from: text) == reference.date(from: text), "\(format): \(text)")
        }
    }

    @Test func readsTwitterDatesWithOffsets() throws {
        let fast = try #require(FixedDateFormat("EEE MMM dd HH:mm:ss Z yyyy", timeZone: .gmt))
        let reference = formatter("EEE MMM dd HH:mm:ss Z yyyy")
        for text in ["Sun Aug 31 00:29:15 +0000 2014", "Sat Feb 29 23:59:59 -0530 2020", "Mon Jan 01 00:00:00 +1400 2001"] {
            #expect(fast.date(from: text) == reference.date(from: text), "\(text)")
        }
    }

    @Test func refusesWhatItCannotReadSoDateFormatterDecides() throws {
        let fast = try #require(FixedDateFormat("MM-dd-yyyy", timeZone: .gmt))
        for text in ["02-30-2006", "13-01-2006", "2-16-2006", "02-16-2006 ", "02/16/2006", "", "ab-cd-efgh"] {
            #expect(fast.date(from: text) == nil, "\(text)")
        }
        #expect(FixedDateFormat("MMMM d, yyyy", timeZone: .gmt) == nil)
        #expect(FixedDateFormat("yyyy-MM-dd", timeZone: TimeZone(identifier: "Europe/Paris")!) == nil)
    }
}
