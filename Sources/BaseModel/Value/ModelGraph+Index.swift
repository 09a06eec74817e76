import Foundation

extension ModelGraph {
    /// The graph as an index, for the model decoder and the tree view: a reader's index as it is,
    /// added values laid out as one.
    ///
    /// - Throws: ``ModelError`` for a node that names a child the graph does not have.
    func index() throws(ModelError) -> InputIndex {
        switch storage {
        case .index(let index): return index
        case .values(let values, let root): return try InputIndex(values: values, root: root)
        }
    }
}

extension InputIndex {
    /// An index of the values of a graph built node by node (``ModelGraph/add(_:)``): the same
    /// node numbers, a class per class name and list of keys.
    ///
    /// - Throws: ``ModelError`` for a child or root that is not a node of the graph.
    convenience init(values: [ModelGraph.Value?], root: Int32) throws(ModelError) {
        var nodes: [Node] = []
        nodes.reserveCapacity(values.count)
        var children: [Int32] = []
        var strings: [String] = []
        var data: [Data] = []
        var classes: [ClassInfo] = []
        var classNumbers: [ClassKey: Int] = [:]
        let count = Int32(values.count)
        func child(_ node: ModelGraph.Node, of parent: Int) throws(ModelError) -> Int32 {
            guard node.number >= 0, node.number < count else {
                throw ModelError(.invalidValue("node \(parent) of the graph names node \(node.number), which it does not have"))
            }
            return node.number
        }
        for (number, value) in values.enumerated() {
            switch value ?? .null {
            case .null: nodes.append(Node(kind: .null, count: 0, first: 0, payload: 0))
            case .bool(let flag): nodes.append(Node(kind: .bool, count: 0, first: 0, payload: flag ? 1 : 0))
            case .integer(let integer): nodes.append(Node(kind: .integer, count: 0, first: 0, payload: UInt64(bitPattern: integer)))
            case .unsignedInteger(let integer):
                nodes.append(integer <= UInt64(Int64.max)
                    ? Node(kind: .integer, count: 0, first: 0, payload: integer)
                    : Node(kind: .unsignedInteger, count: 0, first: 0, payload: integer))
            case .double(let double): nodes.append(Node(kind: .double, count: 0, first: 0, payload: double.bitPattern))
            case .string(let text):
                strings.append(text)
                nodes.append(Node(kind: .string, count: 0, first: 0, payload: UInt64(strings.count - 1)))
            case .data(let bytes):
                data.append(bytes)
                nodes.append(Node(kind: .data, count: 0, first: 0, payload: UInt64(data.count - 1)))
            case .date(let date):
                nodes.append(Node(kind: .date, count: 0, first: 0, payload: date.timeIntervalSinceReferenceDate.bitPattern))
            case .array(let elements):
                let first = children.count
                for element in elements { children.append(try child(element, of: number)) }
                nodes.append(Node(kind: .array, count: Int32(elements.count), first: Int32(first), payload: 0))
            case .dictionary(let entries):
                let first = children.count
                for (key, entry) in entries {
                    strings.append(key)
                    children.append(Int32(strings.count - 1))
                    children.append(try child(entry, of: number))
                }
                nodes.append(Node(kind: .dictionary, count: Int32(entries.count), first: Int32(first), payload: 0))
            case .object(let className, let entries):
                let key = ClassKey(name: className, keys: entries.map(\.key))
                let classNumber: Int
                if let known = classNumbers[key] {
                    classNumber = known
                } else {
                    classNumber = classes.count
                    classNumbers[key] = classNumber
                    classes.append(ClassInfo(
                        name: className, keys: key.keys,
                        positions: Dictionary(key.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })))
                }
                let first = children.count
                for (_, entry) in entries { children.append(try entry.map { node throws(ModelError) in try child(node, of: number) } ?? InputIndex.absent) }
                nodes.append(Node(kind: .object, count: Int32(entries.count), first: Int32(first), payload: UInt64(classNumber)))
            }
        }
        guard root >= 0, root < count || (root == 0 && values.isEmpty) else {
            throw ModelError(.invalidValue("the graph's root names node \(root), which it does not have"))
        }
        if values.isEmpty { nodes.append(Node(kind: .null, count: 0, first: 0, payload: 0)) }
        self.init(nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: root)
    }

    /// A class of an index made from graph values: its name and its keys in order.
    private struct ClassKey: Hashable {
        let name: String
        let keys: [String]
    }

    /// What node `number` holds, as a ``ModelGraph/Value``.
    func value(of number: Int32) -> ModelGraph.Value {
        let node = self[number]
        switch node.kind {
        case .null: return .null
        case .bool: return .bool(node.payload != 0)
        case .integer: return .integer(node.integer)
        case .unsignedInteger: return .unsignedInteger(node.payload)
        case .double: return .double(node.double)
        case .string: return .string(strings[node.index])
        case .data: return .data(data[node.index])
        case .date: return .date(Date(timeIntervalSinceReferenceDate: node.double))
        case .array: return .array(childRange(of: node).map { ModelGraph.Node(number: child($0)) })
        case .dictionary:
            return .dictionary((0..<Int(node.count)).map { position in
                let (key, value) = entry(of: number, at: position)
                return (key, ModelGraph.Node(number: value))
            })
        case .object:
            let info = classes[node.index]
            return .object(className: info.name, values: zip(info.keys, childRange(of: node)).map { key, position in
                let value = child(position)
                return (key, value == InputIndex.absent ? nil : ModelGraph.Node(number: value))
            })
        }
    }
}
