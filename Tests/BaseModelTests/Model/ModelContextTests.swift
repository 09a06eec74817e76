import Foundation
import Testing

@testable import BaseModel

/// One value carries the registries, the identity map and the folder, and every entry point
/// takes it.
@Suite struct ModelContextTests {
    final class Crate: Model {
        var label = ""
        var inner: [Crate] = []
    }

    @Test func writingAndReadingUseTheContextsTypesAndFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-context-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = ModelRegistry()
        types.register(Crate.self, name: "Kiste")
        let context = ModelContext(types: types, applicationSupport: folder)
        let crate = Crate()
        crate.label = "tools"
        let url = try crate.write(to: "Crates/tools.plist", format: .hrXML, context: context)
        #expect(url == folder.appendingPathComponent("Crates/tools.plist"))
        #expect(try String(contentsOf: url, encoding: .utf8).contains("<string>Kiste</string>"))
        #expect(try Crate(contentsOf: "Crates/tools.plist", context: context).label == "tools")
        #expect(try ModelValue(contentsOf: "Crates/tools.plist", context: context)["$class"] == "Kiste")
    }

    @Test func theContextsIdentityMapResolvesLiveProperties() throws {
        let map = IdentityMap()
        let context = ModelContext(identityMap: map)
        let game = try FDGame(object: ["id": "1", "publisher": ["id": "p1", "name": "Acme"]], context: context)
        #expect(map.existing(Publisher.self, id: "p1") === game.publisher)
        let again = try FDGame(json: #"{"id": "2", "publisher": "p1"}"#, context: context)
        #expect(again.publisher === game.publisher)
    }

    /// A codec that reads or writes models itself is handed the caller's whole context, not
    /// only its types and identity map.
    @Test func decodersAndEncodersHandTheWholeContextOn() {
        let folder = URL(fileURLWithPath: "/tmp/bm-elsewhere")
        let formats = FormatRegistry()
        let limits = DecodingLimits(maximumDepth: 7)
        let context = ModelContext(formats: formats, applicationSupport: folder, limits: limits)
        for handed in [context.decoder.context, context.plainDecoder.context, context.encoder.context, context.plainEncoder.context] {
            #expect(handed.formats === formats)
            #expect(handed.limits == limits)
            #expect(handed.applicationSupport == folder)
        }
    }

    @Test func storesTakeAContext() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-context-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try DirectoryStore(directory: folder, format: .fast, context: ModelContext(types: ModelRegistry()))
        try await store.save(Publisher(id: "p", name: "Acme"))
        #expect(try await store.fetch(Publisher.self, id: "p")?.name == "Acme")
    }
}
