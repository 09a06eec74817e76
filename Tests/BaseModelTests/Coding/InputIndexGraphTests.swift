@testable import BaseModel
import Foundation
import Testing

/// The index as a graph: a node met twice is one object, a container may hold itself, and the
/// tree users see, the trees properties get and the replay into a writer say so.
@Suite("The index as a graph")
struct InputIndexGraphTests {
    typealias Node = InputIndex.Node

    /// `[{"n": 42}, <the same dictionary>, {"again": <the same dictionary>}]`.
    static func sharedDictionary() -> InputIndex {
        let nodes = [
            Node(kind: .integer, count: 0, first: 0, payload: 42),       // 0: 42
            Node(kind: .dictionary, count: 1, first: 0, payload: 0),     // 1: {"n": 42}
            Node(kind: .dictionary, count: 1, first: 2, payload: 0),     // 2: {"again": 1}
            Node(kind: .array, count: 3, first: 4, payload: 0),          // 3: [1, 1, 2]
        ]
        let children: [Int32] = [0, 0, 1, 1, 1, 1, 2]
        return InputIndex(nodes: nodes, children: children, strings: ["n", "again"], data: [], classes: [], root: 3)
    }

    /// `["head", {"parent": <the array itself>}]`, the originals' `cycle` graph.
    static func cycle() -> InputIndex {
        let nodes = [
            Node(kind: .string, count: 0, first: 0, payload: 0),                         // 0: "head"
            Node(kind: .dictionary, count: 1, first: 0, payload: 0),                     // 1: {"parent": 2}
            Node(kind: .array, flags: .mutable, count: 2, first: 2, payload: 0),        // 2: [0, 1]
        ]
        let children: [Int32] = [1, 2, 0, 1]
        return InputIndex(nodes: nodes, children: children, strings: ["head", "parent"], data: [], classes: [], root: 2)
    }

    @Test("the tree users see names a shared dictionary by its first place")
    func sharedTree() throws {
        let tree = try Self.sharedDictionary().typedTree()
        #expect(tree == [["n": 42], ["$alias": "0"], ["again": ["$alias": "0"]]])
    }

    @Test("the tree users see holds a cycle as an alias to the container")
    func cycleTree() throws {
        #expect(try Self.cycle().typedTree() == ["head", ["parent": ["$alias": "$root"]]])
    }

    @Test("a property's tree copies a shared dictionary, and refuses a cycle with its path")
    func propertyTrees() throws {
        let shared = Self.sharedDictionary()
        #expect(try shared.tree(at: shared.root) == [["n": 42], ["n": 42], ["again": ["n": 42]]])
        let cycle = Self.cycle()
        #expect(throws: ModelError(
            .unsupported("a reference cycle through this array, which a tree of values cannot hold"), path: [.index(1), .key("parent")]
        )) {
            try cycle.tree(at: cycle.root)
        }
    }

    @Test("a graph written to a writer shares what it shares and keeps its forms")
    func replay() throws {
        let writer = TreeWriter()
        try Self.sharedDictionary().write(to: writer)
        #expect(writer.result == [["n": 42], ["$alias": "0"], ["again": ["$alias": "0"]]])

        let recorder = StyleRecorder()
        try Self.cycle().write(to: recorder)
        #expect(recorder.result == ["head", ["parent": ["$alias": "$root"]]])
        #expect(recorder.styles == [GraphFlags.mutable])
    }

    @Test("a typed tree's aliases become shared nodes and cycles, and its tree view gives it back",
          arguments: [
            [["n": 42], ["$alias": "0"], ["again": ["$alias": "0"]]] as ModelValue,
            ["head", ["parent": ["$alias": "$root"]]],
            ["$class": "List", "first": ["$alias": "items.0"], "items": [["$class": "Item", "data": .data(Data([1, 2]))]]],
          ])
    func typedTrees(tree: ModelValue) throws {
        let index = try InputIndex(typedTree: tree)
        let view = try index.typedTree()
        // An alias to a later place comes back as the value there, and the later place as the alias.
        #expect(try InputIndex(typedTree: view).typedTree() == view)
        #expect(index.sharedNodes != nil)
    }

    @Test("an alias to a later place is that place's node")
    func forwardAlias() throws {
        let index = try InputIndex(typedTree: ["first": ["$alias": "items.0"], "items": [["label": "a"]]])
        #expect(try index.typedTree() == ["first": ["label": "a"], "items": [["$alias": "first"]]])
    }

    @Test("a typed tree's aliases say whether the graph has a cycle, and what a copy of a shared object costs")
    func sharingMeasured() throws {
        let cycle = try InputIndex(typedTree: ["head", ["parent": ["$alias": "$root"]]])
        #expect(cycle.hasCycles)
        // An object met twice, holding a list of three: a copy is the object, the list and its values.
        let shared = try InputIndex(typedTree: [
            "a": ["$class": "Leaf", "values": [1, 2, 3]], "b": ["$alias": "a"], "c": ["$alias": "a"],
        ])
        #expect(!shared.hasCycles)
        #expect(shared.copyCosts?.values.sorted() == [5])
        // An object holding a shared list counts the list at each place.
        let nested = try InputIndex(typedTree: [
            "list": [1, 2], "a": ["$class": "Pair", "x": ["$alias": "list"], "y": ["$alias": "list"]], "b": ["$alias": "a"],
        ])
        #expect(nested.copyCosts?.values.sorted() == [7])
        let plain = try InputIndex(typedTree: ["a": [1], "b": [2]])
        #expect(!plain.hasCycles && plain.copyCosts == nil)
    }

    @Test("an alias that names nothing, or another alias, is an error with its place")
    func badAliases() {
        #expect(throws: ModelError(.invalidValue("the alias \"items.3\" names no place of the tree"), path: [.key("a"), .key("$alias")])) {
            try InputIndex(typedTree: ["a": ["$alias": "items.3"], "items": []])
        }
        #expect(throws: ModelError(.invalidValue("the alias \"a\" names another alias"), path: [.key("b"), .key("$alias")])) {
            try InputIndex(typedTree: ["a": ["$alias": "c"], "b": ["$alias": "a"], "c": [1]])
        }
    }
}

/// A tree writer that records the forms it is told of.
private final class StyleRecorder: DocumentWriter {
    let tree = TreeWriter()
    var styles: [GraphFlags] = []
    var result: ModelValue { tree.result }

    func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) { styles.append(flags) }
    func finish() throws(ModelError) -> Data { Data() }

    var replacesDuplicateKeys: Bool { tree.replacesDuplicateKeys }
    func writeNull() { tree.writeNull() }
    func writeBool(_ value: Bool) { tree.writeBool(value) }
    func writeInteger(_ value: Int64) { tree.writeInteger(value) }
    func writeUnsigned(_ value: UInt64) { tree.writeUnsigned(value) }
    func writeDouble(_ value: Double) { tree.writeDouble(value) }
    func writeString(_ value: String) { tree.writeString(value) }
    func writeData(_ value: Data) { tree.writeData(value) }
    func writeDate(_ value: Date) { tree.writeDate(value) }
    func writeTree(_ value: ModelValue) { tree.writeTree(value) }
    func beginArray(count: Int?) { tree.beginArray(count: count) }
    func endArray() { tree.endArray() }
    func beginDictionary(count: Int?) { tree.beginDictionary(count: count) }
    func beginObject(className: String) { tree.beginObject(className: className) }
    func writeKey(_ key: String) { tree.writeKey(key) }
    func endDictionary() { tree.endDictionary() }
    func beginShared(_ object: SharedObject) { tree.beginShared(object) }
    func endShared(_ object: SharedObject) { tree.endShared(object) }
    func writeAlias(to object: SharedObject) { tree.writeAlias(to: object) }
    func mark() -> WriterMark { tree.mark() }
    func rewind(to mark: WriterMark) { tree.rewind(to: mark) }
    func takeBack(since mark: WriterMark) -> EncodingNode.Content { tree.takeBack(since: mark) }
    func writeRecorded(_ recording: any WriterRecording) { tree.writeRecorded(recording) }
}
