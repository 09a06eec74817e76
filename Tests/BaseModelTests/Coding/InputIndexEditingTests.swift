@testable import BaseModel
import Foundation
import Testing

/// Editing a file's graph (`InputIndex.setting(_:at:)`, `removing(at:)`): a place named by a key
/// path changes, and every other node keeps its sharing, class, key order and form.
@Suite("Editing a graph")
struct InputIndexEditingTests {
    typealias Node = InputIndex.Node

    /// `{"list": [1.5 (a 4-byte float), "x" (mutable)], "a.b": true}`.
    static func forms() -> InputIndex {
        let nodes = [
            Node(kind: .double, flags: .float32, count: 0, first: 0, payload: Double(Float(1.5)).bitPattern), // 0
            Node(kind: .string, flags: .mutable, count: 0, first: 0, payload: 0),                           // 1: "x"
            Node(kind: .array, flags: .mutable, count: 2, first: 0, payload: 0),                            // 2
            Node(kind: .bool, count: 0, first: 0, payload: 1),                                              // 3
            Node(kind: .dictionary, count: 2, first: 2, payload: 0),                                        // 4
        ]
        let children: [Int32] = [0, 1, 1, 2, 2, 3]
        return InputIndex(nodes: nodes, children: children, strings: ["x", "list", "a.b"], data: [], classes: [], root: 4)
    }

    /// Two objects of class `P` whose `friend` is one shared `P`.
    static func people() throws -> InputIndex {
        try InputIndex(typedTree: [
            ["$class": "P", "name": "Ann", "friend": ["$class": "P", "name": "Bob", "friend": .null]],
            ["$class": "P", "name": "Cy", "friend": ["$alias": "0.friend"]],
        ])
    }

    @Test("a value set inside a shared dictionary is seen from every place that holds it")
    func insideShared() throws {
        let edited = try InputIndexGraphTests.sharedDictionary().setting(7, at: "2.again.n")
        #expect(try edited.typedTree() == [["n": 7], ["$alias": "0"], ["again": ["$alias": "0"]]])
    }

    @Test("a value set over a shared node replaces it at that place only")
    func overShared() throws {
        let edited = try InputIndexGraphTests.sharedDictionary().setting("x", at: "1")
        #expect(try edited.typedTree() == [["n": 42], "x", ["again": ["$alias": "0"]]])
        #expect(edited.sharedNodes != nil)
        let alone = try InputIndexGraphTests.sharedDictionary().setting("x", at: "1").setting("y", at: "2.again")
        // The dictionary is now met once: it is no longer shared, and is written as a value.
        #expect(try alone.typedTree() == [["n": 42], "x", ["again": "y"]])
        #expect(alone.sharedNodes == nil)
    }

    @Test("a cycle survives an edit beside it")
    func cycle() throws {
        let edited = try InputIndexGraphTests.cycle().setting("tail", at: "1.parent.0")
        #expect(try edited.typedTree() == ["tail", ["parent": ["$alias": "$root"]]])
        #expect(edited[edited.root].flags == .mutable)
    }

    @Test("a new key goes at the end, an index equal to the count appends, one past it is refused")
    func newPlaces() throws {
        let graph = Self.forms()
        let added = try graph.setting(["n": 1], at: "z").setting("y", at: "list.2")
        let tree = try added.typedTree()
        guard case .dictionary(let entries) = tree else { Issue.record("not a dictionary: \(tree)"); return }
        #expect(Array(entries.keys) == ["list", "a.b", "z"])
        #expect(tree == ["list": [1.5, "x", "y"], "a.b": true, "z": ["n": 1]])
        #expect(throws: ModelError(.invalidValue("index 4 is past the end of an array of 2 elements"), path: [.key("list"), .index(4)])) {
            try graph.setting(1, at: "list.4")
        }
    }

    @Test("an escaped dot names a key with a dot")
    func escapedDot() throws {
        let edited = try Self.forms().setting(false, at: #"a\.b"#)
        #expect(try edited.typedTree() == ["list": [1.5, "x"], "a.b": false])
        #expect(try Self.forms().kindName(at: #"a\.b"#) == "bool")
    }

    @Test("a value of the same kind takes the old one's form; another kind does not")
    func formsKept() throws {
        let edited = try Self.forms().setting(2.25, at: "list.0").setting("z", at: "list.1")
        let list = try edited.node(at: "list")
        #expect(edited[edited.element(of: list, at: 0)].flags == .float32)
        #expect(edited[edited.element(of: list, at: 1)].flags == .mutable)
        #expect(edited[list].flags == .mutable)
        let other = try Self.forms().setting(3, at: "list.0")
        #expect(other[other.element(of: try other.node(at: "list"), at: 0)].flags == [])
    }

    @Test("setting the value a place holds gives the graph itself")
    func noChange() throws {
        let graph = Self.forms()
        #expect(try graph.setting(.double(Double(Float(1.5))), at: "list.0") === graph)
        #expect(try graph.setting(["list": [1.5, "x"], "a.b": true], at: #"a\.b"#) !== graph)
        let people = try Self.people()
        #expect(try people.setting(["$class": "P", "name": "Bob", "friend": .null], at: "0.friend") === people)
    }

    @Test("objects: a set changes the one object, shared or not; a new key gives it a class of its own; a removal makes it nil")
    func objects() throws {
        let people = try Self.people()
        let renamed = try people.setting("Robert", at: "1.friend.name")
        #expect(try renamed.typedTree() == [
            ["$class": "P", "name": "Ann", "friend": ["$class": "P", "name": "Robert", "friend": .null]],
            ["$class": "P", "name": "Cy", "friend": ["$alias": "0.friend"]],
        ])
        let aged = try people.setting(30, at: "0.age")
        #expect(try aged.typedTree() == [
            ["$class": "P", "name": "Ann", "friend": ["$class": "P", "name": "Bob", "friend": .null], "age": 30],
            ["$class": "P", "name": "Cy", "friend": ["$alias": "0.friend"]],
        ])
        let removed = try people.removing(at: "0.name")
        #expect(try removed.typedTree() == [
            ["$class": "P", "friend": ["$class": "P", "name": "Bob", "friend": .null]],
            ["$class": "P", "name": "Cy", "friend": ["$alias": "0.friend"]],
        ])
        #expect(try removed.kindName(at: "1.friend") == "P")
    }

    @Test("a removal takes an element out of an array and an entry out of a dictionary")
    func removals() throws {
        let graph = Self.forms()
        #expect(try graph.removing(at: "list.0").typedTree() == ["list": ["x"], "a.b": true])
        #expect(try graph.removing(at: "list").typedTree() == ["a.b": true])
        #expect(try InputIndexGraphTests.sharedDictionary().removing(at: "0").typedTree() == [["n": 42], ["again": ["$alias": "0"]]])
    }

    @Test("a path that names nothing, or goes through a scalar, is an error with the place")
    func missing() throws {
        let graph = Self.forms()
        #expect(throws: ModelError(.missingValue(expected: "a value at list.5"), path: [.key("list"), .index(5)])) {
            try graph.removing(at: "list.5")
        }
        #expect(throws: ModelError(.missingValue(expected: "a value at nope.x"), path: [.key("nope")])) {
            try graph.setting(1, at: "nope.x")
        }
        #expect(throws: ModelError(
            .typeMismatch(expected: "a dictionary, array or object to find \"c\" in", found: "bool"), path: [.key("a.b")]
        )) {
            try graph.node(at: #"a\.b.c"#)
        }
        #expect(throws: ModelError(
            .typeMismatch(expected: "an array index (a step of digits) for \"first\"", found: "an array"), path: [.key("list")]
        )) {
            try graph.value(at: "list.first")
        }
    }

    @Test("kinds at a path, and the value at a path with its own sharing")
    func reading() throws {
        let people = try Self.people()
        #expect(try people.kindName(at: "0") == "P")
        #expect(try people.kindName(at: "0.friend.friend") == "null")
        #expect(try Self.forms().kindName(at: "list.0") == "real")
        #expect(try Self.forms().kindName(at: "list") == "array")
        // Bob is met once below `1`: no alias there.
        #expect(try people.value(at: "1") == ["$class": "P", "name": "Cy", "friend": ["$class": "P", "name": "Bob", "friend": .null]])
        #expect(try InputIndexGraphTests.cycle().value(at: "1") == ["parent": ["head", ["$alias": "$root"]]])
    }

    @Test("the deepest accepted values are compared, set and read at a key path on a 512 KiB stack")
    func smallStack() throws {
        let limit = DecodingLimits.standard.maximumDepth
        let tree = StackCostProbe.nestedArrays(limit)
        guard case .dictionary(let entries) = tree, let deep = entries["v"] else { Issue.record("not {v: …}"); return }
        var other = ModelValue.integer(2)
        for _ in 1..<(limit - 1) { other = .array([other]) }
        let data = try FormatRegistry.shared.codec(for: .fast).encodeTree(tree)
        let outcome = SmallStack.run {
            let same = Result { () throws(ModelError) -> Data in
                try FormatRegistry.shared.editing(data) { graph throws(ModelError) in try graph.setting(deep, at: "v") }.data
            }
            let changed = Result { () throws(ModelError) -> ModelValue in
                let edited = try FormatRegistry.shared.editing(data) { graph throws(ModelError) in try graph.setting(other, at: "v") }
                return try FormatRegistry.shared.graph(of: edited.data).graph.value(at: "v")
            }
            return (same, changed)
        }.result
        #expect(try outcome.0.get() == data)
        #expect(try outcome.1.get() == other)
    }
}
