@testable import BaseModelSQLite
import Foundation
import Testing

/// An identity map with the SQLite store attached revives stored models (FDModel's
/// `initWithIdentifier:` asking its model store) before it makes new ones.
@Suite struct SQLiteIdentityTests {
    @Test func aModelCreatedByIdentifierIsRevivedFromTheStore() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        do {
            let store = try SQLiteStore(url: folder.database)
            try await store.save(Game.samples)
            try store.close()
        }
        // A later launch: a new store on the file, a new map.
        let map = IdentityMap(store: try SQLiteStore(url: folder.database))
        #expect(map.existing(Game.self, id: "93") == nil)

        let okami = try Game.live(id: "93", in: map)
        #expect(okami.value == Game.samples[0])
        #expect(map.existing(Game.self, id: "93") === okami)
        #expect(try Game.live(id: "93", in: map) === okami)

        // An identifier the store does not hold gives a stub with the defaults.
        #expect(try Game.live(id: "404", in: map).value == Game(id: "404"))
    }

    @Test func aPayloadForAStoredIdentifierMergesIntoTheStoredModel() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(Game.samples)
        let map = IdentityMap(store: store)

        // The payload names only the score: the name, date and platforms come from the store.
        let ico = try Game.live(object: ["game_id": "7", "score": 95], in: map)
        var expected = Game.samples[1]
        expected.score = 95
        #expect(ico.value == expected)

        // Saving the live value back and reviving it in a fresh map gives the merged model.
        try await store.save(ico.value)
        let fresh = IdentityMap(store: store)
        #expect(try Game.live(id: "7", in: fresh).value == expected)
    }
}
