@testable import BaseModelPostgres
import Foundation
import Testing

/// Version 2 of ``Ticket``: `seat` became `place`.
struct TicketV2: IdentifiedModel, Equatable {
    var id = 0
    var place = ""
    static var typeName: String { "Ticket" }
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("seat", to: "place")]] }
}

/// The saved-data rules on the PostgreSQL store: rows migrate on fetch and are written in the new
/// version; a newer version's row is read but not replaced; an unreadable row is never replaced
/// by a save that did not read it (the store's version check refuses it).
@Suite(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"), .timeLimit(.minutes(2)))
struct PostgresVersionTests {
    @Test func rowsMigrateOnFetchAndSaveInTheNewVersion() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            try await store.save(Ticket(id: 1, seat: "A1"))
            var ticket = try #require(try await store.fetch(TicketV2.self, id: 1))
            #expect(ticket.place == "A1")
            ticket.place = "B2"
            try await store.save(ticket)
            let json = try await TestServer.execute(settings, "SELECT json::text FROM basemodel_model WHERE type = 'Ticket'")
            #expect(try ModelValue(data: Data(try #require(json.first ?? nil).utf8)) == ["id": 1, "place": "B2", "$schemaVersion": 2])
            await store.close()
        }
    }

    @Test func aNewerRowIsReadButNotReplaced() async throws {
        try await TestServer.withDatabase { settings in
            let newer = try await TestServer.store(settings)
            try await newer.save(TicketV2(id: 2, place: "C3"))
            let older = try await TestServer.store(settings)
            #expect(try await older.fetch(Ticket.self, id: 2) == Ticket(id: 2, seat: ""))
            let error = await #expect(throws: ModelError.self) { try await older.save(Ticket(id: 2, seat: "D4")) }
            #expect(error?.reason == .newerVersion(found: 2, known: 1))
            #expect(try await newer.fetch(TicketV2.self, id: 2) == TicketV2(id: 2, place: "C3"))
            await newer.close()
            await older.close()
        }
    }

    @Test func anUnreadableRowIsNotReplacedByASaveThatDidNotReadIt() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            try await store.save(UnreadableAccount(id: 3))
            await #expect(throws: ModelError.self) { try await store.fetch(Account.self, id: 3) }
            await #expect(throws: ModelError.self) { try await store.save(Account(id: 3)) }
            #expect(try await store.fetch(UnreadableAccount.self, id: 3)?.followers == "many")
            await store.close()
        }
    }
}
