@testable import BaseModel
import Foundation
import Testing

/// Version 1 of a stored card: `name`.
struct Card: IdentifiedModel, Equatable {
    var id = ""
    var name = ""
}

/// Version 2: `name` became `title`, and `count` is a number.
struct CardV2: IdentifiedModel, Equatable {
    var id = ""
    var title = ""
    var count = 0
    static var typeName: String { "Card" }
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("name", to: "title")]] }
}

/// The directory store keeps the rules of saved data: it migrates on fetch, never replaces a
/// file it cannot decode (moved aside instead), and never replaces a newer version's file.
@Suite struct StoreVersionTests {
    static func makeStore() throws -> (DirectoryStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-store-versions-\(UUID().uuidString)")
        return (try DirectoryStore(directory: folder, format: .json), folder)
    }

    @Test func anUndecodableFileIsMovedAsideBeforeASaveReplacesIt() async throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.save(CardV2(id: "a", title: "t", count: 1))
        let url = store.fileURL(for: CardV2.self, id: "a")
        let old = Data(#"{"id": "a", "title": "t", "count": "one", "$schemaVersion": 2}"#.utf8)
        try old.write(to: url)

        await #expect(throws: ModelError.self) { try await store.fetch(CardV2.self, id: "a") }
        #expect(try await store.fetchAll(CardV2.self).failures.count == 1)

        try await store.save(CardV2(id: "a", title: "new", count: 2))
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        let moved = try #require(names.first { $0.contains(".unreadable-") })
        #expect(moved.hasPrefix(url.deletingPathExtension().lastPathComponent) && moved.hasSuffix(".json"))
        #expect(try Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent(moved)) == old)
        let all = try await store.fetchAll(CardV2.self)
        #expect(all.failures.isEmpty)
        #expect(all.models == [CardV2(id: "a", title: "new", count: 2)])
    }

    @Test func olderFilesMigrateOnFetchAndSaveInTheNewVersion() async throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.save(Card(id: "b", name: "old name"))
        let url = store.fileURL(for: Card.self, id: "b")
        #expect(try ModelValue(contentsOf: url)[TypedTree.schemaVersionKey] == nil)

        var card = try #require(try await store.fetch(CardV2.self, id: "b"))
        #expect(card.title == "old name")
        card.count = 3
        try await store.save(card)
        #expect(try ModelValue(contentsOf: url) == ["id": "b", "title": "old name", "count": 3, "$schemaVersion": 2])
        #expect(try await store.fetchAll(CardV2.self).models == [card])
    }

    @Test func aNewerFileIsReadButNotReplaced() async throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.save(CardV2(id: "c", title: "newer", count: 5))
        let url = store.fileURL(for: Card.self, id: "c")
        let newer = try Data(contentsOf: url)
        #expect(try await store.fetch(Card.self, id: "c") == Card(id: "c", name: ""))
        let error = await #expect(throws: ModelError.self) { try await store.save(Card(id: "c", name: "older")) }
        #expect(error?.reason == .newerVersion(found: 2, known: 1))
        #expect(try Data(contentsOf: url) == newer)

        // Newer data this version cannot decode is refused too, not moved aside.
        let strange = Data(#"{"id": "c", "name": 42, "$schemaVersion": 3}"#.utf8)
        try strange.write(to: url)
        await #expect(throws: ModelError.self) { try await store.save(Card(id: "c", name: "older")) }
        #expect(try Data(contentsOf: url) == strange)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).count == 1)
    }
}
