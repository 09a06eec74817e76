@testable import BaseModel
@testable import BaseModelCrypto
import Foundation
import Testing

/// Editing encrypted files in place (what `basemodel set` and `remove` do): CryptoCoding files
/// through their graph, envelopes opened and sealed again as they were.
@Suite("Editing encrypted files", .corpus)
struct EncryptedEditingTests {
    static let formats = TestRegistries.withCrypto(passwords: .fixed(OriginalsCorpus.password))

    static let files = OriginalsCorpus.files(encrypted: true)
        + OriginalsCorpus.files(in: OriginalsCorpus.fromJSON, encrypted: true).map { "fromjson/" + $0 }

    static func data(_ name: String) throws -> Data {
        let folder = name.hasPrefix("fromjson/") ? OriginalsCorpus.fromJSON : OriginalsCorpus.folder
        return try OriginalsCorpus.data(String(name.split(separator: "/").last!), in: folder)
    }

    /// The key path of the graph's first string, in the library's syntax.
    static func firstString(in graph: InputIndex) -> RemoteKeyPath? {
        var visited = Set<Int32>()
        func walk(_ node: Int32, _ components: [RemoteKeyPath.Component]) -> RemoteKeyPath? {
            let value = graph[node]
            if value.kind == .string { return RemoteKeyPath(components: components) }
            guard value.kind.isContainer, visited.insert(node).inserted else { return nil }
            if value.kind == .array {
                for position in 0..<Int(value.count) {
                    if let found = walk(graph.element(of: node, at: position), components + [.init(String(position))]) { return found }
                }
                return nil
            }
            for key in graph.keys(of: node) {
                guard let child = graph.value(of: node, forKey: key, request: -1) else { continue }
                if let found = walk(child, components + [.init(key)]) { return found }
            }
            return nil
        }
        return walk(graph.root, [])
    }

    @Test("a CryptoCoding file edited without a change is sealed afresh with the same values and sharing", arguments: files)
    func unchanged(name: String) throws {
        let data = try Self.data(name)
        let (codec, graph) = try Self.formats.graph(of: data)
        #expect(codec.format == .cryptoCoding)
        let path = try #require(Self.firstString(in: graph), "\(name) holds no string")
        let value = try graph.value(at: path)
        let edited = try Self.formats.editing(data) { graph throws(ModelError) in
            try graph.setting(.string("changed"), at: path).setting(value, at: path)
        }
        #expect(edited.format == .cryptoCoding)
        #expect(edited.data != data)  // a fresh IV and salt
        let again = try Self.formats.graph(of: edited.data)
        #expect(again.codec.format == .cryptoCoding)
        #expect(try again.graph.typedTree() == graph.typedTree(), "\(name)")
    }

    @Test("a CryptoCoding file edited keeps its sharing and needs the same password")
    func changed() throws {
        let data = try OriginalsCorpus.data("people.crypto")
        let edited = try Self.formats.editing(data) { graph throws(ModelError) in try graph.setting("Robert", at: "2.name") }
        let tree = try Self.formats.graph(of: edited.data).graph.typedTree()
        #expect(tree[0]?["buddy"]?["name"] == "Robert")
        #expect(tree[2] == ["$alias": "0.buddy"])
        let wrong = TestRegistries.withCrypto(passwords: .fixed("not-the-interop-password"))
        #expect(throws: ModelError.self) { try wrong.graph(of: edited.data) }
    }

    @Test("an envelope is sealed again with the same password, key derivation, inner format and label")
    func envelope() throws {
        let formats = TestRegistries.withCrypto(passwords: .fixed("pw"), inner: .fast)
        let sealed = try formats.codec(for: .encrypted).encodeTree(["$class": "Note", "title": "a", "tags": ["x"]])
        let resealed = try CryptoFormats.resealing(sealed, in: formats) { inner, format throws(ModelError) in
            #expect(format == .fast)
            return try formats.editing(inner, format: format) { graph throws(ModelError) in try graph.setting("b", at: "title") }.data
        }
        let before = try EnvelopeHeader.decode(sealed).header, after = try EnvelopeHeader.decode(resealed).header
        #expect(after.kdf == before.kdf)
        #expect(after.label == "Note")
        #expect(after.innerFormat == "fast")
        #expect(after.salt != before.salt)
        #expect(try formats.detect(resealed).decodeTree(from: resealed) == ["$class": "Note", "title": "b", "tags": ["x"]])
        let wrong = TestRegistries.withCrypto(passwords: .fixed("other"))
        #expect(throws: ModelError.self) {
            _ = try CryptoFormats.resealing(sealed, in: wrong) { inner, _ throws(ModelError) in inner }
        }
    }
}
