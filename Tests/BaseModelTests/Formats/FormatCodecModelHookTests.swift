import Foundation
import Testing

@testable import BaseModel

/// "Model ↔ bytes in a format" has one home, `FormatCodec.decodeModel`/`encodeModel`: every entry
/// point goes through it, and a codec of one's own (the public graph contract, `decodeGraph` and
/// `encodeGraph`) is used by all of them.
@Suite struct FormatCodecModelHookTests {
    struct Note: Model, Equatable {
        var title = ""
        var tags: [String] = []
    }

    final class Folder: Model {
        var name = ""
        var children: [Folder] = []
    }

    /// A codec as a user writes one, on the graph: it hands JSON's graph on, and counts the calls.
    final class CountingCodec: FormatCodec, @unchecked Sendable {
        let inner: any FormatCodec
        private(set) var decodes = 0
        private(set) var encodes = 0
        init(_ inner: any FormatCodec) { self.inner = inner }
        var format: ModelFormat { ModelFormat(rawValue: "counted-\(inner.format)") }
        var fileExtension: String { inner.fileExtension }
        var storesTypes: Bool { inner.storesTypes }
        func confidence(for data: Data) -> Int? { inner.confidence(for: data).map { $0 + 1 } }
        func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode] {
            decodes += 1
            return try inner.decodeGraph(from: data)
        }
        func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data {
            encodes += 1
            return try inner.encodeGraph(graph)
        }
    }

    @Test func dataFilesAndJSONGoThroughTheCodecsGraph() throws {
        let json = CountingCodec(JSONCodec())
        let formats = FormatRegistry(codecs: [json, FastCodec()])
        let note = Note(title: "Milk", tags: ["home"])
        let bytes = try note.data(format: json.format, context: ModelContext(formats: formats))
        #expect(json.encodes == 1)
        #expect(try Note(data: bytes, context: ModelContext(formats: formats)) == note)
        #expect(json.decodes == 1)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hook-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try note.write(to: url, format: json.format, context: ModelContext(formats: formats))
        #expect(json.encodes == 2)
        #expect(try Note(contentsOf: url, context: ModelContext(formats: formats)) == note)
        #expect(json.decodes == 2)
        #expect(try ModelValue(data: bytes, context: ModelContext(formats: formats)) == ["title": "Milk", "tags": ["home"]])
        #expect(json.decodes == 3)
    }

    /// Objects and sharing reach a codec of one's own as nodes: a class name, and one node named twice.
    @Test func aCodecOfOnesOwnGetsObjectsAndSharingAsNodes() throws {
        let codec = CountingCodec(HRJSONCodec())
        let context = ModelContext(formats: FormatRegistry(codecs: [codec]))
        let root = Folder()
        root.name = "root"
        let child = Folder()
        child.name = "child"
        root.children = [child, child]
        let bytes = try root.data(format: codec.format, context: context)
        let graph = try codec.decodeGraph(from: bytes)
        guard case .object(let className, let properties)? = graph.first, let children = properties["children"] ?? nil,
            case .array(let elements) = graph[children]
        else { Issue.record("not an object with children: \(graph)"); return }
        #expect(className == Folder.typeName)
        #expect(elements.count == 2 && elements[0] == elements[1])
        let back = try Folder(data: bytes, context: context)
        #expect(back.children[0] === back.children[1])
    }

    /// A graph that names no node, or holds itself too deep, is refused with the codec's format.
    @Test func aBadGraphFromACodecIsATypedError() throws {
        struct Broken: FormatCodec {
            let graph: [ModelNode]
            var format: ModelFormat { ModelFormat(rawValue: "broken") }
            var fileExtension: String { "broken" }
            var storesTypes: Bool { false }
            func confidence(for data: Data) -> Int? { 1 }
            func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode] { graph }
            func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data { Data() }
        }
        func read(_ graph: [ModelNode]) -> ModelError? {
            let context = ModelContext(formats: FormatRegistry(codecs: [Broken(graph: graph)]))
            let result = Result { () throws(ModelError) -> ModelValue in try ModelValue(data: Data("x".utf8), context: context) }
            guard case .failure(let error) = result else { return nil }
            return error
        }
        let outOfRange = try #require(read([.array([0, 7])]))
        #expect(outOfRange.format == ModelFormat(rawValue: "broken"))
        #expect("\(outOfRange)".contains("node 0 names node 7, and the graph has 1 nodes"))
        #expect(read([]) != nil)
        // 600 arrays, each holding the next: past the depth limit of 512.
        let deep = (0..<600).map { ModelNode.array($0 == 599 ? [] : [$0 + 1]) }
        let tooDeep = try #require(read(deep))
        #expect("\(tooDeep)".contains("DecodingLimits.maximumDepth"))
        // The same, and a graph just within the limit read as a tree, on a 512 KiB thread stack.
        let (small, _) = SmallStack.run { (read(deep), read(deep.suffix(500).map { node in
            if case .array(let elements) = node { return ModelNode.array(elements.map { $0 - 100 }) }
            return node
        })) }
        #expect(small.0 == tooDeep)
        #expect(small.1 == nil)
        // An array holding itself is a cycle: the tree shows it as an alias to the root.
        #expect(read([.array([0])]) == nil)
        let context = ModelContext(formats: FormatRegistry(codecs: [Broken(graph: [.array([0, 1]), .float(1.5)])]))
        #expect(try ModelValue(data: Data("x".utf8), context: context) == [["$alias": "$root"], 1.5])
    }

    @Test func theDefaultHooksUseTheRegistryOnlyForFormatsThatStoreTypes() throws {
        let registry = ModelRegistry()
        registry.register(Folder.self, name: "Dossier")
        let root = Folder()
        root.name = "root"
        let child = Folder()
        child.name = "child"
        root.children = [child, child]
        let typed = try HRJSONCodec().encodeModel(root, using: ModelEncoder(registry: registry))
        let text = String(decoding: typed, as: UTF8.self)
        #expect(text.contains("Dossier"))
        #expect(text.contains("$alias"))
        let back = try HRJSONCodec().decodeModel(Folder.self, from: typed, using: ModelDecoder(registry: registry))
        #expect(back.children[0] === back.children[1])
        // A plain format ignores the registry: no `$class` in JSON.
        let plain = try JSONCodec().encodeModel(root, using: ModelEncoder(registry: registry))
        #expect(!String(decoding: plain, as: UTF8.self).contains("$class"))
    }

    @Test func fastStreamsAndSafeFastGoesThroughTheTreeWithTheSameResult() throws {
        let root = Folder()
        root.name = "root"
        root.children = [Folder(), Folder()]
        let streamed = try FastCodec().encodeModel(root, using: ModelEncoder())
        let throughTree = try FastCodec(safe: true).encodeModel(root, using: ModelEncoder())
        #expect(streamed == throughTree)
        let back = try FastCodec().decodeModel(Folder.self, from: streamed, using: ModelDecoder())
        #expect(back.name == "root" && back.children.count == 2)
    }

    @Test func writeTakesACustomRegistry() throws {
        let registry = ModelRegistry()
        registry.register(Folder.self, name: "Dossier")
        let folder = Folder()
        folder.name = "docs"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hook-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: url) }
        try folder.write(to: url, format: .hrXML, context: ModelContext(types: registry))
        #expect(try String(contentsOf: url, encoding: .utf8).contains("<string>Dossier</string>"))
        #expect(try Folder(contentsOf: url, context: ModelContext(types: registry)).name == "docs")
    }
}
