@testable import BaseModelPostgres
import Foundation
import Testing

/// The change feed: saves and deletes of one store reach another's streams and identity map.
@Suite(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"), .timeLimit(.minutes(2)))
struct PostgresFeedTests {
    @Test func changesOfAnotherStoreAreStreamed() async throws {
        try await TestServer.withDatabase { settings in
            let writer = try await TestServer.store(settings)
            let reader = try await TestServer.store(settings)
            let changes = reader.changes(of: Account.self)
            try await writer.save(Ticket(id: 1, seat: "A1"))  // another type: not reported
            try await writer.save(Account.samples[0])
            try await writer.delete(Account.self, id: 1)
            var seen: [PostgresChange<Int>] = []
            for await change in changes {
                seen.append(change)
                if seen.count == 2 { break }
            }
            #expect(seen == [.saved(1), .deleted(1)])
            await writer.close()
            await reader.close()
        }
    }

    @Test func anAttachedMapMergesSavesFromAnotherStore() async throws {
        try await TestServer.withDatabase { settings in
            let writer = try await TestServer.store(settings)
            let reader = try await TestServer.store(settings)
            try await writer.save(Account.samples[0])
            let map = IdentityMap(store: reader)
            let live = try Account.live(id: 1, in: map)  // revived from the store
            #expect(live.value == Account.samples[0])
            let announced = map.changes(of: Account.self)
            let sync = reader.attach(map, for: Account.self)

            var changed = Account.samples[0]
            changed.followers = 2026
            try await writer.save(changed)
            let clock = ContinuousClock()
            let start = clock.now
            for await instance in announced where instance.value == changed { break }
            #expect(clock.now - start < .seconds(15))  // bounded; CI runs every suite at once
            #expect(live.value == changed)
            sync.cancel()
            await writer.close()
            await reader.close()
        }
    }

    @Test func theFeedReconnectsAndSaysResync() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            let changes = store.changes(of: Account.self)
            try await TestServer.execute(settings, """
                SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity
                WHERE datname = current_database() AND query LIKE 'LISTEN%'
                """)
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == .resync)
            let writer = try await TestServer.store(settings)
            try await writer.save(Account.samples[1])
            #expect(await iterator.next() == .saved(2))
            await writer.close()
            await store.close()
        }
    }

    /// A save made while the feed's connection is down is not announced; the resync after the
    /// reconnect refetches the live instances, so the map catches up all the same.
    @Test func anAttachedMapCatchesUpWithASaveMissedWhileTheFeedWasDown() async throws {
        try await TestServer.withDatabase { settings in
            let writer = try await TestServer.store(settings)
            let reader = try await TestServer.store(settings)
            try await writer.save(Account.samples[0])
            let map = IdentityMap(store: reader)
            let live = try Account.live(id: 1, in: map)
            let sync = reader.attach(map, for: Account.self)
            try await TestServer.execute(settings, """
                SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity
                WHERE datname = current_database() AND query LIKE 'LISTEN%'
                """)
            var changed = Account.samples[0]
            changed.followers = 7
            try await writer.save(changed)  // most likely before the feed listens again (250 ms)
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(15)
            while live.value != changed, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(live.value == changed)
            sync.cancel()
            await writer.close()
            await reader.close()
        }
    }
}
