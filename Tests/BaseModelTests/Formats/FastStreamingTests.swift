@testable import BaseModel
import Foundation
import Testing

/// Models that exercise what the streaming fast encoder must reproduce of the tree path.
enum FastStreamingFixtures {
    /// Optionals that are nil in one instance and not in the next: the class definition widens.
    struct Note: Model, Equatable {
        var title: String?
        var rank = 0
        var body: String?
    }

    /// A list of notes.
    struct Notes: Model, Equatable {
        var notes: [Note] = []
    }

    /// A plain (non-model) struct, dictionaries with string and integer keys, optionals in arrays,
    /// and the scalar types the tree encoder boxes specially.
    struct Sample: Model, Equatable {
        struct Extent: Codable, Equatable { var width = 0; var height = 0 }
        var extent = Extent()
        var counts: [String: Int] = [:]
        var names: [Int: String] = [:]
        var maybe: [Int?] = []
        var ratio: Float = 0
        var huge: UInt64 = 0
        var small: Int8 = 0
        var price = Decimal(0)
        var link = URL(string: "https://example.com")!
        var bytes = Data()
        var when = Date(timeIntervalSinceReferenceDate: 0)
        var any: ModelValue = .null
        var notes: [Note] = []
        var lookup: [String: Note] = [:]

        static var keyCase: KeyCase { .snakeCase }
    }

    /// A remote key path of two steps: the encoder buffers the model.
    struct Venue: Model, Equatable {
        var name = ""
        var city = ""
        static let keyPaths: [String: RemoteKeyPath] = ["city": "address.city"]
    }

    /// A class model in a cycle.
    final class Node: Model, @unchecked Sendable {
        var name = ""
        var next: Node?
        required init() {}
    }

    static func sample() -> Sample {
        var sample = Sample()
        sample.extent = .init(width: 640, height: 480)
        sample.counts = ["a": 1, "b": 128, "c": -40_000]
        sample.names = [1: "one", 2: "two"]
        sample.maybe = [1, nil, 3]
        sample.ratio = 0.1
        sample.huge = UInt64.max
        sample.small = -7
        sample.price = Decimal(string: "12.5")!
        sample.bytes = Data([1, 2, 3, 4, 5])
        sample.when = Date(timeIntervalSinceReferenceDate: 542_911_754.165_382_98)
        sample.any = ["list": [1, "two", 3.5, true, .null], "empty": [:]]
        sample.notes = [Note(title: nil, rank: 1, body: "x"), Note(title: "t", rank: 2, body: nil), Note(title: "t", rank: 0, body: "x")]
        sample.lookup = ["only": Note(title: "t", rank: 3, body: nil)]
        return sample
    }

    /// An owner of a `Dog` (a registered subclass) and an `Animal`, the dog also their favourite.
    static func owner() -> TypedTreeFixtures.Owner {
        let rex = TypedTreeFixtures.Dog()
        rex.name = "Rex"
        rex.breed = "Lab"
        let owner = TypedTreeFixtures.Owner()
        owner.pets = [rex, TypedTreeFixtures.Animal()]
        owner.favourite = rex
        return owner
    }

    static let registry: ModelRegistry = {
        let registry = ModelRegistry()
        for type: any Model.Type in [
            Note.self, Notes.self, Sample.self, Venue.self, Node.self,
            RoundTripFixtures.Project.self, RoundTripFixtures.Person.self, RoundTripFixtures.Attachment.self,
            TypedTreeFixtures.Animal.self, TypedTreeFixtures.Dog.self, TypedTreeFixtures.Owner.self,
            TwitterSearch.self, SearchMetadata.self, Status.self, StatusMetadata.self, User.self, UserEntities.self,
            URLEntities.self, Entities.self, Hashtag.self, URLEntity.self, UserMention.self, Media.self,
            MediaSizes.self, MediaSize.self,
            CitmCatalog.self, Event.self, Performance.self, Price.self, SeatCategory.self, Area.self,
            CanadaFeatureCollection.self, CanadaFeature.self, CanadaGeometry.self,
        ] {
            registry.register(type)
        }
        return registry
    }()
}

@Suite("Fast format: the model writer writes the tree path's bytes")
struct FastStreamingTests {
    typealias Fixtures = FastStreamingFixtures
    let registry = FastStreamingFixtures.registry

    /// The reference: the typed tree, then the fast codec.
    func treeBytes<T: Encodable>(_ value: T) throws -> Data {
        try FastCodec().encodeTree(ModelEncoder(registry: registry).encode(value))
    }

    /// Writes `value` through the fast model writer, checks the bytes against the tree path's,
    /// and decodes them.
    func streamed<T: Model>(_ value: T) throws -> (Data, T) {
        let bytes = try FastCodec().encodeModel(value, using: ModelEncoder(registry: registry))
        let reference = try treeBytes(value)
        #expect(bytes == reference, "streamed \(bytes.count) bytes, tree path \(reference.count); first difference at \(Array(zip(bytes, reference)).firstIndex { $0.0 != $0.1 } ?? min(bytes.count, reference.count))")
        #expect(try FastCodec().decodeTree(from: bytes) == FastCodec().decodeTree(from: reference))
        return (bytes, try T(data: bytes, context: ModelContext(types: registry)))
    }

    @Test("optionals that come and go widen the class definition as the tree path does")
    func widening() throws {
        let notes = Fixtures.sample().notes
        let (bytes, decoded) = try streamed(Fixtures.Notes(notes: notes))
        #expect(decoded.notes == notes)
        // Three definitions: Notes, then Note as [rank, body], then the wider [rank, body, title].
        #expect(bytes.count > 16 && bytes[12] == 3 && bytes[13] == 0)
    }

    @Test("objects without some keys of the class definition reuse it, nil for those keys")
    func missingKeysReuseTheDefinition() throws {
        let notes = [
            Fixtures.Note(title: "t", rank: 1, body: "x"), Fixtures.Note(title: nil, rank: 2, body: "y"),
            Fixtures.Note(title: nil, rank: 3, body: nil), Fixtures.Note(title: "u", rank: 4, body: nil),
        ]
        let (bytes, decoded) = try streamed(Fixtures.Notes(notes: notes))
        #expect(decoded.notes == notes)
        // Two definitions: Notes, and Note as [title, rank, body] for all four notes.
        #expect(bytes.count > 16 && bytes[12] == 2 && bytes[13] == 0)
    }

    @Test("plain structs, dictionaries, optionals in arrays and every boxed scalar")
    func scalarsAndPlainValues() throws {
        let sample = Fixtures.sample()
        let (_, decoded) = try streamed(sample)
        #expect(decoded.extent == sample.extent)
        #expect(decoded.counts == sample.counts && decoded.names == sample.names && decoded.maybe == sample.maybe)
        #expect(decoded.huge == UInt64.max && decoded.small == -7 && decoded.ratio == 0.1)
        #expect(decoded.when == sample.when && decoded.bytes == sample.bytes && decoded.link == sample.link)
        #expect(decoded.any == sample.any && decoded.notes == sample.notes && decoded.lookup == sample.lookup)
    }

    @Test("a shared class instance is one object and an alias")
    func sharedInstance() throws {
        let (_, decoded) = try streamed(RoundTripFixtures.project())
        #expect(decoded.owner === decoded.reviewer)
        #expect(decoded.owner?.name == "Ada")
        #expect(decoded.attachments == RoundTripFixtures.project().attachments)
    }

    @Test("subclasses keep their type name; a hand-written encode(to:) with two containers")
    func polymorphism() throws {
        let (_, decoded) = try streamed(Fixtures.owner())
        #expect((decoded.pets.first as? TypedTreeFixtures.Dog)?.breed == "Lab")
        #expect(decoded.favourite === decoded.pets.first)
    }

    @Test("a cycle through class models is written as an object alias")
    func cycle() throws {
        let first = Fixtures.Node()
        let second = Fixtures.Node()
        first.name = "first"
        second.name = "second"
        first.next = second
        second.next = first
        defer { second.next = nil }
        // Swift properties cannot be decoded into a cycle, so the check stops at the bytes and the tree.
        let bytes = try FastCodec().encodeModel(first, using: ModelEncoder(registry: registry))
        #expect(bytes == (try treeBytes(first)))
        let tree = try FastCodec().decodeTree(from: bytes)
        #expect(tree["next"]?["name"] == "second")
        #expect(tree["next"]?["next"] == [TypedTree.aliasKey: .string(TypedTree.rootKeyPath)])
    }

    @Test("a two-step remote key path is buffered, with the same bytes")
    func nestedKeyPath() throws {
        let venue = Fixtures.Venue(name: "Pleyel", city: "Paris")
        let (_, decoded) = try streamed(venue)
        #expect(decoded == venue)
    }

    @Test("data(format: .fast) writes the same bytes as the tree path")
    func modelEntryPoint() throws {
        let sample = Fixtures.sample()
        #expect(try sample.data(format: .fast, context: ModelContext(types: registry)) == (try treeBytes(sample)))
    }

    @Test("twitter.json models: transformers, key case, a single-value wrapper", .corpus)
    func twitter() throws {
        let model = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        let (_, decoded) = try streamed(model)
        #expect(decoded == model)
    }

    @Test("citm_catalog.json models", .corpus)
    func citm() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        let (_, decoded) = try streamed(model)
        #expect(decoded == model)
    }

    @Test("canada.json models", .corpus)
    func canada() throws {
        let model = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        let (_, decoded) = try streamed(model)
        #expect(decoded == model)
    }
}
