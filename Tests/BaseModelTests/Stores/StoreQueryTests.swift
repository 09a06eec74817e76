@testable import BaseModel
import Foundation
import Testing

/// A model whose names differ from its stored keys: a key case, a remote key path of several
/// steps, and an uncodable property.
struct Listing: IdentifiedModel, Equatable {
    var id = 0
    var screenName = ""
    var city = ""
    var count = 0
    var scratch = ""
    static var keyCase: KeyCase { .snakeCase }
    static let keyPaths: [String: RemoteKeyPath] = ["city": "address.city", "id": "listing_id"]
    static let uncodableKeys: Set<String> = ["scratch"]
}

/// A store of another package: only the five requirements, none of the package's shortcuts.
final class PlainStore: ModelStore {
    let inner = MemoryStore()
    func save<M: IdentifiedModel>(_ models: [M]) async throws(ModelError) { try await inner.save(models) }
    func fetchAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> StoreFetchResult<M> { try await inner.fetchAll(type) }
    func delete<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool { try await inner.delete(type, id: id) }
    func deleteAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> Int { try await inner.deleteAll(type) }
    func fetchSynchronously<M: IdentifiedModel>(_ type: M.Type, id: M.ID) throws(ModelError) -> M? { try inner.fetchSynchronously(type, id: id) }
}

/// Queries by field: names, key paths and stored keys become one pattern of stored keys.
/// The contract on every store is in `StoreContractTests` (BaseModelPostgresTests).
@Suite struct StoreQueryTests {
    @Test func namesKeyPathsAndStoredKeysMakeOnePatternOfStoredKeys() throws {
        let byName = try StoreQuery(Listing.self, fields: ["screenName": "ada", "city": "Paris", "id": 7])
        #expect(byName.pattern == ["address": ["city": "Paris"], "listing_id": 7, "screen_name": "ada"])
        #expect(byName.json == #"{"address":{"city":"Paris"},"listing_id":7,"screen_name":"ada"}"#)
        let byKeyPath = try StoreQuery(Listing.self, keyPaths: [\.screenName: "ada", \.city: "Paris", \.id: 7])
        #expect(byKeyPath.pattern == byName.pattern)
        let byStoredKey = try StoreQuery(Listing.self, fields: ["screen_name": "ada", "address": ["city": "Paris"], "listing_id": 7])
        #expect(byStoredKey.pattern == byName.pattern)
    }

    @Test func aNameTheModelDoesNotHaveIsAnError() {
        let error = #expect(throws: ModelError.self) { try StoreQuery(Listing.self, fields: ["screen": "ada"]) }
        #expect(error?.description == "screen: invalid value: Listing has no property or stored key of this name; its stored keys are listing_id, screen_name, address, count")
        let uncodable = #expect(throws: ModelError.self) { try StoreQuery(Listing.self, keyPaths: [\.scratch: ""]) }
        #expect(uncodable?.description == "scratch: invalid value: Listing does not store this property (it is uncodable)")
    }

    @Test func aStoreOfAnotherPackageFiltersWhatItFetches() async throws {
        let store = PlainStore()
        try await store.save([
            Listing(id: 1, screenName: "ada", city: "Paris"), Listing(id: 2, screenName: "grace", city: "Paris", count: 3),
            Listing(id: 3, screenName: "ada", city: "Lyon"),
        ])
        #expect(try await store.fetchAll(Listing.self, where: [\.city: "Paris"]).models.map(\.id) == [1, 2])
        #expect(try await store.fetchAll(Listing.self, where: ["screenName": "ada", "city": "Lyon"]).models.map(\.id) == [3])
        #expect(try await store.fetchAll(Listing.self, where: ["count": 3.0]).models.map(\.id) == [2])
        await #expect(throws: ModelError.self) { try await store.fetchAll(Listing.self, where: ["town": "Paris"]) }
    }

    /// Key paths are not `Sendable`; a query written on the main actor still compiles and runs.
    @MainActor @Test func aQueryByKeyPathFromTheMainActor() async throws {
        let store = ModelStores.memory()
        try await store.save(Listing(id: 1, screenName: "ada"))
        #expect(try await store.fetchAll(Listing.self, where: [\.screenName: "ada"]).models.map(\.id) == [1])
    }
}
