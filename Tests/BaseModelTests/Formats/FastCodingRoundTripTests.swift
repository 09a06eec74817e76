@testable import BaseModel
import Foundation
import Testing

/// Real data through the fast format: every corpus JSON file as a tree, and the model graphs of
/// the other format tests, with their shared instances.
@Suite struct FastCodingRoundTripTests {
    let codec = FastCodec()

    static let corpusFiles: [String] = {
        let folder = ModelCorpus.root.appendingPathComponent("json")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("the corpus has JSON files to run", .corpus)
    func corpusIsThere() {
        #expect(Self.corpusFiles.count >= 9)
    }

    @Test("every corpus JSON file, as a tree, round-trips through fast equal and in order", arguments: corpusFiles)
    func corpusTreeRoundTrip(name: String) throws {
        let json = try ModelCorpus.json(name)
        let tree = try JSONCodec().decodeTree(from: json)
        let bytes = try codec.encodeTree(tree)
        #expect(try FormatRegistry.shared.detect(bytes).format == .fast)
        let back = try codec.decodeTree(from: bytes)
        #expect(back.orderedEquals(tree))
        // The graph writes back the same bytes, and safe mode reads plain trees.
        #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
        #expect(try FastCodec(safe: true).decodeTree(from: bytes) == tree)
    }

    @Test("twitter.json and citm_catalog.json models round-trip through fast", .corpus)
    func corpusModels() throws {
        let twitter = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        #expect(try TwitterSearch(data: twitter.data(format: .fast)) == twitter)
        let citm = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        #expect(try CitmCatalog(data: citm.data(format: .fast)) == citm)
    }

    @Test("the files-issue project graph round-trips, its shared person still shared")
    func projectGraph() throws {
        RoundTripFixtures.registered
        let original = RoundTripFixtures.project()
        let bytes = try original.data(format: .fast)
        let loaded = try RoundTripFixtures.Project(data: bytes)
        #expect(loaded.title == original.title && loaded.attachments == original.attachments)
        #expect(loaded.budget == original.budget && loaded.tags == original.tags && loaded.started == original.started)
        #expect(loaded.owner?.name == "Ada" && loaded.owner?.born == original.owner?.born)
        #expect(loaded.owner != nil && loaded.owner === loaded.reviewer)
        let tree = try codec.decodeTree(from: bytes)
        #expect(tree["reviewer"] == ["$alias": "owner"])
    }

    @Test("polymorphic typed-tree graphs: subclasses come back as themselves, shared instances shared")
    func typedTreeGraph() throws {
        let registry = TypedTreeFixtures.registry()
        let rex = TypedTreeFixtures.Dog()
        rex.name = "Rex"
        rex.breed = "Lab"
        let tom = TypedTreeFixtures.Animal()
        tom.name = "Tom"
        let owner = TypedTreeFixtures.Owner()
        owner.pets = [rex, tom]
        owner.favourite = rex
        let bytes = try owner.data(format: .fast, context: ModelContext(types: registry))
        let back = try TypedTreeFixtures.Owner(data: bytes, context: ModelContext(types: registry))
        let dog = try #require(back.pets.first as? TypedTreeFixtures.Dog)
        #expect(dog.breed == "Lab" && back.pets[1].name == "Tom")
        #expect(back.favourite === dog)
        // One definition per class: Owner, Dog, Animal.
        #expect(try FastHeader(reading: bytes).classCount == 3)
    }

    @Test("the HRCoder tests' shared and distinct arrays: shared ones are aliases in the file")
    func sharedArrays() throws {
        let shared: ModelValue = ["$class": "Model", "array1": ["a", 1, true], "array2": ["$alias": "array1"]]
        let bytes = try codec.encodeTree(shared)
        // The object is slot 0, the array slot 1 (after its elements): array2 is an alias to it.
        #expect(bytes.suffix(2) == Data([FastTag.objectAlias8.rawValue, 1]))
        // The graph keeps the array's identity: the alias reads back as an alias.
        #expect(try codec.decodeTree(from: bytes) == shared)
        let graph = try codec.readGraph(from: bytes)
        #expect(graph.value(of: graph.root, atPosition: 0) == graph.value(of: graph.root, atPosition: 1))
        #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
    }

    @Test("the keyed-archive tests' TodoList graph: objects, a shared item, a cycle to the root, 64-bit limits")
    func keyedArchiveGraph() throws {
        let bytes = try codec.encodeTree(KeyedArchiveCodecTests.list)
        #expect(try codec.decodeTree(from: bytes).orderedEquals(KeyedArchiveCodecTests.list))
        #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
        // TodoList, TodoItem (once, reused), Person.
        #expect(try FastHeader(reading: bytes).classCount == 3)
    }

    @Test("the HRCoder tests' forward alias: the object is written where the alias stands, then aliased")
    func forwardAlias() throws {
        let tree: ModelValue = [
            "$class": "Pair", "first": ["$alias": "later.items.1"],
            "later": ["items": [["$class": "Item", "label": "a"], ["$class": "Item", "label": "b"]]],
        ]
        let back = try codec.decodeTree(from: codec.encodeTree(tree))
        #expect(back == [
            "$class": "Pair", "first": ["$class": "Item", "label": "b"],
            "later": ["items": [["$class": "Item", "label": "a"], ["$alias": "first"]]],
        ])
    }

    @Test("the command line's format registry knows fast by name and by content")
    func registry() throws {
        #expect(FormatRegistry.shared.formats.contains(.fast))
        #expect(try FormatRegistry.shared.codec(for: ModelFormat(rawValue: "fast")).fileExtension == "fast")
        #expect(FastCodec().confidence(for: Data(FastHeader().bytes)) ?? 0 >= 90)
        #expect(FastCodec().confidence(for: Data(FastHeader(majorVersion: 2).bytes)) ?? 0 >= 90)
        #expect(FastCodec().confidence(for: Data(FastHeader(majorVersion: 4).bytes)) == nil)
        #expect(FastCodec().confidence(for: Data("TSAF".utf8)) == nil)
    }
}
