@testable import BaseModelSQLite
import Foundation
import GRDB
import Testing

/// The first README's "The SQLite store" example (the article's block is in `SQLiteArticleTests`), on the games of the fixtures. The paths are absolute
/// here (the README's relative one resolves in `ModelLocations.applicationSupport`, which the
/// embedded-store test covers) so that this test never changes the process-wide folder.
@Suite struct SQLiteReadmeTests {
    @Test func theReadmeExampleRuns() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(path: folder.database.path)
        #expect(store.url.path == folder.database.path)
        #expect(store.format == .binaryPropertyList)
        let cache = try SQLiteStore(url: folder.url.appendingPathComponent("cache.sqlite"), format: .json)

        try await store.save(Game.samples)
        try await cache.save(Game.samples)
        #expect(try await store.fetch(Game.self, id: "93") == Game.samples[0])
        let everyone = try await store.fetchAll(Game.self)
        #expect(everyone.failures.isEmpty)
        #expect(Set(everyone.models.map(\.id)) == Set(Game.samples.map(\.id)))

        // The cache's rows are JSON text, the store's binary property lists (Row is not Sendable:
        // a synchronous read).
        let cacheRows = try cache.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT format, CAST(body AS TEXT) AS text FROM model WHERE id = '93'")
        }
        let row = try #require(cacheRows.first)
        #expect(cacheRows.count == 1)
        let format: String? = row["format"]
        let text: String? = row["text"]
        #expect(format == ModelFormat.json.rawValue)
        #expect(text?.contains("\"Okami\"") == true)
        let storeFormats = try await store.pool.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT format FROM model") }
        #expect(storeFormats == [ModelFormat.binaryPropertyList.rawValue])

        // A map with the store attached revives a stored game on first use.
        let map = IdentityMap(store: store)
        let okami = try Game.live(object: ["game_id": "93", "score": 95], in: map)
        #expect(okami.name == "Okami")
        #expect(okami.score == 95)
    }
}
