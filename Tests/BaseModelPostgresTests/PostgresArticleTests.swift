import BaseModelPostgres
import Foundation
import Testing

/// The PostgreSQL block of the article "Identity and stores", compiled line for line
/// (`DocumentationCodeTests` checks that) and run against the test server.
@Suite("Article: the PostgreSQL store", .enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"),
       .timeLimit(.minutes(2)))
struct PostgresArticleTests {
    struct User: IdentifiedModel, Equatable {
        var id: Int64 = 0
        var screenName = ""
        var name = ""
        var followers = 0
        static var keyCase: KeyCase { .snakeCase }
    }

    @Test func theArticleExampleRuns() async throws {
        try await TestServer.withDatabase { settings in
            let users = [User(id: 7, screenName: "ada", name: "Ada"), User(id: 8, screenName: "grace", name: "Grace")]
            let databaseURL = TestServer.url(of: settings)
            let store = try await PostgresStore(url: databaseURL)        // "postgres://app:secret@db.local:5432/app"
            try await store.save(users)                                  // one transaction: all or none
            let ada = try await store.fetchAll(User.self, where: [\.name: "Ada"])          // JSONB containment in SQL
            let map = IdentityMap(store: store)
            store.attach(map, for: User.self)                            // other processes' saves reach live instances
            let updated = try await store.update(User.self, id: 7) { $0.followers += 1 }   // read-modify-write; conflicts merged
            let changes = store.changes(of: User.self)                   // .saved(id), .deleted(id), .resync
            #expect(ada.models == [users[0]])
            #expect(updated?.followers == 1)
            _ = changes
            await store.close()
        }
    }
}
