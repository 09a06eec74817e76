@testable import BaseModel
import Foundation
import Testing

/// The keyed-archive index against the tree path: whatever the index holds, the tree reader reads
/// the same archive to the same tree, and models decode to the same values or the same errors.
@Suite("Keyed archives: the model decoder reads the archive's index as it reads the tree")
struct KeyedArchiveIndexTests {
    let registry = FastStreamingFixtures.registry

    /// The reference: the typed tree, then `ModelDecoder`.
    func treeDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        try ModelDecoder(registry: registry).decode(type, from: KeyedArchiveCodec().decodeTree(from: bytes))
    }

    /// Decodes through the index alone (failing when the index leaves the archive to the tree).
    func indexDecoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        let index = try #require(KeyedArchiveIndex.of(bytes), "the index leaves the archive to the tree reader")
        return try TreeDecoder.decode(type, from: index, registry: registry, identityMap: nil, format: .keyedArchive)
    }

    func bytes<T: Model>(_ value: T) throws -> Data { try value.data(format: .keyedArchive, context: ModelContext(types: registry)) }

    /// Checks the one rule of the index: when it reads `bytes`, the tree reader reads them too,
    /// to the tree the index holds (where a typed object met again is its first node, not an
    /// alias). Returns whether the index read them.
    @discardableResult
    static func indexAgreesWithTree(_ bytes: Data, _ comment: String) -> Bool {
        let tree = try? KeyedArchiveCodec().decodeTree(from: bytes)
        guard let index = KeyedArchiveIndex.of(bytes) else { return false }
        #expect(tree != nil, "the index read what the tree reader refuses: \(comment)")
        if let tree {
            #expect((try? index.tree(at: index.root))?.orderedEquals(expandingAliases(tree)) == true, "\(comment)")
        }
        return true
    }

    /// `tree` with every `$alias` replaced by the object it names (a tree without cycles).
    static func expandingAliases(_ tree: ModelValue) -> ModelValue {
        func expand(_ value: ModelValue) -> ModelValue {
            switch value {
            case .dictionary(let entries):
                if entries.count == 1, case .string(let target)? = entries[TypedTree.aliasKey],
                    let object = TypedTree.resolve(target, in: tree) {
                    return expand(object)
                }
                return .dictionary(entries.mapValues(expand))
            case .array(let elements):
                return .array(elements.map(expand))
            default:
                return value
            }
        }
        return expand(tree)
    }

    /// Decodes `bytes` as `T` by both paths: the same value, or errors with the same reason and
    /// path (the tree path names the format `tree`, the index path `keyed-archive`).
    func bothPathsAgree<T: Decodable & Equatable>(_ type: T.Type, _ bytes: Data, _ comment: String) {
        guard KeyedArchiveIndex.of(bytes) != nil else { return }
        let reference = Result { try treeDecoded(type, bytes) }
        let indexed = Result { try indexDecoded(type, bytes) }
        switch (reference, indexed) {
        case (.success(let expected), .success(let value)):
            #expect(value == expected, "\(comment)")
        case (.failure(let expected as ModelError), .failure(let error as ModelError)):
            #expect(error.reason == expected.reason && error.path == expected.path, "\(comment): \(error) against \(expected)")
        default:
            Issue.record("\(comment): the index path gives \(indexed), the tree path \(reference)")
        }
    }

    // MARK: - Archives made by others

    @Test("every Apple-made archive of the corpus: the same tree, or left to the tree reader", .corpus)
    func appleArchives() throws {
        var covered: [String] = []
        for name in KeyedArchiveTestCorpus.goodNames {
            let data = try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.archives)
            #expect((try? KeyedArchiveCodec().decodeTree(from: data)) != nil, "\(name)")
            if Self.indexAgreesWithTree(data, name) { covered.append(name) }
        }
        // XML archives, cycles, NSURL and ordered sets are left to the tree reader.
        #expect(covered.count >= 55, "\(covered.count) covered")
        // A time zone shared under the key "NS.timeZone", which no key path can name.
        #expect(!covered.contains("corelibs__macOS-10.14__DateIntervalFormatter-Default.archive"))
        for name in KeyedArchiveTestCorpus.badNames {
            Self.indexAgreesWithTree(try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.badArchives), name)
        }
    }

    @Test("mutated Apple-made archives: whatever the index reads, the tree reader reads to the same tree",
          .corpus, arguments: KeyedArchiveTestCorpus.goodNames.filter { !$0.hasSuffix(".xml") })
    func mutatedAppleArchives(name: String) throws {
        let original = [UInt8](try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.archives))
        guard original.starts(with: Array("bplist".utf8)) else { return }
        var generator = PropertyListSeededGenerator(state: UInt64(truncatingIfNeeded: name.utf8.reduce(29) { $0 &* 131 &+ Int($1) }))
        for round in 0..<200 {
            Self.indexAgreesWithTree(Data(PropertyListMutations.mutate(original, using: &generator)), "\(name) round \(round)")
        }
    }

    // MARK: - The corpus models

    @Test("twitter.json: the index, the tree path and the model written agree", .corpus)
    func twitter() throws {
        let model = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        let archive = try bytes(model)
        #expect(Self.indexAgreesWithTree(archive, "twitter"))
        #expect(try indexDecoded(TwitterSearch.self, archive) == model)
        #expect(try treeDecoded(TwitterSearch.self, archive) == model)
        #expect(try TwitterSearch(data: archive, context: ModelContext(types: registry)) == model)
    }

    @Test("citm_catalog.json: the index, the tree path and the model written agree", .corpus)
    func citm() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        let archive = try bytes(model)
        #expect(Self.indexAgreesWithTree(archive, "citm"))
        #expect(try indexDecoded(CitmCatalog.self, archive) == model)
        #expect(try treeDecoded(CitmCatalog.self, archive) == model)
    }

    @Test("canada.json: the index, the tree path and the model written agree", .corpus)
    func canada() throws {
        let model = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        let archive = try bytes(model)
        #expect(Self.indexAgreesWithTree(archive, "canada"))
        #expect(try indexDecoded(CanadaFeatureCollection.self, archive) == model)
        #expect(try treeDecoded(CanadaFeatureCollection.self, archive) == model)
    }

    /// A few events and performances of citm_catalog.json, written as an archive.
    func smallCitm() throws -> Data {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        // The first entries by key, not by the dictionaries' hash order, which changes with each
        // process's hash seed: the mutations must meet the same archive in every run.
        let small = CitmCatalog(
            areaNames: Dictionary(uniqueKeysWithValues: model.areaNames.sorted { $0.key < $1.key }.prefix(3).map { ($0.key, $0.value) }),
            events: Dictionary(uniqueKeysWithValues: model.events.sorted { $0.key < $1.key }.prefix(2).map { ($0.key, $0.value) }),
            performances: Array(model.performances.prefix(3)))
        return try bytes(small)
    }

    @Test("3,000 seeded mutations of a citm archive: the same tree, and the same model or error, by both paths", .corpus)
    func mutatedModelArchive() throws {
        let good = [UInt8](try smallCitm())
        var generator = PropertyListSeededGenerator(state: 0x0A2C_41BE)
        var indexed = 0
        for round in 0..<3_000 {
            let mutated = Data(PropertyListMutations.mutate(good, using: &generator))
            guard Self.indexAgreesWithTree(mutated, "round \(round)") else { continue }
            indexed += 1
            bothPathsAgree(CitmCatalog.self, mutated, "round \(round)")
        }
        #expect(indexed > 100)
    }

    // MARK: - Limits

    @Test("the index gives up exactly where the tree reader hits a limit", .corpus)
    func limits() throws {
        let archive = try smallCitm()
        func agree(_ limits: DecodingLimits) -> (tree: Bool, index: Bool) {
            DecodingLimits.$current.withValue(limits) {
                ((try? KeyedArchiveCodec().decodeTree(from: archive)) != nil, KeyedArchiveIndex.of(archive) != nil)
            }
        }
        // Sweep each limit across the archive's need: both read it, or neither does.
        var flips = 0
        for depth in 1...12 {
            let result = agree(DecodingLimits(maximumDepth: depth))
            #expect(result.tree == result.index, "depth \(depth)")
            if result.tree { flips += 1 }
        }
        for values in stride(from: 0, through: 4_000, by: 50) {
            let result = agree(DecodingLimits(maximumValues: values))
            #expect(result.tree == result.index, "values \(values)")
            if result.tree { flips += 1 }
        }
        for bytes in stride(from: 0, through: 12_000, by: 100) {
            let result = agree(DecodingLimits(maximumStringBytes: bytes))
            #expect(result.tree == result.index, "string bytes \(bytes)")
            if result.tree { flips += 1 }
        }
        // Some limits let it through and some do not.
        #expect(flips > 10 && flips < 12 + 81 + 121 - 10)
    }

    @Test("bombs and deep nesting are left to the tree reader, which refuses them")
    func hostile() throws {
        let bomb = AmplificationTests.keyedArchiveBomb(references: 2_000)
        #expect(KeyedArchiveIndex.of(bomb) == nil)
        #expect(throws: ModelError.self) { try ModelValue(data: bomb) }
        var deep: [PropertyListObject] = [.string("$null")]
        for index in 1...600 { deep.append(.dictionary(["next": .uid(UInt64(index + 1)), "$class": .uid(602)])) }
        deep.append(.string("end"))
        deep.append(archiveClassDescription("Node"))
        #expect(KeyedArchiveIndex.of(handMadeArchive(deep)) == nil)
        // A cycle through an NSArray, and an object that holds itself.
        let array = archiveClassDescription("NSArray")
        #expect(KeyedArchiveIndex.of(handMadeArchive([.string("$null"), .dictionary(["NS.objects": .array([.uid(1)]), "$class": .uid(2)]), array])) == nil)
        #expect(KeyedArchiveIndex.of(handMadeArchive([.string("$null"), .dictionary(["me": .uid(1), "$class": .uid(2)]), archiveClassDescription("Foo")])) == nil)
    }

    @Test("copies of a shared struct: the index while the decoder's copy budget always allows them, the tree path past it")
    func sharedStructCopies() throws {
        func bomb(copies: Int) throws -> Data {
            let leaf: ModelValue = ["$class": "Leaf", "values": .array((0..<100).map { .integer(Int64($0)) })]
            let items = [leaf] + Array(repeating: ["$alias": "items.0"] as ModelValue, count: copies)
            return try KeyedArchiveCodec().encodeTree(["$class": "Bomb", "items": .array(items)])
        }
        let small = try bomb(copies: 5)
        #expect(Self.indexAgreesWithTree(small, "5 copies"))
        #expect(try indexDecoded(AmplificationTests.Bomb.self, small).items.count == 6)
        // 3,000 copies of 101 values: the tree path's budget refuses them, so the index leaves them to it.
        let large = try bomb(copies: 3_000)
        #expect(KeyedArchiveIndex.of(large) == nil)
        let error = try #require(throws: ModelError.self) { try AmplificationTests.Bomb(data: large, context: AmplificationTests.context) }
        #expect(AmplificationTests.isValuesError(error), "\(error)")
    }

    // MARK: - Models

    @Test("a shared class instance is one node of the index, and comes back as one instance")
    func sharedInstance() throws {
        let archive = try bytes(RoundTripFixtures.project())
        #expect(Self.indexAgreesWithTree(archive, "project"))
        for project in [try indexDecoded(RoundTripFixtures.Project.self, archive), try treeDecoded(RoundTripFixtures.Project.self, archive)] {
            #expect(project.owner === project.reviewer)
            #expect(project.owner?.name == "Ada")
            #expect(project.attachments == RoundTripFixtures.project().attachments)
        }
        // A struct met again is decoded again, by both paths.
        let notes = try KeyedArchiveCodec().encodeTree(["notes": [["$class": "Note", "rank": 2], ["$alias": "notes.0"]]])
        #expect(Self.indexAgreesWithTree(notes, "notes"))
        bothPathsAgree(FastStreamingFixtures.Notes.self, notes, "notes")
        #expect(try indexDecoded(FastStreamingFixtures.Notes.self, notes).notes == [FastStreamingFixtures.Note(rank: 2), FastStreamingFixtures.Note(rank: 2)])
        // Shared under a key with a dot, which the tree's alias cannot name: left to the tree path.
        let dotted = handMadeArchive([
            .string("$null"), .dictionary(["x.y": .uid(2), "z": .uid(2), "$class": .uid(3)]),
            .dictionary(["rank": .uid(5), "$class": .uid(4)]), archiveClassDescription("Holder"), archiveClassDescription("Note"), .integer(7),
        ])
        #expect(try KeyedArchiveCodec().decodeTree(from: dotted)["z"] == ["$alias": "x.y"])
        #expect(KeyedArchiveIndex.of(dotted) == nil)
    }

    @Test("registered subclasses, optionals, dictionaries, dates and data read from the index")
    func mappingRules() throws {
        // A registered subclass named by the archive, and a shared instance of it.
        let owner = try indexDecoded(TypedTreeFixtures.Owner.self, bytes(FastStreamingFixtures.owner()))
        #expect((owner.pets.first as? TypedTreeFixtures.Dog)?.breed == "Lab")
        #expect(owner.favourite === owner.pets.first)
        let notes = FastStreamingFixtures.Notes(notes: FastStreamingFixtures.sample().notes)
        #expect(try indexDecoded(FastStreamingFixtures.Notes.self, bytes(notes)) == notes)
        let venue = FastStreamingFixtures.Venue(name: "Pleyel", city: "Paris")
        #expect(try indexDecoded(FastStreamingFixtures.Venue.self, bytes(venue)) == venue)
        let streamable = FastIndexDecodingTests.Streamable(
            counts: ["a": 1, "b": 2], names: [3: "three"], maybe: [1, nil], ratio: 0.5, small: -3, unsigned: 7,
            price: Decimal(string: "12.5")!, bytes: Data([1, 2]), when: Date(timeIntervalSinceReferenceDate: 12.25),
            notes: notes.notes, lookup: ["n": notes.notes[0]])
        #expect(try indexDecoded(FastIndexDecodingTests.Streamable.self, bytes(streamable)) == streamable)
        #expect(try treeDecoded(FastIndexDecodingTests.Streamable.self, bytes(streamable)) == streamable)
    }

    @Test("a value of the wrong kind is the tree path's error, with its path")
    func mismatch() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Note", "rank": "seven"])
        #expect(KeyedArchiveIndex.of(archive) != nil)
        let error = #expect(throws: ModelError.self) { try indexDecoded(FastStreamingFixtures.Note.self, archive) }
        let treeError = #expect(throws: ModelError.self) { try treeDecoded(FastStreamingFixtures.Note.self, archive) }
        #expect(error?.path == ModelPath([.key("rank")]))
        #expect(error?.reason == treeError?.reason && error?.path == treeError?.path)
        #expect(error?.format == .keyedArchive)
    }

    @Test("user code runs once: init(from:) once per object, also when a value does not fit")
    func userCodeRunsOnce() throws {
        let context = ModelContext(types: registry)
        let good = try KeyedArchiveCodec().encodeTree(["$class": "CountedItem", "rank": 3])
        #expect(KeyedArchiveIndex.of(good) != nil)
        #expect(try CountedItem(data: good, context: context).rank == 3)
        #expect(CountedItem.decodes.withLock { $0 } == 1)
        let bad = try KeyedArchiveCodec().encodeTree(["$class": "CountedItem", "rank": "seven"])
        #expect(KeyedArchiveIndex.of(bad) != nil)
        #expect(throws: ModelError.self) { try CountedItem(data: bad, context: context) }
        #expect(CountedItem.decodes.withLock { $0 } == 2)
    }

    /// An item that counts how often its `init(from:)` runs (used by one test only).
    struct CountedItem: Model {
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
