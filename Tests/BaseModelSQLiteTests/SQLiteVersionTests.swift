@testable import BaseModelSQLite
import Foundation
import GRDB
import Testing

/// Version 1 of a stored ticket: `name`.
struct Ticket: IdentifiedModel, Equatable {
    var id: Int64 = 0
    var name = ""
}

/// Version 2: `name` became `title`, and `seats` is a number.
struct TicketV2: IdentifiedModel, Equatable {
    var id: Int64 = 0
    var title = ""
    var seats = 0
    static var typeName: String { "Ticket" }
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("name", to: "title")]] }
}

/// The SQLite store keeps the rules of saved data: it migrates on fetch, moves a row it cannot
/// decode into `model_unreadable` before a save replaces it, and never replaces a newer row.
@Suite struct SQLiteVersionTests {
    /// The rows of `model_unreadable`.
    static func unreadable(_ store: SQLiteStore) throws -> [Row] {
        try DatabaseQueue(path: store.url.path).read { db in try Row.fetchAll(db, sql: "SELECT * FROM model_unreadable") }
    }

    @Test func anUndecodableRowIsMovedAsideInTheSavingTransaction() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database, format: .json)
        let old = Data(#"{"id": 1, "title": "t", "seats": "many", "$schemaVersion": 2}"#.utf8)
        try await store.save(TicketV2(id: 1, title: "t", seats: 1))
        try await DatabaseQueue(path: folder.database.path).write { db in
            try db.execute(sql: "UPDATE model SET body = ? WHERE type = 'Ticket' AND id = 1", arguments: [old])
        }
        await #expect(throws: ModelError.self) { try await store.fetch(TicketV2.self, id: 1) }
        #expect(try await store.fetchAll(TicketV2.self).failures.keys.sorted() == ["Ticket-1"])

        try await store.save(TicketV2(id: 1, title: "new", seats: 2))
        let moved = try Self.unreadable(store)
        #expect(moved.count == 1)
        #expect(moved.first?["type"] == "Ticket")
        #expect(moved.first?["id"] == 1)
        #expect(moved.first?["format"] == "json")
        #expect(moved.first?["body"] == old)
        #expect((moved.first?["error"] as String?)?.contains("seats") == true)
        #expect(try await store.fetch(TicketV2.self, id: 1) == TicketV2(id: 1, title: "new", seats: 2))
        // A readable row is replaced without a copy.
        try await store.save(TicketV2(id: 1, title: "newer", seats: 3))
        #expect(try Self.unreadable(store).count == 1)
    }

    @Test func olderRowsMigrateOnFetchAndSaveInTheNewVersion() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database, format: .json)
        try await store.save(Ticket(id: 2, name: "old name"))
        var ticket = try #require(try await store.fetch(TicketV2.self, id: 2))
        #expect(ticket.title == "old name")
        ticket.seats = 4
        try await store.save(ticket)
        let body = try await DatabaseQueue(path: folder.database.path).read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM model WHERE type = 'Ticket' AND id = 2")
        }
        #expect(try ModelValue(data: try #require(body)) == ["id": 2, "title": "old name", "seats": 4, "$schemaVersion": 2])
    }

    @Test func aNewerRowIsReadButNotReplaced() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(TicketV2(id: 3, title: "newer", seats: 5))
        #expect(try await store.fetch(Ticket.self, id: 3) == Ticket(id: 3, name: ""))
        let error = await #expect(throws: ModelError.self) { try await store.save([Ticket(id: 9, name: "x"), Ticket(id: 3, name: "older")]) }
        #expect(error?.reason == .newerVersion(found: 2, known: 1))
        #expect(try await store.fetch(TicketV2.self, id: 3) == TicketV2(id: 3, title: "newer", seats: 5))
        #expect(try await store.fetch(Ticket.self, id: 9) == nil)   // the batch rolled back
    }
}
