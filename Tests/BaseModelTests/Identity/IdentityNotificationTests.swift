@testable import BaseModel
import Foundation
import Testing

/// Merged updates are announced on the instance's stream, the type's stream and a
/// `NotificationCenter`; creations and merges that change nothing are not.
@Suite struct IdentityNotificationTests {
    @Test func aMergeIsAnnouncedOnEveryChannel() async throws {
        let center = NotificationCenter()
        let map = IdentityMap(notificationCenter: center)
        let posted = Locked<[String]>([])
        let observer = center.addObserver(forName: IdentityMap.didChangeNotification, object: nil, queue: nil) { note in
            let id = note.userInfo?["id"] as? String ?? "?"
            let type = note.userInfo?["typeName"] as? String ?? "?"
            posted.withLock { $0.append("\(type)-\(id)") }
        }
        defer { center.removeObserver(observer) }

        let player = try Player.live(object: ["player_id": 1, "name": "A"], in: map)
        var values = player.changes.makeAsyncIterator()
        var instances = map.changes(of: Player.self).makeAsyncIterator()

        _ = try Player.live(object: ["player_id": 1, "name": "A"], in: map)   // no change
        _ = try Player.live(object: ["player_id": 1, "score": 5], in: map)
        player.update { $0.name = "B" }

        #expect(posted.withLock { $0 } == ["Player-1", "Player-1"])
        let first = await values.next()
        let second = await values.next()
        #expect(first?.score == 5)
        #expect(first?.name == "A")
        #expect(second?.name == "B")
        let changed = await instances.next()
        #expect(changed === player)
    }

    @Test func creationIsNotAChange() throws {
        let center = NotificationCenter()
        let map = IdentityMap(notificationCenter: center)
        let count = Locked(0)
        let observer = center.addObserver(forName: IdentityMap.didChangeNotification, object: nil, queue: nil) { _ in
            count.withLock { $0 += 1 }
        }
        defer { center.removeObserver(observer) }
        let game = try FDGame.live(object: ["id": "1", "players": [["player_id": 1], ["player_id": 2]]], in: map)
        #expect(game.players.count == 2)
        #expect(count.withLock { $0 } == 0)
        // A nested merge that changes a player is announced once, for the player only.
        _ = try FDGame.live(object: ["id": "1", "players": [["player_id": 1, "score": 3], ["player_id": 2]]], in: map)
        #expect(count.withLock { $0 } == 1)
    }
}
