@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

/// `ModelValue`: literals, subscripts, equality, the two textual renderings, and the conversion to
/// and from untyped Foundation objects.
@Suite struct ModelValueTests {
    /// A class with no tree form, for the unsupported-value errors.
    final class Opaque {}

    // MARK: Literals

    @Test func scalarLiteralsMakeTheMatchingCase() {
        let flag: ModelValue = true
        let integer: ModelValue = -42
        let double: ModelValue = 2.5
        let string: ModelValue = "Buy milk"
        #expect(flag == .bool(true))
        #expect(integer == .integer(-42))
        #expect(double == .double(2.5))
        #expect(string == .string("Buy milk"))
    }

    @Test func containerLiteralsKeepElementAndKeyOrder() {
        let array: ModelValue = [1, "two", .null, [3.5]]
        #expect(array == .array([.integer(1), .string("two"), .null, .array([.double(3.5)])]))

        let dictionary: ModelValue = ["zeta": 1, "alpha": true, "mid": ["nested": "x"]]
        guard case .dictionary(let entries) = dictionary else {
            Issue.record("expected a dictionary, got \(dictionary)")
            return
        }
        #expect(Array(entries.keys) == ["zeta", "alpha", "mid"])
        #expect(entries["mid"] == .dictionary(["nested": .string("x")]))
    }

    @Test func repeatedDictionaryLiteralKeyKeepsItsLastValue() {
        let value = ModelValue(dictionaryLiteral: ("a", 1), ("b", 2), ("a", 3))
        guard case .dictionary(let entries) = value else {
            Issue.record("expected a dictionary, got \(value)")
            return
        }
        #expect(entries.count == 2)
        #expect(entries["a"] == .integer(3))
        #expect(entries["b"] == .integer(2))
    }

    @Test func unsignedGivesOneRepresentationPerNumber() {
        #expect(ModelValue.unsigned(0) == .integer(0))
        #expect(ModelValue.unsigned(UInt64(Int64.max)) == .integer(Int64.max))
        #expect(ModelValue.unsigned(UInt64(Int64.max) + 1) == .unsignedInteger(UInt64(Int64.max) + 1))
        #expect(ModelValue.unsigned(UInt64.max) == .unsignedInteger(UInt64.max))
    }

    // MARK: Subscripts

    @Test func keySubscriptReadsDictionariesOnly() {
        let value: ModelValue = ["label": "Buy milk", "tags": ["home", "shop"], "none": .null]
        #expect(value["label"] == .string("Buy milk"))
        #expect(value["none"] == .null)
        #expect(value["missing"] == nil)
        #expect(value["tags"]?[1] == "shop")
        #expect(ModelValue.string("label")["label"] == nil)
        #expect(ModelValue.array(["label"])["label"] == nil)
    }

    @Test func indexSubscriptReadsArraysInRangeOnly() {
        let value: ModelValue = ["a", ["key": 7]]
        #expect(value[0] == "a")
        #expect(value[1]?["key"] == 7)
        #expect(value[2] == nil)
        #expect(value[-1] == nil)
        #expect(ModelValue.dictionary(["0": "zero"])[0] == nil)
        #expect(ModelValue.string("abc")[0] == nil)
    }

    // MARK: Equality and kinds

    @Test func equalityKeepsKindsApart() {
        #expect(ModelValue.bool(true) != .integer(1))
        #expect(ModelValue.bool(false) != .integer(0))
        #expect(ModelValue.integer(1) != .double(1))
        #expect(ModelValue.string("1") != .integer(1))
        #expect(ModelValue.null != .string(""))
        #expect(ModelValue.array([]) != .dictionary([:]))
        #expect(ModelValue.data(Data()) != .string(""))
    }

    @Test func equalityIsStructuralThroughNesting() {
        let one: ModelValue = ["items": [["label": "a", "checked": false]], "count": 1]
        let two: ModelValue = .dictionary([
            "items": .array([.dictionary(["label": .string("a"), "checked": .bool(false)])]),
            "count": .integer(1),
        ])
        let three: ModelValue = ["items": [["label": "a", "checked": true]], "count": 1]
        #expect(one == two)
        #expect(one != three)
        #expect(Set([one, two, three]).count == 2)
    }

    @Test func isNullAndKindNames() {
        #expect(ModelValue.null.isNull)
        #expect(!ModelValue.string("").isNull)
        let kinds: [(ModelValue, String)] = [
            (.null, "null"), (.bool(true), "bool"), (.integer(1), "integer"),
            (.unsignedInteger(UInt64.max), "integer"), (.double(1), "double"), (.string(""), "string"),
            (.data(Data()), "data"), (.date(Date()), "date"), (.array([]), "array"), (.dictionary([:]), "dictionary"),
        ]
        for (value, name) in kinds {
            #expect(value.kindName == name, "\(value)")
        }
    }

    // MARK: Descriptions

    @Test func descriptionOfScalars() {
        #expect(ModelValue.null.description == "null")
        #expect(ModelValue.bool(true).description == "true")
        #expect(ModelValue.bool(false).description == "false")
        #expect(ModelValue.integer(-7).description == "-7")
        #expect(ModelValue.unsignedInteger(UInt64.max).description == "18446744073709551615")
        #expect(ModelValue.double(2.5).description == "2.5")
        #expect(ModelValue.double(1).description == "1.0")
        #expect(ModelValue.string("Buy milk").description == "\"Buy milk\"")
    }

    @Test func descriptionEscapesStrings() {
        let value = ModelValue.string("say \"hi\"\\\n\t\r\u{1}é")
        #expect(value.description == #""say \"hi\"\\\n\t\r\u0001é""#)
    }

    @Test func descriptionOfDatesIsISO8601InUTCWithMilliseconds() {
        #expect(ModelValue.date(Date(timeIntervalSince1970: 0)).description == "1970-01-01T00:00:00.000Z")
        #expect(ModelValue.date(Date(timeIntervalSince1970: 1_409_444_955.25)).description == "2014-08-31T00:29:15.250Z")
    }

    @Test func descriptionOfDataShowsSizeAndFirstSixteenBytes() {
        #expect(ModelValue.data(Data()).description == "<0 bytes>")
        #expect(ModelValue.data(Data([0x01, 0xAB, 0xFF])).description == "<3 bytes: 01abff>")
        let seventeen = Data((0..<17).map { UInt8($0) })
        #expect(ModelValue.data(seventeen).description == "<17 bytes: 000102030405060708090a0b0c0d0e0f…>")
    }

    @Test func descriptionOfContainersIsCompactJSONLike() {
        let value: ModelValue = ["label": "Buy milk", "checked": true, "tags": ["home"], "empty": [], "none": [:]]
        #expect(value.description == #"{"label": "Buy milk", "checked": true, "tags": ["home"], "empty": [], "none": {}}"#)
        #expect(String(reflecting: value) == value.description)
        #expect(ModelValue.array([1, .null, 2.5]).description == "[1, null, 2.5]")
    }

    @Test func indentedDescriptionPutsOneEntryOnALine() {
        let value: ModelValue = ["a": 1, "b": [true, .null], "c": [:], "d": ["e": "f"]]
        let expected = """
            {
              "a": 1,
              "b": [
                true,
                null
              ],
              "c": {},
              "d": {
                "e": "f"
              }
            }
            """
        #expect(value.indentedDescription == expected)
        #expect(ModelValue.integer(3).indentedDescription == "3")
        #expect(ModelValue.array([]).indentedDescription == "[]")
    }

    @Test func excerptIsCutAtForty() {
        let long = ModelValue.string(String(repeating: "x", count: 60))
        #expect(long.excerpt.count == 40)
        #expect(long.excerpt.hasSuffix("…"))
        #expect(ModelValue.array([1, 2, 3]).excerpt == "[… 3 elements]")
        #expect(ModelValue.dictionary(["a": 1]).excerpt == "{… 1 keys}")
        #expect(ModelValue.string("short").excerpt == "\"short\"")
    }

    // MARK: From Foundation

    @Test func jsonSerializationBooleansAndNumbersStayApart() throws {
        let json = #"{"flag": true, "off": false, "one": 1, "zero": 0, "half": 1.5}"#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let value = try ModelValue(foundation: object)
        #expect(value["flag"] == .bool(true))
        #expect(value["off"] == .bool(false))
        #expect(value["one"] == .integer(1))
        #expect(value["zero"] == .integer(0))
        #expect(value["half"] == .double(1.5))
    }

    @Test func swiftAndNSNumberBooleansAndIntegersStayApart() throws {
        #expect(try ModelValue(foundation: true) == .bool(true))
        #expect(try ModelValue(foundation: 1) == .integer(1))
        #expect(try ModelValue(foundation: NSNumber(value: true)) == .bool(true))
        #expect(try ModelValue(foundation: NSNumber(value: false)) == .bool(false))
        #expect(try ModelValue(foundation: NSNumber(value: 1)) == .integer(1))
        #expect(try ModelValue(foundation: NSNumber(value: 0)) == .integer(0))
        #expect(try ModelValue(foundation: NSNumber(value: 2.5)) == .double(2.5))
        let mixed: [Any] = [true, 1, NSNumber(value: true), NSNumber(value: 1)]
        #expect(try ModelValue(foundation: mixed) == [true, 1, true, 1])
    }

    @Test func integerWidthsAndLimits() throws {
        #expect(try ModelValue(foundation: UInt64.max) == .unsignedInteger(UInt64.max))
        #expect(try ModelValue(foundation: NSNumber(value: UInt64.max)) == .unsignedInteger(UInt64.max))
        #expect(try ModelValue(foundation: Int64.max) == .integer(Int64.max))
        #expect(try ModelValue(foundation: NSNumber(value: Int64.max)) == .integer(Int64.max))
        #expect(try ModelValue(foundation: Int64.min) == .integer(Int64.min))
        // A small unsigned number has the one representation every integer has.
        #expect(try ModelValue(foundation: UInt64(5)) == .integer(5))
        #expect(try ModelValue(foundation: NSNumber(value: UInt64(5))) == .integer(5))
        #expect(try ModelValue(foundation: UInt8(200)) == .integer(200))
        #expect(try ModelValue(foundation: Int8(-3)) == .integer(-3))
        #expect(try ModelValue(foundation: Float(1.5)) == .double(1.5))
    }

    @Test func leavesOfEveryFoundationKind() throws {
        let date = Date(timeIntervalSince1970: 1_000_000)
        let data = Data([1, 2, 3])
        let uuid = UUID()
        #expect(try ModelValue(foundation: NSNull()) == .null)
        #expect(try ModelValue(foundation: "text") == .string("text"))
        #expect(try ModelValue(foundation: date) == .date(date))
        #expect(try ModelValue(foundation: data) == .data(data))
        #expect(try ModelValue(foundation: URL(string: "https://example.com/a?b=c")!) == .string("https://example.com/a?b=c"))
        #expect(try ModelValue(foundation: uuid) == .string(uuid.uuidString))
        #expect(try ModelValue(foundation: Decimal(string: "12.5")!) == .double(12.5))
        #expect(try ModelValue(foundation: ModelValue.integer(9)) == .integer(9))
        let nothing: String? = nil
        #expect(try ModelValue(foundation: [nothing as Any, "x"] as [Any]) == [.null, "x"])
    }

    @Test func nestedContainersConvertWithSortedKeys() throws {
        let object: [String: Any] = [
            "b": [1, "two", NSNull(), ["deep": [true]]] as [Any],
            "a": ["y": 2.5, "x": Date(timeIntervalSince1970: 0)] as [String: Any],
        ]
        let value = try ModelValue(foundation: object)
        let expected: ModelValue = [
            "a": ["x": .date(Date(timeIntervalSince1970: 0)), "y": 2.5],
            "b": [1, "two", .null, ["deep": [true]]],
        ]
        #expect(value == expected)
        guard case .dictionary(let entries) = value else { return }
        #expect(Array(entries.keys) == ["a", "b"])
    }

    @Test func foundationDictionaryAndArrayClassesConvert() throws {
        let dictionary = NSDictionary(dictionary: ["b": 1, "a": "x"])
        #expect(try ModelValue(foundation: dictionary) == ["a": "x", "b": 1])
        let array = NSArray(array: [1, "x"])
        #expect(try ModelValue(foundation: array) == [1, "x"])
    }

    @Test func unsupportedValueFailsWithItsPath() {
        let error = #expect(throws: ModelError.self) {
            try ModelValue(foundation: ["a": [1, Opaque()] as [Any]] as [String: Any])
        }
        #expect(error?.path == ModelPath([.key("a"), .index(1)]))
        #expect(error?.path.description == "a[1]")
        #expect(error?.format == ModelFormat(rawValue: "foundation"))
        guard case .unsupported(let message)? = error?.reason else {
            Issue.record("expected unsupported, got \(String(describing: error))")
            return
        }
        #expect(message.contains("Opaque"))
    }

    @Test func unsupportedRootValueFailsAtTheRoot() {
        let error = #expect(throws: ModelError.self) { try ModelValue(foundation: Opaque()) }
        #expect(error?.path == .root)
        let nonStringKeys = #expect(throws: ModelError.self) { try ModelValue(foundation: [1: "one"]) }
        #expect(nonStringKeys?.path == .root)
        guard case .unsupported? = nonStringKeys?.reason else {
            Issue.record("expected unsupported, got \(String(describing: nonStringKeys))")
            return
        }
    }

    // MARK: To Foundation

    @Test func foundationValueGivesFoundationShapes() throws {
        let date = Date(timeIntervalSince1970: 12)
        let value: ModelValue = [
            "null": .null, "flag": true, "count": 3, "big": .unsignedInteger(UInt64.max), "ratio": 0.5,
            "name": "x", "date": .date(date), "blob": .data(Data([9])), "list": [1, "a"],
        ]
        let object = try #require(value.foundationValue as? [String: Any])
        #expect(object["null"] is NSNull)
        #expect(object["name"] as? String == "x")
        #expect(object["date"] as? Date == date)
        #expect(object["blob"] as? Data == Data([9]))
        #expect((object["count"] as? NSNumber)?.int64Value == 3)
        #expect((object["big"] as? NSNumber)?.uint64Value == UInt64.max)
        #expect((object["ratio"] as? NSNumber)?.doubleValue == 0.5)
        #expect((object["list"] as? [Any])?.count == 2)
        // The boolean comes out as a boolean number, which converts back to a bool, not to 1.
        #expect(try ModelValue(foundation: object["flag"]!) == .bool(true))
        #expect(try ModelValue(foundation: object["count"]!) == .integer(3))
    }

    @Test func foundationValueRoundTrips() throws {
        // Keys are in sorted order, the order a Foundation dictionary converts back in.
        let value: ModelValue = [
            "a": [true, false, 0, 1, -1, .unsignedInteger(UInt64.max), .integer(Int64.max), 1.5, .null],
            "b": ["c": .date(Date(timeIntervalSinceReferenceDate: 12.5)), "d": .data(Data([0, 255]))],
            "e": "text",
        ]
        #expect(try ModelValue(foundation: value.foundationValue) == value)
    }

    @Test func foundationValueIsWhatJSONSerializationWrites() throws {
        let value: ModelValue = ["flag": true, "count": 1, "items": ["a", .null]]
        let data = try JSONSerialization.data(withJSONObject: value.foundationValue, options: [.sortedKeys])
        #expect(String(decoding: data, as: UTF8.self) == #"{"count":1,"flag":true,"items":["a",null]}"#)
    }

    // MARK: Sendable

    static let shared: ModelValue = ["label": "Buy milk", "tags": ["home"]]

    @Test func valuesCrossConcurrencyDomains() async throws {
        func requireSendable<T: Sendable>(_ value: T) -> T { value }
        let value = requireSendable(Self.shared)
        let fromTask = await Task.detached { value["tags"]?[0] }.value
        #expect(fromTask == "home")

        let results = await withTaskGroup(of: ModelValue.self) { group in
            for index in 0..<8 {
                group.addTask { ["index": .integer(Int64(index)), "copy": value] }
            }
            var collected: [ModelValue] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0["copy"] == Self.shared })
        #expect(Set(results.compactMap { $0["index"] }).count == 8)
    }
}
