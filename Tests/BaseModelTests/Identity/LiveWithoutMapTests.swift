import Foundation
import Testing

@testable import BaseModel

/// Decoding and copying never write `Live` values into a map the caller did not name.
@Suite struct LiveWithoutMapTests {
    /// A publisher id no other test uses, so the shared map can be checked for it.
    static func uniqueID() -> String { "publisher-\(UUID().uuidString)" }

    @Test func aPlainDecodeResolvesLiveValuesInAMapOfItsOwn() throws {
        let id = Self.uniqueID()
        let game = try FDGame(object: [
            "id": "g1", "publisher": ["id": id, "name": "Acme"],
            "players": [["player_id": 1, "name": "Ada"], ["player_id": 1, "name": "Ada"]],
        ])
        #expect(game.publisher?.name == "Acme")
        #expect(game.players.count == 2)
        #expect(game.players[0] === game.players[1])   // one payload: one instance per id
        #expect(IdentityMap.shared.existing(Publisher.self, id: id) == nil)
        let again = try FDGame(object: ["id": "g2", "publisher": ["id": id, "name": "Acme"]])
        #expect(again.publisher !== game.publisher)    // another decode, another map
    }

    @Test func aCopySharesTheLiveInstancesOfTheMapTheOriginalCameFrom() throws {
        let id = Self.uniqueID()
        let map = IdentityMap()
        let game = try ModelDecoder(identityMap: map).decode(
            FDGame.self, from: ["id": "g1", "publisher": ["id": .string(id), "name": "Acme"], "players": [["player_id": 7]]])
        let copy = try game.copy()
        #expect(copy.publisher === game.publisher)
        #expect(copy.players[0] === game.players[0])
        #expect(map.existing(Publisher.self, id: id) === game.publisher)
        #expect(IdentityMap.shared.existing(Publisher.self, id: id) == nil)
    }
}
