@testable import BaseModel
import Foundation
import Testing

/// Models are written to keyed archives straight from the encoder (`KeyedArchiveModelWriter`),
/// not through a typed tree; these tests hold that path to the tree path's bytes, and check that
/// what it leaves to the tree path gets there.
@Suite struct KeyedArchiveStreamingTests {
    /// The bytes written straight (`nil` when the writer left the model to the tree) and the
    /// tree path's bytes.
    static func bothPaths<T: Encodable>(_ value: T, registry: ModelRegistry = .shared) throws -> (streamed: Data?, tree: Data) {
        let writer = KeyedArchiveModelWriter()
        try TreeEncoder.write(value, registry: registry, to: writer)
        let tree = try KeyedArchiveWriter.data(from: TreeEncoder.encode(value, plain: false, registry: registry))
        return (writer.finish(), tree)
    }

    struct Scalars: Model, Equatable {
        var text = "café \u{1F600}"
        var nullText = "$null"
        var empty = ""
        var number = -42
        var big: UInt64 = .max
        var real = 2.5
        var flag = true
        var when = Date(timeIntervalSinceReferenceDate: 123_456.5)
        var bytes = Data([0, 1, 2, 255])
        var missing: String?
        var list = ["a", "b", "a"]
        var table = ["x": 1, "y": 2]
        var tree: ModelValue = ["nested": [1, "two", ["three": true]]]
    }

    @Test("scalars, strings met twice, dates, data, containers and trees: the tree path's bytes")
    func scalarsAndContainers() throws {
        let (streamed, tree) = try Self.bothPaths(Scalars())
        #expect(try #require(streamed) == tree)
        #expect(try Scalars(data: Scalars().data(format: .keyedArchive)) == Scalars())
    }

    @Test("registered classes, subclasses and one instance met twice: objects and a reference")
    func objectsAndAliases() throws {
        typealias Fixtures = PolymorphismFixtures
        let registry = ModelRegistry()
        registry.register(Fixtures.Animal.self)
        registry.register(Fixtures.Dog.self)
        registry.register(Fixtures.Cat.self)
        let rex = Fixtures.Dog(name: "Rex", breed: "lab")
        var pen = Pen()
        pen.animals = [rex, Fixtures.Cat(name: "Tom", lives: 7), rex]
        pen.star = rex
        let (streamed, tree) = try Self.bothPaths(pen, registry: registry)
        #expect(try #require(streamed) == tree)
        let back = try Pen(data: pen.data(format: .keyedArchive, context: ModelContext(types: registry)), context: ModelContext(types: registry))
        #expect(back.animals[0] === back.animals[2] && back.star === back.animals[0])
        #expect(back.animals[1] is Fixtures.Cat)
    }

    struct Pen: Model {
        var animals: [PolymorphismFixtures.Animal] = []
        var star: PolymorphismFixtures.Animal?
    }

    @Test("a back reference to an ancestor (a cycle through objects): the tree path's bytes")
    func backReference() throws {
        let graph = BackReferenceFormatTests.graph()
        let (streamed, tree) = try Self.bothPaths(graph)
        if let streamed { #expect(streamed == tree) }
        #expect(try graph.data(format: .keyedArchive) == tree)
    }

    struct Labels: Model {
        var labels: [String: String] = [:]
    }

    @Test("a plain dictionary with a `$class` or `$alias` key is left to the tree path", arguments: ["$class", "$alias"])
    func reservedKeys(_ key: String) throws {
        let labels = Labels(labels: [key: "Status", "other": "x"])
        let writer = KeyedArchiveModelWriter()
        try TreeEncoder.write(labels, registry: .shared, to: writer)
        #expect(writer.finish() == nil)
        // The tree path reads the key as a class name or an alias: the same bytes, or the same error.
        let tree = Result { try KeyedArchiveWriter.data(from: TreeEncoder.encode(labels, plain: false, registry: .shared)) }
        let written = Result { try labels.data(format: .keyedArchive) }
        switch (written, tree) {
        case (.success(let data), .success(let expected)): #expect(data == expected)
        case (.failure(let error as ModelError), .failure(let expected as ModelError)): #expect(error.reason == expected.reason)
        default: Issue.record("the codec gave \(written), the tree path \(tree)")
        }
    }

    struct Twice: Model {
        var a = 1
        private enum CodingKeys: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(a, forKey: .a)
            try container.encode(a + 1, forKey: .a)
        }
    }

    @Test("a key written twice keeps its first place and takes the last value, through the tree path")
    func keyWrittenTwice() throws {
        let (streamed, tree) = try Self.bothPaths(Twice())
        #expect(streamed == nil)
        #expect(try Twice().data(format: .keyedArchive) == tree)
        #expect(try ModelValue(data: Twice().data(format: .keyedArchive))["a"] == 2)
    }

    final class Opaque: Model, @unchecked Sendable {
        var value = 1
        required init() {}
    }

    @Test("a class registered under a Foundation class name throws the tree path's error")
    func foundationClassName() throws {
        let registry = ModelRegistry()
        registry.register(Opaque.self, name: "NSData")
        let error = try #require(throws: ModelError.self) {
            try Opaque().data(format: .keyedArchive, context: ModelContext(types: registry))
        }
        let treeError = try #require(throws: ModelError.self) {
            try KeyedArchiveWriter.data(from: TreeEncoder.encode(Opaque(), plain: false, registry: registry))
        }
        #expect(error.reason == treeError.reason && error.path == treeError.path)
    }

    @Test("the corpus models: the tree path's bytes", .corpus)
    func corpus() throws {
        let twitter = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        let citm = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        let canada = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        for (streamed, tree) in [try Self.bothPaths(twitter), try Self.bothPaths(citm), try Self.bothPaths(canada)] {
            #expect(try #require(streamed) == tree)
        }
    }
}
