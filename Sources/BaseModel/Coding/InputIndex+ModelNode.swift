import Foundation
import OrderedCollections

extension InputIndex {
    /// The graph as the public ``ModelNode`` array a format of one's own reads and writes: one
    /// node per node of the index, the root first (the root and node 0 trade places), shared
    /// nodes and cycles kept as numbers. Flags and variants the enum does not name are dropped;
    /// a 4-byte float becomes ``ModelNode/float(_:)``.
    package func modelNodes() -> [ModelNode] {
        let root = Int(self.root)
        func number(_ node: Int32) -> Int {
            let node = Int(node)
            return node == root ? 0 : node == 0 ? root : node
        }
        var result: [ModelNode] = []
        result.reserveCapacity(nodeCount)
        for position in 0..<nodeCount {
            let node = Int32(truncatingIfNeeded: position == 0 ? root : position == root ? 0 : position)
            let value = self[node]
            switch value.kind {
            case .null: result.append(.null)
            case .bool: result.append(.bool(value.payload != 0))
            case .integer: result.append(.integer(value.integer))
            case .unsignedInteger: result.append(.unsignedInteger(value.payload))
            case .double: result.append(value.flags.contains(.float32) ? .float(Float(value.double)) : .double(value.double))
            case .string: result.append(.string(strings[value.index]))
            case .data: result.append(.data(data[value.index]))
            case .date: result.append(.date(Date(timeIntervalSinceReferenceDate: value.double)))
            case .array: result.append(.array(childRange(of: value).map { number(children[$0]) }))
            case .dictionary:
                var entries = OrderedDictionary<String, Int>(minimumCapacity: Int(value.count))
                for entry in 0..<Int(value.count) {
                    let (key, child) = self.entry(of: node, at: entry)
                    entries[key] = number(child)
                }
                result.append(.dictionary(entries))
            case .object:
                let info = classes[value.index]
                var properties = OrderedDictionary<String, Int?>(minimumCapacity: info.keys.count)
                for (key, position) in zip(info.keys, childRange(of: value)) where properties[key] == nil {
                    let child = children[position]
                    properties[key] = .some(child == InputIndex.absent ? nil : number(child))
                }
                result.append(.object(className: info.name, properties: properties))
            }
        }
        return result
    }

    /// The index of a ``ModelNode`` graph (its root the first node), for the decoder, the typed
    /// tree and the built-in writers. Sharing and cycles carry over; the graph is checked as a
    /// reader checks its bytes: every number names a node, and the graph walked from the root,
    /// shared values counted at each place, fits the current ``DecodingLimits`` for input of
    /// `byteCount` bytes.
    ///
    /// - Throws: ``ModelError`` in `format`: an empty graph, a child number that names no node
    ///   (with the path of the container), or a limit passed.
    convenience init(modelNodes graph: [ModelNode], byteCount: Int, format: ModelFormat) throws(ModelError) {
        guard !graph.isEmpty else {
            throw ModelError(.malformed("the graph has no nodes; its first node is the root"), format: format)
        }
        var nodes: [Node] = []
        nodes.reserveCapacity(graph.count)
        var children: [Int32] = []
        var strings: [String] = []
        var data: [Data] = []
        var classes: [ClassInfo] = []
        var classNumbers: [ClassShape: Int] = [:]
        func child(_ number: Int, of position: Int) throws(ModelError) -> Int32 {
            guard graph.indices.contains(number) else {
                throw ModelError(
                    .malformed("node \(position) names node \(number), and the graph has \(graph.count) nodes"), format: format)
            }
            return Int32(truncatingIfNeeded: number)
        }
        // Keys are not interned: two spellings Swift compares equal stay two spellings.
        func key(_ text: String) -> Int32 {
            strings.append(text)
            return Int32(truncatingIfNeeded: strings.count - 1)
        }
        for (position, value) in graph.enumerated() {
            var node = Node(kind: .null, count: 0, first: 0, payload: 0)
            switch value {
            case .null: break
            case .bool(let flag): (node.kind, node.payload) = (.bool, flag ? 1 : 0)
            case .integer(let number): (node.kind, node.payload) = (.integer, UInt64(bitPattern: number))
            case .unsignedInteger(let number):
                (node.kind, node.payload) = number <= UInt64(Int64.max) ? (.integer, number) : (.unsignedInteger, number)
            case .double(let number): (node.kind, node.payload) = (.double, number.bitPattern)
            case .float(let number): (node.kind, node.payload, node.flags) = (.double, Double(number).bitPattern, .float32)
            case .string(let text):
                strings.append(text)
                (node.kind, node.payload) = (.string, UInt64(strings.count - 1))
            case .data(let bytes):
                data.append(bytes)
                (node.kind, node.payload) = (.data, UInt64(data.count - 1))
            case .date(let date): (node.kind, node.payload) = (.date, date.timeIntervalSinceReferenceDate.bitPattern)
            case .array(let elements):
                (node.kind, node.first, node.count) = (.array, Int32(truncatingIfNeeded: children.count), Int32(truncatingIfNeeded: elements.count))
                for element in elements { children.append(try child(element, of: position)) }
            case .dictionary(let entries):
                (node.kind, node.first, node.count) = (.dictionary, Int32(truncatingIfNeeded: children.count), Int32(truncatingIfNeeded: entries.count))
                for (name, value) in entries {
                    children.append(key(name))
                    children.append(try child(value, of: position))
                }
            case .object(let className, let properties):
                let shape = ClassShape(name: className, keys: Array(properties.keys))
                let classIndex: Int
                if let known = classNumbers[shape] {
                    classIndex = known
                } else {
                    var positions: [String: Int] = [:]
                    for (offset, name) in shape.keys.enumerated() { positions[name] = offset }
                    classes.append(ClassInfo(name: className, keys: shape.keys, positions: positions))
                    classIndex = classes.count - 1
                    classNumbers[shape] = classIndex
                }
                (node.kind, node.payload) = (.object, UInt64(classIndex))
                (node.first, node.count) = (Int32(truncatingIfNeeded: children.count), Int32(truncatingIfNeeded: properties.count))
                for value in properties.values { children.append(try value.map { number throws(ModelError) in try child(number, of: position) } ?? InputIndex.absent) }
            }
            nodes.append(node)
        }
        self.init(nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: 0)
        measureSharing()
        try checkCopies(byteCount: byteCount, format: format.rawValue)
    }

    /// A class of a ``ModelNode`` graph: objects with the same name and keys share one.
    private struct ClassShape: Hashable {
        let name: String
        let keys: [String]
    }
}
