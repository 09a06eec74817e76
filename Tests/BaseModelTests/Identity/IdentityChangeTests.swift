@testable import BaseModel
import Foundation
import Testing

/// Merged updates are announced on the instance's stream and the type's stream; creations and
/// merges that change nothing are not.
@Suite struct IdentityChangeTests {
    @Test func aMergeIsAnnouncedOnBothStreams() async throws {
        let map = IdentityMap()
        let player = try Player.live(object: ["player_id": 1, "name": "A"], in: map)
        var values = player.changes.makeAsyncIterator()
        var instances = map.changes(of: Player.self).makeAsyncIterator()

        _ = try Player.live(object: ["player_id": 1, "name": "A"], in: map)   // no change
        _ = try Player.live(object: ["player_id": 1, "score": 5], in: map)
        player.update { $0.name = "B" }

        let first = await values.next()
        let second = await values.next()
        #expect(first?.score == 5)
        #expect(first?.name == "A")
        #expect(second?.name == "B")
        let changed = [await instances.next(), await instances.next()]
        #expect(changed.allSatisfy { $0 === player })
    }

    @Test func creationIsNotAChange() async throws {
        let map = IdentityMap()
        var changes = map.changes(of: Player.self).makeAsyncIterator()
        let game = try FDGame.live(object: ["id": "1", "players": [["player_id": 1], ["player_id": 2]]], in: map)
        #expect(game.players.count == 2)
        // A nested merge that changes a player is announced once, for the player only.
        _ = try FDGame.live(object: ["id": "1", "players": [["player_id": 1, "score": 3], ["player_id": 2]]], in: map)
        // A last change to player 2 marks the end: everything before it was announced first.
        let second = try #require(map.existing(Player.self, id: 2))
        second.update { $0.score = 9 }

        let announced = [await changes.next(), await changes.next()]
        #expect(announced[0]?.value.score == 3)
        #expect(announced[1] === second)
    }
}
