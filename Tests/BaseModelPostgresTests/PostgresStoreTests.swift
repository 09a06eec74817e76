@testable import BaseModelPostgres
import Foundation
import Testing

/// What only the PostgreSQL store does, on a live server: identifier kinds, rows written by
/// hand, queries, conflicts, migrations, bodies as `bytea`. The shared contract is in
/// ``StoreContractTests``.
@Suite(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"), .timeLimit(.minutes(2)))
struct PostgresStoreTests {
    @Test func saveReplacesAndFetchAllKeepsTypesAndIdKindsApart() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            try await store.save(Account.samples)
            var ada = Account.samples[0]
            ada.name = "Augusta Ada King"
            try await store.save(ada)
            try await store.save(Ticket(id: 42, seat: "A1"))
            try await store.save(TicketCode(id: "42", seat: "B2"))

            let all = try await store.fetchAll(Account.self)
            #expect(all.failures.isEmpty)
            #expect(all.models == [ada] + Account.samples.dropFirst())
            #expect(try await store.fetch(Ticket.self, id: 42)?.seat == "A1")
            #expect(try await store.fetch(TicketCode.self, id: "42")?.seat == "B2")
            let tickets = try await store.fetchAll(Ticket.self)  // one type name, two keys
            #expect(tickets.models == [Ticket(id: 42, seat: "A1")])
            #expect(tickets.failures.keys.sorted() == ["Ticket-42"])  // the string id is not an Int
            await store.close()
        }
    }

    @Test func aBadRowIsAFailureAndTheOthersAreRead() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            try await store.save(Account.samples)
            try await TestServer.execute(settings, """
                INSERT INTO basemodel_model (type, id, integer_id, format, json)
                VALUES ('Account', '7', true, 'json', '{"id": 7, "followers": "many"}')
                """)
            try await TestServer.execute(settings, """
                INSERT INTO basemodel_model (type, id, integer_id, format, body)
                VALUES ('Account', '8', true, 'binary', '\\x00010203'::bytea)
                """)
            try await TestServer.execute(settings, """
                INSERT INTO basemodel_model (type, id, integer_id, format, body)
                VALUES ('Account', '9', true, 'no-such-format', '\\x7b7d'::bytea)
                """)
            let all = try await store.fetchAll(Account.self)
            #expect(all.models == Account.samples)
            #expect(all.failures.keys.sorted() == ["Account-7", "Account-8", "Account-9"])
            await #expect(throws: ModelError.self) { try await store.fetch(Account.self, id: 7) }
            await store.close()
        }
    }

    @Test func aBatchThatFailsHalfwayWritesNothing() async throws {
        try await TestServer.withDatabase { settings in
            let first = try await TestServer.store(settings)
            let second = try await TestServer.store(settings)
            try await second.save(Account(id: 3, screenName: "taken"))
            // The first store never read 3: its batch meets the row at the third model.
            await #expect {
                try await first.save(Account.samples)
            } throws: { error in
                guard case .conflict = try #require(error as? ModelError).reason else { return false }
                return true
            }
            #expect(try await first.fetchAll(Account.self).models.map(\.id) == [3])
            #expect(try await !first.contains(Account.self, id: 1))
            await first.close()
            await second.close()
        }
    }

    @Test func aLostUpdateIsAConflictAndRereadingResolvesIt() async throws {
        try await TestServer.withDatabase { settings in
            let alice = try await TestServer.store(settings)
            let bob = try await TestServer.store(settings)
            try await alice.save(Account.samples[0])
            var mine = try #require(try await alice.fetch(Account.self, id: 1))
            var theirs = try #require(try await bob.fetch(Account.self, id: 1))
            theirs.followers += 1
            try await bob.save(theirs)
            mine.name = "Ada"
            do {
                try await alice.save(mine)
                Issue.record("the second writer's save was not refused")
            } catch let error as ModelError {
                let isConflict = if case .conflict = error.reason { true } else { false }
                #expect(isConflict, "\(error)")
                #expect("\(error)".contains("conflict: Account 1 is no longer at version"))
            }
            #expect(try await alice.fetch(Account.self, id: 1) == theirs)  // nothing written; reread
            var merged = theirs
            merged.name = "Ada"
            try await alice.save(merged)
            #expect(try await bob.fetch(Account.self, id: 1) == merged)

            let blind = try await TestServer.store(settings, onConflict: .overwrite)
            try await blind.save(Account(id: 1, screenName: "last", name: "Writer"))
            #expect(try await alice.fetch(Account.self, id: 1)?.screenName == "last")
            for store in [alice, bob, blind] { await store.close() }
        }
    }

    @Test func queriesByFieldBindTheirValues() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            let hostile = "ada'); DROP TABLE basemodel_model; --\"\\"
            try await store.save(Account.samples + [Account(id: 9, screenName: hostile, name: "Mallory")])

            let ada = try await store.fetchAll(Account.self, where: ["screen_name": "ada"])
            #expect(ada.models == [Account.samples[0]])
            let mallory = try await store.fetchAll(Account.self, where: ["screen_name": hostile])
            #expect(mallory.models.map(\.id) == [9])
            #expect(try await store.fetchAll(Account.self, where: ["followers": 1906]).models.map(\.id) == [2])
            #expect(try await store.fetchAll(Account.self, where: ["screen_name": "nobody"]).models.isEmpty)
            #expect(try await store.fetchAll(Account.self).models.count == 4)  // the table is still there
            let plan = try await TestServer.execute(
                settings, "SELECT indexdef FROM pg_indexes WHERE indexname = 'basemodel_model_json'")
            #expect(plan.first??.contains("gin") == true)
            await store.close()
        }
    }

    @Test func openingMigratesOnceEvenWhenTwoOpenAtOnce() async throws {
        try await TestServer.withDatabase { settings in
            async let first = TestServer.store(settings)
            async let second = TestServer.store(settings)
            let stores = try await [first, second]
            let third = try await TestServer.store(settings)
            #expect(try await TestServer.execute(settings, "SELECT version::text FROM basemodel_schema ORDER BY version") == ["1", "2"])
            for store in stores + [third] { await store.close() }
        }
    }

    @Test func nonJSONFormatsAreStoredAsBytes() async throws {
        try await TestServer.withDatabase { settings in
            let binary = try await PostgresStore(
                settings: settings, format: .binaryPropertyList, policy: .fail, context: ModelContext())
            try await binary.save([Account.samples[0], Account.samples[2]])  // a batch: bytea[]
            try await binary.save([Account.samples[0], Account.samples[2]])  // again: versioned updates
            let json = try await TestServer.store(settings)
            try await json.save(Account.samples[1])
            #expect(try await json.fetchAll(Account.self).models == Account.samples)
            let kinds = try await TestServer.execute(
                settings, "SELECT format || ':' || (json IS NULL)::text || ':' || version FROM basemodel_model ORDER BY id")
            #expect(kinds == ["binary:true:2", "json:false:1", "binary:true:2"])
            await binary.close()
            await json.close()
        }
    }

    /// Rows SQL cannot match (another format's `bytea`) are matched after reading, and the
    /// partial indexes that find them exist.
    @Test func queriesMatchRowsOfOtherFormatsToo() async throws {
        try await TestServer.withDatabase { settings in
            let json = try await TestServer.store(settings)
            let binary = try await PostgresStore(
                settings: settings, format: .binaryPropertyList, policy: .fail, context: ModelContext())
            try await json.save(Account.samples)
            try await binary.save(Account(id: 5, screenName: "ada", name: "Ada in a property list", followers: 1))
            #expect(try await json.fetchAll(Account.self, where: ["screenName": "ada"]).models.map(\.id) == [1, 5])
            #expect(try await binary.fetchAll(Account.self, where: [\.followers: 1]).models.map(\.id) == [5])
            #expect(try await json.fetchAll(Account.self, where: [\.followers: 1815]).models.map(\.id) == [1])
            let indexes = try await TestServer.execute(
                settings, "SELECT indexname FROM pg_indexes WHERE tablename = 'basemodel_model' ORDER BY indexname")
            #expect(indexes.contains("basemodel_model_body") && indexes.contains("basemodel_model_schema_version"))
            await binary.close()
            await json.close()
        }
    }

    /// The containment the stores match in memory is PostgreSQL's `jsonb @>`, case by case.
    @Test func containmentInMemoryIsJSONBContainment() async throws {
        let cases: [(stored: String, pattern: String)] = [
            (#"{"a": 1}"#, #"{"a": 1.0}"#), (#"{"a": 1}"#, #"{"a": 2}"#), (#"{"a": "1"}"#, #"{"a": 1}"#),
            (#"{"a": true}"#, #"{"a": 1}"#), (#"{"a": null}"#, #"{"a": null}"#), (#"{}"#, #"{"a": null}"#),
            (#"{"a": [1, 2, 3]}"#, #"{"a": [3, 1]}"#), (#"{"a": [1, 2]}"#, #"{"a": [1, 1]}"#), (#"{"a": [1]}"#, #"{"a": []}"#),
            (#"{"a": [1, 2]}"#, #"{"a": 1}"#), (#"{"a": 1}"#, #"{"a": [1]}"#), (#"{"a": [[1, 2], [3]]}"#, #"{"a": [[1]]}"#),
            (#"{"a": [[1, 2], [3]]}"#, #"{"a": [1]}"#), (#"{"a": [{"b": 1, "c": 2}]}"#, #"{"a": [{"b": 1}]}"#),
            (#"{"a": {"b": 1, "c": 2}}"#, #"{"a": {"b": 1}}"#), (#"{"a": {"b": 1}}"#, #"{"a": {"b": 1, "c": 2}}"#),
            (#"{"a": {"b": 1}}"#, #"{"a": {}}"#), (#"{"a": "é"}"#, #"{"a": "e\u0301"}"#), (#"{"a": 1e2}"#, #"{"a": 100}"#),
        ]
        try await TestServer.withDatabase { settings in
            for (stored, pattern) in cases {
                let sql = try #require(
                    try await TestServer.execute(settings, "SELECT ('\(stored)'::jsonb @> '\(pattern)'::jsonb)::text").first ?? nil)
                let inMemory = StoreQuery(pattern: try ModelValue(data: Data(pattern.utf8))).matches(try ModelValue(data: Data(stored.utf8)))
                #expect(inMemory == (sql == "true"), "\(stored) @> \(pattern): PostgreSQL says \(sql)")
            }
        }
    }
}
