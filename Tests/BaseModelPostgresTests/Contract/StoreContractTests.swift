@testable import BaseModelPostgres
import Foundation
import Testing

/// The ``ModelStore`` contract, one suite run against every store: memory, directory, SQLite
/// and PostgreSQL (when a server is configured; under `CI=true` always).
@Suite(.timeLimit(.minutes(2))) struct StoreContractTests {
    @Test(arguments: StoreKind.underTest)
    func savedModelsFetchBackByIdentifier(kind: StoreKind) async throws {
        try await kind.make().run { store in
            for account in Account.samples { try await store.save(account) }
            for account in Account.samples {
                #expect(try await store.fetch(Account.self, id: account.id) == account)
                #expect(try store.fetchSynchronously(Account.self, id: account.id) == account)
            }
            #expect(try await store.fetch(Account.self, id: 404) == nil)
            #expect(try store.fetchSynchronously(Account.self, id: 404) == nil)
        }
    }

    @Test(arguments: StoreKind.underTest)
    func aBatchIsSavedAndASaveReplaces(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save(Account.samples)
            var ada = Account.samples[0]
            ada.name = "Augusta Ada King"
            try await store.save(ada)
            try await store.save([Ticket(id: 1, seat: "A1")])  // another type, same identifier

            let all = try await store.fetchAll(Account.self)
            #expect(all.failures.isEmpty)
            #expect(all.models.sorted { $0.id < $1.id } == [ada] + Account.samples.dropFirst())
            #expect(try await store.fetchAll(Ticket.self).models == [Ticket(id: 1, seat: "A1")])
            try await store.save([Account]())  // an empty batch is nothing
            #expect(try await store.fetchAll(Account.self).models.count == 3)
        }
    }

    @Test(arguments: StoreKind.underTest)
    func fetchAllReportsAFailurePerBadRowAndReadsTheOthers(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save(Account.samples)
            try await store.save([UnreadableAccount(id: 7), UnreadableAccount(id: 8)])

            let all = try await store.fetchAll(Account.self)
            #expect(all.models.sorted { $0.id < $1.id } == Account.samples)
            #expect(all.failures.count == 2)
            if kind != .directory {  // the directory store names a failure by its file
                #expect(all.failures.keys.sorted() == ["Account-7", "Account-8"])
            }
            for (location, error) in all.failures {
                #expect("\(error)".contains("followers"), "\(location): \(error)")
            }
            await #expect(throws: ModelError.self) { try await store.fetch(Account.self, id: 7) }
            #expect(throws: ModelError.self) { try store.fetchSynchronously(Account.self, id: 8) }
            #expect(try await store.contains(Account.self, id: 7))  // there, just not readable
        }
    }

    @Test(arguments: StoreKind.underTest)
    func containsDeleteAndDeleteAll(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save(Account.samples)
            try await store.save(Ticket(id: 1, seat: "B2"))

            #expect(try await store.contains(Account.self, id: 2))
            #expect(try await store.delete(Account.self, id: 2))
            #expect(try await !store.contains(Account.self, id: 2))
            #expect(try await !store.delete(Account.self, id: 2))
            #expect(try await store.fetch(Account.self, id: 2) == nil)
            #expect(try await store.deleteAll(Account.self) == 2)
            #expect(try await store.deleteAll(Account.self) == 0)
            #expect(try await store.fetchAll(Account.self).models.isEmpty)
            #expect(try await store.contains(Ticket.self, id: 1))  // other types are untouched
            try await store.save(Account.samples[1])  // saved again after a delete
            #expect(try await store.fetch(Account.self, id: 2) == Account.samples[1])
        }
    }

    /// The third model of a batch fails to encode. Stores that encode before writing (memory,
    /// SQLite, PostgreSQL) write nothing; the directory store writes file by file, so the two
    /// before it are saved, as its documentation says.
    @Test(arguments: StoreKind.underTest)
    func aBatchThatFailsToEncodeHalfway(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save(Crate(id: 9, label: "before"))
            let batch = [
                Crate(id: 1, label: "one"), Crate(id: 2, label: "two"), Crate(id: 3, label: Crate.unencodable),
                Crate(id: 4, label: "four"), Crate(id: 9, label: "after"),
            ]
            await #expect(throws: ModelError.self) { try await store.save(batch) }
            let ids = try await store.fetchAll(Crate.self).models.map(\.id).sorted()
            #expect(ids == (kind == .directory ? [1, 2, 9] : [9]))
            #expect(try await store.fetch(Crate.self, id: 9)?.label == "before")
        }
    }

    /// The database refuses the third row of a batch in the middle of the transaction: the rows
    /// written before it are rolled back, and the rows already there keep their old values.
    @Test(arguments: StoreKind.transactional)
    func aBatchTheDatabaseRefusesHalfwayLeavesNothing(kind: StoreKind) async throws {
        let made = try await kind.make()
        let refuseRow = try #require(made.refuseRow)
        try await made.run { store in
            try await store.save(Crate(id: 9, label: "before"))
            try await refuseRow(3)
            let batch = [
                Crate(id: 9, label: "after"), Crate(id: 1, label: "one"), Crate(id: 2, label: "two"),
                Crate(id: 3, label: "three"), Crate(id: 4, label: "four"),
            ]
            await #expect {
                try await store.save(batch)
            } throws: { error in
                "\(error)".contains("refused by the test")
            }
            #expect(try await store.fetchAll(Crate.self).models == [Crate(id: 9, label: "before")])
            try await store.save(Array(batch.prefix(3)))  // the store still works
            #expect(try await store.fetchAll(Crate.self).models.count == 3)
        }
    }
}
