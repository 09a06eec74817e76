@testable import BaseModel
import Foundation
import Testing

@Suite("JSON: one reader, the index; models are decoded from it as from its tree")
struct JSONIndexDecodingTests {
    /// The tree the index gives (``JSONParser``), then the decoder.
    func treeDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws(ModelError) -> T {
        try ModelDecoder().decode(type, from: JSONParser.parse(bytes))
    }

    /// Decodes `bytes` from their index, without a tree.
    func indexDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        try TreeDecoder.decode(type, from: JSONIndex.read(bytes), registry: nil, identityMap: nil, format: .json)
    }

    @Test("every corpus JSON file converted to JSON (its graph replayed into the writer) is the bytes of its tree", .corpus)
    func everyCorpusFile() throws {
        let folder = ModelCorpus.root.appendingPathComponent("json")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 9)
        for name in names {
            let bytes = try ModelCorpus.json(name)
            let tree = try JSONParser.parse(bytes)
            #expect(try FormatRegistry.shared.convert(bytes, to: .json) == JSONWriter.data(from: tree), "\(name)")
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
        let index = try JSONIndex.read(bytes)
        #expect(index.strings.filter { $0 == "name" }.count == 1)
        #expect(index.strings.filter { $0 == "id" }.count == 1)
        #expect(index.keyNumbers?["name"] != nil)
        #expect(try index.typedTree() == [["name": "a", "id": 1], ["name": "b", "id": 2], ["name": "c", "id": 3]])
    }

    @Test(
        "a key twice: the last value at the first key's place, in the index and in models",
        arguments: [
            (#"{"a":1,"b":2,"a":3}"#, ["a", "b"], [3, 2]),
            (#"{"a":1,"\u0061":2}"#, ["a"], [2]),
            (#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k3":10}"#,
             (0..<10).map { "k\($0)" }, [0, 1, 2, 10, 4, 5, 6, 7, 8, 9]),
        ] as [(String, [String], [Int64])])
    func keyTwice(text: String, keys: [String], values: [Int64]) throws {
        let index = try JSONIndex.read(Data(text.utf8))
        #expect(index.keys(of: index.root) == keys)
        #expect((0..<keys.count).map { index.scalar(index.entry(of: index.root, at: $0).value) } == values.map { .integer($0) })
        guard case .dictionary(let tree) = try JSONParser.parse(text) else { Issue.record("not a dictionary"); return }
        #expect(Array(tree.keys) == keys)
        #expect(Array(tree.values) == values.map { .integer($0) })
    }

    @Test("a key twice decodes a model from the index with the last value")
    func keyTwiceInModels() throws {
        struct Pair: Model, Equatable { var a = 0; var b = 0 }
        #expect(try Pair(json: #"{"a":1,"b":2,"a":3}"#) == Pair(a: 3, b: 2))
        #expect(try indexDecoded(Pair.self, Data(#"{"a":1,"b":2,"a":3}"#.utf8)) == Pair(a: 3, b: 2))
        // A nested dictionary given twice: the later one, whole.
        struct Outer: Model, Equatable { var inner: [String: Int] = [:] }
        let nested = Data(#"{"inner":{"x":1,"y":2},"inner":{"z":3}}"#.utf8)
        #expect(try indexDecoded(Outer.self, nested) == Outer(inner: ["z": 3]))
        #expect(try Outer(data: nested) == Outer(inner: ["z": 3]))
    }

    @Test("keys that are not ASCII: equal as Swift strings is one key, spelled as first met")
    func keysThatAreNotASCII() throws {
        struct Accented: Model, Equatable {
            var café = 0
            var other = ""
        }
        // Precomposed in the file, decomposed in the property name (and the reverse).
        #expect(try indexDecoded(Accented.self, Data(#"{"caf\u00e9": 1, "other": "x"}"#.utf8)) == Accented(café: 1, other: "x"))
        #expect(try Accented(data: Data(#"{"cafe\u0301": 2}"#.utf8)) == Accented(café: 2))
        // Both spellings in one document: one key per dictionary, the index keeps each spelling.
        let both = Data(#"[{"caf\u00e9": 1, "cafe\u0301": 2}, {"cafe\u0301": 3}]"#.utf8)
        let index = try JSONIndex.read(both)
        let first = index.element(of: index.root, at: 0)
        let second = index.element(of: index.root, at: 1)
        #expect(index.entryCount(of: first) == 1)
        #expect(Array(index.entry(of: first, at: 0).key.unicodeScalars) == Array("caf\u{E9}".unicodeScalars))
        #expect(index.scalar(index.entry(of: first, at: 0).value) == 2)
        #expect(Array(index.entry(of: second, at: 0).key.unicodeScalars) == Array("cafe\u{301}".unicodeScalars))
        #expect(try indexDecoded([Accented].self, both) == [Accented(café: 2), Accented(café: 3)])
        // The Kelvin sign is canonically the letter K.
        struct Temperature: Model, Equatable { var K = 0 }
        let kelvin = Data("{\"K\": 1, \"\u{212A}\": 2}".utf8)
        #expect(try indexDecoded(Temperature.self, kelvin) == Temperature(K: 2))
        #expect(try JSONParser.parse(kelvin) == ["K": 2])
    }

    @Test("integers above Int64.max are unsigned nodes; larger ones doubles")
    func bigIntegers() throws {
        let index = try JSONIndex.read(Data("[18446744073709551615, 9223372036854775808, 18446744073709551616]".utf8))
        let kinds = (0..<3).map { index[index.element(of: index.root, at: $0)].kind }
        #expect(kinds == [.unsignedInteger, .unsignedInteger, .double])
        struct Counter: Model, Equatable { var total: UInt64 = 0 }
        #expect(try indexDecoded(Counter.self, Data(#"{"total": 18446744073709551615}"#.utf8)) == Counter(total: .max))
        #expect(try Counter(json: #"{"total": 9223372036854775808}"#) == Counter(total: 9_223_372_036_854_775_808))
    }

    @Test(
        "malformed input and nesting past the limit: the reader's error, the same from every entry point",
        arguments: [#"{"a":1,}"#, #"[1 2]"#, #"{"a" 1}"#, "", "   ", #"{"a":"#, #"{"items": [{}, {"count": 01}]}"#,
                    String(repeating: "[", count: 513) + String(repeating: "]", count: 513)])
    func malformed(text: String) throws {
        struct Anything: Model {}
        let bytes = Data(text.utf8)
        let parsed = try #require(throws: ModelError.self) { try JSONParser.parse(bytes) }
        #expect(parsed.format == .json)
        #expect(throws: parsed) { try JSONIndex.read(bytes) }
        #expect(throws: parsed) { try Anything(json: bytes) }
        // Detection takes bytes for JSON when they open a container.
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        #expect(throws: parsed) { try Anything(data: bytes) }
        #expect(throws: parsed) { try ModelValue(data: bytes) }
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

    /// Seeded bit flips and truncations of a small twitter document: a model decoded from the
    /// index is the model decoded from its tree, or fails with the same error; bytes the reader
    /// rejects fail every entry point with its error.
    @Test("4,000 seeded bit flips and truncations: models from the index and from its tree agree", .corpus)
    func fuzz() throws {
        let whole = try JSONParser.parse(ModelCorpus.json("twitter.json"))
        guard case .array(let statuses)? = whole["statuses"] else { Issue.record("no statuses"); return }
        let good = try JSONWriter.data(from: ["statuses": .array(Array(statuses.prefix(2)))])
        var generator = FastCodingMalformedTests.SeededGenerator(state: 0x5EED_15_0A)
        var read = 0
        for round in 0..<4_000 {
            var mutated = good
            if round % 4 == 3 {
                mutated = mutated.prefix(Int.random(in: 0..<good.count, using: &generator))
            } else {
                let position = Int.random(in: 0..<good.count, using: &generator)
                mutated[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            }
            let fromIndex = Result { () throws(ModelError) in try TwitterSearch(data: mutated) }
            guard case .success = Result(catching: { () throws(ModelError) in try JSONIndex.read(mutated) }) else {
                let error = #expect(throws: ModelError.self) { try JSONParser.parse(mutated) }
                #expect(fromIndex.error == error, "round \(round)")
                continue
            }
            read += 1
            let fromTree = Result { () throws(ModelError) in try treeDecoded(TwitterSearch.self, mutated) }
            switch (fromIndex, fromTree) {
            case (.success(let a), .success(let b)): #expect(a == b, "round \(round)")
            case (.failure(let a), .failure(var b)):
                b.format = .json
                #expect(a == b, "round \(round)")
            default: Issue.record("round \(round): \(fromIndex) from the index, \(fromTree) from the tree")
            }
        }
        #expect(read > 1_000)
    }
}

extension Result {
    /// The error of a failure, or `nil`.
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
