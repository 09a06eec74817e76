@testable import BaseModelPostgres
import Foundation
import Testing

/// Writers in separate stores (as separate processes are) racing on one row lose no update.
@Suite(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"), .timeLimit(.minutes(2)))
struct PostgresConcurrencyTests {
    @Test func racingWritersLoseNoUpdate() async throws {
        try await TestServer.withDatabase { settings in
            let seed = try await TestServer.store(settings)
            try await seed.save(Account(id: 1, screenName: "counter"))
            let writers = 8, increments = 5
            let conflicts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<writers {
                    group.addTask {
                        let store = try await TestServer.store(settings)
                        var conflicts = 0
                        for _ in 0..<increments {
                            while true {
                                var account = try #require(try await store.fetch(Account.self, id: 1))
                                account.followers += 1
                                do {
                                    try await store.save(account)
                                    break
                                } catch let error as ModelError {
                                    guard case .conflict = error.reason else { throw error }
                                    conflicts += 1
                                }
                            }
                        }
                        await store.close()
                        return conflicts
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(try await seed.fetch(Account.self, id: 1)?.followers == writers * increments)
            print("racingWritersLoseNoUpdate: \(writers * increments) increments, \(conflicts) conflicts reported and retried")
            await seed.close()
        }
    }

    /// Tasks sharing one store share its remembered versions, so fetch-then-save cannot tell
    /// their writes apart; `update` can.
    @Test func tasksSharingOneStoreLoseNoUpdateThroughUpdate() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            try await store.save(Account(id: 1, screenName: "counter"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        for _ in 0..<10 { try await store.update(Account.self, id: 1) { $0.followers += 1 } }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.fetch(Account.self, id: 1)?.followers == 80)
            #expect(try await store.update(Account.self, id: 404) { $0.followers += 1 } == nil)
            await #expect(throws: ModelError.self) { try await store.update(Account.self, id: 1) { $0.id = 2 } }
            #expect(try await !store.contains(Account.self, id: 2))
            await store.close()
        }
    }
}
