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

    // MARK: Queries by field

    /// A field is named by its Swift property name (mapped through the model's keys), by a key
    /// path, or by its stored key, on every store.
    @Test(arguments: StoreKind.underTest)
    func queriesByPropertyNameKeyPathOrStoredKey(kind: StoreKind) async throws {
        try await kind.make().run { store in
            let hostile = "ada'); DROP TABLE basemodel_model; --\"\\"
            let mallory = Account(id: 9, screenName: hostile, name: "Mallory")
            try await store.save(Account.samples + [mallory])
            try await store.save(Ticket(id: 1, seat: "ada"))  // another type

            let byName = try await store.fetchAll(Account.self, where: ["screenName": "ada"])
            #expect(byName.models == [Account.samples[0]] && byName.failures.isEmpty)
            #expect(try await store.fetchAll(Account.self, where: [\.screenName: "grace"]).models == [Account.samples[1]])
            #expect(try await store.fetchAll(Account.self, where: ["screen_name": "édith"]).models == [Account.samples[2]])
            #expect(try await store.fetchAll(Account.self, where: ["followers": 1906]).models == [Account.samples[1]])
            #expect(try await store.fetchAll(Account.self, where: [\.name: "Ada Lovelace", \.followers: 1815]).models.map(\.id) == [1])
            #expect(try await store.fetchAll(Account.self, where: ["name": "Ada Lovelace", "followers": 0]).models.isEmpty)
            #expect(try await store.fetchAll(Account.self, where: ["screenName": "nobody"]).models.isEmpty)
            #expect(try await store.fetchAll(Account.self, where: ["screenName": hostile]).models == [mallory])
            #expect(try await store.fetchAll(Account.self).models.count == 4)  // the table is still there
        }
    }

    /// A remote key path of several steps matches nested dictionaries; an array matches a stored
    /// array holding its elements; `null` matches an absent optional only where it is stored.
    @Test(arguments: StoreKind.underTest)
    func queriesFollowKeyPathsAndContainArrays(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save(Gig.samples)
            func ids(_ fields: [String: any Sendable]) async throws -> [Int] {
                try await store.fetchAll(Gig.self, where: fields).models.map(\.id).sorted()
            }
            #expect(try await ids(["city": "Paris"]) == [1, 3])
            #expect(try await ids(["venue": ["address": ["city": "Lyon"]]]) == [2])  // the stored form
            #expect(try await ids(["tags": ["jazz"]]) == [1, 2])
            #expect(try await ids(["tags": ["late", "jazz"]]) == [1])
            #expect(try await ids(["tags": [] as [String]]) == [1, 2, 3])
            #expect(try await ids(["city": "Paris", "headliner": "Joan"]) == [3])
        }
    }

    /// A name the model does not have is an error naming the stored keys, not an empty result.
    @Test(arguments: StoreKind.underTest)
    func anUnknownFieldIsAnErrorNamingTheStoredKeys(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save(Account.samples)
            let unknown = await #expect(throws: ModelError.self) {
                try await store.fetchAll(Account.self, where: ["screenNam": "ada"])
            }
            #expect(unknown?.description == "screenNam: invalid value: Account has no property or stored key of this name; its stored keys are id, screen_name, name, followers")
            let uncodable = await #expect(throws: ModelError.self) { try await store.fetchAll(Gig.self, where: ["cache": ""]) }
            #expect(uncodable?.description == "cache: invalid value: Gig does not store this property (it is uncodable)")
            let computed = await #expect(throws: ModelError.self) { try await store.fetchAll(Gig.self, where: [\.isTagged: true]) }
            #expect(computed?.description.hasPrefix("invalid value: the key path \\Gig.") == true)
            #expect(computed?.description.contains(" names no stored property of Gig (a computed property, ") == true)
            #expect(computed?.description.hasSuffix("; its stored properties are id, city, tags, headliner") == true)
            let nested = await #expect(throws: ModelError.self) { try await store.fetchAll(Gig.self, where: [\.tags.count: 2]) }
            #expect(nested?.description.hasPrefix("invalid value: the key path \\Gig.tags.") == true)
            let notJSON = await #expect(throws: ModelError.self) { try await store.fetchAll(Account.self, where: ["name": Date()]) }
            #expect(notJSON?.description.hasPrefix("invalid value: the fields to match are not JSON values") == true)
        }
    }

    /// A model stored by an older schema version is matched after its migration: a query by
    /// the new name finds the old rows, and the old name is unknown. (The memory store keeps the
    /// trees of the process's own types, which have one version.)
    @Test(arguments: StoreKind.underTest.filter { $0 != .memory })
    func queriesMatchOlderVersionsAfterMigrating(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save([Band(id: 1, name: "Home"), Band(id: 2, name: "Away")])
            try await store.save([BandV2(id: 3, title: "Home")])
            let home = try await store.fetchAll(BandV2.self, where: ["title": "Home"])
            #expect(home.models.sorted { $0.id < $1.id } == [BandV2(id: 1, title: "Home"), BandV2(id: 3, title: "Home")])
            #expect(home.failures.isEmpty)
            #expect(try await store.fetchAll(BandV2.self, where: [\.title: "Away"]).models == [BandV2(id: 2, title: "Away")])
            await #expect(throws: ModelError.self) { try await store.fetchAll(BandV2.self, where: ["name": "Home"]) }
        }
    }

    /// An entry that matches and does not decode is a failure of the result, as in `fetchAll`.
    @Test(arguments: StoreKind.underTest)
    func aMatchThatDoesNotDecodeIsAFailure(kind: StoreKind) async throws {
        try await kind.make().run { store in
            try await store.save(Account.samples)
            try await store.save([UnreadableAccount(id: 7), UnreadableAccount(id: 8)])
            let many = try await store.fetchAll(Account.self, where: ["followers": "many"])
            #expect(many.models.isEmpty)
            #expect(many.failures.count == 2)
            let zero = try await store.fetchAll(Account.self, where: ["followers": 0])
            #expect(zero.models == [Account.samples[2]])
        }
    }
}
