@testable import BaseModel
import Foundation

/// Models for the one encoder's tests: every rule of the mapping, hand-written `encode(to:)`
/// with what only a buffer can write, class graphs, and seeded random values of all of them.
enum OneEncoderFixtures {
    /// Scalars of every kind the encoder boxes, optionals, collections and a tree property.
    struct Leaf: Model, Equatable {
        var name = ""
        var count = 0
        var ratio: Double?
        var flag: Bool?
        var when: Date?
        var blob: Data?
        var tags: [String] = []
        var small: Int8 = 0
        var big: UInt64 = 0
        var float: Float = 0
        var price: Decimal?
        var link: URL?
        var extra: ModelValue = .null
        var maybe: [Int?] = []
        var set: Set<Int> = []
    }

    /// Remote key paths of one and several steps (into dictionaries and arrays), key case,
    /// transformers on scalars and on containers, and an uncodable property.
    struct Mapped: Model, Equatable {
        var identifier = ""
        var city = ""
        var zipCode = ""
        var firstName: String?
        var created = Date(timeIntervalSince1970: 0)
        var scores: [Int] = []
        var note: String?
        var secret = "never written"
        var leaf: Leaf?
        var lookup: [String: Leaf] = [:]
        var numbers: [Int: String] = [:]

        static var keyCase: KeyCase { .snakeCase }
        static let keyPaths: [String: RemoteKeyPath] = [
            "identifier": "mapped_id", "city": "venue.address.city", "zipCode": "venue.address.zip",
            "firstName": "people.0.name", "note": .firstOf("note", "remark"),
        ]
        static let transformers: [String: ModelTransformer] = [
            "created": .date(format: "yyyy-MM-dd HH:mm"), "scores": OneEncoderFixtures.joined, "leaf": OneEncoderFixtures.wrapped,
        ]
        static let uncodableKeys: Set<String> = ["secret"]
    }

    /// Single-step keys only, with key case and a scalar transformer: written as it is encoded.
    struct Direct: Model, Equatable {
        var title = ""
        var createdAt = Date(timeIntervalSince1970: 0)
        var leaves: [Leaf] = []
        var child: Mapped?

        static var keyCase: KeyCase { .snakeCase }
        static let transformers: [String: ModelTransformer] = ["createdAt": .secondsSince1970]
    }

    /// A class model for graphs: shared children, back references, a transformed partner.
    final class Node: Model, @unchecked Sendable {
        var name = ""
        var children: [Node] = []
        var partner: Node?
        var wrapped: Node?
        var leaf: Leaf?

        static let transformers: [String: ModelTransformer] = ["wrapped": OneEncoderFixtures.wrapped]
        required init() {}
    }

    /// A hand-written `encode(to:)` that writes what only a buffer can: a nested container
    /// written after its parent went on, a key written twice, a super encoder, an array with a
    /// nested container in the middle, a second single value, an error the code catches.
    struct Hand: Model, Equatable {
        var number = 0
        var text = ""
        var twice = false
        var late = false
        var single = false
        var catches = false
        var list: [Int] = []

        private enum Keys: String, CodingKey { case number, text, inner, list, late, failing, deeper, `super` }

        func encode(to encoder: any Encoder) throws {
            if single {
                var container = encoder.singleValueContainer()
                try container.encode("first")
                try container.encode(text)
                return
            }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(number, forKey: .number)
            if catches { try? container.encode(Failing(), forKey: .failing) }
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try inner.encode(text, forKey: .text)
            if twice { try container.encode(number + 1, forKey: .number) }
            try container.encode(list, forKey: .list)
            if late { try inner.encode(true, forKey: .late) }
            var unkeyed = container.nestedUnkeyedContainer(forKey: .deeper)
            try unkeyed.encode(1)
            if catches { try? unkeyed.encode(Failing()) }
            var middle = unkeyed.nestedContainer(keyedBy: Keys.self)
            try unkeyed.encode(2)
            try middle.encode(text, forKey: .text)
            var superContainer = container.superEncoder().singleValueContainer()
            try superContainer.encode(number)
        }
    }

    /// A plain (non-model) struct whose `encode(to:)` writes a key twice and an array element
    /// after a nested container.
    struct Plain: Codable, Equatable {
        var first = 1
        var second = "two"
        var repeats = false

        private enum Keys: String, CodingKey { case first, second, items }

        init(first: Int = 1, second: String = "two", repeats: Bool = false) {
            self.first = first
            self.second = second
            self.repeats = repeats
        }

        init(from decoder: any Decoder) throws {}

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(first, forKey: .first)
            try container.encode(second, forKey: .second)
            if repeats { try container.encode(first * 10, forKey: .first) }
            var items = container.nestedUnkeyedContainer(forKey: .items)
            try items.encode(second)
            var nested = items.nestedUnkeyedContainer()
            try items.encode(first)
            try nested.encode(second)
        }
    }

    /// A value whose encoding always fails.
    struct Failing: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "refused"))
        }
    }

    /// Everything together.
    struct Root: Model {
        var leaves: [Leaf] = []
        var mapped: [Mapped] = []
        var direct: [Direct] = []
        var nodes: [Node] = []
        var hands: [Hand] = []
        var plains: [Plain] = []
        var tree: ModelValue = .null
        var table: [String: [Leaf]] = [:]
    }

    /// `[Int]` written as one comma-separated string.
    static let joined = ModelTransformer(
        name: "joined",
        decode: { value in
            guard case .string(let text) = value else { return value }
            return .array(text.split(separator: ",").compactMap { Int($0) }.map { .integer(Int64($0)) })
        },
        encode: { value in
            guard case .array(let elements) = value else { return value }
            return .string(elements.map { "\($0)" }.joined(separator: ","))
        })

    /// Any value, written inside `{"wrapped": …}`.
    static let wrapped = ModelTransformer(
        name: "wrapped",
        decode: { value in value["wrapped"] ?? value },
        encode: { value in ["wrapped": value] })

    /// The error ``refusing`` throws.
    struct Refusal: Error {}

    /// Reads anything and refuses to write.
    static let refusing = ModelTransformer(name: "refuse", decode: { $0 }, encode: { _ in throw Refusal() })

    static let registry: ModelRegistry = {
        let registry = ModelRegistry()
        for type: any Model.Type in [Leaf.self, Mapped.self, Direct.self, Node.self, Hand.self, Root.self] {
            registry.register(type)
        }
        return registry
    }()
}

/// Seeded random values of the fixtures: the same seed gives the same value in every run.
struct OneEncoderRandom {
    typealias Fixtures = OneEncoderFixtures
    private var generator: PropertyListSeededGenerator

    init(seed: UInt64) {
        generator = PropertyListSeededGenerator(state: seed)
    }

    mutating func next() -> UInt64 { generator.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func string() -> String {
        let pieces = ["a", "Zoë", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "e\u{301}", "日本", "🙂", " ", "key", "0", "$class"]
        return (0..<below(5)).map { _ in pieces[below(pieces.count)] }.joined()
    }

    mutating func double() -> Double {
        let specials: [Double] = [0, -0.0, 1, 0.1, 1e-300, .leastNonzeroMagnitude, 1.7976931348623157e308, -2.5, 1e21, 123456.789]
        return chance(50) ? specials[below(specials.count)] : Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF) * (chance(50) ? 1 : -1)
    }

    mutating func date() -> Date {
        Date(timeIntervalSince1970: Double(Int64(bitPattern: next()) % 10_000_000_000) / 1000)
    }

    /// A random tree of every kind, `$class` dictionaries included (objects in the fast format).
    mutating func tree(depth: Int) -> ModelValue {
        switch below(depth > 0 ? 12 : 9) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2: return .integer(Int64(bitPattern: next()) >> below(64))
        case 3: return .unsignedInteger(UInt64(Int64.max) + 1 + next() % 1000)
        case 4: return .double(double())
        case 5: return .string(string())
        case 6: return .data(Data((0..<below(9)).map { _ in UInt8(below(256)) }))
        case 7: return .date(date())
        case 8: return .integer(Int64(below(3)))
        case 9: return .array((0..<below(4)).map { _ in tree(depth: depth - 1) })
        case 10:
            var entries: [(String, ModelValue)] = []
            for _ in 0..<below(4) { entries.append((string(), tree(depth: depth - 1))) }
            return .dictionary(.init(entries, uniquingKeysWith: { first, _ in first }))
        default:
            return ["$class": .string(["Thing", "Other"][below(2)]), "a": tree(depth: depth - 1), string(): tree(depth: depth - 1)]
        }
    }

    mutating func leaf() -> Fixtures.Leaf {
        var leaf = Fixtures.Leaf()
        leaf.name = string()
        leaf.count = Int(Int64(bitPattern: next()) >> below(64))
        leaf.ratio = chance(50) ? double() : nil
        leaf.flag = chance(50) ? chance(50) : nil
        leaf.when = chance(50) ? date() : nil
        leaf.blob = chance(30) ? Data((0..<below(20)).map { _ in UInt8(below(256)) }) : nil
        leaf.tags = (0..<below(3)).map { _ in string() }
        leaf.small = Int8(truncatingIfNeeded: next())
        leaf.big = chance(50) ? next() : next() >> 40
        leaf.float = Float(bitPattern: UInt32(truncatingIfNeeded: next()) & 0x7F7F_FFFF)
        leaf.price = chance(30) ? Decimal(below(100_000)) / 100 : nil
        leaf.link = chance(30) ? URL(string: "https://example.com/\(below(100))?q=\(below(9))") : nil
        leaf.extra = chance(40) ? tree(depth: 3) : .null
        leaf.maybe = (0..<below(4)).map { _ in chance(50) ? below(1000) : nil }
        leaf.set = Set((0..<below(5)).map { _ in below(50) })
        return leaf
    }

    mutating func mapped() -> Fixtures.Mapped {
        var mapped = Fixtures.Mapped()
        mapped.identifier = string()
        mapped.city = string()
        mapped.zipCode = string()
        mapped.firstName = chance(50) ? string() : nil
        mapped.created = Date(timeIntervalSince1970: Double(below(2_000_000_000) / 60 * 60))
        mapped.scores = (0..<below(5)).map { _ in below(100) }
        mapped.note = chance(50) ? string() : nil
        mapped.leaf = chance(50) ? leaf() : nil
        for _ in 0..<below(3) { mapped.lookup[string()] = leaf() }
        for _ in 0..<below(3) { mapped.numbers[below(100) - 50] = string() }
        return mapped
    }

    mutating func direct() -> Fixtures.Direct {
        var direct = Fixtures.Direct()
        direct.title = string()
        direct.createdAt = Date(timeIntervalSince1970: Double(below(2_000_000_000)))
        direct.leaves = (0..<below(3)).map { _ in leaf() }
        direct.child = chance(40) ? mapped() : nil
        return direct
    }

    mutating func hand() -> Fixtures.Hand {
        var hand = Fixtures.Hand()
        hand.number = below(1000)
        hand.text = string()
        hand.twice = chance(50)
        hand.late = chance(50)
        hand.single = chance(20)
        hand.catches = chance(50)
        hand.list = (0..<below(4)).map { _ in below(10) }
        return hand
    }

    /// Nodes that share children, back references (cycles) when `cycles`, and transformed
    /// partners whose first occurrence is inside the transformer's tree.
    mutating func nodes(cycles: Bool) -> [Fixtures.Node] {
        let nodes = (0..<below(6) + 1).map { index -> Fixtures.Node in
            let node = Fixtures.Node()
            node.name = "n\(index) \(string())"
            node.leaf = chance(30) ? leaf() : nil
            return node
        }
        for (index, node) in nodes.enumerated() {
            let later = nodes[(index + 1)...]
            for other in later where chance(40) { node.children.append(other) }
            if chance(30), let pick = later.randomElement(using: &self) { node.partner = pick }
            if chance(10), let pick = later.randomElement(using: &self) { node.wrapped = pick }
            if cycles, chance(20) { node.partner = nodes[below(index + 1)] }
        }
        return nodes
    }

    /// A random root; `cycles` lets nodes point back at their ancestors.
    mutating func root(cycles: Bool = false) -> Fixtures.Root {
        var root = Fixtures.Root()
        root.leaves = (0..<below(3)).map { _ in leaf() }
        root.mapped = (0..<below(3)).map { _ in mapped() }
        root.direct = (0..<below(3)).map { _ in direct() }
        root.nodes = chance(70) ? nodes(cycles: cycles) : []
        root.hands = (0..<below(3)).map { _ in hand() }
        root.plains = (0..<below(3)).map { _ in Fixtures.Plain(first: below(100), second: string(), repeats: chance(50)) }
        root.tree = chance(50) ? tree(depth: 3) : .null
        for _ in 0..<below(3) { root.table[string()] = (0..<below(3)).map { _ in leaf() } }
        return root
    }
}

extension OneEncoderRandom: RandomNumberGenerator {}
