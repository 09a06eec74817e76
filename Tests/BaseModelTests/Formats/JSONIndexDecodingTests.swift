@testable import BaseModel
import Foundation
import Testing

@Suite("JSON: the model decoder reads an index of the bytes as it reads the parsed tree")
struct JSONIndexDecodingTests {
    /// The reference: the parsed tree, then the decoder.
    func treeDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws(ModelError) -> T {
        try ModelDecoder().decode(type, from: JSONParser.parse(bytes))
    }

    /// Decodes `bytes` through the index alone (failing if the index declines them).
    func indexDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        let index = try #require(JSONIndex.ofDocument(bytes), "the index declined the document")
        return try TreeDecoder.decode(type, from: index, registry: nil, identityMap: nil, format: .json)
    }

    /// The index of `bytes` rebuilt as a tree.
    func indexTree(_ bytes: Data) throws -> ModelValue? {
        try JSONIndex.ofDocument(bytes).map { try $0.tree(at: $0.root) }
    }

    @Test("every corpus JSON file: the index holds the parsed tree, key order and number kinds included", .corpus)
    func everyCorpusFile() throws {
        let folder = ModelCorpus.root.appendingPathComponent("json")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 9)
        for name in names {
            let bytes = try ModelCorpus.json(name)
            let tree = try JSONParser.parse(bytes)
            let indexed = try #require(try indexTree(bytes), "\(name): declined")
            #expect(indexed.orderedEquals(tree), "\(name)")
        }
    }

    @Test("twitter, citm and canada models: the index path gives the tree path's model", .corpus)
    func corpusModels() throws {
        let twitter = try ModelCorpus.json("twitter.json")
        #expect(try indexDecoded(TwitterSearch.self, twitter) == treeDecoded(TwitterSearch.self, twitter))
        let citm = try ModelCorpus.json("citm_catalog.json")
        #expect(try indexDecoded(CitmCatalog.self, citm) == treeDecoded(CitmCatalog.self, citm))
        let canada = try ModelCorpus.json("canada.json")
        #expect(try indexDecoded(CanadaFeatureCollection.self, canada) == treeDecoded(CanadaFeatureCollection.self, canada))
        // And the public entry points take the index.
        #expect(try TwitterSearch(data: twitter) == treeDecoded(TwitterSearch.self, twitter))
        #expect(try TwitterSearch(json: twitter) == treeDecoded(TwitterSearch.self, twitter))
        #expect(try TwitterSearch(object: twitter) == treeDecoded(TwitterSearch.self, twitter))
    }

    @Test("keys are interned: a key repeated in every element is one string, an escaped spelling is the same key")
    func internedKeys() throws {
        let bytes = Data(#"[{"name":"a","id":1},{"name":"b","id":2},{"n\u0061me":"c","id":3}]"#.utf8)
        let index = try #require(JSONIndex.ofDocument(bytes))
        #expect(index.strings.filter { $0 == "name" }.count == 1)
        #expect(index.strings.filter { $0 == "id" }.count == 1)
        #expect(try index.tree(at: index.root).orderedEquals(try JSONParser.parse(bytes)))
    }

    @Test(
        "what the index leaves to the tree parser: a key twice, a key that is not ASCII, an integer above Int64.max, malformed input",
        arguments: [
            #"{"a":1,"b":2,"a":3}"#, #"{"a":1,"\u0061":2}"#,
            #"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k3":10}"#,
            #"{"é":1}"#, #"[18446744073709551615]"#, #"{"a":1,}"#, #"[1 2]"#, #"{"a" 1}"#, "", "   ", #"{"a":"#,
        ])
    func declined(_ text: String) {
        #expect(JSONIndex.ofDocument(Data(text.utf8)) == nil)
    }

    @Test("a document the index declines decodes through the tree: the last of two equal keys wins")
    func declinedDocumentsStillDecode() throws {
        struct Pair: Model, Equatable { var a = 0; var b = 0 }
        #expect(try Pair(json: #"{"a":1,"b":2,"a":3}"#) == Pair(a: 3, b: 2))
        #expect(try Pair(data: Data(#"{"a":1,"b":2,"a":3}"#.utf8)) == Pair(a: 3, b: 2))
    }

    @Test("a value of the wrong kind: the same error and path from the index as from the tree, in format json")
    func mismatch() throws {
        struct Inner: Model, Equatable { var count = 0 }
        struct Outer: Model, Equatable { var items: [Inner] = [] }
        let bytes = Data(#"{"items":[{"count":1},{"count":"12k"}]}"#.utf8)
        let fromIndex = #expect(throws: ModelError.self) { try Outer(data: bytes) }
        var fromTree = #expect(throws: ModelError.self) { try treeDecoded(Outer.self, bytes) }
        fromTree?.format = .json
        #expect(fromIndex == fromTree)
        #expect(fromIndex?.path.description == "items[1].count")
        #expect(fromIndex?.format == .json)
    }

    @Test("user code runs once per object: init(from:) is called once, also when a value does not fit")
    func userCodeRunsOnce() throws {
        FastIndexDecodingTests.CountingNote.decodes.withLock { $0 = 0 }
        struct Notes: Model { var notes: [FastIndexDecodingTests.CountingNote] = [] }
        _ = try Notes(json: #"{"notes":[{"rank":1},{"rank":2}]}"#)
        #expect(FastIndexDecodingTests.CountingNote.decodes.withLock { $0 } == 2)
        FastIndexDecodingTests.CountingNote.decodes.withLock { $0 = 0 }
        #expect(throws: ModelError.self) {
            try FastIndexDecodingTests.CountingNote(json: #"{"rank":"first"}"#)
        }
        #expect(FastIndexDecodingTests.CountingNote.decodes.withLock { $0 } == 1)
    }

    /// Seeded bit flips and truncations of a small twitter document: whatever the index accepts,
    /// the parser parses to the same tree, and whatever the parser rejects, the index declines.
    @Test("4,000 seeded bit flips and truncations: the index and the parser agree", .corpus)
    func fuzz() throws {
        let whole = try JSONParser.parse(ModelCorpus.json("twitter.json"))
        guard case .array(let statuses)? = whole["statuses"] else { Issue.record("no statuses"); return }
        let good = try JSONWriter.data(from: ["statuses": .array(Array(statuses.prefix(2)))])
        var generator = FastCodingMalformedTests.SeededGenerator(state: 0x5EED_15_0A)
        var accepted = 0
        for round in 0..<4_000 {
            var mutated = good
            if round % 4 == 3 {
                mutated = mutated.prefix(Int.random(in: 0..<good.count, using: &generator))
            } else {
                let position = Int.random(in: 0..<good.count, using: &generator)
                mutated[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            }
            let parsed = try? JSONParser.parse(mutated)
            guard let indexed = try indexTree(mutated) else { continue }
            accepted += 1
            #expect(parsed.map { indexed.orderedEquals($0) } == true, "round \(round): the index accepted what the parser did not")
        }
        #expect(accepted > 1_000)
    }
}
