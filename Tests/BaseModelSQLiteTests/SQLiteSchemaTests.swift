@testable import BaseModelSQLite
import Foundation
import GRDB
import Testing

/// The file: WAL mode, migrations, reopening, the embedded store.
@Suite struct SQLiteSchemaTests {
    @Test func theDatabaseIsInWALMode() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(Game.samples[0])
        #expect(try store.journalMode() == "wal")
        try store.close()

        // WAL is a property of the file: a plain connection sees it too.
        let queue = try DatabaseQueue(path: folder.database.path)
        let mode = try await queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func aReopenedStoreReadsBackWhatWasSaved() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        do {
            let store = try SQLiteStore(url: folder.database)
            try await store.save(Game.samples)
            try store.close()
        }
        let reopened = try SQLiteStore(url: folder.database)
        let all = try await reopened.fetchAll(Game.self)
        #expect(all.failures.isEmpty)
        #expect(all.models.sorted { $0.id < $1.id } == Game.samples.sorted { $0.id < $1.id })
    }

    @Test func migrationsAreIdempotent() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(Game.samples[0])
        let applied = try await store.pool.read { db in try SQLiteSchema.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(SQLiteSchema.migrator.migrations))
        #expect(!applied.isEmpty)

        // Migrating again, here and by reopening, changes nothing and keeps the rows.
        try SQLiteSchema.migrator.migrate(store.pool)
        try store.close()
        let reopened = try SQLiteStore(url: folder.database)
        let again = try await reopened.pool.read { db in
            (try SQLiteSchema.migrator.appliedIdentifiers(db), try SQLiteSchema.migrator.hasBeenSuperseded(db))
        }
        #expect(again.0 == applied)
        #expect(!again.1)
        #expect(try await reopened.fetch(Game.self, id: "93") == Game.samples[0])
    }

    @Test func theTableIsKeyedByTypeAndIdentifier() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        let (columns, primaryKey) = try await store.pool.read { db in
            (try db.columns(in: SQLiteSchema.table).map(\.name), try db.primaryKey(SQLiteSchema.table).columns)
        }
        #expect(columns == ["type", "id", "format", "body"])
        #expect(primaryKey == ["type", "id"])
    }

    @Test func theEmbeddedStoreLivesInApplicationSupportAndIsShared() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        try await ModelLocations.withApplicationSupport(folder.url) {
            let store = try SQLiteStore.embedded()
            #expect(store.url.path == folder.url.appendingPathComponent(SQLiteStore.embeddedFileName).path)
            #expect(try SQLiteStore.embedded() === store)
            try await store.save(Game.samples[1])
            #expect(FileManager.default.fileExists(atPath: store.url.path))
            #expect(try await SQLiteStore.embedded().fetch(Game.self, id: "7") == Game.samples[1])
        }
    }
}
