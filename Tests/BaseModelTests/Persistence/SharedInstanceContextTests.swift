@testable import BaseModel
import Foundation
import Testing

/// The context the shared instances of these tests are read and saved with: a registry holding
/// only ``TaggedGraphCodec``, its own model types, an identity map and a folder.
enum SharedContextFixture {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-shared-context-\(UUID().uuidString)")
    static let codec = TaggedGraphCodec()
    static let types: ModelRegistry = {
        let types = ModelRegistry()
        types.register(ContextCrate.self, name: "Kiste")
        return types
    }()
    static let map = IdentityMap()
    static let context = ModelContext(
        formats: FormatRegistry(codecs: [codec]), types: types, identityMap: map, applicationSupport: folder)
    static var missingResource: String { folder.appendingPathComponent("missing.json").path }
}

final class ContextCrate: Model, @unchecked Sendable {
    var label = ""
}

/// A shared instance with a context of its own: a format only that context has, a type name
/// only its registry knows, an identity map, and a relative save file in its folder.
final class ContextShelf: SharedModel, @unchecked Sendable {
    var title = ""
    var crates: [ContextCrate] = []
    var publisher: Live<Publisher>?
    required init() {}
    static var saveFormat: ModelFormat { TaggedGraphCodec.format }
    static var saveFile: String { "Shelves/shelf.gj" }
    static var resourceFile: String { SharedContextFixture.missingResource }
    static var context: ModelContext { SharedContextFixture.context }
}

/// Version 2 of a journal whose version 1 called `body` `text`; saved with the same context.
struct ContextJournal: SharedModel, Equatable {
    var body = ""
    var mood: String?
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("text", to: "body")]] }
    static var saveFormat: ModelFormat { TaggedGraphCodec.format }
    static var saveFile: String { "journal.gj" }
    static var resourceFile: String { SharedContextFixture.missingResource }
    static var context: ModelContext { SharedContextFixture.context }
}

/// The same journal seeded by a resource file (plain JSON), for the layered path.
struct SeededJournal: SharedModel, Equatable {
    var body = "default"
    var mood: String? = "calm"
    var pages = 1
    static var schemaVersion: Int { 2 }
    static var saveFormat: ModelFormat { TaggedGraphCodec.format }
    static var saveFile: String { "seeded.gj" }
    static var resourceFile: String { SharedContextFixture.folder.appendingPathComponent("SeededJournal.json").path }
    static var context: ModelContext {
        var context = SharedContextFixture.context
        context.formats = FormatRegistry(codecs: [SharedContextFixture.codec, JSONCodec()])
        return context
    }
}

/// Two types seeded by one resource file in the tagged format: one with the context whose
/// registry reads it, one with the process-wide context, whose registry does not.
struct TaggedSeed: SharedModel, Equatable {
    var body = "default"
    static var saveFile: String { SharedContextFixture.folder.appendingPathComponent("tagged-seed.gj").path }
    static var resourceFile: String { SharedContextFixture.folder.appendingPathComponent("Seed.gj").path }
    static var context: ModelContext { SharedContextFixture.context }
}

/// The same resource file, read with the process-wide registry.
struct UntaggedSeed: SharedModel, Equatable {
    var body = "default"
    static var saveFile: String { SharedContextFixture.folder.appendingPathComponent("untagged-seed.plist").path }
    static var resourceFile: String { TaggedSeed.resourceFile }
}

/// A shared instance is read and saved with its type's ``SharedModel/context``, and its saved
/// data is read as `M(data:)` reads bytes: straight from the codec's graph.
@Suite(.serialized) struct SharedInstanceContextTests {
    var calls: TaggedGraphCodec.Calls { SharedContextFixture.codec.calls }

    init() throws {
        try FileManager.default.createDirectory(at: SharedContextFixture.folder, withIntermediateDirectories: true)
    }

    /// Writes `tree` as the save file of `type` and reads its shared instance anew.
    func load<M: SharedModel>(_ type: M.Type, saved tree: ModelValue) throws {
        let url = M.saveURL
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try TaggedGraphCodec.bytes(tree).write(to: url)
        M.setSharedInstance(nil)
        calls.reset()
        _ = M.shared
    }

    @Test func theSharedInstanceIsReadAndSavedWithItsContext() throws {
        let shelf = ContextShelf.shared
        shelf.title = "tools"
        let crate = ContextCrate()
        crate.label = "screws"
        shelf.crates = [crate]
        shelf.publisher = Live(Publisher(id: "p1", name: "Acme"))
        try shelf.save()

        // The context's folder, format and type names.
        let url = SharedContextFixture.folder.appendingPathComponent("Shelves/shelf.gj")
        #expect(ContextShelf.saveURL == url)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.hasPrefix("GJ\n") && text.contains(#""$class":"Kiste""#))

        ContextShelf.setSharedInstance(nil)
        calls.reset()
        let loaded = ContextShelf.shared
        #expect(ContextShelf.sharedInstanceFailure == nil)
        #expect(loaded !== shelf)
        #expect(loaded.title == "tools" && loaded.crates.map(\.label) == ["screws"])
        // The context's identity map resolved the Live property.
        #expect(SharedContextFixture.map.existing(Publisher.self, id: "p1") === loaded.publisher)
        #expect(calls.graphs == 1 && calls.trees == 0)
    }

    @Test func savedDataAtTheModelsVersionIsDecodedFromTheGraph() throws {
        try load(ContextJournal.self, saved: ["$schemaVersion": 2, "body": "today", "weather": ["sky": "blue"]])
        #expect(ContextJournal.shared == ContextJournal(body: "today"))
        #expect(ContextJournal.savedSchemaVersion == 2)
        #expect(calls.graphs == 1 && calls.trees == 0)

        // The key a newer version added survives a save, as the tree path kept it.
        var journal = ContextJournal.shared
        journal.mood = "fine"
        try journal.save()
        let saved = try ModelValue(contentsOf: ContextJournal.saveURL, context: SharedContextFixture.context)
        #expect(saved == ["$class": "ContextJournal", "body": "today", "mood": "fine", "weather": ["sky": "blue"], "$schemaVersion": 2])
    }

    @Test func olderSavedDataIsMigrated() throws {
        try load(ContextJournal.self, saved: ["text": "long ago", "mood": "sleepy"])
        #expect(ContextJournal.shared == ContextJournal(body: "long ago", mood: "sleepy"))
        #expect(ContextJournal.savedSchemaVersion == 1)
        #expect(calls.graphs == 1)
    }

    @Test func newerSavedDataIsReadButNotReplaced() throws {
        try load(ContextJournal.self, saved: ["$schemaVersion": 3, "body": "tomorrow", "stars": 5])
        #expect(ContextJournal.shared == ContextJournal(body: "tomorrow"))
        #expect(ContextJournal.savedSchemaVersion == 3)
        let before = try Data(contentsOf: ContextJournal.saveURL)
        #expect(throws: ModelError(.newerVersion(found: 3, known: 2))) { try ContextJournal.shared.save() }
        #expect(try Data(contentsOf: ContextJournal.saveURL) == before)

        // Newer data that does not decode stays where it is too.
        try load(ContextJournal.self, saved: ["$schemaVersion": 3, "body": ["a", "b"]])
        #expect(ContextJournal.shared == ContextJournal())
        #expect(ContextJournal.sharedInstanceFailure?.quarantine == nil)
        #expect(throws: ModelError(.newerVersion(found: 3, known: 2))) { try ContextJournal.shared.save() }
        #expect(FileManager.default.fileExists(atPath: ContextJournal.saveURL.path))
        try ContextJournal().save(overwriting: true)
    }

    @Test func aSchemaVersionThatIsNoNumberIsBadData() throws {
        try load(ContextJournal.self, saved: ["$schemaVersion": "two", "body": "x"])
        #expect(ContextJournal.shared == ContextJournal())
        let failure = try #require(ContextJournal.sharedInstanceFailure)
        #expect(failure.error.path == ModelPath([.key("$schemaVersion")]))
        #expect(failure.quarantine != nil)
        #expect(!FileManager.default.fileExists(atPath: ContextJournal.saveURL.path))
    }

    /// A resource file is parsed once per registry, not once per process: a context whose
    /// registry cannot read it does not get the tree another context's registry read.
    @Test func aResourceFileIsReadWithEachContextsRegistry() throws {
        try TaggedGraphCodec.bytes(["body": "seeded"]).write(to: URL(fileURLWithPath: TaggedSeed.resourceFile))
        TaggedSeed.setSharedInstance(nil)
        UntaggedSeed.setSharedInstance(nil)
        #expect(TaggedSeed.shared.body == "seeded")
        #expect(TaggedSeed.sharedInstanceFailure == nil)
        #expect(UntaggedSeed.shared.body == "default")
        let failure = try #require(UntaggedSeed.sharedInstanceFailure)
        #expect(failure.error.reason == .malformed("not a format this library reads"), "\(failure.error)")
    }

    @Test func aResourceLayerIsMergedUnderTheSavedData() throws {
        let resource = URL(fileURLWithPath: SeededJournal.resourceFile)
        try Data(#"{"body": "seed", "pages": 7, "mood": "calm"}"#.utf8).write(to: resource)
        // Missing keys keep the resource's values; an explicit null clears an optional.
        try load(SeededJournal.self, saved: ["$schemaVersion": 2, "body": "mine", "mood": .null])
        #expect(SeededJournal.shared == SeededJournal(body: "mine", mood: nil, pages: 7))
        #expect(SeededJournal.sharedInstanceFailure == nil)
    }
}
