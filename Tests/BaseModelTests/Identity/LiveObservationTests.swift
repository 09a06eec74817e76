@testable import BaseModel
import Foundation
import Observation
import Testing

/// `Live` takes part in Observation: a property read inside `withObservationTracking` is
/// tracked, and a merge or an update tells its observers when that property changed.
@Suite("Live instances are observable per property")
struct LiveObservationTests {
    @Test func aMergeNotifiesTheObserversOfThePropertyItChanged() throws {
        let map = IdentityMap()
        let user = try Player.live(object: ["player_id": 7, "name": "Ada", "score": 1], in: map)
        let nameReader = ChangeCount.track { user.name }
        let scoreReader = ChangeCount.track { user.score }

        _ = try Player.live(object: ["player_id": 7, "score": 2], in: map)

        #expect(scoreReader.value == 1)
        #expect(nameReader.value == 0)
        #expect(user.score == 2)
    }

    @Test func anUpdateNotifiesTheChangedPropertyAndTheWholeValue() throws {
        let user = try Player.live(object: ["player_id": 8, "name": "Ada"], in: IdentityMap())
        let nameReader = ChangeCount.track { user.name }
        let scoreReader = ChangeCount.track { user.score }
        let valueReader = ChangeCount.track { user.value }

        user.update { $0.name = "Ada L." }

        #expect(nameReader.value == 1)
        #expect(scoreReader.value == 0)
        #expect(valueReader.value == 1)
    }

    @Test func aMergeThatChangesNothingNotifiesNoPropertyObserver() throws {
        let map = IdentityMap()
        let user = try Player.live(object: ["player_id": 9, "name": "Ada"], in: map)
        let nameReader = ChangeCount.track { user.name }

        _ = try Player.live(object: ["player_id": 9, "name": "Ada"], in: map)

        #expect(nameReader.value == 0)
    }

    @Test func aDetachedInstanceNotifiesOnUpdate() throws {
        let user = Live(Player(id: 3, name: "Grace", score: 0))
        let scoreReader = ChangeCount.track { user.score }

        user.update { $0.score += 5 }

        #expect(scoreReader.value == 1)
        #expect(user.score == 5)
    }

    @Test func aPropertyOfAModelTypeThatIsNotEquatableCountsAsChangedOnEveryChange() throws {
        let map = IdentityMap()
        let game = try FDGame.live(object: ["id": "g1", "GameTitle": "Pong", "players": [["player_id": 1]]], in: map)
        let playersReader = ChangeCount.track { game.players.count }
        let ratingReader = ChangeCount.track { game.rating }

        game.update { $0.name = "Pong II" }

        // `[Live<Player>]` is not Equatable: its observers hear of every change.
        #expect(playersReader.value == 1)
        #expect(ratingReader.value == 0)
    }
}
