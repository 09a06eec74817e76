@testable import BaseModel
import Foundation
import Testing

/// ``ModelGraph``: building one node by node, reading it back, and its index.
@Suite("ModelGraph")
struct ModelGraphTests {
    @Test("a graph built node by node keeps one object met twice, and a cycle")
    func building() throws {
        var graph = ModelGraph()
        let bob = graph.add(.object(className: "Person", values: [("name", graph.add(.string("Bob"))), ("age", nil)]))
        let list = graph.reserve()
        graph.set(list, to: .array([graph.add(.string("head")), list]))
        graph.root = graph.add(.array([bob, bob, list]))

        guard case .array(let elements) = graph[graph.root] else { Issue.record("the root is not an array"); return }
        #expect(elements == [bob, bob, list])
        guard case .object(let className, let values) = graph[bob] else { Issue.record("Bob is not an object"); return }
        #expect(className == "Person")
        #expect(values.map(\.key) == ["name", "age"])
        #expect(values[1].value == nil)

        let tree = try graph.index().typedTree()
        #expect(tree == [["$class": "Person", "name": "Bob"], ["$alias": "0"], ["head", ["$alias": "2"]]])
    }

    @Test("a graph a reader made reads back through the same calls, and takes additions")
    func fromAnIndex() throws {
        let index = try InputIndex(values: [.string("a"), .dictionary([("k", ModelGraph.Node(number: 0))])], root: 1)
        var graph = ModelGraph(index: index)
        guard case .dictionary(let entries) = graph[graph.root] else { Issue.record("the root is not a dictionary"); return }
        #expect(entries.map(\.key) == ["k"])
        let added = graph.add(.integer(7))
        graph.root = graph.add(.array([graph.root, added]))
        #expect(try graph.index().typedTree() == [["k": "a"], 7])
    }

    @Test("a child that is not a node of the graph is an error")
    func danglingChild() {
        var graph = ModelGraph()
        graph.root = graph.add(.array([ModelGraph.Node(number: 9)]))
        #expect(throws: ModelError(.invalidValue("node 0 of the graph names node 9, which it does not have"))) {
            try graph.index()
        }
    }
}
