@testable import BaseModelSQLite
import Foundation
import GRDB
import Testing

/// Counts the transactions committed and rolled back on the writer connection.
final class CommitCounter: TransactionObserver, Sendable {
    private let counts = Locked((commits: 0, rollbacks: 0))

    var commits: Int { counts.withLock { $0.commits } }
    var rollbacks: Int { counts.withLock { $0.rollbacks } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { counts.withLock { $0.commits += 1 } }
    func databaseDidRollback(_ db: Database) { counts.withLock { $0.rollbacks += 1 } }

    /// A counter attached to `store`'s writer for as long as it lives.
    static func attached(to store: SQLiteStore) async throws -> CommitCounter {
        let counter = CommitCounter()
        try await store.pool.writeWithoutTransaction { db in
            db.add(transactionObserver: counter, extent: .observerLifetime)
        }
        return counter
    }
}

/// Batch saves are one transaction: all rows or none.
@Suite struct SQLiteTransactionTests {
    static func games(_ range: Range<Int>, name: String) -> [Game] {
        range.map { Game(id: String($0), name: "\(name) \($0)", score: $0) }
    }

    @Test func aBatchSaveCommitsOnce() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        let counter = try await CommitCounter.attached(to: store)

        try await store.save(Self.games(0..<200, name: "batch"))
        #expect(counter.commits == 1)

        for game in Self.games(200..<210, name: "single") { try await store.save(game) }
        #expect(counter.commits == 11)
        #expect(try await store.fetchAll(Game.self).models.count == 210)
    }

    @Test func aBatchThatFailsHalfwayLeavesNothingWritten() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        try await store.save(Self.games(0..<20, name: "old"))
        // The writer refuses the row for id 15, after 15 rows of the batch are already written.
        try await store.pool.writeWithoutTransaction { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse_15 BEFORE INSERT ON model WHEN NEW.id = '15'
                BEGIN SELECT RAISE(ABORT, 'refused for the test'); END
                """)
        }
        let counter = try await CommitCounter.attached(to: store)

        await #expect(throws: ModelError.self) { try await store.save(Self.games(0..<20, name: "new")) }
        #expect(counter.rollbacks == 1)
        #expect(counter.commits == 0)
        let names = try await store.fetchAll(Game.self).models.map(\.name)
        #expect(names.count == 20)
        #expect(names.allSatisfy { $0.hasPrefix("old ") })
    }

    @Test func anEmptyBatchWritesNothing() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database)
        let counter = try await CommitCounter.attached(to: store)
        try await store.save([Game]())
        #expect(counter.commits == 0)
    }
}
