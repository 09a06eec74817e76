import BaseModelSQLite
import Foundation
import Testing

/// The SQLite block of the article "Identity and stores", compiled and run line for line
/// (`DocumentationCodeTests` checks that), in a temporary application-support folder.
@Suite("Article: the SQLite store") struct SQLiteArticleTests {
    @Test func theArticleExampleRuns() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let games = Game.samples
        let cacheURL = folder.url.appendingPathComponent("cache.sqlite")
        try await ModelLocations.withApplicationSupport(folder.url) {
            let store = try ModelStores.sqlite(path: "Models.sqlite")             // relative: ModelLocations.applicationSupport
            let cache = try ModelStores.sqlite(url: cacheURL, format: .json)      // any registry format; default binary plist
            try await store.save(games)                                           // one transaction: all of them or none
            let okami = try await store.fetch(Game.self, id: "93")
            let everyone = try await store.fetchAll(Game.self)                    // .models, and .failures per bad row
            let map = IdentityMap(store: try ModelStores.embeddedSQLite())        // the default store, revives on first use

            #expect(okami == games[0])
            #expect(everyone.failures.isEmpty && everyone.models.count == games.count)
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Models.sqlite").path))
            try await cache.save(games)
            let revived = try Game.live(object: ["game_id": "93", "score": 95], in: map)
            #expect(revived.name == "Okami" && revived.score == 95)
        }
    }
}
