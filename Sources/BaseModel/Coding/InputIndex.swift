import Foundation
import OrderedCollections

/// An index of a file: the read cursor the model decoder walks in place of a tree.
///
/// This is the seam a format that streams plugs into: its codec reads the bytes once into an
/// index (one fixed-size ``Node`` per value, the children of containers as runs of node numbers,
/// strings and data in side tables, per class its keys and their positions) and the decoder
/// reads models from it with the same mapping rules, defaults, coercions, transformers and
/// errors as from a ``ModelValue`` tree: one decoder, two kinds of input. Nothing is boxed or
/// allocated per value. A scalar is handed to the rules as the tree would hold it; a container
/// becomes a tree only where a property asks for one (a `ModelValue` property, a transformer's
/// input, a `Live` value).
///
/// The index is a graph: an alias in the file is the node of its target, so the same node is the
/// same object (shared class instances stay shared, a shared dictionary is one dictionary), and a
/// container that holds itself is a node among its own children (a cycle). Nodes carry what the
/// file said beyond their kind (``GraphFlags``, ``GraphVariant``) for a writer of the same format.
/// Objects of an object-graph format are nodes of a class.
///
/// The fast codec builds one (`FastIndex`); generated coding (the model macro) reads the same
/// cursor.
package final class InputIndex {

    /// What a node is.
    enum Kind: UInt8 {
        case null, bool, integer, double, string, data, date, array, dictionary, object
        /// An integer above `Int64.max` (``ModelValue/unsignedInteger(_:)``), its payload the value.
        case unsignedInteger

        /// Whether nodes of this kind have children (an array, a dictionary, an object).
        var isContainer: Bool { self == .array || self == .dictionary || self == .object }
    }

    /// One value. The payload is a bit pattern whose meaning depends on the kind: the boolean
    /// (0 or 1), the integer, the double's bits, the date's seconds since 2001 as double bits,
    /// the index into ``strings`` or ``data``, or an object's class index.
    struct Node {
        var kind: Kind
        /// What the file said of the value beyond its kind (mutable, a 4-byte float), which a
        /// writer of the same format writes back; readers and the model decoder ignore it.
        var flags: GraphFlags = []
        /// The file's own form of the value, where the format has several for one kind (a set
        /// or an ordered set is an array; an NSCoded object an object), for writing it back.
        var variant: GraphVariant = .plain
        /// For containers: how many children (dictionary entries, array elements, object values).
        var count: Int32
        /// For containers: where their children start in ``children``.
        var first: Int32
        var payload: UInt64

        var integer: Int64 { Int64(bitPattern: payload) }
        var double: Double { Double(bitPattern: payload) }
        var index: Int { Int(truncatingIfNeeded: payload) }
    }

    /// A class definition: its name, its keys in order, and the position of each key among an
    /// object's values.
    struct ClassInfo {
        let name: String
        let keys: [String]
        let positions: [String: Int]
    }

    /// A node number standing for a nil object value (the key is then missing).
    static let absent: Int32 = -1

    let nodes: [Node]
    /// Runs of node numbers: array elements and object values in order; dictionary entries as
    /// (key string index, value node) pairs.
    let children: [Int32]
    let strings: [String]
    let data: [Data]
    let classes: [ClassInfo]
    /// The node of the root value.
    let root: Int32
    /// Per class: the keys in the order the decoder asked for them, with their positions, learned
    /// from the first object (see ``value(of:forKey:request:)``).
    @exclusivity(unchecked) var learnedOrder: [[(key: String, position: Int?)]]

    /// Which nodes are shared (``sharedNodes``), once counted; a reader that knows no node is
    /// met twice may set it to `Sharing(nodes: nil)` and save the count.
    @exclusivity(unchecked) var sharing: Sharing?

    /// For object nodes met more than once: how many values one copy of the object holds, which
    /// the model decoder counts against ``DecodingLimits/maximumValues`` each time it decodes such
    /// a node as a struct (a copy); `nil` when the reader set none (no object is met twice).
    @exclusivity(unchecked) var copyCosts: [Int32: Int]?

    /// Whether some node is among its own descendants (an object or container that holds
    /// itself): the model decoder then keeps track of the objects it is decoding, to take a
    /// back reference (``BackReferencingModel``) or report the cycle. Set by the reader that
    /// met one; `false` for most files, which then cost nothing.
    @exclusivity(unchecked) var hasCycles = false

    /// The nodes met more than once, see ``sharedNodes``.
    struct Sharing {
        let nodes: [Bool]?
    }

    /// For an index whose dictionary keys are interned (each distinct key is one string, as the
    /// JSON index makes them): the string number of each key, so a key is found among a
    /// dictionary's entries by comparing numbers (``value(of:forKeyNumber:from:)``).
    let keyNumbers: [String: Int32]?

    /// An index of these nodes; `root` is the root value's node.
    init(
        nodes: [Node], children: [Int32], strings: [String], data: [Data], classes: [ClassInfo], root: Int32,
        keyNumbers: [String: Int32]? = nil
    ) {
        self.nodes = nodes
        self.children = children
        self.strings = strings
        self.data = data
        self.classes = classes
        self.root = root
        self.keyNumbers = keyNumbers
        learnedOrder = Array(repeating: [], count: classes.count)
    }

    subscript(node: Int32) -> Node { nodes[Int(node)] }

    /// The children of an array or object node.
    func childRange(of node: Node) -> Range<Int> { Int(node.first)..<Int(node.first) + Int(node.count) }

    func child(_ position: Int) -> Int32 { children[position] }

    // MARK: Reading

    /// How many nodes the index holds; copies of struct objects are budgeted from it.
    var nodeCount: Int { nodes.count }

    func shape(of node: Int32) -> IndexedShape {
        let value = self[node]
        switch value.kind {
        case .array: return .array(count: Int(value.count))
        case .dictionary: return .dictionary
        case .object: return .object
        case .null, .bool, .integer, .unsignedInteger, .double, .string, .data, .date: return .scalar
        }
    }

    func scalar(_ node: Int32) -> ModelValue? {
        let value = self[node]
        switch value.kind {
        case .null: return .null
        case .bool: return .bool(value.payload != 0)
        case .integer: return .integer(value.integer)
        case .unsignedInteger: return .unsignedInteger(value.payload)
        case .double: return .double(value.double)
        case .string: return .string(strings[value.index])
        case .data: return .data(data[value.index])
        case .date: return .date(Date(timeIntervalSinceReferenceDate: value.double))
        case .array, .dictionary, .object: return nil
        }
    }

    func element(of node: Int32, at position: Int) -> Int32 { children[Int(self[node].first) + position] }

    /// For an object, the key's position comes from the order its class was asked in before (one
    /// string comparison), else from the class's key table; a dictionary is searched from the
    /// `request`-th entry on (`Dictionary.init(from:)` asks for its keys in order). A negative
    /// `request` (a step of a key path, outside the model's own order) is looked up without
    /// being learned.
    func value(of node: Int32, forKey key: String, request: Int) -> Int32? {
        let value = self[node]
        let count = Int(value.count)
        if value.kind == .object {
            let classIndex = value.index
            let position: Int?
            if request >= 0, request < learnedOrder[classIndex].count, learnedOrder[classIndex][request].key == key {
                position = learnedOrder[classIndex][request].position
            } else {
                position = classes[classIndex].positions[key]
                if request == learnedOrder[classIndex].count { learnedOrder[classIndex].append((key, position)) }
            }
            guard let position else { return nil }
            let child = children[Int(value.first) + position]
            return child == InputIndex.absent ? nil : child
        }
        guard count > 0 else { return nil }
        for offset in 0..<count {
            let entry = Int(value.first) + 2 * ((max(request, 0) + offset) % count)
            if strings[Int(children[entry])] == key { return children[entry + 1] }
        }
        return nil
    }

    /// For a dictionary of an index with interned keys: the value of the key whose string number
    /// is `number`, searched from entry `start` on (wrapping around), with the position of its
    /// entry; `nil` when the dictionary has no such key.
    @inline(__always)
    func value(of node: Int32, forKeyNumber number: Int32, from start: Int) -> (value: Int32, entry: Int)? {
        let value = nodes[Int(node)]
        let count = Int(value.count)
        let first = Int(value.first)
        var position = start < count ? start : 0
        for _ in 0..<count {
            if children[first &+ 2 &* position] == number { return (children[first &+ 2 &* position &+ 1], position) }
            position &+= 1
            if position == count { position = 0 }
        }
        return nil
    }

    /// The value at `position` of object `node` (a position among its class's keys, see
    /// ``DecodingState/fieldPositions(for:ofClass:)``); `nil` when the object has none there.
    @inline(__always)
    func value(of node: Int32, atPosition position: Int) -> Int32? {
        let child = children[Int(nodes[Int(node)].first) &+ position]
        return child == InputIndex.absent ? nil : child
    }

    /// How many entries dictionary `node` has.
    func entryCount(of node: Int32) -> Int { Int(self[node].count) }

    /// Entry `position` of dictionary `node`: its key and its value's node.
    func entry(of node: Int32, at position: Int) -> (key: String, value: Int32) {
        let first = Int(self[node].first) + 2 * position
        return (strings[Int(children[first])], children[first + 1])
    }

    func keys(of node: Int32) -> [String] {
        let value = self[node]
        if value.kind == .object {
            return zip(classes[value.index].keys, childRange(of: value)).compactMap { key, position in
                children[position] == InputIndex.absent ? nil : key
            }
        }
        return (0..<Int(value.count)).map { strings[Int(children[Int(value.first) + 2 * $0])] }
    }

    @inline(__always)
    func objectClass(of node: Int32) -> Int? {
        let value = self[node]
        return value.kind == .object ? value.index : nil
    }

    var classCount: Int { classes.count }

    func className(ofClass index: Int) -> String { classes[index].name }

    func doubles(of node: Int32) -> [Double]? {
        elements(of: node, kind: .double) { $0.double }
    }

    /// The elements of array `node` as integers when every one is an integer; `nil` otherwise.
    func integers(of node: Int32) -> [Int]? {
        elements(of: node, kind: .integer) { Int($0.integer) }
    }

    /// The elements of array `node` as strings when every one is a string; `nil` otherwise.
    func strings(of node: Int32) -> [String]? {
        elements(of: node, kind: .string) { strings[$0.index] }
    }

    /// The elements of array `node` as `Int`s, `String`s or `Double`s (`type`) when every one is
    /// of that kind (see ``integers(of:)``); `nil` otherwise.
    @inline(__always)
    func exactElements<Element>(of node: Int32, as type: Element.Type) -> [Element]? {
        if type == Int.self { return integers(of: node).map { unsafeBitCast($0, to: [Element].self) } }
        if type == String.self { return strings(of: node).map { unsafeBitCast($0, to: [Element].self) } }
        if type == Double.self { return doubles(of: node).map { unsafeBitCast($0, to: [Element].self) } }
        return nil
    }

    /// The elements of array `node`, each read by `read`, when every one is of `kind`: an array
    /// of scalars without a decoder and a container for it.
    @inline(__always)
    private func elements<Element>(of node: Int32, kind: Kind, _ read: (Node) -> Element) -> [Element]? {
        let value = self[node]
        guard value.kind == .array else { return nil }
        var result: [Element] = []
        // An empty array stays the shared empty one: reserving, even nothing, allocates.
        if value.count == 0 { return result }
        result.reserveCapacity(Int(value.count))
        for position in childRange(of: value) {
            let element = nodes[Int(children[position])]
            guard element.kind == kind else { return nil }
            result.append(read(element))
        }
        return result
    }

    /// The value of scalar `node` as `type` (`String`, `Int`, `Int64`, `Double` or `Bool`) when
    /// the node holds that kind (an integer that fits, for `Int`), as unboxing it would give it;
    /// `nil` for anything else, which the general rules read (null, coercions, errors).
    @inline(__always)
    func exactScalar<T>(_ node: Int32, as type: T.Type) -> T? {
        let value = nodes[Int(node)]
        if type == Int.self { return value.kind == .integer ? Int(exactly: value.integer).map { $0 as! T } : nil }
        if type == Int64.self { return value.kind == .integer ? value.integer as? T : nil }
        if type == String.self { return value.kind == .string ? strings[value.index] as? T : nil }
        if type == Double.self { return value.kind == .double ? value.double as? T : nil }
        if type == Bool.self { return value.kind == .bool ? (value.payload != 0) as? T : nil }
        return nil
    }

    /// Whether `node` is a dictionary or an object (what a keyed container reads).
    @inline(__always)
    func isKeyed(_ node: Int32) -> Bool {
        let kind = nodes[Int(node)].kind
        return kind == .dictionary || kind == .object
    }

    /// Whether `node` is null.
    @inline(__always)
    func isNull(_ node: Int32) -> Bool { nodes[Int(node)].kind == .null }
}
