import BaseModelPostgres

/// A store made for one test, with what the contract suite needs beside the store itself.
struct StoreUnderTest: Sendable {
    /// The store.
    let store: any ModelStore
    /// Makes the database refuse (abort) the write of the row with this integer id, for the
    /// stores that write batches in one transaction; `nil` for the others.
    var refuseRow: (@Sendable (Int) async throws -> Void)?
    /// Releases the store and removes its files or database.
    var tearDown: @Sendable () async -> Void = {}

    /// Runs `body` with this store, then tears it down, whether `body` threw or not.
    func run(_ body: (any ModelStore) async throws -> Void) async throws {
        do {
            try await body(store)
        } catch {
            await tearDown()
            throw error
        }
        await tearDown()
    }
}
