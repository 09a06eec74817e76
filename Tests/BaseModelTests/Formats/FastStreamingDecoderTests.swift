@testable import BaseModel
import Foundation
import Testing

@Suite("Fast format: the streaming decoder reads what the tree path reads")
struct FastStreamingDecoderTests {
    typealias Fixtures = FastStreamingFixtures
    let registry = FastStreamingFixtures.registry

    /// The reference: the typed tree, then `ModelDecoder`.
    func treeDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        try ModelDecoder(registry: registry).decode(type, from: FastCodec().decodeTree(from: bytes))
    }

    /// Decodes `bytes` by the stream alone (failing if it falls back) and checks the result
    /// against the tree path's.
    func streamed<T: Decodable & Equatable>(_ type: T.Type, _ bytes: Data) throws -> T {
        let value = try FastStreamingDecoder.streamedValue(type, from: bytes, registry: registry)
        #expect(value == (try treeDecoded(type, bytes)))
        return value
    }

    /// The reason the stream gives up on `bytes`, or `nil` when it decodes them.
    func fallbackReason<T: Decodable>(_ type: T.Type, _ bytes: Data) -> String? {
        do {
            _ = try FastStreamingDecoder.streamedValue(type, from: bytes, registry: registry)
            return nil
        } catch let fallback as FastStreamFallback {
            return fallback.reason
        } catch {
            return "\(error)"
        }
    }

    func bytes<T: Model>(_ value: T) throws -> Data { try value.data(format: .fast, context: ModelContext(types: registry)) }

    @Test("citm_catalog.json: streamed, equal to the tree path and to the model written")
    func citm() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        #expect(try streamed(CitmCatalog.self, bytes(model)) == model)
    }

    @Test("canada.json: streamed, equal")
    func canada() throws {
        let model = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        #expect(try streamed(CanadaFeatureCollection.self, bytes(model)) == model)
    }

    @Test("twitter.json: key case, a date transformer and a single-value wrapper, streamed")
    func twitter() throws {
        let model = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        #expect(try streamed(TwitterSearch.self, bytes(model)) == model)
    }

    /// The sample without what the stream leaves to the tree path (a `ModelValue` property and
    /// an unsigned value above `Int64.max`, which is written as a decimal chunk).
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
        #expect(fallbackReason(RoundTripFixtures.Project.self, bytes) == nil)
        let project = try FastStreamingDecoder.streamedValue(RoundTripFixtures.Project.self, from: bytes, registry: registry)
        #expect(project.owner === project.reviewer)
        #expect(project.owner?.name == "Ada")
        #expect(project.attachments == RoundTripFixtures.project().attachments)
    }

    @Test("what the stream leaves to the tree path still decodes, through the tree path")
    func fallbacks() throws {
        // A `ModelValue` property, a Decimal and a URL with the rest.
        let sample = Fixtures.sample()
        let sampleBytes = try bytes(sample)
        #expect(fallbackReason(Fixtures.Sample.self, sampleBytes) != nil)
        #expect(try Fixtures.Sample(data: sampleBytes, context: ModelContext(types: registry)) == sample)

        // A two-step remote key path.
        let venue = Fixtures.Venue(name: "Pleyel", city: "Paris")
        let venueBytes = try bytes(venue)
        #expect(fallbackReason(Fixtures.Venue.self, venueBytes) != nil)
        #expect(try Fixtures.Venue(data: venueBytes, context: ModelContext(types: registry)) == venue)

        // A registered subclass named by the file.
        let ownerBytes = try bytes(Fixtures.owner())
        #expect(fallbackReason(TypedTreeFixtures.Owner.self, ownerBytes) != nil)
        let decoded = try TypedTreeFixtures.Owner(data: ownerBytes, context: ModelContext(types: registry))
        #expect((decoded.pets.first as? TypedTreeFixtures.Dog)?.breed == "Lab")
        #expect(decoded.favourite === decoded.pets.first)
    }

    @Test("a value that needs a coercion is left to the tree path, which reports the mismatch")
    func mismatch() throws {
        let bytes = try FastCodec().encodeTree(["$class": "Note", "rank": "seven"])
        #expect(fallbackReason(Fixtures.Note.self, bytes) != nil)
        let error = #expect(throws: ModelError.self) { try Fixtures.Note(data: bytes, context: ModelContext(types: registry)) }
        #expect(error?.path == ModelPath([.key("rank")]))
    }

    @Test("malformed files give the tree path's error")
    func malformed() throws {
        let good = try bytes(Fixtures.Notes(notes: Fixtures.sample().notes))
        for cut in [0, 4, 19, 20, good.count / 2, good.count - 1] {
            let truncated = good.prefix(cut)
            let expected = try? FastCodec().decodeTree(from: truncated)
            #expect(expected == nil)
            do {
                _ = try FastStreamingDecoder.decode(Fixtures.Notes.self, from: truncated, using: ModelDecoder(registry: registry))
                Issue.record("a file cut at \(cut) decoded")
            } catch {
                var reference: ModelError?
                do { _ = try treeDecoded(Fixtures.Notes.self, truncated) } catch { reference = error as? ModelError }
                #expect(error == reference)
            }
        }
    }

    /// Seeded bit flips and truncations of a citm fast file: whenever the stream decodes, the
    /// tree path decodes the same model; the stream never crashes.
    @Test("4,000 seeded bit flips and truncations: the stream agrees with the tree path or gives up")
    func fuzz() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        let small = CitmCatalog(
            areaNames: Dictionary(uniqueKeysWithValues: model.areaNames.prefix(3).map { ($0.key, $0.value) }),
            events: Dictionary(uniqueKeysWithValues: model.events.prefix(2).map { ($0.key, $0.value) }),
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
            guard let value = try? FastStreamingDecoder.streamedValue(CitmCatalog.self, from: mutated, registry: registry) else {
                continue
            }
            streamedCount += 1
            let reference = try? treeDecoded(CitmCatalog.self, mutated)
            #expect(reference == value, "round \(round): the stream decoded what the tree path did not")
        }
        #expect(streamedCount > 0)
    }
}
