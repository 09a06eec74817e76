@testable import BaseModel
@testable import BaseModelCrypto
import Foundation
import Testing

/// An envelope around a plain format holds a typed tree whose aliases name places by dotted key
/// paths; a place under a key that holds dots (`NS.timeZone`) is found again when opened.
@Suite("Envelopes: aliases under keys with dots")
struct EnvelopeDottedKeyTests {
    @Test("a node shared under a key with dots is one node again when opened", arguments: [ModelFormat.json, .xmlPropertyList, .hrJSON, .fast])
    func sharedUnderADottedKey(inner: ModelFormat) throws {
        let formats = TestRegistries.withCrypto(passwords: .fixed("pw"), inner: inner)
        let graph: [ModelNode] = [
            .dictionary(["NS.timeZone": 1, "again": 3]), .dictionary(["inner": 3]), .string("UTC"), .dictionary(["name": 2]),
        ]
        let codec = try formats.codec(for: .encrypted)
        let back = try codec.decodeGraph(from: codec.encodeGraph(graph))
        guard case .dictionary(let root) = back[0], let zone = root["NS.timeZone"], case .dictionary(let entries) = back[zone] else {
            Issue.record("\(back)")
            return
        }
        #expect(root["again"] == entries["inner"], "\(back)")
    }

    @Test("a plain dictionary's $class key is refused inside an envelope around JSON, not read back as a class")
    func reservedKeyInsideAnEnvelope() throws {
        let formats = TestRegistries.withCrypto(passwords: .fixed("pw"), inner: .json)
        let graph: [ModelNode] = [.dictionary(["item": 1]), .dictionary(["$class": 2]), .string("X")]
        let error = #expect(throws: ModelError.self) { try formats.codec(for: .encrypted).encodeGraph(graph) }
        #expect(error?.path == [.key("item"), .key("$class")])
    }
}
