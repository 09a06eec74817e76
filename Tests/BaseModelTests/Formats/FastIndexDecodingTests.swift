@testable import BaseModel
import Foundation
import Testing

@Suite("Fast format: the model decoder reads the file's graph as it reads the tree made from it")
struct FastIndexDecodingTests {
    typealias Fixtures = FastStreamingFixtures
    let registry = FastStreamingFixtures.registry

    /// The typed tree of the file's graph (what users see), then `ModelDecoder`: the same
    /// mapping rules reading a tree.
    func treeDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        try ModelDecoder(registry: registry).decode(type, from: FastCodec().decodeTree(from: bytes))
    }

    /// Decodes `bytes` from the file's graph, as `Model(data:)` does.
    func indexDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        try decoded(type, from: FastCodec().readGraph(from: bytes))
    }

    /// Decodes a graph with this suite's types.
    func decoded<T: Decodable>(_ type: T.Type, from graph: InputIndex) throws -> T {
        try TreeDecoder.decode(type, from: graph, registry: registry, identityMap: nil, format: .fast)
    }

    /// Decodes `bytes` from the graph and checks the result against the tree's.
    func streamed<T: Decodable & Equatable>(_ type: T.Type, _ bytes: Data) throws -> T {
        let value = try indexDecoded(type, bytes)
        #expect(value == (try treeDecoded(type, bytes)))
        #expect(value == (try FastCodec().decodeModel(type, from: bytes, using: ModelDecoder(registry: registry))))
        return value
    }

    func bytes<T: Model>(_ value: T) throws -> Data { try value.data(format: .fast, context: ModelContext(types: registry)) }

    @Test("citm_catalog.json: streamed, equal to the tree path and to the model written", .corpus)
    func citm() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        #expect(try streamed(CitmCatalog.self, bytes(model)) == model)
    }

    @Test("canada.json: streamed, equal", .corpus)
    func canada() throws {
        let model = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        #expect(try streamed(CanadaFeatureCollection.self, bytes(model)) == model)
    }

    @Test("twitter.json: key case, a date transformer and a single-value wrapper, streamed", .corpus)
    func twitter() throws {
        let model = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        #expect(try streamed(TwitterSearch.self, bytes(model)) == model)
    }

    /// The sample without a `ModelValue` property and an unsigned value above `Int64.max`
    /// (written as a decimal chunk).
    struct Streamable: Model, Equatable {
        var extent = FastStreamingFixtures.Sample.Extent()
        var counts: [String: Int] = [:]
        var names: [Int: String] = [:]
        var maybe: [Int?] = []
        var ratio: Float = 0
        var small: Int8 = 0
        var unsigned: UInt32 = 0
        var price = Decimal(0)
        var link = URL(string: "https://example.com")!
        var bytes = Data()
        var when = Date(timeIntervalSinceReferenceDate: 0)
        var notes: [FastStreamingFixtures.Note] = []
        var lookup: [String: FastStreamingFixtures.Note] = [:]

        static var keyCase: KeyCase { .snakeCase }
    }

    @Test("plain structs under a key case, dictionaries with string and integer keys, optionals in arrays, every scalar type")
    func scalarsAndPlainValues() throws {
        let sample = Fixtures.sample()
        let model = Streamable(
            extent: sample.extent, counts: sample.counts, names: sample.names, maybe: sample.maybe, ratio: sample.ratio,
            small: sample.small, unsigned: 4_000_000_000, price: sample.price, link: sample.link, bytes: sample.bytes,
            when: sample.when, notes: sample.notes, lookup: sample.lookup)
        #expect(try streamed(Streamable.self, bytes(model)) == model)
    }

    @Test("nil optionals and widened class definitions take the defaults")
    func widening() throws {
        let notes = Fixtures.Notes(notes: Fixtures.sample().notes)
        #expect(try streamed(Fixtures.Notes.self, bytes(notes)) == notes)
    }

    @Test("a key missing from the class takes the model's default; an extra key is ignored")
    func missingAndExtraKeys() throws {
        // Written as a typed tree by hand: `rank` is missing, `colour` is not a property.
        let tree: ModelValue = ["$class": "Note", "title": "t", "colour": "red"]
        let bytes = try FastCodec().encodeTree(tree)
        let note = try streamed(Fixtures.Note.self, bytes)
        #expect(note == Fixtures.Note(title: "t", rank: 0, body: nil))
    }

    @Test("a model read from a plain dictionary (a file written from a JSON tree)")
    func modelFromDictionary() throws {
        let bytes = try FastCodec().encodeTree(["notes": [["title": "a", "rank": 2], ["rank": 3]]])
        let notes = try streamed(Fixtures.Notes.self, bytes)
        #expect(notes.notes == [Fixtures.Note(title: "a", rank: 2), Fixtures.Note(rank: 3)])
    }

    @Test("a shared class instance comes back as one instance")
    func sharedInstance() throws {
        let bytes = try bytes(RoundTripFixtures.project())
        let project = try indexDecoded(RoundTripFixtures.Project.self, bytes)
        #expect(project.owner === project.reviewer)
        #expect(project.owner?.name == "Ada")
        #expect(project.attachments == RoundTripFixtures.project().attachments)
    }

    @Test("one set of mapping rules: key paths, subclasses, ModelValue properties and transformers read from the index")
    func mappingRulesOnTheIndex() throws {
        // A two-step remote key path.
        let venue = Fixtures.Venue(name: "Pleyel", city: "Paris")
        #expect(try streamed(Fixtures.Venue.self, bytes(venue)) == venue)

        // A registered subclass named by the file, and a shared instance of it.
        let ownerBytes = try bytes(Fixtures.owner())
        let decoded = try indexDecoded(TypedTreeFixtures.Owner.self, ownerBytes)
        #expect((decoded.pets.first as? TypedTreeFixtures.Dog)?.breed == "Lab")
        #expect(decoded.favourite === decoded.pets.first)
    }

    @Test("a decimal chunk, a ModelValue property and aliases to containers are read from the graph too")
    func everythingFromTheGraph() throws {
        let sample = Fixtures.sample()
        let sampleBytes = try bytes(sample)
        let graph = try FastCodec().readGraph(from: sampleBytes)
        #expect(graph.nodes.contains { $0.variant == .decimal && $0.kind == .unsignedInteger && $0.payload == UInt64.max })
        #expect(try streamed(Fixtures.Sample.self, sampleBytes) == sample)
        #expect(try Fixtures.Sample(data: sampleBytes, context: ModelContext(types: registry)) == sample)
        // A list shared by two properties (an alias to an immutable array): each reads it.
        let shared = try FastCodec().encodeTree(["$class": "Notes", "notes": [["rank": 1]], "more": ["$alias": "notes"]])
        #expect(try streamed(Fixtures.Notes.self, shared).notes == [Fixtures.Note(rank: 1)])
        struct Two: Model, Equatable { var notes: [Fixtures.Note] = []; var more: [Fixtures.Note] = [] }
        #expect(try indexDecoded(Two.self, shared) == Two(notes: [Fixtures.Note(rank: 1)], more: [Fixtures.Note(rank: 1)]))
    }

    @Test("a value of the wrong kind is the tree path's error, with its path, from the index")
    func mismatch() throws {
        let bytes = try FastCodec().encodeTree(["$class": "Note", "rank": "seven"])
        let error = #expect(throws: ModelError.self) { try indexDecoded(Fixtures.Note.self, bytes) }
        #expect(error?.path == ModelPath([.key("rank")]))
        let treeError = #expect(throws: ModelError.self) { try treeDecoded(Fixtures.Note.self, bytes) }
        #expect(error?.reason == treeError?.reason)
    }

    @Test("user code runs once: init(from:) is called once per object, also when a value does not fit")
    func userCodeRunsOnce() throws {
        CountingNote.decodes.withLock { $0 = 0 }
        let good = try FastCodec().encodeTree(["$class": "CountingNote", "rank": 3])
        #expect(try CountingNote(data: good, context: ModelContext(types: registry)).rank == 3)
        #expect(CountingNote.decodes.withLock { $0 } == 1)
        let bad = try FastCodec().encodeTree(["$class": "CountingNote", "rank": "seven"])
        #expect(throws: ModelError.self) { try CountingNote(data: bad, context: ModelContext(types: registry)) }
        #expect(CountingNote.decodes.withLock { $0 } == 2)
    }

    @Test("malformed files give the same error to a model and to the tree")
    func malformed() throws {
        let good = try bytes(Fixtures.Notes(notes: Fixtures.sample().notes))
        for cut in [0, 4, 19, 20, good.count / 2, good.count - 1] {
            let truncated = good.prefix(cut)
            let expected = try? FastCodec().decodeTree(from: truncated)
            #expect(expected == nil)
            do {
                _ = try FastCodec().decodeModel(Fixtures.Notes.self, from: truncated, using: ModelDecoder(registry: registry))
                Issue.record("a file cut at \(cut) decoded")
            } catch {
                var reference: ModelError?
                do { _ = try treeDecoded(Fixtures.Notes.self, truncated) } catch { reference = error as? ModelError }
                #expect(error == reference)
            }
        }
    }

    /// Seeded bit flips and truncations of a citm fast file: whenever the graph decodes, the
    /// tree made from it decodes the same model; nothing crashes.
    @Test("4,000 seeded bit flips and truncations: whatever the graph decodes, its tree decodes the same", .corpus)
    func fuzz() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        let small = CitmCatalog(
            areaNames: Dictionary(uniqueKeysWithValues: model.areaNames.sorted { $0.key < $1.key }.prefix(3).map { ($0.key, $0.value) }),
            events: Dictionary(uniqueKeysWithValues: model.events.sorted { $0.key < $1.key }.prefix(2).map { ($0.key, $0.value) }),
            performances: Array(model.performances.prefix(3)))
        let good = try bytes(small)
        var generator = FastCodingMalformedTests.SeededGenerator(state: 0x5EED_FA57)
        var streamedCount = 0
        for round in 0..<4_000 {
            var mutated = good
            if round % 4 == 3 {
                mutated = mutated.prefix(Int.random(in: 0..<good.count, using: &generator))
            } else {
                let position = Int.random(in: 0..<good.count, using: &generator)
                mutated[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            }
            guard let graph = try? FastCodec().readGraph(from: mutated), let value = try? decoded(CitmCatalog.self, from: graph) else {
                continue
            }
            streamedCount += 1
            let reference = try? treeDecoded(CitmCatalog.self, mutated)
            #expect(reference == value, "round \(round): the stream decoded what the tree path did not")
        }
        #expect(streamedCount > 0)
    }

    /// Any JSON-like value, read by trying each kind in turn (as user code does).
    indirect enum AnyValue: Decodable, Equatable {
        case text(String)
        case list([AnyValue])
        case map([String: AnyValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let list = try? container.decode([AnyValue].self) {
                self = .list(list)
            } else {
                self = .map(try container.decode([String: AnyValue].self))
            }
        }
    }

    @Test("a file whose arrays hold themselves, read into a recursive type, is a typed error, not a crash, on a 512 KiB stack", .corpus)
    func cycleThroughPlainContainers() throws {
        // cycle.fast: a mutable array holding "head" and {"parent": the array}.
        let data = try OriginalsCorpus.data("cycle.fast")
        let outcome = SmallStack.run {
            Result { () throws(ModelError) -> AnyValue in try FastCodec().decodeModel(AnyValue.self, from: data, using: ModelDecoder()) }
        }.result
        guard case .failure(let error) = outcome else {
            Issue.record("a cycle was decoded into values")
            return
        }
        #expect(error.format == .fast)
        // A property that asks for a tree gets the cycle's own error.
        let treeError = try #require(throws: ModelError.self) {
            try FastCodec().decodeModel([ModelValue].self, from: data, using: ModelDecoder())
        }
        #expect(treeError.description.contains("cycle"), "\(treeError)")
    }

    /// A note that counts how often its `init(from:)` runs.
    struct CountingNote: Model {
        static let decodes = Locked(0)
        var rank = 0

        init() {}

        init(from decoder: any Decoder) throws {
            Self.decodes.withLock { $0 += 1 }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rank = try container.decode(Int.self, forKey: .rank)
        }
    }
}
