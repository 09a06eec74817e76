@testable import BaseModel
import Foundation
import Testing

/// The behaviour every ``ModelStore`` shares, run on the memory store and on the directory store
/// in each format family.
@Suite struct ModelStoreTests {
    /// Saves, fetches, lists, checks and deletes through `store`.
    static func exercise(_ store: any ModelStore) async throws {
        try await store.save(Publisher(id: "capcom", name: "Capcom", country: "JP"))
        try await store.save([Player(id: 1, name: "A", score: 1), Player(id: 2, name: "B", score: 2)])
        try await store.save(Player(id: 1, name: "A2", score: 10))

        let capcom = try #require(try await store.fetch(Publisher.self, id: "capcom"))
        #expect(capcom.name == "Capcom" && capcom.country == "JP")
        #expect(try await store.fetch(Publisher.self, id: "sega") == nil)
        #expect(try store.fetchSynchronously(Player.self, id: 1)?.name == "A2")
        #expect(try await store.contains(Player.self, id: 2))
        #expect(try await store.contains(Publisher.self, id: "1") == false)

        let all = try await store.fetchAll(Player.self)
        #expect(all.failures.isEmpty)
        #expect(all.models.map(\.id).sorted() == [1, 2])
        #expect(all.models.first { $0.id == 1 }?.score == 10)

        #expect(try await store.delete(Player.self, id: 2))
        #expect(try await store.delete(Player.self, id: 2) == false)
        #expect(try await store.fetch(Player.self, id: 2) == nil)
        #expect(try await store.deleteAll(Player.self) == 1)
        #expect(try await store.fetchAll(Player.self).models.isEmpty)
        // Other types are untouched.
        #expect(try await store.fetchAll(Publisher.self).models.count == 1)
    }

    @Test func memoryStore() async throws {
        try await Self.exercise(MemoryStore())
    }

    /// The memory store encodes and decodes with the context it is given: its model types (a
    /// name only they know), its identity map; and keeps a shared instance shared.
    @Test func theMemoryStoreUsesItsContext() async throws {
        let types = ModelRegistry()
        types.register(PolymorphismFixtures.Dog.self, name: "Hound")
        let map = IdentityMap()
        let store = ModelStores.memory(context: ModelContext(types: types, identityMap: map))
        let rex = PolymorphismFixtures.Dog(name: "Rex", breed: "collie")
        try await store.save(Kennel(id: "k1", resident: rex, favourite: rex, publisher: Live(Publisher(id: "p9", name: "Acme"))))

        let kennel = try #require(try await store.fetch(Kennel.self, id: "k1"))
        let resident = try #require(kennel.resident as? PolymorphismFixtures.Dog)
        #expect(resident.breed == "collie" && resident !== rex)
        #expect(kennel.favourite === kennel.resident)
        #expect(map.existing(Publisher.self, id: "p9") === kennel.publisher)
        #expect(try await store.fetchAll(Kennel.self, where: ["id": "k1"]).models.count == 1)
    }

    @Test(arguments: [ModelFormat.binaryPropertyList, .xmlPropertyList, .json, .keyedArchive, .hrJSON, .hrBinary])
    func directoryStore(format: ModelFormat) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.exercise(try DirectoryStore(directory: directory, format: format))
    }
}

/// The directory store's files: FDModel's SHA-256 names, atomic writes, and entries that fail to
/// decode reported without failing the others.
@Suite struct DirectoryStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("directory-store-\(UUID().uuidString)")

    @Test func filesAreNamedBySHA256OfTypeNameAndIdentifier() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DirectoryStore(directory: directory, format: .json)
        try await store.save(Publisher(id: "capcom", name: "Capcom"))
        try await store.save(Player(id: 5, name: "Five"))
        // sha256("Publisher-capcom") and sha256("Player-5"), as FDModel names "<Class>-<id>".
        let publisherFile = directory.appendingPathComponent("Publisher/dc87c8165ead91c3c277c091a278eac71742fb8f2396f9fe1e764295ce30ad64.json")
        let playerFile = directory.appendingPathComponent("Player/af0f55ea3f3ba2609b64b7c2db75a78441b9064bd30800b3239f5dd39e0c79a0.json")
        #expect(store.fileURL(for: Publisher.self, id: "capcom") == publisherFile)
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: publisherFile)) as? [String: Any]
        #expect(written?["name"] as? String == "Capcom")
        #expect(FileManager.default.fileExists(atPath: playerFile.path))
        // Nothing but the model files: the atomic write leaves no temporary file behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Player").path)
            == ["af0f55ea3f3ba2609b64b7c2db75a78441b9064bd30800b3239f5dd39e0c79a0.json"])
    }

    @Test func aFileThatFailsToDecodeIsReportedAndTheOthersAreRead() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DirectoryStore(directory: directory, format: .binaryPropertyList)
        try await store.save([Player(id: 1, name: "A"), Player(id: 2, name: "B"), Player(id: 3, name: "C")])
        let broken = store.fileURL(for: Player.self, id: 2)
        try Data("bplist00 torn".utf8).write(to: broken)
        let wrongKind = store.fileURL(for: Player.self, id: 3)
        try Data(#"{"player_id": "three"}"#.utf8).write(to: wrongKind)
        // A temporary file a crash left behind is not an entry.
        try Data("partial".utf8).write(to: directory.appendingPathComponent("Player/.tmp-123"))

        let all = try await store.fetchAll(Player.self)
        #expect(all.models.map(\.name) == ["A"])
        #expect(all.failures.keys.sorted() == [broken.lastPathComponent, wrongKind.lastPathComponent].sorted())
        let kindFailure = try #require(all.failures[wrongKind.lastPathComponent])
        #expect(kindFailure.path == [.key("player_id")])
        #expect(throws: ModelError.self) { try store.fetchSynchronously(Player.self, id: 2) }
    }

    @Test func aMapRevivesModelsFromTheDirectory() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DirectoryStore(directory: directory, format: .hrJSON)
        try await store.save(Player(id: 8, name: "Stored", score: 4))
        let map = IdentityMap(store: store)
        let player = try Player.live(object: ["player_id": 8, "score": 5], in: map)
        #expect(player.name == "Stored" && player.score == 5)
        try await store.save(player.value)
        #expect(try await store.fetch(Player.self, id: 8)?.score == 5)
    }
}

/// A kennel whose animals are of the base class `Animal`, and one `Live` publisher.
struct Kennel: IdentifiedModel {
    var id = ""
    var resident: PolymorphismFixtures.Animal?
    var favourite: PolymorphismFixtures.Animal?
    var publisher: Live<Publisher>?
}
