@testable import BaseModelPostgres
import Foundation
import Synchronization
import Testing

/// The server restarts while a client runs: the client's pool, its blocking connection and its
/// change feed reconnect, the feed says `.resync`, and an attached identity map catches up.
@Suite(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"), .timeLimit(.minutes(2)))
struct ServerRestartTests {
    @Test func aClientReconnectsAndResyncsAfterTheServerRestarts() async throws {
        let server = try PrivateServer.start()
        defer { server.stop() }
        var settings = server.settings
        settings.database = "basemodel_test"
        let store = try await TestServer.store(settings)
        let writer = try await TestServer.store(settings, onConflict: .overwrite)
        try await writer.save(ChildRecord(id: 1, generation: 0))
        let map = IdentityMap(store: store)
        let live = try ChildRecord.live(id: 1, in: map)
        let resyncs = Atomic<Int>(0)
        let feed = store.changes(of: ChildRecord.self)
        let counter = Task {
            for await change in feed where change == .resync { resyncs.add(1, ordering: .relaxed) }
        }
        let sync = store.attach(map, for: ChildRecord.self)

        try server.restart()
        let clock = ContinuousClock()
        let restarted = clock.now
        // The writer's pool replaces its dead connections; its first save may still meet one.
        try await Self.eventually("the writer saves after the restart") {
            try await writer.save(ChildRecord(id: 1, generation: 1))
        }
        try await Self.eventually("the feed says resync") {
            guard resyncs.load(ordering: .relaxed) > 0 else { throw ScriptError(message: "no resync yet") }
        }
        try await Self.eventually("the live instance catches up") {
            guard live.value.generation == 1 else { throw ScriptError(message: "generation \(live.value.generation)") }
        }
        print("ServerRestartTests: resynced \(clock.now - restarted) after the restart")
        // After the resync, new saves are announced again, and every read path works.
        try await writer.save(ChildRecord(id: 1, generation: 2))
        try await Self.eventually("a save after the resync reaches the live instance") {
            guard live.value.generation == 2 else { throw ScriptError(message: "generation \(live.value.generation)") }
        }
        #expect(try await store.fetch(ChildRecord.self, id: 1)?.generation == 2)
        #expect(try store.fetchSynchronously(ChildRecord.self, id: 1)?.generation == 2)
        sync.cancel()
        counter.cancel()
        await store.close()
        await writer.close()
    }

    /// Retries `body` every 100 ms for up to 20 s.
    static func eventually(_ what: String, _ body: () async throws -> Void) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while true {
            do {
                return try await body()
            } catch {
                if clock.now >= deadline {
                    Issue.record("\(what): not within 20 s: \(error)")
                    throw error
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
