import BaseModel
import Foundation
import Testing

/// The examples of the first README (its sections are the DocC articles now, whose blocks are
/// compiled in the `Articles` tests), kept as tests of the same behaviour. Each section's code is here
/// with the same names.
enum Readme {
    enum FiveLines {
        struct TodoItem: Model, Equatable {
            var label = ""
            var checked = false
        }
    }

    struct Game: Model {
        var id = ""
        var name = ""
        var releaseDate: Date?
        var city = ""
        var thumbnail: URL?
        var cache: [String: Int] = [:]

        static let keyPaths: [String: RemoteKeyPath] = [
            "id": "game_id",
            "releaseDate": .firstOf("release_date", "released"),
            "city": "venue.address.city",
            "thumbnail": "images.0.url",
        ]
        static let transformers: [String: ModelTransformer] = ["releaseDate": .date(format: "MM-dd-yyyy")]
        static let uncodableKeys: Set<String> = ["cache"]
    }

    struct Settings: Model {
        var volume = 5
        var muted = false
        var name = ""
        static var coercion: Coercion { .lenient }
    }

    struct TodoItem: Model {
        var label = ""
        var checked = false
        static func make(from value: ModelValue) -> TodoItem? {
            guard case .string(let label) = value else { return nil }
            return TodoItem(label: label)
        }
    }

    final class TodoList: Model {
        var items: [TodoItem] = []
        required init() {}
        static func make(from value: ModelValue) throws -> TodoList? {
            guard case .array = value else { return nil }
            let list = TodoList()
            list.items = try TodoItem.instances(array: value)
            return list
        }
    }
}

@Suite("README examples") struct ReadmeExamplesTests {
    @Test func aModelInFiveLines() throws {
        typealias TodoItem = Readme.FiveLines.TodoItem
        let item = try TodoItem(object: ["label": "Buy milk", "checked": true])
        let same = try TodoItem(json: #"{"label": "Buy milk", "checked": true}"#)
        let dict = item.dictionaryRepresentation
        #expect(item == same)
        #expect(dict["label"] as? String == "Buy milk")
        #expect(dict["checked"] as? Bool == true)
    }

    @Test func mapping() throws {
        let payload: [String: Any] = [
            "game_id": "93", "name": "Okami", "release_date": "02-16-2006",
            "venue": ["address": ["city": "Osaka", "zip": "530"]],
            "images": [["url": "https://example.com/o.png"]], "cache": ["a": 1],
        ]
        var report = ModelReport()
        let game = try Readme.Game(object: payload, report: &report)
        #expect(game.id == "93" && game.city == "Osaka" && game.releaseDate != nil && game.cache.isEmpty)
        #expect(game.thumbnail?.absoluteString == "https://example.com/o.png")
        #expect(report.unusedKeys.map(\.description).sorted() == ["cache", "venue.address.zip"])
        #expect(Readme.Game.allPropertyKeys == ["id", "name", "releaseDate", "city", "thumbnail", "cache"])
        #expect(Readme.Game.codablePropertyKeys == ["id", "name", "releaseDate", "city", "thumbnail"])
        #expect(game.dictionaryRepresentation["game_id"] as? String == "93")
        let json = String(decoding: try game.jsonData(), as: UTF8.self)
        #expect(json.contains(#""release_date":"02-16-2006""#))
    }

    @Test func lenientSettings() throws {
        var report = ModelReport()
        let settings = try Readme.Settings(object: ["volume": "12", "muted": "yes", "name": 7], report: &report)
        #expect(settings.volume == 12 && settings.muted && settings.name == "7")
        #expect(report.conversions.count == 3)
    }

    @Test func buildingFromStringsAndArrays() throws {
        let list = try Readme.TodoList(object: ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"])
        #expect(list.items.map(\.label) == ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"])
        #expect(try Readme.TodoItem.instance(object: NSNull()) == nil)
        #expect(try Readme.TodoItem.instances(array: ["a", NSNull(), 3, "b"]).map(\.label) == ["a", "b"])
        let copy = try list.copy()
        #expect(copy !== list && copy.items.map(\.label) == list.items.map(\.label))
        #expect(list.debugDescription.hasPrefix("<TodoList: 0x"))
        #expect(list.debugDescription.hasSuffix("; items = <Array: 4 elements>>"))
    }

    @Test func errorsReadAsTheReadmeShows() throws {
        let error = #expect(throws: ModelError.self) {
            try Readme.Game(object: ["release_date": "2006/02/16"])
        }
        #expect(error?.description.hasPrefix("release_date: invalid value: date(format: MM-dd-yyyy)") == true)
    }
}
