@testable import BaseModel
import Foundation
import Testing

/// The keys typed documents treat specially: an alias's key path through a key that holds dots
/// (keyed archives' `NS.timeZone`) names the place it was written for, and a key `$class` or
/// `$alias` that a typed document would read as a class or an alias is refused when written,
/// with its path, instead of giving a file that reads back as something else.
@Suite("Typed documents: dotted keys in alias paths, and the reserved keys")
struct TypedDocumentKeyTests {
    /// `{"NS.timeZone": {"inner": d}, "again": d}` with `d = {"name": "UTC"}` one shared node.
    static let dottedGraph: [ModelNode] = [
        .dictionary(["NS.timeZone": 1, "again": 3]), .dictionary(["inner": 3]), .string("UTC"), .dictionary(["name": 2]),
    ]

    /// The child of a dictionary node of `graph` at `key`.
    static func child(_ graph: [ModelNode], of node: Int, _ key: String) -> Int? {
        guard case .dictionary(let entries) = graph[node] else { return nil }
        return entries[key]
    }

    @Test("a key path through a key with dots finds it, the longest key first, backing off when it leads nowhere")
    func resolvesDottedKeys() {
        let tree: ModelValue = [
            "NS.timeZone": ["inner": ["name": "UTC"]],
            "a": ["b": ["d": 1]],
            "a.b": ["c": 2],
            "list": [["x.y": 3]],
        ]
        #expect(TypedTree.resolve("NS.timeZone.inner.name", in: tree) == "UTC")
        #expect(TypedTree.resolve("a.b.c", in: tree) == 2)
        #expect(TypedTree.resolve("a.b.d", in: tree) == 1)
        #expect(TypedTree.resolve("list.0.x.y", in: tree) == 3)
        #expect(TypedTree.resolve("NS", in: tree) == nil)
        #expect(TypedTree.resolve("a.b.e", in: tree) == nil)
        // A path still never runs through an alias.
        let aliased: ModelValue = ["k.l": ["$alias": "a"], "a": ["m": 1]]
        #expect(TypedTree.resolve("k.l.m", in: aliased) == nil)
        #expect(TypedTree.resolve("k.l", in: aliased) == ["$alias": "a"])
    }

    @Test("a node shared under a key with dots stays one node through every format that keeps sharing",
          arguments: [ModelFormat.hrJSON, .hrXML, .hrBinary, .keyedArchive, .fast, .binaryPropertyList])
    func sharingUnderADottedKey(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        let back = try codec.decodeGraph(from: codec.encodeGraph(Self.dottedGraph))
        let zone = try #require(Self.child(back, of: 0, "NS.timeZone"))
        let inner = try #require(Self.child(back, of: zone, "inner"))
        #expect(Self.child(back, of: 0, "again") == inner, "\(back)")
    }

    @Test("JSON writes the alias with the dotted key as it is, and its typed tree reads the same value there")
    func jsonAliasUnderADottedKey() throws {
        let json = try JSONCodec().encodeGraph(Self.dottedGraph)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""again":{"$alias":"NS.timeZone.inner"}"#), "\(text)")
        let tree = try InputIndex(typedTree: JSONCodec().decodeTree(from: json)).typedTree()
        #expect(tree["again"] == ["$alias": "NS.timeZone.inner"])
        #expect(try ModelValue(data: json)["again"] == ["$alias": "NS.timeZone.inner"])
    }

    /// `[{"$class": "X"}, M {"$class": "X"}]`: a plain dictionary and an object with the key.
    static let reservedGraph: [ModelNode] = [
        .array([1, 2]), .dictionary(["$class": 3]), .object(className: "M", properties: ["$class": 3]), .string("X"),
    ]

    static let classReason = ModelError.Reason.unsupported(
        "the key $class is reserved in typed documents, which read a dictionary holding it as an object of the class it names")

    /// The class name of the object at `node` of `graph`, if it is one.
    static func className(_ graph: [ModelNode], _ node: Int) -> String? {
        guard case .object(let name, _) = graph[node] else { return nil }
        return name
    }

    @Test("HR and fast write a plain dictionary's $class as the originals did, read back as an object of that class",
          arguments: [ModelFormat.hrJSON, .hrXML, .hrBinary, .fast])
    func plainClassKeyIsAnObject(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        let graph: [ModelNode] = [.dictionary(["item": 1]), .dictionary(["$class": 2, "name": 3]), .string("IOPerson"), .string("Zed")]
        let back = try codec.decodeGraph(from: codec.encodeGraph(graph))
        let item = try #require(Self.child(back, of: 0, "item"))
        #expect(Self.className(back, item) == "IOPerson", "\(back)")
    }

    @Test("HR refuses what it could not read back: a $class that is no class name, a Foundation value's, $alias and $data keys, an object's $class",
          arguments: [ModelFormat.hrJSON, .hrXML, .hrBinary])
    func hrRefusesReservedKeys(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        func error(_ graph: [ModelNode]) -> ModelError? {
            #expect(throws: ModelError.self) { try codec.encodeGraph(graph) }
        }
        let number = error([.dictionary(["a": 1]), .dictionary(["$class": 2]), .integer(5)])
        #expect(number?.reason == .typeMismatch(expected: "a class name", found: "integer"))
        #expect(number?.path == [.key("a"), .key("$class")])
        #expect(number?.format == format)
        let date = error([.dictionary(["$class": 1]), .string("NSDate")])
        #expect(date?.reason == DocumentRecorder.foundationClassReason("NSDate"))
        #expect(date?.path == [.key("$class")])
        let alias = error([.dictionary(["list": 1]), .array([2]), .dictionary(["$alias": 3]), .string("list")])
        #expect(alias?.reason == .unsupported(
            "the key $alias is reserved in typed documents, which read a dictionary holding it as an alias"))
        #expect(alias?.path == [.key("list"), .index(0), .key("$alias")])
        let object = error(Self.reservedGraph)
        #expect(object?.reason == Self.classReason)
        #expect(object?.path == [.index(1), .key("$class")])
        if format == .hrJSON {
            #expect(object?.description == "[1].$class: unsupported: the key $class is reserved in typed documents, which read a dictionary holding it as an object of the class it names (hr-json)")
        }
    }

    @Test("keyed archives and JSON keep a plain dictionary's $class key, and refuse it as an object's property",
          arguments: [ModelFormat.keyedArchive, .json])
    func objectClassKeyIsRefused(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        let plain: [ModelNode] = [.dictionary(["$class": 1]), .string("X")]
        let back = try codec.decodeGraph(from: codec.encodeGraph(plain))
        guard case .dictionary(let entries) = back[0], let value = entries["$class"] else {
            Issue.record("\(back)")
            return
        }
        #expect(back[value] == .string("X"))
        let error = #expect(throws: ModelError.self) { try codec.encodeGraph(Self.reservedGraph) }
        #expect(error?.reason == Self.classReason)
        #expect(error?.path == [.index(1), .key("$class")])
    }

    @Test("typed.keyed, an archive of JSON with $class, converts to HR as HRCoder wrote it and to fast as FastCoding did", .corpus)
    func originalsFromJSON() throws {
        let keyed = try Data(contentsOf: OriginalsCorpus.fromJSON.appendingPathComponent("typed.keyed"))
        // HRCoder's JSON writer wrote whole doubles as `5`, so the objects and keys are compared.
        let hr = try ModelValue(data: FormatRegistry.shared.convert(keyed, to: .hrJSON))
        let original = try ModelValue(data: Data(contentsOf: OriginalsCorpus.fromJSON.appendingPathComponent("typed.hr.json")))
        #expect(hr["$class"] == "IOPerson" && original["$class"] == "IOPerson")
        #expect(hr["buddy"]?["$class"] == "IOPerson" && original["buddy"]?["$class"] == "IOPerson")
        func keys(_ value: ModelValue) -> Set<String> {
            guard case .dictionary(let entries) = value else { return [] }
            return Set(entries.keys)
        }
        #expect(keys(hr) == keys(original) && keys(hr).count == 6)
        #expect(hr["name"] == original["name"] && hr["tags"] == original["tags"])
        let fast = try FormatRegistry.shared.convert(keyed, to: .fast)
        #expect(try ModelValue(data: fast) == ModelValue(data: Data(contentsOf: OriginalsCorpus.fromJSON.appendingPathComponent("typed.fast"))))
    }
}
