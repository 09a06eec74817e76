import Foundation
import Testing

@testable import BaseModel

/// "Model ↔ bytes in a format" has one home, `FormatCodec.decodeModel`/`encodeModel`: every entry
/// point goes through it, and the model hooks of a codec that has them (`ModelCodec`) are used
/// everywhere.
@Suite struct FormatCodecModelHookTests {
    struct Note: Model, Equatable {
        var title = ""
        var tags: [String] = []
    }

    final class Folder: Model {
        var name = ""
        var children: [Folder] = []
    }

    /// Wraps a codec and counts the model-level calls that reach it.
    final class CountingCodec: ModelCodec, @unchecked Sendable {
        let inner: any FormatCodec
        private(set) var decodes = 0
        private(set) var encodes = 0
        init(_ inner: any FormatCodec) { self.inner = inner }
        var format: ModelFormat { inner.format }
        var fileExtension: String { inner.fileExtension }
        var storesTypes: Bool { inner.storesTypes }
        func confidence(for data: Data) -> Int? { inner.confidence(for: data) }
        func decodeTree(from data: Data) throws(ModelError) -> ModelValue { try inner.decodeTree(from: data) }
        func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data { try inner.encodeTree(tree) }
        func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, context: ModelContext) throws(ModelError) -> T {
            decodes += 1
            return try inner.decodeModel(type, from: data, using: context.decoder)
        }
        func encodeModel<T: Encodable>(_ value: T, context: ModelContext) throws(ModelError) -> Data {
            encodes += 1
            return try inner.encodeModel(value, using: context.encoder)
        }
    }

    @Test func dataFilesAndJSONGoThroughTheCodecsModelHooks() throws {
        let json = CountingCodec(JSONCodec())
        let formats = FormatRegistry(codecs: [json, FastCodec()])
        let note = Note(title: "Milk", tags: ["home"])
        let bytes = try note.data(format: .json, context: ModelContext(formats: formats))
        #expect(json.encodes == 1)
        #expect(try Note(data: bytes, context: ModelContext(formats: formats)) == note)
        #expect(json.decodes == 1)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hook-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try note.write(to: url, format: .json, context: ModelContext(formats: formats))
        #expect(json.encodes == 2)
        #expect(try Note(contentsOf: url, context: ModelContext(formats: formats)) == note)
        #expect(json.decodes == 2)
    }

    /// A codec as a user writes one: the tree and nothing else.
    final class TreeOnlyCodec: FormatCodec, @unchecked Sendable {
        private(set) var treesRead = 0
        private(set) var treesWritten = 0
        var format: ModelFormat { ModelFormat(rawValue: "tree-only") }
        var fileExtension: String { "json" }
        func confidence(for data: Data) -> Int? { JSONCodec().confidence(for: data) }
        func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
            treesRead += 1
            return try JSONCodec().decodeTree(from: data)
        }
        func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
            treesWritten += 1
            return try JSONCodec().encodeTree(tree)
        }
    }

    @Test func aCodecWithoutModelHooksReadsAndWritesModelsThroughItsTree() throws {
        let codec = TreeOnlyCodec()
        let context = ModelContext(formats: FormatRegistry(codecs: [codec]))
        let note = Note(title: "Milk", tags: ["home"])
        let bytes = try note.data(format: codec.format, context: context)
        #expect(codec.treesWritten == 1)
        #expect(try Note(data: bytes, context: context) == note)
        #expect(codec.treesRead == 1)
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
