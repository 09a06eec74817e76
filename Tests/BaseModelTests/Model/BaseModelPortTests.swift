@testable import BaseModel
import Foundation
import Testing

extension ModelFixtures {
    /// BaseModel 2.6.4's TestModel fixture: a string and a date.
    struct TestModel: Model, Equatable {
        var string: String?
        var date: Date?
    }

    /// BaseModel's upstream tests and the mapping-related acceptance tests that ORIGINALS §8
    /// recommends, translated to Swift semantics.
    @Suite struct BaseModelPortTests {
        // Ports testSaveDateAsJSON (BaseModel issue #12), the serialisation half: a model holding a
        // date writes JSON without error, as an ISO-8601 string in UTC (the original wrote local
        // time with a literal Z), and reads it back as an equal date (the original left a string).
        @Test func saveDateAsJSON() throws {
            var model = TestModel()
            model.date = Date(timeIntervalSince1970: 1_409_444_955.25)
            let data = try model.jsonData()
            #expect(String(decoding: data, as: UTF8.self) == #"{"date":"2014-08-31T00:29:15.250Z"}"#)
            let again = try TestModel(json: data)
            #expect(again.date == model.date)
            #expect(again == model)
        }

        // Ports testSetSharedInstanceToNil, the mapping half: a model built from an object without
        // `string` has a nil `string`, and a JSON null clears it.
        @Test func missingOrNullStringIsNil() throws {
            #expect(try TestModel(object: ["date": "2014-08-31T00:29:15Z"]).string == nil)
            #expect(try TestModel(json: #"{"string": null}"#).string == nil)
            #expect(try TestModel(json: #"{"string": "foo"}"#).string == "foo")
        }

        // Acceptance: NSNull in initWithObject: gives nil (BaseModel issue #13, fixed in 2.6).
        @Test func nsNullInInstanceWithObjectGivesNil() throws {
            #expect(try TodoItem.instance(object: NSNull()) == nil)
            #expect(try TodoList.instance(object: NSNull()) == nil)
            #expect(try TestModel.instance(object: nil) == nil)
        }

        // Acceptance: nil in instancesWithArray: is skipped (and so is NSNull, since 2.6).
        @Test func nilInInstancesWithArrayIsSkipped() throws {
            let missing: [String: Any]? = nil
            let input: [Any] = [["label": "a"], missing as Any, NSNull(), ["label": "b"]]
            let items = try TodoItem.instances(array: input)
            #expect(items.map(\.label) == ["a", "b"])
            #expect(try TodoItem.instances(array: [Any]()).isEmpty)
        }

        // Acceptance: unknown dictionary keys are ignored (setWithDictionary:'s undefined-key
        // override), and the port lists them in the report.
        @Test func unknownDictionaryKeysAreIgnoredAndReported() throws {
            var report = ModelReport()
            let item = try TodoItem(
                object: ["label": "Buy milk", "priority": 2, "colour": ["r": 1]], report: &report)
            #expect(item == TodoItem(label: "Buy milk"))
            #expect(report.unusedKeys.map(\.description) == ["colour", "priority"])
            #expect(report.defaultedKeys.map(\.description) == ["checked"])
        }

        // Acceptance: setWithArray: through a bare-array resource, BasicTodoList's TodoList.plist.
        @Test func setWithArrayThroughABareArrayTodoList() throws {
            let list = try TodoList(object: ModelFixtures.seedLabels as [Any])
            #expect(list.items.count == 4)
            #expect(list.items.map(\.label) == [
                "Do washing", "Mow lawn", "Write an open source library", "Feed the cat",
            ])
            #expect(list.items.allSatisfy { $0.checked == false })

            // Saved and read again, the list is a dictionary of item dictionaries.
            let tree = try list.treeRepresentation()
            #expect(tree["items"]?[2] == ["label": "Write an open source library", "checked": false])
            let again = try TodoList(object: tree)
            #expect(again.items == list.items)
        }

        // BasicTodoList's setWithString: on TodoItem.
        @Test func setWithStringOnTodoItem() throws {
            #expect(try TodoItem(object: "Feed the cat") == TodoItem(label: "Feed the cat", checked: false))
        }

        // §1.4: with no matching setWith<Class>: the original raised "setWithNumber: not
        // implemented"; the port throws a typed error naming what it expected.
        @Test func objectWithNoMatchingSetterIsAnError() {
            let error = #expect(throws: ModelError.self) { try TodoList(object: 42) }
            #expect(error?.reason == .typeMismatch(expected: "dictionary (TodoList)", found: "integer"))
        }

        // Acceptance: debugDescription truncation at 16 characters (§1.15).
        @Test func debugDescriptionTruncationAtSixteenCharacters() {
            let cases: [(String, String)] = [
                ("", "\"\""),
                ("Mow lawn", "\"Mow lawn\""),
                ("exactly16chars!!", "\"exactly16chars!!\""),
                ("seventeen chars!!", "\"seventeen chars…\""),
                ("Write an open source library", "\"Write an open s…\""),
                (String(repeating: "é", count: 17), "\"" + String(repeating: "é", count: 15) + "…\""),
            ]
            for (label, shown) in cases {
                let item = TodoItem(label: label)
                #expect(item.debugDescription == "<TodoItem; label = \(shown); checked = 0>")
            }
        }
    }
}
