@testable import BaseModel
import Foundation
import Testing

/// A store's model with a nested array, for limits.
struct ReplaceTally: IdentifiedModel, Equatable {
    var id = ""
    var marks: [Int] = []
}

/// A store reads with its context (codecs, limits) straight from a codec's graph, and a save
/// replaces a copy the store wrote or read without reading it again; any other copy is read, as a
/// fetch reads it, before it is replaced.
@Suite struct StoreReplaceTests {
    static func makeStore(limits: DecodingLimits = DecodingLimits()) throws -> (DirectoryStore, TaggedGraphCodec, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-store-replace-\(UUID().uuidString)")
        let codec = TaggedGraphCodec()
        let context = ModelContext(formats: FormatRegistry(codecs: [codec]), limits: limits)
        return (try DirectoryStore(directory: folder, format: TaggedGraphCodec.format, context: context), codec, folder)
    }

    @Test func aSaveOverACopyTheStoreKnowsDoesNotReadIt() async throws {
        let (store, codec, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.save(CardV2(id: "a", title: "one", count: 1))
        try await store.save(CardV2(id: "a", title: "two", count: 2))
        #expect(codec.calls.graphs == 0 && codec.calls.trees == 0)

        // A fetch decodes from the graph, and the copy it read is known too.
        #expect(try await store.fetch(CardV2.self, id: "a") == CardV2(id: "a", title: "two", count: 2))
        #expect(codec.calls.graphs == 1 && codec.calls.trees == 0)
        // Another store on the same folder knows nothing, and reads the copy once.
        let again = try DirectoryStore(directory: folder, format: TaggedGraphCodec.format, context: ModelContext(formats: FormatRegistry(codecs: [codec])))
        codec.calls.reset()
        #expect(try again.fetchSynchronously(CardV2.self, id: "a")?.title == "two")
        try await again.save(CardV2(id: "a", title: "three", count: 3))
        #expect(codec.calls.graphs == 1 && codec.calls.trees == 0)

        // Bytes changed behind the store's back are read before they are replaced ...
        let url = store.fileURL(for: CardV2.self, id: "a")
        try TaggedGraphCodec.bytes(["id": "a", "title": "edited", "count": 4, "$schemaVersion": 2]).write(to: url)
        codec.calls.reset()
        try await store.save(CardV2(id: "a", title: "five", count: 5))
        #expect(codec.calls.graphs == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).count == 1)

        // ... and moved aside when they do not decode.
        try TaggedGraphCodec.bytes(["id": "a", "title": "edited", "count": "many", "$schemaVersion": 2]).write(to: url)
        try await store.save(CardV2(id: "a", title: "six", count: 6))
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(names.count == 2 && names.contains { $0.contains(".unreadable-") })

        // What one type wrote is not known to another type of the same name: version 1 reads
        // version 2's copy, and refuses to replace it.
        await #expect(throws: ModelError(.newerVersion(found: 2, known: 1))) { try await store.save(Card(id: "a", name: "old")) }
        #expect(try await store.fetch(CardV2.self, id: "a") == CardV2(id: "a", title: "six", count: 6))
    }

    @Test func readsKeepToTheStoresLimits() async throws {
        let (writer, codec, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await writer.save(ReplaceTally(id: "t", marks: Array(0..<20)))
        let limited = ModelContext(formats: FormatRegistry(codecs: [codec]), limits: DecodingLimits(maximumDepth: 1))
        let store = try DirectoryStore(directory: folder, format: TaggedGraphCodec.format, context: limited)
        let error = await #expect(throws: ModelError.self) { try await store.fetch(ReplaceTally.self, id: "t") }
        #expect(error?.description.contains("maximumDepth") == true)
        #expect(try await store.fetchAll(ReplaceTally.self).failures.count == 1)
    }
}
