import Foundation

/// An object graph, as a file holds it: what a format's codec reads its bytes into and writes
/// its bytes from (see ``FormatCodec``).
///
/// A graph is a set of nodes, each holding one ``Value``; containers and objects hold their
/// children as nodes. A node that is the child of two containers is **one** object met twice
/// (a shared instance, a dictionary used three times), and a container may be among its own
/// descendants (a cycle): what ``ModelValue``, a tree, cannot say.
///
/// ```swift
/// var graph = ModelGraph()
/// let bob = graph.add(.object(className: "Person", values: [("name", graph.add(.string("Bob")))]))
/// graph.root = graph.add(.array([bob, bob]))        // Bob twice: one object
///
/// let list = graph.reserve()                          // a list that holds itself
/// graph.set(list, to: .array([graph.add(.string("head")), list]))
/// ```
///
/// Reading walks it from ``root`` with ``subscript(_:)``; a writer that stores references writes
/// a node met again as a reference to its first place.
struct ModelGraph {
    /// A value of the graph. The same node in two places is one object.
    struct Node: Hashable, Sendable {
        let number: Int32
    }

    /// What a node holds.
    enum Value {
        /// An explicit null (`NSNull`, JSON `null`).
        case null
        /// A boolean.
        case bool(Bool)
        /// A signed integer.
        case integer(Int64)
        /// An unsigned integer above `Int64.max`.
        case unsignedInteger(UInt64)
        /// A floating-point number.
        case double(Double)
        /// A string.
        case string(String)
        /// Bytes.
        case data(Data)
        /// A point in time.
        case date(Date)
        /// An array of nodes.
        case array([Node])
        /// A dictionary with string keys, in the file's order.
        case dictionary([(key: String, value: Node)])
        /// An object of a named class: a model's values under its registered type name. A `nil`
        /// value is a key of the class that this object leaves unset.
        case object(className: String, values: [(key: String, value: Node?)])
    }

    /// Where the graph's values are: an index a built-in reader made, or the values added one
    /// by one (``add(_:)``), which become an index when the library reads them.
    var storage: Storage

    enum Storage {
        case index(InputIndex)
        case values([Value?], root: Int32)
    }

    /// An empty graph, to build with ``add(_:)``; its ``root`` is the first node added until it
    /// is set.
    init() {
        storage = .values([], root: 0)
    }

    init(index: InputIndex) {
        storage = .index(index)
    }

    /// The node the graph's value starts at.
    var root: Node {
        get {
            switch storage {
            case .index(let index): Node(number: index.root)
            case .values(_, let root): Node(number: root)
            }
        }
        set {
            let values = builtValues().values
            storage = .values(values, root: newValue.number)
        }
    }

    /// Adds a node holding `value` and returns it.
    ///
    /// Complexity: O(1), once; the first change to a graph a reader made copies its values.
    mutating func add(_ value: Value) -> Node {
        var (values, root) = builtValues()
        storage = .values([], root: root)
        values.append(value)
        storage = .values(values, root: root)
        return Node(number: Int32(values.count - 1))
    }

    /// Adds a node whose value comes later (``set(_:to:)``): a container that is among its own
    /// children, or that they refer to.
    mutating func reserve() -> Node {
        var (values, root) = builtValues()
        storage = .values([], root: root)
        values.append(nil)
        storage = .values(values, root: root)
        return Node(number: Int32(values.count - 1))
    }

    /// Sets the value of `node`, reserved or added before.
    mutating func set(_ node: Node, to value: Value) {
        var (values, root) = builtValues()
        storage = .values([], root: root)
        values[Int(node.number)] = value
        storage = .values(values, root: root)
    }

    /// What `node` holds; `.null` for a node reserved and never set.
    subscript(node: Node) -> Value {
        switch storage {
        case .index(let index): index.value(of: node.number)
        case .values(let values, _): values[Int(node.number)] ?? .null
        }
    }

    /// The values of a graph being built, a read one's turned into values.
    private func builtValues() -> (values: [Value?], root: Int32) {
        switch storage {
        case .values(let values, let root): return (values, root)
        case .index(let index): return ((0..<Int32(index.nodeCount)).map { index.value(of: $0) }, index.root)
        }
    }
}
