@testable import BaseModel
import Foundation
import Testing

/// The keyed archive's one reader: every archive becomes one graph (``KeyedArchiveIndex``), which
/// the model decoder, the typed tree and conversions read; objects met twice are one node, and
/// nothing is left to another reader.
@Suite("Keyed archives: the reader's graph")
struct KeyedArchiveIndexTests {
    let registry = FastStreamingFixtures.registry

    /// The graph of an archive, read on a stack with room for the deepest archive accepted.
    static func graph(_ data: Data) throws(ModelError) -> InputIndex {
        try StackReserve.run { () throws(ModelError) -> InputIndex in try KeyedArchiveIndex.read(data) }
    }

    /// Decodes a model from the archive's graph, as `Model(data:)` does.
    func decoded<T: Decodable>(_ type: T.Type, _ bytes: Data) throws -> T {
        try StackReserve.run {
            try TreeDecoder.decode(type, from: Self.graph(bytes), registry: registry, identityMap: nil, format: .keyedArchive)
        }
    }

    func bytes<T: Model>(_ value: T) throws -> Data { try value.data(format: .keyedArchive, context: ModelContext(types: registry)) }

    /// Checks the two views of one graph against each other: the typed tree (aliases for objects
    /// met again) with its aliases expanded is the tree of values a property gets (copies), for a
    /// graph without cycles. Returns whether the archive reads.
    @discardableResult
    static func viewsAgree(_ bytes: Data, _ comment: String) -> Bool {
        StackReserve.run { () -> Bool in
            guard let index = try? KeyedArchiveIndex.read(bytes) else { return false }
            guard let typed = try? index.typedTree() else { return true }
            if let copied = try? index.tree(at: index.root), let expanded = expandingAliases(typed) {
                #expect(copied.orderedEquals(expanded), "\(comment)")
            }
            return true
        }
    }

    /// `tree` with every `$alias` replaced by the object it names (a tree without cycles);
    /// `nil` when a key path cannot name its place (a key holds a dot).
    static func expandingAliases(_ tree: ModelValue) -> ModelValue? {
        var named = true
        func expand(_ value: ModelValue) -> ModelValue {
            switch value {
            case .dictionary(let entries):
                if entries.count == 1, case .string(let target)? = entries[TypedTree.aliasKey] {
                    guard let object = TypedTree.resolve(target, in: tree) else {
                        named = false
                        return value
                    }
                    return expand(object)
                }
                return .dictionary(entries.mapValues(expand))
            case .array(let elements):
                return .array(elements.map(expand))
            default:
                return value
            }
        }
        let expanded = expand(tree)
        return named ? expanded : nil
    }

    // MARK: - Archives made by others

    @Test("every Apple-made archive of the corpus reads into one graph, and its two views agree", .corpus)
    func appleArchives() throws {
        for name in KeyedArchiveTestCorpus.goodNames {
            let data = try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.archives)
            #expect(Self.viewsAgree(data, name), "\(name)")
        }
        // A time zone shared under the key "NS.timeZone" is one node.
        let formatter = try Self.graph(
            PropertyListTestCorpus.data("corelibs__macOS-10.14__DateIntervalFormatter-Default.archive", in: PropertyListTestCorpus.archives))
        let calendar = try #require(formatter.value(of: formatter.root, forKey: "NS.calendar", request: -1))
        #expect(formatter.value(of: calendar, forKey: "NS.timezone", request: -1) == formatter.value(of: formatter.root, forKey: "NS.timeZone", request: -1))
        for name in KeyedArchiveTestCorpus.badNames {
            Self.viewsAgree(try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.badArchives), name)
        }
    }

    @Test("mutated Apple-made archives: a graph or a typed error, and what reads writes back to the same tree",
          .corpus, arguments: KeyedArchiveTestCorpus.goodNames.filter { !$0.hasSuffix(".xml") })
    func mutatedAppleArchives(name: String) throws {
        let original = [UInt8](try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.archives))
        guard original.starts(with: Array("bplist".utf8)) else { return }
        var generator = PropertyListSeededGenerator(state: UInt64(truncatingIfNeeded: name.utf8.reduce(29) { $0 &* 131 &+ Int($1) }))
        let codec = KeyedArchiveCodec()
        for round in 0..<200 {
            let mutated = Data(PropertyListMutations.mutate(original, using: &generator))
            do {
                let tree = try codec.decodeTree(from: mutated)
                Self.viewsAgree(mutated, "\(name) round \(round)")
                // Written back and read again: the same tree (a graph written with its sharing).
                if let again = try? codec.decodeTree(from: codec.encodeTree(tree)) {
                    #expect(again.orderedEquals(tree), "\(name) round \(round)")
                }
            } catch {
                #expect(error.format == .keyedArchive, "\(name) round \(round): \(error)")
            }
        }
    }

    // MARK: - The corpus models

    @Test("twitter.json: the model written reads back from the graph", .corpus)
    func twitter() throws {
        let model = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        let archive = try bytes(model)
        #expect(Self.viewsAgree(archive, "twitter"))
        #expect(try decoded(TwitterSearch.self, archive) == model)
        #expect(try TwitterSearch(data: archive, context: ModelContext(types: registry)) == model)
    }

    @Test("citm_catalog.json: the model written reads back from the graph", .corpus)
    func citm() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        let archive = try bytes(model)
        #expect(Self.viewsAgree(archive, "citm"))
        #expect(try decoded(CitmCatalog.self, archive) == model)
    }

    @Test("canada.json: the model written reads back from the graph", .corpus)
    func canada() throws {
        let model = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        let archive = try bytes(model)
        #expect(Self.viewsAgree(archive, "canada"))
        #expect(try decoded(CanadaFeatureCollection.self, archive) == model)
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

    @Test("3,000 seeded mutations of a citm archive: a model or a typed error with its path, the same every time", .corpus)
    func mutatedModelArchive() throws {
        let good = [UInt8](try smallCitm())
        var generator = PropertyListSeededGenerator(state: 0x0A2C_41BE)
        var decodedModels = 0
        for round in 0..<3_000 {
            let mutated = Data(PropertyListMutations.mutate(good, using: &generator))
            Self.viewsAgree(mutated, "round \(round)")
            switch (Result { try decoded(CitmCatalog.self, mutated) }, Result { try decoded(CitmCatalog.self, mutated) }) {
            case (.success(let first), .success(let second)):
                decodedModels += 1
                #expect(first == second, "round \(round)")
            case (.failure(let first as ModelError), .failure(let second as ModelError)):
                #expect(first.format == .keyedArchive, "round \(round): \(first)")
                #expect(first.reason == second.reason && first.path == second.path, "round \(round)")
            default:
                Issue.record("round \(round): two reads disagree")
            }
        }
        #expect(decodedModels > 100)
    }

    // MARK: - Limits

    @Test("each limit is the archive's error named after it, and a larger limit lets more through", .corpus)
    func limits() throws {
        let archive = try smallCitm()
        func read(_ limits: DecodingLimits) -> ModelError? {
            DecodingLimits.$current.withValue(limits) { () -> ModelError? in
                do throws(ModelError) {
                    _ = try KeyedArchiveCodec().decodeTree(from: archive)
                    return nil
                } catch {
                    return error
                }
            }
        }
        func sweep(_ name: String, _ values: some Sequence<Int>, _ limits: (Int) -> DecodingLimits) -> Int {
            var passed = 0
            var failedAfterPassing = false
            for value in values {
                if let error = read(limits(value)) {
                    #expect("\(error)".contains(name), "\(name) \(value): \(error)")
                    #expect(error.format == .keyedArchive)
                    if passed > 0 { failedAfterPassing = true }
                } else {
                    passed += 1
                }
            }
            #expect(!failedAfterPassing, "\(name)")
            return passed
        }
        let depths = sweep("DecodingLimits.maximumDepth", 1...12) { DecodingLimits(maximumDepth: $0) }
        let values = sweep("DecodingLimits.maximumValues", stride(from: 0, through: 4_000, by: 50)) { DecodingLimits(maximumValues: $0) }
        let bytes = sweep("DecodingLimits.maximumStringBytes", stride(from: 0, through: 12_000, by: 100)) { DecodingLimits(maximumStringBytes: $0) }
        // Some limits let it through and some do not.
        for (passed, total) in [(depths, 12), (values, 81), (bytes, 121)] { #expect(passed > 0 && passed < total) }
    }

    @Test("bombs and deep nesting are refused; cycles through collections and objects read as cycles")
    func hostile() throws {
        let bomb = AmplificationTests.keyedArchiveBomb(references: 2_000)
        #expect(AmplificationTests.isValuesError(#expect(throws: ModelError.self) { try Self.graph(bomb) }))
        var deep: [PropertyListObject] = [.string("$null")]
        for index in 1...600 { deep.append(.dictionary(["next": .uid(UInt64(index + 1)), "$class": .uid(602)])) }
        deep.append(.string("end"))
        deep.append(archiveClassDescription("Node"))
        let error = #expect(throws: ModelError.self) { try Self.graph(handMadeArchive(deep)) }
        #expect(error?.reason == DecodingLimits.depthExceeded(512))
        #expect((error?.path.components.count ?? 0) > 500)
        // A cycle through an NSArray, and an object that holds itself: one node, among its own children.
        let array = archiveClassDescription("NSArray")
        let loop = try Self.graph(handMadeArchive([.string("$null"), .dictionary(["NS.objects": .array([.uid(1)]), "$class": .uid(2)]), array]))
        #expect(loop.element(of: loop.root, at: 0) == loop.root)
        #expect(try loop.typedTree() == [["$alias": "$root"]])
        let me = try Self.graph(handMadeArchive([.string("$null"), .dictionary(["me": .uid(1), "$class": .uid(2)]), archiveClassDescription("Foo")]))
        #expect(me.value(of: me.root, forKey: "me", request: -1) == me.root)
        #expect(try me.typedTree() == ["$class": "Foo", "me": ["$alias": "$root"]])
    }

    @Test("copies of a shared struct are budgeted by the model decoder")
    func sharedStructCopies() throws {
        func bomb(copies: Int) throws -> Data {
            let leaf: ModelValue = ["$class": "Leaf", "values": .array((0..<100).map { .integer(Int64($0)) })]
            let items = [leaf] + Array(repeating: ["$alias": "items.0"] as ModelValue, count: copies)
            return try KeyedArchiveCodec().encodeTree(["$class": "Bomb", "items": .array(items)])
        }
        let small = try bomb(copies: 5)
        #expect(Self.viewsAgree(small, "5 copies"))
        #expect(try AmplificationTests.Bomb(data: small, context: AmplificationTests.context).items.count == 6)
        // 3,000 copies of 101 values: past the decoder's budget for copies.
        let large = try bomb(copies: 3_000)
        let error = try #require(throws: ModelError.self) { try AmplificationTests.Bomb(data: large, context: AmplificationTests.context) }
        #expect(AmplificationTests.isValuesError(error), "\(error)")
    }

    // MARK: - Models

    @Test("a shared class instance is one node of the graph, and comes back as one instance")
    func sharedInstance() throws {
        let archive = try bytes(RoundTripFixtures.project())
        #expect(Self.viewsAgree(archive, "project"))
        let project = try decoded(RoundTripFixtures.Project.self, archive)
        #expect(project.owner === project.reviewer)
        #expect(project.owner?.name == "Ada")
        #expect(project.attachments == RoundTripFixtures.project().attachments)
        // A struct met again is decoded again.
        let notes = try KeyedArchiveCodec().encodeTree(["notes": [["$class": "Note", "rank": 2], ["$alias": "notes.0"]]])
        #expect(Self.viewsAgree(notes, "notes"))
        #expect(try decoded(FastStreamingFixtures.Notes.self, notes).notes == [FastStreamingFixtures.Note(rank: 2), FastStreamingFixtures.Note(rank: 2)])
        // Shared under a key with a dot: one node all the same (a key path cannot name its place).
        let dotted = handMadeArchive([
            .string("$null"), .dictionary(["x.y": .uid(2), "z": .uid(2), "$class": .uid(3)]),
            .dictionary(["rank": .uid(5), "$class": .uid(4)]), archiveClassDescription("Holder"), archiveClassDescription("Note"), .integer(7),
        ])
        #expect(try KeyedArchiveCodec().decodeTree(from: dotted)["z"] == ["$alias": "x.y"])
        let graph = try Self.graph(dotted)
        #expect(graph.value(of: graph.root, forKey: "x.y", request: -1) == graph.value(of: graph.root, forKey: "z", request: -1))
    }

    @Test("registered subclasses, optionals, dictionaries, dates and data read from the graph")
    func mappingRules() throws {
        // A registered subclass named by the archive, and a shared instance of it.
        let owner = try decoded(TypedTreeFixtures.Owner.self, bytes(FastStreamingFixtures.owner()))
        #expect((owner.pets.first as? TypedTreeFixtures.Dog)?.breed == "Lab")
        #expect(owner.favourite === owner.pets.first)
        let notes = FastStreamingFixtures.Notes(notes: FastStreamingFixtures.sample().notes)
        #expect(try decoded(FastStreamingFixtures.Notes.self, bytes(notes)) == notes)
        let venue = FastStreamingFixtures.Venue(name: "Pleyel", city: "Paris")
        #expect(try decoded(FastStreamingFixtures.Venue.self, bytes(venue)) == venue)
        let streamable = FastIndexDecodingTests.Streamable(
            counts: ["a": 1, "b": 2], names: [3: "three"], maybe: [1, nil], ratio: 0.5, small: -3, unsigned: 7,
            price: Decimal(string: "12.5")!, bytes: Data([1, 2]), when: Date(timeIntervalSinceReferenceDate: 12.25),
            notes: notes.notes, lookup: ["n": notes.notes[0]])
        #expect(try decoded(FastIndexDecodingTests.Streamable.self, bytes(streamable)) == streamable)
    }

    @Test("a value of the wrong kind is an error with its path and the format")
    func mismatch() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Note", "rank": "seven"])
        let error = #expect(throws: ModelError.self) { try decoded(FastStreamingFixtures.Note.self, archive) }
        #expect(error?.path == ModelPath([.key("rank")]))
        #expect(error?.reason == .typeMismatch(expected: "integer", found: "string"))
        #expect(error?.format == .keyedArchive)
    }

    @Test("user code runs once: init(from:) once per object, also when a value does not fit")
    func userCodeRunsOnce() throws {
        let context = ModelContext(types: registry)
        let good = try KeyedArchiveCodec().encodeTree(["$class": "CountedItem", "rank": 3])
        #expect(try CountedItem(data: good, context: context).rank == 3)
        #expect(CountedItem.decodes.withLock { $0 } == 1)
        let bad = try KeyedArchiveCodec().encodeTree(["$class": "CountedItem", "rank": "seven"])
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
