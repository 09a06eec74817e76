import BaseModelMacros
import Foundation
import Testing

/// The article "Getting started" (and the README's first example), compiled and run: every
/// Swift block of it appears here line for line (`DocumentationCodeTests` checks that).
enum GettingStarted {
    @Model struct TodoItem {
        var label = ""
        var checked = false
    }

    @Model struct Game {
        @Key("game_id") var id = ""
        var name = ""
        @Key("release_date", "released") @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
        @Key("venue.address.city") var city = ""
    }

    @Model final class TodoList: SharedModel {
        var items: [TodoItem] = []
    }
}

@Suite("Article: Getting started") struct GettingStartedTests {
    typealias TodoItem = GettingStarted.TodoItem
    typealias Game = GettingStarted.Game
    typealias TodoList = GettingStarted.TodoList

    @Test func jsonAndUntypedObjectsInAndOut() throws {
        let item = try TodoItem(object: ["label": "Buy milk", "checked": true])   // [String: Any], as JSONSerialization gives
        let parsed = try TodoItem(json: #"{"label": "Buy milk", "checked": true}"#) // JSON text or Data
        let json = try item.jsonData()                                            // {"label":"Buy milk","checked":true}
        let dictionary = item.dictionaryRepresentation                            // ["label": "Buy milk", "checked": true]

        #expect(item.label == "Buy milk" && item.checked)
        #expect(parsed.label == item.label && parsed.checked == item.checked)
        #expect(String(decoding: json, as: UTF8.self) == #"{"label":"Buy milk","checked":true}"#)
        #expect(dictionary["label"] as? String == "Buy milk")
        #expect(dictionary["checked"] as? Bool == true)
    }

    @Test func aWrongKindIsAnErrorWithItsPath() {
        #expect {
            try TodoItem(object: ["label": "Buy milk", "checked": "yes"])
        } throws: { error in
            "\(error)" == #"checked: expected bool, found string "yes" (tree)"#
        }
    }

    @Test func mappedKeys() throws {
        let game = try Game(object: [
            "game_id": "g1", "name": "Myst", "release_date": "09-24-1993",
            "venue": ["address": ["city": "Spokane"]],
        ])
        #expect(game.id == "g1" && game.name == "Myst" && game.city == "Spokane")
        let components = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC")!, from: try #require(game.releaseDate))
        #expect(components.year == 1993 && components.month == 9 && components.day == 24)
    }

    @Test func aFileWrittenAndReadBack() throws {
        let item = try TodoItem(object: ["label": "Buy milk", "checked": true])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("GettingStarted-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ModelLocations.withApplicationSupport(folder) {
            try item.write(to: "Todo/Milk.json", format: .json)       // relative: the application-support folder
            let again = try TodoItem(contentsOf: "Todo/Milk.json")    // any format, detected from the bytes
            #expect(again.label == "Buy milk" && again.checked)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Todo/Milk.json").path))
        }
    }

    @Test func theSharedInstanceIsSavedAndReadAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("GettingStarted-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ModelLocations.withApplicationSupport(folder) {
            TodoList.shared.items.append(TodoItem(label: "Call Ann", checked: false))
            try TodoList.shared.save()                                // TodoList.plist, a keyed archive
            TodoList.setSharedInstance(nil)
            #expect(TodoList.shared.items.map(\.label) == ["Call Ann"])
            let saved = try Data(contentsOf: folder.appendingPathComponent(TodoList.saveFile))
            #expect(try FormatRegistry.shared.detect(saved).format == .keyedArchive)
            TodoList.setSharedInstance(nil)
        }
    }
}
