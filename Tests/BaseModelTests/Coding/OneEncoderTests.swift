@testable import BaseModel
import Foundation
import Testing

/// The one encoder: the writers agree with the tree path, byte for byte and error for error.
///
/// The reference for each format is the tree path: `ModelEncoder` (the encoder writing to a
/// ``TreeWriter``), then the codec's `encodeTree`. The streamed bytes are the encoder writing to
/// the format's writer (`encodeModel`): JSON compact and pretty, with and without sorted keys, and fast.
@Suite("One encoder: every writer gives the tree path's bytes and errors")
struct OneEncoderTests {
    typealias Fixtures = OneEncoderFixtures

    /// The outcome of an encode: bytes or the error.
    typealias Outcome = Result<Data, ModelError>

    static func outcome(_ body: () throws(ModelError) -> Data) -> Outcome {
        do { return .success(try body()) } catch { return .failure(error) }
    }

    /// The tree path and the streamed path of `value`, for JSON (compact, pretty, sorted) and fast.
    static func routes<T: Encodable>(_ value: T, registry: ModelRegistry) -> [(name: String, tree: Outcome, streamed: Outcome)] {
        [
            ("json", outcome { () throws(ModelError) in try JSONCodec().encodeTree(ModelEncoder().encode(value)) },
             outcome { () throws(ModelError) in try JSONCodec().encodeModel(value, using: ModelEncoder()) }),
            ("pretty json", outcome { () throws(ModelError) in try JSONWriter.data(from: ModelEncoder().encode(value), options: .prettyPrinted) },
             outcome { () throws(ModelError) in try JSONCodec.data(of: value, options: .prettyPrinted) }),
            // Sorted keys: the tree's dictionaries sorted as they are written, against the writer
            // putting each dictionary's entries in order when it closes.
            ("sorted json", outcome { () throws(ModelError) in try JSONWriter.data(from: ModelEncoder().encode(value), options: .sortedKeys) },
             outcome { () throws(ModelError) in try JSONCodec.data(of: value, options: .sortedKeys) }),
            ("sorted pretty json",
             outcome { () throws(ModelError) in try JSONWriter.data(from: ModelEncoder().encode(value), options: [.sortedKeys, .prettyPrinted]) },
             outcome { () throws(ModelError) in try JSONCodec.data(of: value, options: [.sortedKeys, .prettyPrinted]) }),
            ("fast", outcome { () throws(ModelError) in try FastCodec().encodeTree(ModelEncoder(registry: registry).encode(value)) },
             outcome { () throws(ModelError) in try FastCodec().encodeModel(value, using: ModelEncoder(registry: registry)) }),
        ]
    }

    /// Expects every route of `value` to agree; returns how many gave bytes.
    @discardableResult
    static func expectSame<T: Encodable>(
        _ value: T, registry: ModelRegistry = Fixtures.registry, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var successes = 0
        for var route in routes(value, registry: registry) {
            if case .success = route.tree { successes += 1 }
            // The encoder's own errors name the format it writes to on the streamed path, and
            // `tree` on the tree path.
            if case .failure(var error) = route.tree, error.format == .tree, case .failure(let streamed) = route.streamed {
                error.format = streamed.format
                route.tree = .failure(error)
            }
            guard route.tree != route.streamed else { continue }
            Issue.record(
                "\(route.name): tree path \(describe(route.tree)), streamed \(describe(route.streamed)) \(comment.map { "(\($0))" } ?? "")",
                sourceLocation: sourceLocation)
        }
        return successes
    }

    static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .success(let data): "\(data.count) bytes \(String(decoding: data.prefix(160), as: UTF8.self).debugDescription)"
        case .failure(let error): "error \(error) \(error.path.components)"
        }
    }

    // MARK: Corpus and fixtures

    @Test("twitter.json models", .corpus)
    func twitter() throws {
        let model = try TwitterSearch(json: ModelCorpus.json("twitter.json"))
        #expect(Self.expectSame(model, registry: FastStreamingFixtures.registry) == 5)
    }

    @Test("citm_catalog.json models", .corpus)
    func citm() throws {
        let model = try CitmCatalog(json: ModelCorpus.json("citm_catalog.json"))
        #expect(Self.expectSame(model, registry: FastStreamingFixtures.registry) == 5)
    }

    @Test("canada.json models", .corpus)
    func canada() throws {
        let model = try CanadaFeatureCollection(json: ModelCorpus.json("canada.json"))
        #expect(Self.expectSame(model, registry: FastStreamingFixtures.registry) == 5)
    }

    @Test("the TodoList, a class graph with a shared instance, subclasses, the fast fixtures")
    func fixtures() throws {
        let list = ModelFixtures.TodoList()
        list.items = ModelFixtures.seedLabels.map { ModelFixtures.TodoItem(label: $0) }
        list.items[1].checked = true
        let registry = ModelRegistry()
        registry.register(ModelFixtures.TodoList.self)
        registry.register(ModelFixtures.TodoItem.self)
        #expect(Self.expectSame(list, registry: registry) == 5)
        #expect(Self.expectSame(RoundTripFixtures.project(), registry: FastStreamingFixtures.registry) == 5)
        #expect(Self.expectSame(FastStreamingFixtures.owner(), registry: FastStreamingFixtures.registry) == 5)
        #expect(Self.expectSame(FastStreamingFixtures.sample(), registry: FastStreamingFixtures.registry) == 5)
        var profile = ModelFixtures.Profile()
        profile.name = "Ada"
        profile.age = 36
        profile.limits = ["b": 2, "a": 1]
        #expect(Self.expectSame(profile) == 5)
    }

    @Test("key paths of several steps, transformers on scalars and containers, key case, uncodable keys")
    func mapping() throws {
        var random = OneEncoderRandom(seed: 7)
        let mapped = random.mapped()
        #expect(Self.expectSame(mapped) == 5)
        let tree = try ModelEncoder().encode(mapped)
        #expect(tree["venue"]?["address"]?["city"] == .string(mapped.city))
        #expect(tree["mapped_id"] == .string(mapped.identifier) && tree["secret"] == nil)
        #expect(Self.expectSame(random.direct()) == 5)
    }

    @Test("Live properties are written as their current values")
    func live() throws {
        let map = IdentityMap()
        let game = try FDGame(object: [
            "id": "g1", "GameTitle": "Okami", "ReleaseDate": "02/16/2006",
            "publisher": ["id": "capcom", "name": "Capcom"], "players": [["player_id": 7, "name": "Ada"], ["player_id": 7]],
        ], context: ModelContext(identityMap: map))
        #expect(Self.expectSame(game) == 5)
    }

    @Test("a class graph: shared children, a transformed partner, aliases into transformer trees")
    func graph() throws {
        for seed in 0..<40 {
            var random = OneEncoderRandom(seed: UInt64(seed))
            let nodes = random.nodes(cycles: false)
            Self.expectSame(nodes, "seed \(seed)")
            Self.expectSame(nodes.first, "seed \(seed)")
        }
    }

    @Test("hand-written encode(to:): late nested writes, keys written twice, super encoders, caught errors")
    func handWritten() throws {
        for twice in [false, true] {
            for late in [false, true] {
                for catches in [false, true] {
                    let hand = Fixtures.Hand(number: 4, text: "t", twice: twice, late: late, catches: catches, list: [1, 2])
                    #expect(Self.expectSame(hand) == 5)
                    #expect(Self.expectSame([hand, hand]) == 5)
                }
            }
        }
        #expect(Self.expectSame(Fixtures.Hand(text: "second", single: true)) == 5)
        #expect(Self.expectSame([Fixtures.Plain(repeats: true), Fixtures.Plain()]) == 5)
        let tree = try ModelEncoder().encode(Fixtures.Hand(number: 4, text: "t", twice: true, late: true))
        #expect(tree["number"] == 5 && tree["inner"]?["late"] == true)
        guard case .dictionary(let entries) = tree else {
            Issue.record("not a dictionary: \(tree)")
            return
        }
        #expect(Array(entries.keys) == ["number", "inner", "list", "deeper", "super"])
    }

    @Test("2,000 seeded random models: the same bytes or the same error on every route")
    func seeded() throws {
        var successes = 0
        for seed in 0..<2_000 {
            var random = OneEncoderRandom(seed: UInt64(seed))
            successes += Self.expectSame(random.root(cycles: seed % 5 == 0), "seed \(seed)")
        }
        // Most values write (cycles fail in JSON, a `$class` that is not a string in fast).
        #expect(successes > 4_000)
    }

    // MARK: Errors

    @Test("errors: a cycle, the depth limit, a transformer that fails, values a format cannot hold")
    func errors() throws {
        // A cycle through class models: an error in JSON (with the back reference's path), aliases in fast.
        let first = Fixtures.Node()
        let second = Fixtures.Node()
        first.children = [second]
        second.partner = first
        defer { second.partner = nil }
        #expect(Self.expectSame(first) == 1)

        // A transformer that fails, in a direct model and in a buffered one.
        struct Refused: Model {
            var keep = 1
            var value = 2
            var other = 3
            static let transformers: [String: ModelTransformer] = ["value": OneEncoderFixtures.refusing]
        }
        struct RefusedDeep: Model {
            var keep = 1
            var value = 2
            static let keyPaths: [String: RemoteKeyPath] = ["keep": "a.b"]
            static let transformers: [String: ModelTransformer] = ["value": OneEncoderFixtures.refusing]
        }
        #expect(Self.expectSame([Refused()]) == 0)
        #expect(Self.expectSame(["x": RefusedDeep()]) == 0)

        // Values JSON cannot hold, and a string fast cannot.
        var leaf = Fixtures.Leaf()
        leaf.ratio = .nan
        leaf.extra = ["deep": ["list": [1, .double(.infinity)]]]
        #expect(Self.expectSame(["a": [leaf]]) == 1)
        leaf.ratio = 1
        leaf.extra = .null
        leaf.name = "nul\u{0}"
        #expect(Self.expectSame([leaf]) == 4)
        var late = Fixtures.Leaf()
        late.when = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(Self.expectSame(late) == 1)

        // The depth limit: of the encoder (nested values) and of the formats (a deep tree).
        DecodingLimits.$current.withValue(DecodingLimits(maximumDepth: 12)) {
            var deep = ModelValue.integer(1)
            for _ in 0..<15 { deep = ["next": deep] }
            var holder = Fixtures.Leaf()
            holder.extra = deep
            #expect(Self.expectSame(holder) == 0)
            let node = Fixtures.Node()
            var last = node
            for _ in 0..<15 {
                let next = Fixtures.Node()
                last.children = [next]
                last = next
            }
            #expect(Self.expectSame(node) == 0)
            let error = #expect(throws: ModelError.self) { try FastCodec().encodeModel(node, using: ModelEncoder(registry: Fixtures.registry)) }
            #expect(error?.path.components.count ?? 0 > 10)
        }
    }

    @Test("a $alias in a tree property names an object written before it")
    func treeAlias() throws {
        var first = Fixtures.Leaf()
        first.extra = ["$class": "Thing", "a": 1]
        var second = Fixtures.Leaf()
        second.extra = ["$alias": "leaves.0.extra"]
        var root = Fixtures.Root()
        root.leaves = [first, second]
        #expect(Self.expectSame(root) == 5)
        var broken = Fixtures.Root()
        broken.leaves = [second]
        #expect(Self.expectSame(broken) == 4)
    }

    // MARK: User code

    @Test("user code runs once: encode(to:), transformers and init() once per value on every route")
    func userCodeRunsOnce() throws {
        _ = ModelSchema.of(Counted.self)
        let value = [Counted(), Counted()]
        let registry = ModelRegistry()
        registry.register(Counted.self)
        let routes: [(String, () throws -> Data)] = [
            ("tree", { try JSONWriter.data(from: ModelEncoder().encode(value)) }),
            ("json", { try JSONCodec().encodeModel(value, using: ModelEncoder()) }),
            ("pretty json", { try value.map { try $0.jsonData(prettyPrinted: true) }.reduce(Data(), +) }),
            ("fast", { try FastCodec().encodeModel(value, using: ModelEncoder(registry: registry)) }),
            ("typed tree", { try FastCodec().encodeTree(ModelEncoder(registry: registry).encode(value)) }),
        ]
        for (name, route) in routes {
            Counted.reset()
            _ = try route()
            #expect(Counted.counts() == Counted.Counts(encodes: 2, inners: 2, transforms: 4, inits: 0), "\(name)")
        }
        // An error is paid once: the first value's transformer refuses, nothing runs again.
        Counted.refuse.withLock { $0 = true }
        defer { Counted.refuse.withLock { $0 = false } }
        for (name, route) in routes {
            Counted.reset()
            #expect(throws: ModelError.self) { try route() }
            #expect(Counted.counts() == Counted.Counts(encodes: 1, inners: 0, transforms: 1, inits: 0), "\(name)")
        }
    }

    /// A model that counts its `encode(to:)`, its nested value's, its transformers' and its
    /// `init()` calls. It is buffered (a key path of two steps), so the count covers buffers.
    struct Counted: Model {
        struct Counts: Equatable {
            var encodes = 0
            var inners = 0
            var transforms = 0
            var inits = 0
        }

        struct Inner: Codable {
            var value = 1
            func encode(to encoder: any Encoder) throws {
                Counted.record { $0.inners += 1 }
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(value, forKey: .value)
            }
        }

        static let state = Locked(Counts())
        static let refuse = Locked(false)
        static func record(_ change: (inout Counts) -> Void) { state.withLock { change(&$0) } }
        static func reset() { state.withLock { $0 = Counts() } }
        static func counts() -> Counts { state.withLock { $0 } }

        static let counting = ModelTransformer(
            name: "counting", decode: { $0 },
            encode: { value in
                Counted.record { $0.transforms += 1 }
                if Counted.refuse.withLock({ $0 }) { throw CocoaError(.coderInvalidValue) }
                return value
            })

        var name = "n"
        var deep = 2
        var inner = Inner()

        init() { Counted.record { $0.inits += 1 } }

        static let keyPaths: [String: RemoteKeyPath] = ["deep": "a.b"]
        static let transformers: [String: ModelTransformer] = ["name": counting, "inner": counting]

        func encode(to encoder: any Encoder) throws {
            Counted.record { $0.encodes += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(deep, forKey: .deep)
            try container.encode(inner, forKey: .inner)
        }
    }

    // MARK: The writer seam

    @Test("generated code writes fields straight to a writer: the bytes of the Encodable path")
    func generatedCode() throws {
        let schema = ModelSchema.of(Generated.self)
        #expect(schema.encodesFieldsDirectly)
        let values = [Generated(title: "a", count: 2, note: nil), Generated(title: "b", count: 3, note: "n")]
        let registry = ModelRegistry()
        registry.register(Generated.self)

        func write(_ values: [Generated], to writer: any ModelWriter, className: String?) throws {
            writer.beginArray(count: values.count)
            for value in values { try value.write(to: writer, schema: schema, className: className) }
            writer.endArray()
        }

        let json = JSONModelWriter()
        try write(values, to: json, className: nil)
        #expect(try json.finish() == (try JSONCodec().encodeTree(ModelEncoder().encode(values))))
        let fast = FastModelWriter()
        try write(values, to: fast, className: "Generated")
        #expect(try fast.finish() == (try FastCodec().encodeTree(ModelEncoder(registry: registry).encode(values))))
        let tree = TreeWriter()
        try write(values, to: tree, className: nil)
        #expect(tree.result.orderedEquals(try ModelEncoder().encode(values)))
    }

    /// What the macro issue's generated code would write for a model.
    struct Generated: Model {
        var title = ""
        var count = 0
        var note: String?

        static var keyCase: KeyCase { .snakeCase }
        static let transformers: [String: ModelTransformer] = ["count": .stringToNumber]

        func write(to writer: any ModelWriter, schema: ModelSchema, className: String?) throws {
            writer.beginModel(schema, className: className)
            writer.writeField(0, of: schema)
            writer.writeString(title)
            writer.writeField(1, of: schema)
            writer.writeTree(try schema.fields[1].encodedValue(.integer(Int64(count)), in: .root))
            if let note {
                writer.writeField(2, of: schema)
                writer.writeString(note)
            }
            writer.endModel()
        }
    }
}
