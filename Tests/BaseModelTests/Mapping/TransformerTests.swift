@testable import BaseModel
import Foundation
import Testing

/// The built-in transformers, run both ways through models, plus custom, static-member, chained and
/// reversed transformers.
@Suite struct TransformerTests {
    // MARK: Fixtures

    /// One date property per built-in date transformer.
    struct Schedule: Model, Equatable {
        var day: Date?
        var localTime: Date?
        var startsAt: Date?
        var precise: Date?
        var unix: Date?
        var javaScript: Date?
        var reference: Date?

        static let transformers: [String: ModelTransformer] = [
            "day": .date(format: "dd/MM/yyyy"),
            "localTime": .date(format: "yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Asia/Tokyo")!),
            "startsAt": .iso8601,
            "precise": .iso8601WithFractionalSeconds,
            "unix": .secondsSince1970,
            "javaScript": .millisecondsSince1970,
            "reference": .secondsSinceReferenceDate,
        ]
    }

    enum Kind: String, Codable, Sendable { case game, book, unknown }
    enum Level: Int, Codable, Sendable { case low = 1, high = 2 }

    /// URLs, UUIDs, numbers and strings, booleans and enumerations.
    struct Record: Model, Equatable {
        var homepage: URL?
        var link: String?
        var token: UUID?
        var tokenString: String?
        var code = ""
        var score = 0
        var ratio = 0.0
        var active = false
        var kind = Kind.unknown
        var strictKind = Kind.unknown
        var level = Level.low

        static let transformers: [String: ModelTransformer] = [
            "homepage": .url,
            "link": .url,
            "token": .uuid,
            "tokenString": .uuid,
            "code": .numberToString,
            "score": .stringToNumber,
            "ratio": .stringToNumber,
            "active": .bool,
            "kind": .enumeration(Kind.self, fallback: .unknown),
            "strictKind": .enumeration(Kind.self),
            "level": .enumeration(Level.self),
        ]
    }

    /// Integers in the input that must be even; a price in cents read as a decimal amount.
    static let even = ModelTransformer(
        name: "even",
        decode: { value in
            guard case .integer(let number) = value, number % 2 == 0 else { throw OddNumber() }
            return value
        },
        encode: { value in
            guard case .integer(let number) = value, number % 2 == 0 else { throw OddNumber() }
            return value
        })

    struct OddNumber: Error, CustomStringConvertible {
        var description: String { "not an even number" }
    }

    static let cents = ModelTransformer(
        name: "cents",
        decode: { value in
            guard case .integer(let cents) = value else { throw OddNumber() }
            return .double(Double(cents) / 100)
        },
        encode: { value in
            guard case .double(let amount) = value else { return value }
            return .integer(Int64((amount * 100).rounded()))
        })

    struct Stats: Model, Equatable {
        var pairs = 0
        var price = 0.0
        var amount = 0.0

        static let keyPaths: [String: RemoteKeyPath] = ["pairs": "stats.pairs"]
        static let transformers: [String: ModelTransformer] = [
            "pairs": TransformerTests.even,
            "price": TransformerTests.stringCents,
            "amount": TransformerTests.cents.reversed.reversed,
        ]
    }

    static let stringCents = ModelTransformer.stringToNumber.then(cents)

    /// Properties whose transformers are static members of `ModelTransformer`, as a transformer
    /// used in several places is declared.
    struct Legacy: Model, Equatable {
        var flag = false
        var shout = ""
        static let transformers: [String: ModelTransformer] = ["flag": .legacyFlag, "shout": .shout]
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    // MARK: Dates

    @Test func dateFormatReadsAndWritesInUTC() throws {
        let schedule = try Schedule(object: ["day": "24/12/1999"])
        #expect(schedule.day == Self.utc(1999, 12, 24))
        #expect(try schedule.treeRepresentation() == ["day": "24/12/1999"])
    }

    @Test func dateFormatHonoursItsTimeZone() throws {
        let schedule = try Schedule(object: ["localTime": "2020-01-01 09:00"])
        #expect(schedule.localTime == Self.utc(2020, 1, 1, 0, 0))
        #expect(try schedule.treeRepresentation()["localTime"] == "2020-01-01 09:00")
    }

    @Test func dateFormatRefusesOtherShapes() {
        let error = #expect(throws: ModelError.self) { try Schedule(object: ["day": "1999-12-24"]) }
        #expect(error?.path.description == "day")
        guard case .invalidValue(let message)? = error?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(message.contains("dd/MM/yyyy"))
        #expect(throws: ModelError.self) { try Schedule(object: ["day": 19991224]) }
    }

    @Test func iso8601ReadsWithAndWithoutFractionalSecondsAndWritesWholeSeconds() throws {
        let whole = try Schedule(object: ["startsAt": "2014-08-31T00:29:15Z"])
        #expect(whole.startsAt == Date(timeIntervalSince1970: 1_409_444_955))
        let fractional = try Schedule(object: ["startsAt": "2014-08-31T00:29:15.250Z"])
        #expect(fractional.startsAt == Date(timeIntervalSince1970: 1_409_444_955.25))
        #expect(try whole.treeRepresentation() == ["startsAt": "2014-08-31T00:29:15Z"])
        #expect(try fractional.treeRepresentation() == ["startsAt": "2014-08-31T00:29:15Z"])
    }

    @Test func iso8601WithFractionalSecondsWritesMilliseconds() throws {
        let whole = try Schedule(object: ["precise": "2014-08-31T00:29:15Z"])
        #expect(whole.precise == Date(timeIntervalSince1970: 1_409_444_955))
        #expect(try whole.treeRepresentation() == ["precise": "2014-08-31T00:29:15.000Z"])
        let fractional = try Schedule(object: ["precise": "2014-08-31T00:29:15.250Z"])
        #expect(fractional.precise == Date(timeIntervalSince1970: 1_409_444_955.25))
        #expect(try fractional.treeRepresentation() == ["precise": "2014-08-31T00:29:15.250Z"])
    }

    @Test func iso8601RefusesNonDates() {
        let error = #expect(throws: ModelError.self) { try Schedule(object: ["startsAt": "last tuesday"]) }
        #expect(error?.path.description == "startsAt")
        guard case .invalidValue? = error?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
    }

    @Test func dateTransformersPassDatesThrough() throws {
        let date = Date(timeIntervalSince1970: 1_000)
        let schedule = try Schedule(object: ["startsAt": date, "unix": date, "day": date])
        #expect(schedule.startsAt == date)
        #expect(schedule.unix == date)
        #expect(schedule.day == date)
    }

    @Test func secondsSince1970() throws {
        let schedule = try Schedule(object: ["unix": 1_409_444_955])
        #expect(schedule.unix == Date(timeIntervalSince1970: 1_409_444_955))
        #expect(try schedule.treeRepresentation() == ["unix": .integer(1_409_444_955)])

        let fractional = try Schedule(object: ["unix": 1_409_444_955.5])
        #expect(fractional.unix == Date(timeIntervalSince1970: 1_409_444_955.5))
        #expect(try fractional.treeRepresentation() == ["unix": .double(1_409_444_955.5)])

        let error = #expect(throws: ModelError.self) { try Schedule(object: ["unix": "1409444955"]) }
        #expect(error?.path.description == "unix")
    }

    @Test func millisecondsSince1970() throws {
        let schedule = try Schedule(object: ["javaScript": 1_409_444_955_250])
        #expect(schedule.javaScript == Date(timeIntervalSince1970: 1_409_444_955.25))
        #expect(try schedule.treeRepresentation() == ["javaScript": .integer(1_409_444_955_250)])
    }

    @Test func secondsSinceReferenceDate() throws {
        let schedule = try Schedule(object: ["reference": 430_000_000])
        #expect(schedule.reference == Date(timeIntervalSinceReferenceDate: 430_000_000))
        #expect(try schedule.treeRepresentation() == ["reference": .integer(430_000_000)])
        let epoch = try Schedule(object: ["reference": 0])
        #expect(epoch.reference == Self.utc(2001, 1, 1))
    }

    @Test func everyDateRoundTripsThroughTheTree() throws {
        let payload: ModelValue = [
            "day": "24/12/1999", "localTime": "2020-01-01 09:00", "startsAt": "2014-08-31T00:29:15Z",
            "precise": "2014-08-31T00:29:15.250Z", "unix": 1_409_444_955, "javaScript": 1_409_444_955_250,
            "reference": 430_000_000,
        ]
        let schedule = try Schedule(object: payload)
        let tree = try schedule.treeRepresentation()
        #expect(tree == payload)
        #expect(try Schedule(object: tree) == schedule)
        #expect(try Schedule(json: schedule.jsonData()) == schedule)
    }

    // MARK: URLs and UUIDs

    @Test func urlKeepsStringsAsWritten() throws {
        let record = try Record(object: ["homepage": "https://example.com/a?b=c", "link": "images/a.png"])
        #expect(record.homepage == URL(string: "https://example.com/a?b=c"))
        #expect(record.link == "images/a.png")
        let tree = try record.treeRepresentation()
        #expect(tree["homepage"] == "https://example.com/a?b=c")
        #expect(tree["link"] == "images/a.png")
    }

    @Test func urlRefusesNonURLs() {
        let unparsable = #expect(throws: ModelError.self) { try Record(object: ["homepage": "http://[::1"]) }
        #expect(unparsable?.path.description == "homepage")
        guard case .invalidValue? = unparsable?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: unparsable))")
            return
        }
        let number = #expect(throws: ModelError.self) { try Record(object: ["link": 12]) }
        #expect(number?.path.description == "link")
    }

    @Test func uuidAcceptsAnyCaseAndWritesUpperCase() throws {
        let lower = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        let record = try Record(object: ["token": lower, "tokenString": lower])
        #expect(record.token == UUID(uuidString: lower))
        #expect(record.tokenString == lower.uppercased())
        let tree = try record.treeRepresentation()
        #expect(tree["token"] == .string(lower.uppercased()))
        #expect(tree["tokenString"] == .string(lower.uppercased()))
        #expect(try Record(object: tree) == record)
    }

    @Test func uuidRefusesOtherStrings() {
        let error = #expect(throws: ModelError.self) { try Record(object: ["token": "not-a-uuid"]) }
        #expect(error?.path.description == "token")
        guard case .invalidValue? = error?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
    }

    // MARK: Numbers and strings

    @Test func numberToStringReadsNumbersAndWritesThemBack() throws {
        let integer = try Record(object: ["code": 12])
        #expect(integer.code == "12")
        #expect(try integer.treeRepresentation()["code"] == .integer(12))

        let double = try Record(object: ["code": 1.5])
        #expect(double.code == "1.5")
        #expect(try double.treeRepresentation()["code"] == .double(1.5))

        let text = try Record(object: ["code": "A7"])
        #expect(text.code == "A7")
        #expect(try text.treeRepresentation()["code"] == "A7")

        let error = #expect(throws: ModelError.self) { try Record(object: ["code": true]) }
        #expect(error?.path.description == "code")
    }

    @Test func stringToNumberReadsNumericStringsAndWritesStrings() throws {
        let record = try Record(object: ["score": "12", "ratio": "0.25"])
        #expect(record.score == 12)
        #expect(record.ratio == 0.25)
        let tree = try record.treeRepresentation()
        #expect(tree["score"] == "12")
        #expect(tree["ratio"] == "0.25")
        #expect(try Record(object: tree) == record)

        let number = try Record(object: ["score": 7])
        #expect(number.score == 7)
    }

    @Test func stringToNumberRejectsNonNumericStrings() {
        let error = #expect(throws: ModelError.self) { try Record(object: ["score": "twelve"]) }
        #expect(error?.path.description == "score")
    }

    @Test(arguments: [
        ("true", true), ("yes", true), ("1", true), ("TRUE", true), ("Yes", true),
        ("false", false), ("no", false), ("0", false), ("NO", false),
    ])
    func boolReadsLooseStrings(text: String, expected: Bool) throws {
        let record = try Record(object: ["active": text])
        #expect(record.active == expected)
        #expect(try record.treeRepresentation()["active"] == .bool(expected))
    }

    @Test func boolReadsNumbersAndBooleans() throws {
        #expect(try Record(object: ["active": 1]).active)
        #expect(try !Record(object: ["active": 0]).active)
        #expect(try Record(object: ["active": true]).active)
        let fromJSON = try Record(json: #"{"active": 1}"#)
        #expect(fromJSON.active)
        #expect(try fromJSON.treeRepresentation()["active"] == .bool(true))
    }

    @Test func boolRefusesOtherValues() {
        for value in ["maybe", 2, 0.5] as [Any] {
            let error = #expect(throws: ModelError.self) { try Record(object: ["active": value]) }
            #expect(error?.path.description == "active")
            guard case .invalidValue? = error?.reason else {
                Issue.record("expected invalidValue for \(value), got \(String(describing: error))")
                continue
            }
        }
    }

    // MARK: Enumerations

    @Test func enumerationReadsRawValues() throws {
        let record = try Record(object: ["kind": "game", "strictKind": "book", "level": 2])
        #expect(record.kind == .game)
        #expect(record.strictKind == .book)
        #expect(record.level == .high)
        let tree = try record.treeRepresentation()
        #expect(tree["kind"] == "game")
        #expect(tree["strictKind"] == "book")
        #expect(tree["level"] == 2)
    }

    @Test func enumerationFallsBackForUnknownRawValues() throws {
        let record = try Record(object: ["kind": "movie"])
        #expect(record.kind == .unknown)
    }

    @Test func enumerationWithoutFallbackRefusesUnknownRawValues() {
        let error = #expect(throws: ModelError.self) { try Record(object: ["strictKind": "movie"]) }
        #expect(error?.path.description == "strictKind")
        guard case .invalidValue? = error?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        let wrongInteger = #expect(throws: ModelError.self) { try Record(object: ["level": 3]) }
        #expect(wrongInteger?.path.description == "level")
    }

    /// The transformer documents that numeric strings are accepted for integer raw values.
    @Test func enumerationAcceptsNumericStringsForIntegerRawValues() throws {
        let record = try Record(object: ["level": "2"])
        #expect(record.level == .high)
    }

    // MARK: Custom, chained and reversed

    @Test func throwingCustomTransformerGivesInvalidValueWithThePath() {
        let error = #expect(throws: ModelError.self) { try Stats(object: ["stats": ["pairs": 3]]) }
        #expect(error?.path == ModelPath([.key("stats"), .key("pairs")]))
        #expect(error?.path.description == "stats.pairs")
        guard case .invalidValue(let message)? = error?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(message.contains("even"))
        #expect(message.contains("not an even number"))
    }

    @Test func customTransformerRunsBothWays() throws {
        let stats = try Stats(object: ["stats": ["pairs": 4]])
        #expect(stats.pairs == 4)
        #expect(try stats.treeRepresentation()["stats"]?["pairs"] == 4)
    }

    @Test func throwingEncodeFailsTheTreeWithThePath() {
        var stats = Stats()
        stats.pairs = 5
        let error = #expect(throws: ModelError.self) { try stats.treeRepresentation() }
        #expect(error?.path.description == "stats.pairs")
        guard case .invalidValue? = error?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(stats.dictionaryRepresentation.isEmpty)
    }

    @Test func thenChainsDecodingAndUndoesInReverse() throws {
        #expect(Self.stringCents.name == "stringToNumber → cents")
        #expect(try Self.stringCents.decode("1250") == .double(12.5))
        #expect(try Self.stringCents.encode(.double(12.5)) == "1250")

        let stats = try Stats(object: ["price": "1999"])
        #expect(stats.price == 19.99)
        #expect(try stats.treeRepresentation()["price"] == "1999")
    }

    @Test func reversedSwapsTheDirections() throws {
        let reversed = Self.cents.reversed
        #expect(reversed.name == "reversed(cents)")
        #expect(try reversed.decode(.double(2.5)) == .integer(250))
        #expect(try reversed.encode(.integer(250)) == .double(2.5))
        #expect(throws: (any Error).self) { try reversed.encode("x") }
        #expect(Self.cents.reversed.reversed.name == "reversed(reversed(cents))")

        let stats = try Stats(object: ["amount": 250])
        #expect(stats.amount == 2.5)
        #expect(try stats.treeRepresentation()["amount"] == 250)
    }

    // MARK: Static members

    @Test func staticMemberTransformersRunBothWays() throws {
        let legacy = try Legacy(object: ["flag": "yes", "shout": "hi"])
        #expect(legacy == Legacy(flag: true, shout: "HI"))
        let tree = try legacy.treeRepresentation()
        #expect(tree["flag"] == .bool(true))
        #expect(tree["shout"] == "hi")
    }

    // MARK: Values a transformer does not take (issue 30)

    /// A table is not checked by the compiler: a date transformer given to an `Int` property.
    struct Mismatched: Model {
        var count = 3
        static let transformers: [String: ModelTransformer] = ["count": .date(format: "MM-dd-yyyy")]
    }

    /// Each built-in refuses to write a value of a kind it does not write, rather than writing it
    /// untransformed.
    @Test(arguments: [
        (ModelTransformer.date(format: "MM-dd-yyyy"), ModelValue.integer(3), "expected a date, found integer"),
        (.iso8601, "2014-08-31", "expected a date, found string"),
        (.millisecondsSince1970, 12, "expected a date, found integer"),
        (.url, 5, "expected a URL, found integer"),
        (.uuid, 7, "expected a UUID, found integer"),
        (.numberToString, 12, "expected a string, found integer"),
        (.stringToNumber, "12", "expected a number, found string"),
        (.bool, "yes", "expected a boolean, found string"),
        (.enumeration(Kind.self), 2, "expected a raw value of Kind, found integer"),
        (.enumeration(Kind.self), "film", "expected a raw value of Kind, found string"),
    ] as [(ModelTransformer, ModelValue, String)])
    func builtInsRefuseToWriteOtherKinds(transformer: ModelTransformer, value: ModelValue, message: String) {
        let error = #expect(throws: TransformerRefusal.self) { try transformer.encode(value) }
        #expect(error?.description == message)
    }

    @Test func aMismatchedTableEntryFailsBothWaysNamingTheProperty() throws {
        let tree = try #require(throws: ModelError.self) { try Mismatched().treeRepresentation() }
        #expect(tree.description == "count: invalid value: date(format: MM-dd-yyyy): expected a date, found integer 3 (tree)")
        for format in [ModelFormat.json, .binaryPropertyList, .keyedArchive, .fast] {
            let error = try #require(throws: ModelError.self) { try Mismatched().data(format: format) }
            #expect(error.path.description == "count" && error.reason == tree.reason, "\(format): \(error)")
        }
        let decoding = try #require(throws: ModelError.self) { try Mismatched(object: ["count": 4]) }
        #expect(decoding.path.description == "count")
    }

    @Test func typedTransformersGoInTablesAndChains() throws {
        let even = ModelTransformer.Typed<Int>(name: "even", decode: { $0 }, encode: { $0 })
        let chained: ModelTransformer.Typed<Int> = ModelTransformer.stringToNumber.then(even)
        #expect(chained.name == "stringToNumber → even")
        #expect(try chained.decode("12") == 12)
        let table: [String: ModelTransformer] = ["a": .iso8601, "b": chained, "c": .legacyFlag.then(.bool)]
        #expect(table.count == 3)
    }

    // MARK: Null and missing keys

    @Test func transformersNeverSeeNullOrMissingKeys() throws {
        let cleared = try Schedule(object: ["day": NSNull(), "unix": NSNull()])
        #expect(cleared.day == nil)
        #expect(cleared.unix == nil)
        let empty = try Stats(object: [String: Any]())
        #expect(empty == Stats())
    }
}
