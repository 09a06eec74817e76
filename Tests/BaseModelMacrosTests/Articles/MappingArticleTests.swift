import BaseModelMacros
import Foundation
import Testing

/// The article's named transformers, static members as a user declares them.
extension ModelTransformer {
    static let gameDate = ModelTransformer.date(format: "MM-dd-yyyy")   // a ModelTransformer.Typed<Date>
    static let cents = ModelTransformer.Typed<Double>(                  // 1999 in the input is 19.99
        name: "cents",
        decode: { value in
            guard case .integer(let cents) = value else { throw CocoaError(.coderInvalidValue) }
            return .double(Double(cents) / 100)
        },
        encode: { value in
            guard case .double(let amount) = value else { throw CocoaError(.coderInvalidValue) }
            return .integer(Int64((amount * 100).rounded()))
        })
    static let amount = ModelTransformer.stringToNumber                 // fits every number: no type of its own
}

/// The article "Mapping", compiled and run: every Swift block of it appears here line for line
/// (`DocumentationCodeTests` checks that), the macro form and the macro-free form beside it.
enum MappingArticle {
    @Model struct Game {
        @Key("game_id") var id = ""                                            // another key
        var name = ""
        @Key("release_date", "released") @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
        @Key("venue.address.city") var city = ""                               // nested dictionaries
        @Key("images.0.url") var thumbnail: URL?                               // an array element
        @Uncodable var cache: [String: Int] = [:]                              // never read, never written
    }

    enum WithoutMacro {
        struct Game: Model {
            var id = ""
            var name = ""
            var releaseDate: Date?
            var city = ""
            var thumbnail: URL?
            var cache: [String: Int] = [:]

            static let keyPaths: [String: RemoteKeyPath] = [
                "id": "game_id",
                "releaseDate": .firstOf("release_date", "released"),                // fallbacks, the first present wins
                "city": "venue.address.city",
                "thumbnail": "images.0.url",
            ]
            static let transformers: [String: ModelTransformer] = ["releaseDate": .date(format: "MM-dd-yyyy")]
            static let uncodableKeys: Set<String> = ["cache"]
        }
    }

    @Model(coercion: .lenient) struct Settings {
        var volume = 5                                   // "12" → 12
        var muted = false                                // 1, "yes", "true" → true
        var name = ""                                    // 12 → "12"; null → the default
    }

    @Model struct Upload { var name = ""; var parts: [String] = [] }

    @Model struct TodoItem {
        var label = ""
        var checked = false
        static func make(from value: ModelValue) -> TodoItem? {
            guard case .string(let label) = value else { return nil }
            return TodoItem(label: label, checked: false)
        }
    }

    @Model final class TodoList {
        var items: [TodoItem] = []
        static func make(from value: ModelValue) throws -> TodoList? {
            guard case .array = value else { return nil }
            let list = TodoList()
            list.items = try TodoItem.instances(array: value)
            return list
        }
    }

    @Model class Animal { var name = "" }
    @Model final class Dog: Animal { var breed = "" }
    @Model final class Cat: Animal { var lives = 9 }

    @Model struct Zoo {
        @Polymorphic(.tag("type", ["dog": Dog.self, "cat": Cat.self])) var animals: [Animal] = []
        @Polymorphic(.external(["dog": Dog.self], fallback: Animal.self)) var star: Animal?
        @Polymorphic(.adjacent(tag: "kind", content: "data", ["cat": Cat.self])) var lead = Animal()
    }

    struct Shelter: Model {
        var kennel: [Animal] = []
        static let polymorphism: [String: Polymorphism] = [
            "kennel": .tag("type", ["dog": Dog.self, "cat": Cat.self]) { object, path in
                object["deleted"] == true ? .drop : .unknown
            },
        ]
    }

    protocol Shape: Model {}
    @Model struct Circle: Shape { var radius = 0.0 }
    @Model struct Square: Shape { var side = 0.0 }

    @Model struct Drawing {
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var main: any Shape
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shapes: [any Shape] = []
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var background: (any Shape)?
        @Polymorphic(.external(["circle": Circle.self, "square": Square.self])) var layers: [String: any Shape] = [:]
    }

    struct PlainDrawing: Model {
        static var kinds: [String: any Model.Type] { ["circle": Circle.self, "square": Square.self] }
        var main: (any Shape)!                                             // required: init() leaves it nil
        var shapes: [any Shape] = []

        private enum CodingKeys: String, CodingKey { case main, shapes }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let kinds = Self.kinds
            main = try container.decode((any Shape).self, forKey: .main, polymorphism: .tag("kind", kinds))
            shapes = try container.decode([any Shape].self, forKey: .shapes, polymorphism: .tag("kind", kinds))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let kinds = Self.kinds
            try container.encode(main, forKey: .main, polymorphism: .tag("kind", kinds))
            try container.encode(shapes, forKey: .shapes, polymorphism: .tag("kind", kinds))
        }
    }

    @Model struct Release {
        @Transform(.gameDate) var announced: Date?
        @Transform(.cents) var price = 0.0
        @Transform(.amount, as: Double.self) var total = 0.0               // a type the transformer does not say
    }

    /// A table gives a transformer to a property it does not fit: nothing checks it at compile time.
    struct Mismatched: Model {
        var count = 3
        static let transformers: [String: ModelTransformer] = ["count": .date(format: "MM-dd-yyyy")]
    }
}


@Suite("Article: Mapping") struct MappingArticleTests {
    typealias Game = MappingArticle.Game
    typealias TodoList = MappingArticle.TodoList
    typealias Upload = MappingArticle.Upload

    let payload: [String: Any] = [
        "game_id": "93", "name": "Okami", "released": "04-20-2006",
        "venue": ["address": ["city": "Osaka", "zip": "530"]],
        "images": [["url": "https://example.com/o.png"]],
    ]

    @Test func bothFormsReadAndWriteTheSame() throws {
        let game = try Game(object: payload)
        let plain = try MappingArticle.WithoutMacro.Game(object: payload)
        #expect(game.id == "93" && game.city == "Osaka" && game.thumbnail?.absoluteString == "https://example.com/o.png")
        #expect(game.releaseDate != nil && game.releaseDate == plain.releaseDate)
        #expect(try game.jsonData(sortedKeys: true) == plain.jsonData(sortedKeys: true))
    }

    @Test func lenientSettings() throws {
        let settings = try MappingArticle.Settings(object: ["volume": "12", "muted": "yes", "name": 12])
        #expect(settings.volume == 12 && settings.muted && settings.name == "12")
    }

    @Test func theReport() throws {
        var report = ModelReport()
        let game = try Game(object: payload, report: &report)
        let unread = report.unusedKeys                       // keys no property read, e.g. venue.address.zip
        let defaulted = report.defaultedKeys                 // properties missing from the input
        let converted = report.conversions                   // values lenient coercion converted
        print(report)                                        // a few lines for a log
        #expect(game.name == "Okami")
        #expect(unread.map(\.description) == ["venue.address.zip"])
        #expect(defaulted.isEmpty && converted.isEmpty)
    }

    @Test func limitsOnTheContext() throws {
        let body = Data(#"{"name": "a", "parts": ["x", "y", "z"]}"#.utf8)
        let limits = DecodingLimits(maximumDepth: 64, maximumValues: 100_000, maximumStringBytes: 1 << 20)
        let upload = try Upload(data: body, context: ModelContext(limits: limits))
        #expect(upload.parts == ["x", "y", "z"])
        let tight = ModelContext(limits: DecodingLimits(maximumDepth: 1))
        #expect(throws: ModelError.self) { try Upload(data: body, context: tight) }
    }

    @Test func buildingFromBareValues() throws {
        let list = try TodoList(object: ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"])
        #expect(list.items.map(\.label) == ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"])
    }

    @Test func representations() throws {
        let game = try Game(object: payload)
        let list = try TodoList(object: ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"])
        let dictionary = game.dictionaryRepresentation     // [String: Any] in the input's shape: remote keys, nil left out
        let tree = try game.treeRepresentation()           // the same as a ModelValue
        let json = try game.jsonData(prettyPrinted: true)  // JSON, compact by default
        let copy = try list.copy()                         // deep: nested class models are new instances
        let description = list.debugDescription            // <TodoList: 0x…; items = <Array: 4 elements>>
        let keys = Game.codablePropertyKeys                // ["id", "name", "releaseDate", "city", "thumbnail"]

        #expect(dictionary["game_id"] as? String == "93")
        #expect(tree["game_id"] == "93")
        #expect(String(decoding: json, as: UTF8.self).contains("\n"))
        #expect(copy !== list && copy.items.count == 4)
        #expect(description.hasPrefix("<TodoList: 0x") && description.hasSuffix("items = <Array: 4 elements>>"))
        #expect(keys == ["id", "name", "releaseDate", "city", "thumbnail"])
    }

    @Test func aSubclassComesBackAsItself() throws {
        let dog = MappingArticle.Dog()
        dog.name = "Rex"
        dog.breed = "lab"
        let again = try MappingArticle.Dog(data: dog.data(format: .json))
        #expect(again.name == "Rex" && again.breed == "lab")
    }

    @Test func polymorphicPayloads() throws {
        typealias Zoo = MappingArticle.Zoo
        typealias Dog = MappingArticle.Dog
        typealias Cat = MappingArticle.Cat
        let zoo = try Zoo(object: ["animals": [["type": "dog", "name": "Rex", "breed": "lab"], ["type": "cat", "name": "Tom"]]])
        let rex = zoo.animals[0] as? Dog                                    // a Dog, breed "lab"
        let saved = try zoo.data(format: .keyedArchive)                     // the tags are written back
        #expect(rex?.breed == "lab" && zoo.animals[1] is Cat)
        let again = try Zoo(data: saved)
        #expect((again.animals[0] as? Dog)?.name == "Rex" && again.animals[1] is Cat)
        let tree = try zoo.treeRepresentation()
        #expect(tree["animals"]?[1]?["type"] == "cat")

        let shelter = try MappingArticle.Shelter(object: ["kennel": [
            ["type": "dog", "name": "Rex"], ["type": "cat", "name": "Tom", "deleted": true],
        ]])
        #expect(shelter.kennel.count == 1 && shelter.kennel[0] is Dog)
        #expect(throws: ModelError.self) { try Zoo(object: ["animals": [["type": "cow"]]]) }

        let payload: ModelValue = [
            "main": ["kind": "square", "side": 4.5],
            "shapes": [["kind": "circle", "radius": 1.5], ["kind": "square", "side": 2.5]],
            "layers": ["top": ["circle": ["radius": 0.5]]],
        ]
        let drawing = try MappingArticle.Drawing(object: payload)
        #expect(drawing.shapes[0] is MappingArticle.Circle && drawing.shapes[1] is MappingArticle.Square)
        #expect((drawing.layers["top"] as? MappingArticle.Circle)?.radius == 0.5)
        #expect(try drawing.treeRepresentation() == payload)
        let plain = try MappingArticle.PlainDrawing(object: payload)
        #expect((plain.shapes[1] as? MappingArticle.Square)?.side == 2.5)
        #expect((plain.main as? MappingArticle.Square)?.side == 4.5)
        #expect(try plain.treeRepresentation() == ["main": payload["main"]!, "shapes": payload["shapes"]!])
    }

    /// A property without a default is required, with and without the macro.
    @Test func aPolymorphicPropertyWithoutADefaultIsRequired() throws {
        typealias Drawing = MappingArticle.Drawing
        typealias Square = MappingArticle.Square
        let drawing = try Drawing(object: ["main": ["kind": "circle"]])
        let framed = Drawing(main: Square(side: 3))                        // the memberwise initializer
        #expect(drawing.main is MappingArticle.Circle && (framed.main as? Square)?.side == 3)

        let missing = try #require(throws: ModelError.self) { try Drawing(object: ["shapes": []]) }
        #expect("\(missing)" == "main: missing value (expected Shape) (tree)")
        let plainMissing = try #require(throws: ModelError.self) { try MappingArticle.PlainDrawing(object: ["shapes": []]) }
        #expect(plainMissing.path == [.key("main")] && plainMissing.reason == missing.reason)
        let foundation = try #require(throws: ModelError.self) {
            try JSONDecoder().decode(Drawing.self, from: Data(#"{"shapes": []}"#.utf8))
        }
        #expect(foundation.path == [.key("main")])
        // The placeholder `init()` gives: an instance of the table's first type.
        #expect(Drawing().main is MappingArticle.Circle)
    }

    @Test func transformersAreTypedAndTablesFailClearly() throws {
        let release = try MappingArticle.Release(object: ["announced": "02-16-2006", "price": 1999, "total": "12.5"])
        #expect(release.price == 19.99 && release.announced != nil && release.total == 12.5)
        #expect(try release.treeRepresentation() == ["announced": "02-16-2006", "price": 1999, "total": "12.5"])

        let encoding = try #require(throws: ModelError.self) { try MappingArticle.Mismatched().treeRepresentation() }
        #expect("\(encoding)" == "count: invalid value: date(format: MM-dd-yyyy): expected a date, found integer 3 (tree)")
        let json = try #require(throws: ModelError.self) { try MappingArticle.Mismatched().jsonData() }
        #expect(json.path == [.key("count")] && json.reason == encoding.reason)
        #expect(throws: ModelError.self) { try MappingArticle.Mismatched(object: ["count": 4]) }
    }
}
