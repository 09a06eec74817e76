@testable import BaseModelSQLite
import Foundation
import GRDB
import Testing

/// The ``ModelStore`` contract on the SQLite store.
@Suite struct SQLiteStoreTests {
    @Test func savedModelsFetchBackEqual() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        for game in Game.samples { try await store.save(game) }

        for game in Game.samples {
            #expect(try await store.fetch(Game.self, id: game.id) == game)
            #expect(try store.fetchSynchronously(Game.self, id: game.id) == game)
        }
        #expect(try await store.fetch(Game.self, id: "404") == nil)
        #expect(try store.fetchSynchronously(Game.self, id: "404") == nil)
    }

    @Test func saveReplacesTheStoredModel() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        var okami = Game.samples[0]
        try await store.save(okami)
        okami.name = "Ōkami HD"
        okami.score = nil
        try await store.save(okami)

        #expect(try await store.fetch(Game.self, id: "93") == okami)
        #expect(try await store.fetchAll(Game.self).models.count == 1)
    }

    @Test func fetchAllReturnsEveryModelOfTheTypeOnly() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(Game.samples)
        try await store.save(TicketByNumber(id: 93, seat: "A1"))

        let all = try await store.fetchAll(Game.self)
        #expect(all.failures.isEmpty)
        #expect(Set(all.models.map(\.id)) == Set(Game.samples.map(\.id)))
        #expect(all.models.sorted { $0.id < $1.id } == Game.samples.sorted { $0.id < $1.id })
        #expect(try await store.fetchAll(TicketByNumber.self).models == [TicketByNumber(id: 93, seat: "A1")])
    }

    @Test func containsDeleteAndDeleteAll() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(Game.samples)
        try await store.save(TicketByNumber(id: 1, seat: "B2"))

        #expect(try await store.contains(Game.self, id: "7"))
        #expect(try await store.delete(Game.self, id: "7"))
        #expect(try await !store.contains(Game.self, id: "7"))
        #expect(try await !store.delete(Game.self, id: "7"))
        #expect(try await store.fetch(Game.self, id: "7") == nil)

        #expect(try await store.deleteAll(Game.self) == Game.samples.count - 1)
        #expect(try await store.fetchAll(Game.self).models.isEmpty)
        #expect(try await store.deleteAll(Game.self) == 0)
        // Other types are untouched.
        #expect(try await store.contains(TicketByNumber.self, id: 1))
    }

    @Test func integerAndStringIdentifiersAreDistinctKeys() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(TicketByNumber(id: 42, seat: "by number"))
        try await store.save(TicketByCode(id: "42", seat: "by code"))

        #expect(try await store.fetch(TicketByNumber.self, id: 42)?.seat == "by number")
        #expect(try await store.fetch(TicketByCode.self, id: "42")?.seat == "by code")
        let kinds = try await store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT typeof(id) FROM model WHERE type = 'Ticket' ORDER BY 1")
        }
        #expect(kinds == ["integer", "text"])
    }

    @Test func theFormatIsAParameterAndRowsKeepTheirs() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let jsonStore = try SQLiteStore(url: folder.database, format: .json)
        try await jsonStore.save(Game.samples[0])
        let row = try await jsonStore.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT format, body FROM model").map(StoredRow.init)
        }
        #expect(row?.format == "json")
        #expect(row?.body?.first == UInt8(ascii: "{"))
        try jsonStore.close()

        // A store opened with another format still reads the JSON row, and writes its own.
        let plistStore = try SQLiteStore(url: folder.database, format: .binaryPropertyList)
        #expect(try await plistStore.fetch(Game.self, id: "93") == Game.samples[0])
        try await plistStore.save(Game.samples[1])
        let formats = try await plistStore.pool.read { db in
            try String.fetchAll(db, sql: "SELECT format FROM model ORDER BY id")
        }
        #expect(formats == ["binary", "json"])
    }

    // Not .xmlPropertyList: XML property-list dates keep whole seconds, and a sample has 0.25 s.
    @Test(arguments: [ModelFormat.json, .binaryPropertyList, .hrJSON, .hrBinary, .keyedArchive])
    func everyFormatRoundTrips(format: ModelFormat) async throws {
        let folder = StoreFolder("format-\(format.rawValue)")
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database, format: format)
        try await store.save(Game.samples)
        let back = try await store.fetchAll(Game.self)
        #expect(back.failures.isEmpty)
        #expect(back.models.sorted { $0.id < $1.id } == Game.samples.sorted { $0.id < $1.id })
    }

    @Test func aCorruptedRowIsReportedWithoutFailingTheOthers() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(Game.samples)
        try await store.pool.write { db in
            try db.execute(sql: "UPDATE model SET body = ? WHERE id = '7'", arguments: [Data("bplist00 torn".utf8)])
            try db.execute(sql: "UPDATE model SET format = 'no-such-format' WHERE id = '93'")
            try db.execute(sql: "INSERT INTO model (type, id, format, body) VALUES ('Game', 'text', 'binary', 'not a blob')")
        }

        let all = try await store.fetchAll(Game.self)
        #expect(all.models == [Game.samples[2]])
        #expect(all.failures.keys.sorted() == ["Game-7", "Game-93", "Game-text"])
        await #expect(throws: ModelError.self) { try await store.fetch(Game.self, id: "7") }
        #expect(throws: ModelError.self) { try store.fetchSynchronously(Game.self, id: "93") }
    }

    @Test func aFileThatIsNotADatabaseThrowsAModelError() throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 4096).write(to: folder.database)
        #expect(throws: ModelError.self) { try SQLiteStore(url: folder.database) }
    }
}
