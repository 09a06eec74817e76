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

    @Test("writes what DateFormatter writes, or leaves it to DateFormatter", arguments: formats)
    func writesAsDateFormatter(format: String) throws {
        var generator = SystemRandomNumberGenerator()
        for zone in [TimeZone.gmt, TimeZone(secondsFromGMT: -(5 * 3600 + 1800))!, TimeZone(secondsFromGMT: 14 * 3600)!] {
            let fast = try #require(FixedDateFormat(format, timeZone: zone))
            let reference = formatter(format)
            reference.timeZone = zone
            var written = 0
            for round in 0..<400 {
                var seconds = Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))
                if round % 10 == 9 { seconds += 0.25 }  // fractional seconds: left to DateFormatter
                let date = Date(timeIntervalSince1970: seconds)
                guard let text = fast.string(from: date) else { continue }
                written += 1
                #expect(text == reference.string(from: date), "\(format) in \(zone.identifier): \(seconds)")
            }
            #expect(written > 0 || format.contains("SSS"))
        }
    }

    @Test func writesEdgeDatesAsDateFormatter() throws {
        let format = "EEE MMM dd HH:mm:ss Z yyyy"
        let fast = try #require(FixedDateFormat(format, timeZone: .gmt))
        let reference = formatter(format)
        // Leap days, year ends, the epoch, the day before it, and the last second of 9999.
        for text in ["Sat Feb 29 23:59:59 +0000 2020", "Thu Jan 01 00:00:00 +0000 1970", "Wed Dec 31 23:59:59 +0000 1969",
                     "Tue Feb 29 12:00:00 +0000 2000", "Fri Dec 31 23:59:59 +0000 9999", "Sat Jan 01 00:00:00 +0000 1583"] {
            let date = try #require(reference.date(from: text))
            #expect(fast.string(from: date) == text)
            #expect(fast.date(from: text) == date)
        }
        // DateFormatter counts years before the 1582 reform in the Julian calendar: both directions
        // leave them to it.
        let julian = try #require(reference.date(from: "Mon Jan 01 00:00:00 +0000 1000"))
        #expect(fast.string(from: julian) == nil)
        #expect(fast.date(from: "Mon Jan 01 00:00:00 +0000 1000") == nil)
        let paris = try #require(FixedDateFormat(format, timeZone: TimeZone(identifier: "Europe/Paris")!))
        #expect(paris.string(from: Date()) == nil)  // an offset that changes: DateFormatter decides
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
