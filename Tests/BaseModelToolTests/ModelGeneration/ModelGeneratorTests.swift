import BaseModel
import Foundation
@testable import basemodel
import Testing

/// What `basemodel model` writes for small samples: names, types, optionality, key mapping,
/// dates, classes and the macro-free form. The corpus acceptance test compiles and runs the
/// models of real files; these pin the choices one at a time.
@Suite("basemodel model: the generator")
struct ModelGeneratorTests {
    private func code(_ tree: ModelValue, _ options: ModelGenerator.Options = .init()) throws -> String {
        try ModelGenerator(tree: tree, options: options).declarations()
    }

    @Test("shapes of several array elements merge into one type, optional where a key is missing or null")
    func mergedElements() throws {
        let tree: ModelValue = [
            "items": [
                ["label": "Buy milk", "done": true, "note": .null],
                ["label": "Mow lawn", "done": false, "note": "soon", "priority": 2],
            ],
        ]
        #expect(try code(tree) == """
            @Model struct Root {
                var items: [Item] = []
            }

            @Model struct Item {
                var label: String = ""
                var done: Bool = false
                var note: String?
                var priority: Int?
            }

            """)
    }

    @Test("numbers are Int, Int64 or Double from every value seen; mixed kinds are ModelValue")
    func numberTypes() throws {
        let tree: ModelValue = [
            "rows": [
                ["small": 3, "large": 3, "ratio": 1, "mixed": "a"],
                ["small": -4, "large": .integer(5_000_000_000), "ratio": 2.5, "mixed": 2],
            ],
        ]
        let text = try code(tree)
        #expect(text.contains("var small: Int = 0"))
        #expect(text.contains("var large: Int64 = 0"))
        #expect(text.contains("var ratio: Double = 0"))
        #expect(text.contains("var mixed: ModelValue = .null"))
    }

    @Test("keys that are not camel case get @Key; a snake_case file gets one key case")
    func keyMapping() throws {
        let mixed: ModelValue = ["screen_name": "a", "NS.name": "b", "$0": 1, "default": true, "userID": 2]
        let text = try code(mixed)
        #expect(text.contains(#"@Key("screen_name") var screenName: String = """#))
        #expect(text.contains(#"@Key("NS\\.name") var nsName: String = """#))
        #expect(text.contains(#"@Key("$0") var value0: Int = 0"#))
        #expect(text.contains("var `default`: Bool = false"))
        #expect(text.contains("var userID: Int = 0"))

        let snake: ModelValue = ["screen_name": "a", "followers_count": 3, "id_str": "7", "description": "d"]
        #expect(try code(snake) == """
            @Model(keyCase: .snakeCase) struct Root {
                var screenName: String = ""
                var followersCount: Int = 0
                var idStr: String = ""
                @Key("description") var descriptionValue: String = ""
            }

            """)
    }

    @Test("dates written as text get the transformer that writes them back the same")
    func textualDates() throws {
        let tree: ModelValue = [
            "iso": "2014-08-31T00:29:15Z",
            "fractional": "2014-08-31T00:29:15.250Z",
            "rfc2822": "Sun, 31 Aug 2014 00:29:15 +0000",
            "twitter": "Sun Aug 31 00:29:15 +0000 2014",
            "day": "2014-08-31",
            "notADate": "2014-08-31 at noon",
            "home": "https://example.com/a?b=c",
            "stamp": .date(Date(timeIntervalSince1970: 0)),
        ]
        let text = try code(tree)
        #expect(text.contains("@Transform(.iso8601) var iso: Date = "))
        #expect(text.contains("@Transform(.iso8601WithFractionalSeconds) var fractional: Date = "))
        #expect(text.contains(#"@Transform(.date(format: "EEE, dd MMM yyyy HH:mm:ss Z")) var rfc2822: Date = "#))
        #expect(text.contains(#"@Transform(.date(format: "EEE MMM dd HH:mm:ss Z yyyy")) var twitter: Date = "#))
        #expect(text.contains(#"@Transform(.date(format: "yyyy-MM-dd")) var day: Date = "#))
        #expect(text.contains("var notADate: String = \"\""))
        #expect(text.contains("var home: URL?"))
        #expect(text.contains("var stamp: Date = "))
        #expect(!text.contains("@Transform(.iso8601) var stamp"))
    }

    @Test("$class objects become classes, and a place holding several classes a base class")
    func classes() throws {
        let tree: ModelValue = [
            "$class": "JNStreamTable",
            "columns": [
                ["$class": "JNStreamTableUInt8Column", "keyPath": "changeType"],
                ["$class": "JNStreamTableStringColumn", "keyPath": "className", "width": 3],
            ],
        ]
        #expect(try code(tree) == """
            @Model class Column {
                /// Registers the subclasses, so that a file's `$class` picks the one each object names.
                static func registerSubclasses(in registry: ModelRegistry = .shared) {
                    registry.register(JNStreamTableUInt8Column.self)
                    registry.register(JNStreamTableStringColumn.self)
                }
            }

            @Model final class JNStreamTable {
                var columns: [Column] = []
            }

            @Model final class JNStreamTableUInt8Column: Column {
                var keyPath: String = ""
            }

            @Model final class JNStreamTableStringColumn: Column {
                var keyPath: String = ""
                var width: Int = 0
            }

            """)
    }

    @Test("a type that holds itself is a class whose loop is optional")
    func cycles() throws {
        let tree: ModelValue = ["value": ["node": ["name": "a", "value": ["node": ["name": "leaf"]]]]]
        #expect(try code(tree) == """
            @Model struct Root {
                var value: Value = Value()
            }

            @Model final class Value {
                var node: Node?
            }

            @Model final class Node {
                var name: String = ""
                var value: Value?
            }

            """)
    }

    @Test("dictionaries keyed by ids are maps; arrays are named in the singular")
    func mapsAndSingulars() throws {
        let tree: ModelValue = [
            "areaNames": ["205705993": "Arrière-scène", "205705994": "1er balcon"],
            "categories": [["id": 1]],
            "statuses": [["id": 2]],
            "empty": [:],
        ]
        let text = try code(tree)
        #expect(text.contains("var areaNames: [String: String] = [:]"))
        #expect(text.contains("var categories: [Category] = []"))
        #expect(text.contains("var statuses: [Status] = []"))
        #expect(text.contains("var empty: [String: ModelValue] = [:]"))
    }

    @Test("--no-macro writes Model conformances with static tables; --class writes classes")
    func macroFreeForm() throws {
        let tree: ModelValue = ["user_name": "a", "created": "2014-08-31T00:29:15Z", "Kind": 1]
        #expect(try code(tree, .init(name: "Account", classes: true, macro: false)) == """
            final class Account: Model {
                var userName: String = ""
                var created: Date = Date(timeIntervalSince1970: 0)
                var kind: Int = 0

                static let keyPaths: [String: RemoteKeyPath] = ["userName": "user_name", "kind": "Kind"]
                static let transformers: [String: ModelTransformer] = ["created": .iso8601]
                init() {}
            }

            """)
    }

    @Test("a root that is no dictionary, nor an array or map of them, gives no model", arguments: [
        ModelValue.string("a"), [1, 2], .null, [["a": 1], "b"],
    ])
    func refusals(tree: ModelValue) {
        #expect(throws: ModelGenerator.Refusal.self) { try ModelGenerator(tree: tree) }
    }

    @Test("a root array or map of dictionaries: the element type is the root type")
    func rootCollections() throws {
        let array = try ModelGenerator(tree: [["id": 1], ["id": 2, "name": "b"]], options: .init(name: "Event"))
        #expect(array.rootKind == .array)
        #expect(array.declarations() == "@Model struct Event {\n    var id: Int = 0\n    var name: String?\n}\n")
        let map = try ModelGenerator(tree: ["1": ["id": 1], "2": ["id": 2]])
        #expect(map.rootKind == .map)
        #expect(map.rootType == "Root")
    }
}
