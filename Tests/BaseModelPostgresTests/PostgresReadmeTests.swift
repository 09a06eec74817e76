@testable import BaseModelPostgres
import Foundation
import Testing

/// The first README's PostgreSQL example (the article's block is in `PostgresArticleTests`), run
/// against the test server.
@Suite(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"), .timeLimit(.minutes(2)))
struct PostgresReadmeTests {
    struct User: IdentifiedModel, Equatable {
        var id: Int64 = 0
        var screenName = ""
        var name = ""
        var followers = 0
        static var keyCase: KeyCase { .snakeCase }
    }

    @Test func theReadmeExampleRuns() async throws {
        try await TestServer.withDatabase { settings in
            let users = [User(id: 7, screenName: "ada", name: "Ada"), User(id: 8, screenName: "grace", name: "Grace")]

            let store = try await PostgresStore(url: settings.url)
            // `PostgresStore()` reads these variables from the process environment.
            let environment = [
                "PGHOST": settings.host, "PGPORT": String(settings.port), "PGUSER": settings.user,
                "PGPASSWORD": settings.password ?? "", "PGDATABASE": settings.database ?? "",
            ]
            let fromEnv = try await PostgresStore(
                settings: PostgresSettings(environment: environment), format: .json, policy: .fail, context: ModelContext())
            try await store.save(users)  // one transaction: all or none
            let ada = try await store.fetchAll(User.self, where: ["screen_name": "ada"])  // JSONB containment
            #expect(ada.models == [users[0]])
            let map = IdentityMap(store: store)
            store.attach(map, for: User.self)  // other processes' saves reach live instances
            let live = try User.live(id: 7, in: map)
            var changes = store.changes(of: User.self).makeAsyncIterator()

            let merged = try await fromEnv.update(User.self, id: 7) { $0.followers += 1 }  // another "process"
            #expect(merged?.followers == 1)
            #expect(await changes.next() == .saved(7))
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(15)
            while live.value.followers != 1, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(live.value.followers == 1)
            await fromEnv.close()
            await store.close()
        }
    }
}
