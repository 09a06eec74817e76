import BaseModel
import Foundation
import OrderedCollections

/// The models and trees the seeds are encoded from: every property shape of the fuzz models
/// filled in, a class graph with back references and shared instances, values lenient coercion
/// converts, and small versions of the corpus's JSON files.
enum FuzzSamples {
    /// Models to encode, by a name for the seed file. `graph` has cycles, which only typed
    /// formats store (the others refuse it with a typed error, and the seed is skipped).
    static var models: [(name: String, value: any Model)] {
        [
            ("document", document(graph: false)), ("graph", document(graph: true)), ("folders", folders()),
            ("settings", FuzzSettings(volume: 3, level: 7, muted: true, gain: 0.25, name: "loud", modes: [1, 2])),
        ]
    }

    /// A tree with every kind of value, and one with values lenient coercion converts.
    static let kinds: ModelValue = [
        "null": .null, "bool": true, "integer": -42, "unsigned": .unsignedInteger(UInt64.max), "double": 3.25,
        "string": "Grüße, 世界 🎈", "data": .data(Data([0, 1, 2, 0xFF])), "date": .date(Date(timeIntervalSinceReferenceDate: 86_400.5)),
        "array": [1, "two", [3.0, .null], ["four": 4]], "dictionary": ["a": ["b": ["c": []]]], "empty": [:],
    ]
    static let lenient: ModelValue = [
        "volume": "12", "level": 300, "muted": "yes", "gain": "0.5", "name": 12, "modes": ["1", 2, "x"],
    ]

    static func document(graph: Bool) -> FuzzDocument {
        var document = FuzzDocument()
        document.title = "Fuzz"
        document.count = 3
        document.small = -7
        document.wide = UInt64.max
        document.ratio = 0.1
        document.flag = true
        document.note = "a note"
        document.tags = ["a", "", "ünï"]
        document.matrix = [[1, 2], [], [Int.min, Int.max]]
        document.grid = [[[FuzzItem(label: "cell")], []]]
        document.created = Date(timeIntervalSince1970: 1_700_000_000)
        document.stamp = Date(timeIntervalSinceReferenceDate: -1.5)
        document.payload = Data("payload".utf8)
        document.items = items()
        document.lookup = ["first": FuzzItem(label: "x", checked: true), "second": FuzzItem()]
        document.optionalItems = [nil, FuzzItem(label: "y")]
        let owner = FuzzOwner()
        owner.name = "Ada"
        owner.age = 36
        owner.pets = [FuzzItem(label: "cat")]
        let friend = FuzzOwner()
        friend.name = "Charles"
        owner.friend = friend
        document.owner = owner
        document.folder = graph ? folders() : FuzzFolder()
        document.user = Live(FuzzUser(id: 7, name: "Grace", followers: [1, 2, 3]))
        document.settings = FuzzSettings(volume: 9, name: "quiet")
        document.extra = kinds
        return document
    }

    /// A root with two children whose `parent` points back at it, and a `link` alias across.
    static func folders() -> FuzzFolder {
        let root = FuzzFolder()
        root.name = "root"
        for name in ["a", "b"] {
            let child = FuzzFolder()
            child.name = name
            child.parent = root
            root.children.append(child)
        }
        root.children[1].link = root.children[0]
        return root
    }

    static func items() -> [FuzzItem] {
        [
            FuzzItem(label: "milk", checked: true, score: 1.5, when: Date(timeIntervalSince1970: 0)),
            FuzzItem(label: "nested", children: [FuzzItem(label: "inner", children: [FuzzItem()])]),
        ]
    }

    /// `tree` cut down to a seed's size: at most `width` elements per container, strings of at
    /// most 48 characters, data of at most 64 bytes, `depth` levels.
    static func shrunk(_ tree: ModelValue, width: Int = 4, depth: Int = 10) -> ModelValue {
        switch tree {
        case .array(let elements):
            guard depth > 0 else { return [] }
            return .array(elements.prefix(width).map { shrunk($0, width: width, depth: depth - 1) })
        case .dictionary(let entries):
            guard depth > 0 else { return [:] }
            var kept = OrderedDictionary<String, ModelValue>()
            for (key, value) in entries.prefix(width * 4) { kept[key] = shrunk(value, width: width, depth: depth - 1) }
            return .dictionary(kept)
        case .string(let string): return .string(String(string.prefix(48)))
        case .data(let data): return .data(data.prefix(64))
        default: return tree
        }
    }

    /// `tree` without nulls (property lists have none): null array elements and entries dropped.
    static func withoutNulls(_ tree: ModelValue) -> ModelValue {
        switch tree {
        case .array(let elements): return .array(elements.filter { $0 != .null }.map(withoutNulls))
        case .dictionary(let entries):
            var kept = OrderedDictionary<String, ModelValue>()
            for (key, value) in entries where value != .null { kept[key] = withoutNulls(value) }
            return .dictionary(kept)
        default: return tree
        }
    }
}
