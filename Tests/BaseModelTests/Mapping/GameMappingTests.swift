@testable import BaseModel
import Foundation
import Testing

/// FDModel's game example: an id under `game_id`, a release date in `MM-dd-yyyy`, nested and
/// indexed key paths, fallbacks, and defaults for missing keys.
struct Game: Model, Equatable {
    var id = ""
    var name = "Untitled"
    var releaseDate: Date?
    var city = ""
    var thumbnail: URL?
    var platform = "unknown"
    var rating: Double = 0
    var cache: [String: Int] = ["warm": 1]

    static let keyPaths: [String: RemoteKeyPath] = [
        "id": "game_id",
        "releaseDate": .firstOf("release_date", "released"),
        "city": "venue.address.city",
        "thumbnail": "images.0.url",
        "platform": .key("platform.name"),
    ]
    static let transformers: [String: ModelTransformer] = ["releaseDate": .date(format: "MM-dd-yyyy")]
    static let uncodableKeys: Set<String> = ["cache"]
}

@Suite struct GameMappingTests {
    let payload: [String: Any] = [
        "game_id": "93",
        "name": "Okami",
        "release_date": "02-16-2006",
        "venue": ["address": ["city": "Osaka", "zip": "530"]],
        "images": [["url": "https://example.com/okami.png"], ["url": "https://example.com/2.png"]],
        "platform.name": "PS2",
        "rating": 9,
        "cache": ["hot": 2],
    ]

    @Test func readsRemoteKeyPaths() throws {
        let game = try Game(object: payload)
        #expect(game.id == "93")
        #expect(game.name == "Okami")
        #expect(game.city == "Osaka")
        #expect(game.thumbnail == URL(string: "https://example.com/okami.png"))
        #expect(game.platform == "PS2")
        #expect(game.rating == 9)
        let components = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: game.releaseDate!)
        #expect(components.year == 2006 && components.month == 2 && components.day == 16)
    }

    @Test func uncodableKeysAreNeverReadNorWritten() throws {
        let game = try Game(object: payload)
        #expect(game.cache == ["warm": 1])
        #expect(game.dictionaryRepresentation["cache"] == nil)
    }

    @Test func fallbackKeyIsTriedWhenTheFirstIsMissing() throws {
        let game = try Game(object: ["game_id": "1", "released": "12-24-1999"])
        #expect(game.releaseDate != nil)
        #expect(try game.treeRepresentation()["release_date"] == "12-24-1999")
    }

    @Test func missingKeysKeepDefaultsAndNullClearsOptionals() throws {
        let game = try Game(object: ["game_id": "7", "release_date": NSNull()])
        #expect(game.name == "Untitled")
        #expect(game.platform == "unknown")
        #expect(game.releaseDate == nil)
    }

    @Test func encodingWritesValuesBackAtTheirPaths() throws {
        let game = try Game(object: payload)
        let tree = try game.treeRepresentation()
        #expect(tree["game_id"] == "93")
        #expect(tree["venue"]?["address"]?["city"] == "Osaka")
        #expect(tree["images"]?[0]?["url"] == "https://example.com/okami.png")
        #expect(tree["platform.name"] == "PS2")
        #expect(tree["release_date"] == "02-16-2006")
        let again = try Game(object: game.dictionaryRepresentation)
        #expect(again == game)
    }

    @Test func reportListsUnusedDefaultedAndConverted() throws {
        var report = ModelReport()
        _ = try Game(object: payload, report: &report)
        // `cache` is in the payload but uncodable, so nobody reads it.
        #expect(report.unusedKeys.map(\.description).sorted() == ["cache", "images[1]", "venue.address.zip"])
        #expect(report.defaultedKeys.isEmpty)

        var second = ModelReport()
        _ = try Game(object: ["game_id": "1", "extra": true], report: &second)
        #expect(second.unusedKeys.map(\.description) == ["extra"])
        #expect(second.defaultedKeys.map(\.description).contains("name"))
        #expect(second.defaultedKeys.map(\.description).contains("venue.address.city"))
    }

    @Test func typeMismatchNamesThePath() throws {
        let error = #expect(throws: ModelError.self) {
            try Game(object: ["game_id": "1", "venue": ["address": ["city": 12]]])
        }
        #expect(error?.path.description == "venue.address.city")
        #expect(error?.reason == .typeMismatch(expected: "string", found: "integer"))
    }

    @Test func transformerRefusalIsAnInvalidValueAtThePath() throws {
        let error = #expect(throws: ModelError.self) { try Game(object: ["release_date": "2006/02/16"]) }
        #expect(error?.path.description == "release_date")
        guard case .invalidValue? = error?.reason else { Issue.record("expected invalidValue, got \(String(describing: error))"); return }
    }
}
