@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

/// The keyed archive's one writer (`KeyedArchiveModelWriter`): models written by the encoder's
/// calls, typed trees and graphs read from archives all go through it, with shared containers,
/// cycles, Foundation's mutable classes and NSNull.
@Suite struct KeyedArchiveWriterTests {
    /// The archive written by the encoder's calls, and the archive of the encoder's typed tree
    /// written as a tree.
    static func bothWays<T: Encodable>(_ value: T, registry: ModelRegistry = .shared) throws -> (calls: Data, tree: Data) {
        let writer = KeyedArchiveModelWriter()
        try TreeEncoder.write(value, registry: registry, to: writer)
        return (try writer.finish(), try KeyedArchiveCodec().encodeTree(TreeEncoder.encode(value, plain: false, registry: registry)))
    }

    /// The objects of an archive, as a property list reads them.
    static func objects(_ archive: Data) throws -> [PropertyListObject] {
        guard case .array(let objects)? = try BinaryPropertyListReader.read(archive)["$objects"] else { return [] }
        return objects
    }

    /// The class name of an archived object.
    static func className(of object: PropertyListObject, in objects: [PropertyListObject]) -> String? {
        guard case .uid(let uid)? = object["$class"] else { return nil }
        return objects[Int(uid)]["$classname"]?.stringValue
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
        var tree: ModelValue = ["nested": [1, "two", ["three": true, "nothing": .null]]]
    }

    @Test("scalars, strings met twice, dates, data, containers and trees: the same archive from the calls and from the tree")
    func scalarsAndContainers() throws {
        let (calls, tree) = try Self.bothWays(Scalars())
        #expect(calls == tree)
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
        let (calls, tree) = try Self.bothWays(pen, registry: registry)
        #expect(calls == tree)
        let back = try Pen(data: pen.data(format: .keyedArchive, context: ModelContext(types: registry)), context: ModelContext(types: registry))
        #expect(back.animals[0] === back.animals[2] && back.star === back.animals[0])
        #expect(back.animals[1] is Fixtures.Cat)
    }

    struct Pen: Model {
        var animals: [PolymorphismFixtures.Animal] = []
        var star: PolymorphismFixtures.Animal?
    }

    @Test("a back reference to an ancestor (a cycle through objects): the same archive from the calls and from the tree")
    func backReference() throws {
        let graph = BackReferenceFormatTests.graph()
        let (calls, tree) = try Self.bothWays(graph)
        #expect(calls == tree)
        #expect(try graph.data(format: .keyedArchive) == tree)
    }

    struct Labels: Model, Equatable {
        var labels: [String: String] = [:]
    }

    @Test("a plain dictionary with a `$class` or `$alias` key is written as the dictionary it is", arguments: ["$class", "$alias"])
    func reservedKeys(_ key: String) throws {
        let labels = Labels(labels: [key: "Status", "other": "x"])
        let archive = try labels.data(format: .keyedArchive)
        #expect(try Labels(data: archive) == labels)
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

    @Test("a key written twice keeps its first place and takes the last value; what was taken back is not in the archive")
    func keyWrittenTwice() throws {
        let archive = try Twice().data(format: .keyedArchive)
        #expect(try ModelValue(data: archive) == ["$class": "Twice", "a": 2])
        // The first value (1) was taken back with the object, and is gone.
        #expect(try !Self.objects(archive).contains(.integer(1)))
    }

    /// A model whose `encode(to:)` opens a nested container (taken back by the encoder, and
    /// written from its buffer), holding a class instance also met outside it.
    struct Nested: Model {
        var owner = RoundTripFixtures.Person()
        private enum CodingKeys: String, CodingKey { case first, meta, again }
        private enum MetaKeys: String, CodingKey { case owner, tags }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            owner = try container.decode(RoundTripFixtures.Person.self, forKey: .first)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(owner, forKey: .first)
            var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            try meta.encode(owner, forKey: .owner)
            try meta.encode(["a", "b"], forKey: .tags)
            try container.encode(owner, forKey: .again)
        }
    }

    @Test("a value taken back by the encoder keeps the references into it and out of it")
    func takenBack() throws {
        let registry = ModelRegistry()
        registry.register(RoundTripFixtures.Person.self)
        let model = Nested()
        model.owner.name = "Ada"
        let (calls, tree) = try Self.bothWays(model, registry: registry)
        #expect(try ModelValue(data: calls) == ModelValue(data: tree))
        let read = try ModelValue(data: calls)
        #expect(read["meta"]?["owner"] == ["$alias": "first"])
        #expect(read["again"] == ["$alias": "first"])
        // The objects taken back are dropped: one Person, one string "Ada".
        let objects = try Self.objects(calls)
        #expect(objects.filter { Self.className(of: $0, in: objects) == "Person" }.count == 1)
        #expect(objects.filter { $0 == .string("Ada") }.count == 1)
    }

    final class Opaque: Model, @unchecked Sendable {
        var value = 1
        required init() {}
    }

    @Test("a class registered under a Foundation class name is an error at its $class")
    func foundationClassName() throws {
        let registry = ModelRegistry()
        registry.register(Opaque.self, name: "NSData")
        let error = try #require(throws: ModelError.self) {
            try Opaque().data(format: .keyedArchive, context: ModelContext(types: registry))
        }
        #expect(error.path == ModelPath([.key("$class")]))
        #expect(error.reason.isUnsupportedReason)
        #expect(error.format == .keyedArchive)
    }

    @Test("the corpus models: the same archive from the calls and from the tree", .corpus)
    func corpus() throws {
        let twitter = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        let citm = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        let canada = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        for (calls, tree) in [try Self.bothWays(twitter), try Self.bothWays(citm), try Self.bothWays(canada)] {
            #expect(calls == tree)
        }
    }

    // MARK: - Graphs

    @Test("null is an NSNull object in collections and at the root, and nil ($null) as an object's value (issue 31, item 6)")
    func nullIsNSNull() throws {
        let codec = KeyedArchiveCodec()
        let tree: ModelValue = ["list": [1, .null, "x"], "map": ["gone": .null], "object": ["$class": "Thing", "nothing": .null]]
        let archive = try codec.encodeTree(tree)
        let objects = try Self.objects(archive)
        let nulls = objects.indices.filter { Self.className(of: objects[$0], in: objects) == "NSNull" }
        #expect(nulls.count == 1)
        // The list and the map refer to the NSNull object; the object's nil is UID 0.
        let references = objects.compactMap { object -> [PropertyListObject]? in
            if case .array(let uids)? = object["NS.objects"] { return uids }
            return nil
        }.flatMap { $0 }
        #expect(references.filter { $0 == .uid(UInt64(nulls.first ?? 0)) }.count == 2)
        #expect(!references.contains(.uid(0)))
        #expect(objects.contains { Self.className(of: $0, in: objects) == "Thing" && $0["nothing"] == .uid(0) })
        #expect(try codec.decodeTree(from: archive) == tree)
        // The root.
        let root = try codec.encodeTree(.null)
        #expect(try Self.objects(root).contains { Self.className(of: $0, in: try Self.objects(root)) == "NSNull" })
        #expect(try codec.decodeTree(from: root) == .null)
    }

    @Test("Foundation's NSKeyedUnarchiver reads null in an array and a dictionary as NSNull")
    func foundationReadsNull() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["list": [1, .null, "x"], "map": ["gone": .null]])
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archive)
        unarchiver.requiresSecureCoding = false
        let object = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSDictionary)
        #expect(unarchiver.error == nil)
        let list = try #require(object["list"] as? NSArray)
        #expect(list.count == 3)
        #expect(list[1] is NSNull)
        #expect((object["map"] as? NSDictionary)?["gone"] is NSNull)
    }

    @Test("a shared array or dictionary is one archived object; a cycle through a collection is written")
    func sharedContainers() throws {
        let codec = KeyedArchiveCodec()
        let shared: ModelValue = ["a": [1, 2], "b": ["$alias": "a"], "c": ["k": "v"], "d": ["$alias": "c"], "e": ["$alias": "a"]]
        let archive = try codec.encodeTree(shared)
        #expect(try codec.decodeTree(from: archive) == shared)
        let objects = try Self.objects(archive)
        #expect(objects.filter { Self.className(of: $0, in: objects) == "NSArray" }.count == 1)
        #expect(objects.filter { Self.className(of: $0, in: objects) == "NSDictionary" }.count == 2)
        // An array that holds itself, and a dictionary whose child refers back to it.
        for cycle: ModelValue in [["head", ["$alias": "$root"]], ["name": "root", "children": [["parent": ["$alias": "$root"]]]]] {
            #expect(try codec.decodeTree(from: codec.encodeTree(cycle)) == cycle)
        }
    }

    @Test("a graph's forms are written back: mutable classes, sets, ordered sets, URLs")
    func forms() throws {
        func node(_ kind: InputIndex.Kind, _ flags: GraphFlags = [], _ variant: GraphVariant = .plain, first: Int32 = 0, count: Int32 = 0, payload: UInt64 = 0) -> InputIndex.Node {
            InputIndex.Node(kind: kind, flags: flags, variant: variant, count: count, first: first, payload: payload)
        }
        // {list: mutable [1], set: set [1], ordered: ordered set [1, 1], text: mutable "t", url: url "u", bytes: mutable data}
        let graph = InputIndex(
            nodes: [
                node(.dictionary, .mutable, first: 0, count: 6), node(.array, .mutable, first: 12, count: 1), node(.integer, payload: 1),
                node(.array, [], .set, first: 13, count: 1), node(.array, .mutable, .orderedSet, first: 14, count: 2),
                node(.string, .mutable, payload: 6), node(.string, [], .url, payload: 7), node(.data, .mutable, payload: 0),
            ],
            children: [0, 1, 1, 3, 2, 4, 3, 5, 4, 6, 5, 7, 2, 2, 2, 2],
            strings: ["list", "set", "ordered", "text", "url", "bytes", "t", "https://example.com/a"], data: [Data([1, 2])], classes: [],
            root: 0)
        let writer = KeyedArchiveModelWriter()
        try graph.write(to: writer)
        let archive = try writer.finish()
        let objects = try Self.objects(archive)
        let names = Set(objects.compactMap { Self.className(of: $0, in: objects) })
        #expect(names == ["NSMutableDictionary", "NSMutableArray", "NSSet", "NSMutableOrderedSet", "NSMutableString", "NSURL", "NSMutableData"])
        #expect(objects.contains { $0["$classname"] == .string("NSMutableArray") && $0["$classes"] == .array([.string("NSMutableArray"), .string("NSArray"), .string("NSObject")]) })
        // Read back: the same graph, forms and all.
        let again = try KeyedArchiveCodec().readGraph(from: archive)
        #expect(try again.typedTree() == graph.typedTree())
        let forms = (0..<again.nodeCount).map { again[Int32($0)] }.filter { !$0.flags.isEmpty || $0.variant != .plain }.map { "\($0.kind) \($0.flags.rawValue) \($0.variant)" }
        #expect(Set(forms) == ["dictionary 1 plain", "array 1 plain", "array 0 set", "array 1 orderedSet", "string 1 plain", "string 0 url", "data 1 plain"])
        // Foundation reads them.
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archive)
        unarchiver.requiresSecureCoding = false
        let root = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSDictionary)
        #expect((root["list"] as? [Any])?.count == 1)
        #expect((root["set"] as? NSSet)?.count == 1)
        #expect((root["ordered"] as? NSOrderedSet)?.count == 1)
        #expect((root["url"] as? URL)?.absoluteString == "https://example.com/a" || (root["url"] as? NSURL)?.absoluteString == "https://example.com/a")
        #expect(root["bytes"] as? Data == Data([1, 2]))
    }

    @Test("aliases in a typed tree: forward, to nowhere, to a scalar, in a loop")
    func treeAliases() throws {
        let codec = KeyedArchiveCodec()
        let forward: ModelValue = ["first": ["$alias": "second"], "second": ["$class": "Item", "value": 1]]
        #expect(try codec.decodeTree(from: codec.encodeTree(forward)).orderedEquals([
            "first": ["$class": "Item", "value": 1], "second": ["$alias": "first"],
        ]))
        for (tree, why) in [
            (["a": ["$alias": "nowhere"]] as ModelValue, "the alias \"nowhere\" does not lead to an object"),
            (["a": ["$alias": "b"], "b": 5], "the alias \"b\" leads to a integer, not an object"),
            (["a": ["$alias": "b"], "b": ["$alias": "a"]], "the alias \"b\" does not lead to an object"),
        ] {
            let error = try #require(throws: ModelError.self) { try codec.encodeTree(tree) }
            #expect(error.reason == .invalidValue(why), "\(tree)")
            #expect(error.path == ModelPath([.key("a")]), "\(tree)")
            #expect(error.format == .keyedArchive)
        }
    }
}
