@testable import BaseModel
import Foundation
import Testing

/// FDModel's acceptance tests (ORIGINALS.md §8): one instance per id, partial-update merge,
/// null clears, the transformer is used, array element types, a string id becomes a stub, and
/// the weak cache frees unreferenced models.
@Suite struct IdentityMapTests {
    let map = IdentityMap()

    @Test func oneInstancePerTypeAndIdentifier() throws {
        let first = try FDGame.live(object: ["id": "93", "GameTitle": "Okami"], in: map)
        let second = try FDGame.live(object: ["id": "93"], in: map)
        let other = try FDGame.live(object: ["id": "94", "GameTitle": "Ico"], in: map)
        #expect(first === second)
        #expect(first !== other)
        #expect(map.existing(FDGame.self, id: "93") === first)
        #expect(map.existingInstances(FDGame.self).count == 2)
        // The same identifier in another type is another instance.
        let publisher = try Publisher.live(object: ["id": "93"], in: map)
        #expect(publisher.id == "93")
        #expect(map.count == 3)
    }

    @Test func partialUpdateMergesAndKeepsMissingKeys() throws {
        let game = try FDGame.live(object: ["id": "93", "GameTitle": "Okami", "Platform": "PS2", "rating": 9], in: map)
        let holder = game
        _ = try FDGame.live(object: ["id": "93", "ReleaseDate": "02/16/2006", "rating": 10], in: map)
        #expect(holder.name == "Okami")
        #expect(holder.platform == "PS2")
        #expect(holder.rating == 10)
        #expect(holder.releaseDate == okamiRelease)
    }

    @Test func nullClearsAnOptional() throws {
        let game = try FDGame.live(object: ["id": "93", "GameTitle": "Okami", "Platform": "PS2"], in: map)
        _ = try FDGame.live(object: ["id": "93", "Platform": NSNull()], in: map)
        #expect(game.platform == nil)
        #expect(game.name == "Okami")
    }

    @Test func theTransformerIsUsedAndARefusedValueLeavesTheInstanceUnchanged() throws {
        let game = try FDGame.live(object: ["id": "93", "ReleaseDate": "02/16/2006"], in: map)
        #expect(game.releaseDate == okamiRelease)
        let error = #expect(throws: ModelError.self) {
            try FDGame.live(object: ["id": "93", "GameTitle": "Ōkami", "ReleaseDate": "2006-02-16"], in: map)
        }
        #expect(error?.path == [.key("ReleaseDate")])
        #expect(game.name == "")
        #expect(game.releaseDate == okamiRelease)
    }

    @Test func arrayElementsAreIdentifiedInstancesOfTheDeclaredType() throws {
        let game = try FDGame.live(object: [
            "id": "93",
            "players": [["player_id": 1, "name": "Amaterasu"], ["player_id": 2, "name": "Issun"]],
        ], in: map)
        #expect(game.players.map(\.id) == [1, 2])
        #expect(game.players[0] === map.existing(Player.self, id: 1))
        // Another game naming player 1 merges into the same player.
        let other = try FDGame.live(object: ["id": "94", "players": [["player_id": 1, "score": 50]]], in: map)
        #expect(other.players[0] === game.players[0])
        #expect(game.players[0].name == "Amaterasu")
        #expect(game.players[0].score == 50)
        #expect(try map.instances(Player.self, array: [["player_id": 2], NSNull()]).map(\.name) == ["Issun"])
        let located = #expect(throws: ModelError.self) {
            try map.instances(Player.self, array: [NSNull(), ["player_id": 2], ["player_id": "x"]])
        }
        #expect(located?.path == [.index(2), .key("player_id")])
    }

    @Test func aBareIdentifierIsAStubThatLaterPayloadsFill() throws {
        let game = try FDGame.live(object: ["id": "93", "publisher": "capcom"], in: map)
        let stub = try #require(game.publisher)
        #expect(stub.id == "capcom")
        #expect(stub.name == "")
        _ = try Publisher.live(object: ["id": "capcom", "name": "Capcom", "country": "JP"], in: map)
        #expect(game.publisher?.name == "Capcom")
        // A bare identifier at the top level is a reference too.
        #expect(try map.instance(Publisher.self, object: "capcom") === stub)
        #expect(try Player.live(id: 5, in: map).id == 5)
    }

    @Test func theWeakCacheFreesUnreferencedModels() throws {
        func makeAndDrop() throws {
            let game = try FDGame.live(object: ["id": "93", "players": [["player_id": 1]]], in: map)
            #expect(map.count == 2)
            #expect(game.players.count == 1)
        }
        try makeAndDrop()
        #expect(map.existing(FDGame.self, id: "93") == nil)
        #expect(map.existing(Player.self, id: 1) == nil)
        #expect(map.count == 0)
        #expect(map.purge() == 2)
        #expect(map.purge() == 0)
        // A new payload creates a fresh instance with only what it says.
        let again = try FDGame.live(object: ["id": "93"], in: map)
        #expect(again.players.isEmpty)
    }

    @Test func entriesOfFreedModelsAreDroppedAsNewOnesArrive() throws {
        let kept = try (0..<10).map { try Player.live(object: ["player_id": $0], in: map) }
        for id in 10..<5000 { _ = try Player.live(object: ["player_id": id], in: map) }
        // Without dropping there would be 4990 dead entries; the last automatic purge left at
        // most the ones adopted since.
        #expect(map.purge() < 1024)
        #expect(map.count == kept.count)
        #expect(kept.allSatisfy { map.existing(Player.self, id: $0.id) === $0 })
    }

    @Test func aMissingIdentifierIsAnErrorNamingItsKey() throws {
        let missing = #expect(throws: ModelError.self) { try Player.live(object: ["name": "nobody"], in: map) }
        #expect(missing?.path == [.key("player_id")])
        #expect(missing?.description.contains("identifier of Player") == true)
        let nested = #expect(throws: ModelError.self) {
            try FDGame.live(object: ["id": "93", "players": [["player_id": 1], ["name": "x"]]], in: map)
        }
        #expect(nested?.path == [.key("players"), .index(1), .key("player_id")])
    }

    @Test func anIdentifierOfTheWrongKindIsAnErrorNamingItsKey() throws {
        let wrong = #expect(throws: ModelError.self) { try Player.live(object: ["player_id": "seven"], in: map) }
        #expect(wrong?.path == [.key("player_id")])
        #expect(wrong?.reason == .typeMismatch(expected: "identifier of Player (Int64)", found: "string"))
        #expect(throws: ModelError.self) { try Player.live(object: ["player_id": NSNull()], in: map) }
        #expect(throws: ModelError.self) { try Player.live(object: ["player_id": 1.5], in: map) }
        #expect(throws: ModelError.self) { try FDGame.live(object: ["id": "93", "publisher": true], in: map) }
        // Lenient models take an identifier written as a string of digits.
        #expect(try LenientPlayer.live(object: ["id": "7"], in: map).id == 7)
    }

    @Test func updatesAreSeenByEveryHolderAndKeepTheIdentifier() throws {
        let player = try Player.live(object: ["player_id": 3, "name": "Ico"], in: map)
        player.update { $0.score = 12 }
        #expect(map.existing(Player.self, id: 3)?.score == 12)
        player.update { $0.id = 99; $0.name = "Yorda" }
        #expect(player.value.id == 3)
        #expect(player.name == "Yorda")
        #expect(map.existing(Player.self, id: 99) == nil)
    }

    @Test func insertReplacesTheWholeValue() throws {
        let player = try Player.live(object: ["player_id": 4, "name": "Wander", "score": 3], in: map)
        let inserted = map.insert(Player(id: 4, name: "Mono"))
        #expect(inserted === player)
        #expect(player.score == 0)
        #expect(player.name == "Mono")
    }

    @Test func anAttachedStoreIsConsultedBeforeANewInstanceIsMade() async throws {
        let store = MemoryStore()
        try await store.save(Player(id: 5, name: "Stored", score: 1))
        let withStore = IdentityMap(store: store)
        let player = try Player.live(object: ["player_id": 5, "score": 10], in: withStore)
        #expect(player.name == "Stored")
        #expect(player.score == 10)
        // A bare identifier revives it too.
        #expect(try withStore.instance(Player.self, id: 5) === player)
        try await store.save(Player(id: 6, name: "Six"))
        let game = try FDGame.live(object: ["id": "1", "players": [6]], in: withStore)
        #expect(game.players.first?.name == "Six")
    }

    @Test func modelDecoderResolvesLivePropertiesThroughItsMap() throws {
        struct Roster: Model {
            var players: [Live<Player>] = []
        }
        let decoder = ModelDecoder(identityMap: map)
        let roster = try decoder.decode(Roster.self, from: ["players": [["player_id": 1, "name": "A"], ["player_id": 1, "score": 2]]])
        #expect(roster.players[0] === roster.players[1])
        #expect(roster.players[0].value.name == "A")
        #expect(roster.players[0].score == 2)
        // Encoding writes the live values.
        let tree = try ModelEncoder().encode(roster)
        #expect(tree["players"]?[0]?["player_id"] == 1)
        #expect(tree["players"]?[0]?["name"] == "A")
    }
}
