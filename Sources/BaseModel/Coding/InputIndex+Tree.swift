import Foundation
import OrderedCollections

extension InputIndex {
    /// The graph as a typed tree, what users see of a file (``ModelValue/init(data:context:)``,
    /// `basemodel inspect`): objects are `{"$class": name, …}`, and a container or object met a
    /// second time, shared or in a cycle, is `{"$alias": "<key path of its first occurrence>"}`
    /// (see ``TypedTree``), so the tree says "the same object again" where the file does.
    ///
    /// Nodes are met in document order (an object's keys in its class's order, a dictionary's
    /// in the file's). Strings, numbers, dates and data are values, written out wherever they
    /// are met.
    ///
    /// - Throws: ``ModelError`` past ``DecodingLimits/maximumDepth`` (a graph whose aliases
    ///   nest it deeper than its file did).
    func typedTree() throws(ModelError) -> ModelValue {
        var walk = TreeWalk(index: self, aliasesShared: true)
        return try walk.tree(at: root)
    }

    /// The value at `node` as a tree of values, for a property that asks for one (a
    /// `ModelValue`, a transformer's input): a container met again is copied, since a tree of
    /// values has no identity; copies count towards the decode's
    /// ``DecodingLimits/maximumValues``.
    ///
    /// - Throws: ``ModelError`` for a cycle (a container that holds itself, which a tree of
    ///   values cannot hold), or past the depth or value limits.
    func tree(at node: Int32) throws(ModelError) -> ModelValue {
        if let scalar = scalar(node) { return scalar }
        var walk = TreeWalk(index: self, aliasesShared: false)
        return try walk.tree(at: node)
    }

    /// Per node, whether it is a child more than once (the root counts once): shared, or the
    /// target of a cycle; `nil` when no node is (most files). Counted on first use.
    var sharedNodes: [Bool]? {
        if let known = sharing { return known.nodes }
        let counts = referenceCounts()
        let nodes = counts.contains { $0 > 1 } ? counts.map { $0 > 1 } : nil
        sharing = Sharing(nodes: nodes)
        return nodes
    }

    /// How many times each node is a child (the root counts once), counted up to 2.
    private func referenceCounts() -> [UInt8] {
        var counts = [UInt8](repeating: 0, count: nodes.count)
        if nodes.isEmpty { return counts }
        counts[Int(root)] = 1
        for node in nodes where node.kind.isContainer {
            let step = node.kind == .dictionary ? 2 : 1
            let offset = node.kind == .dictionary ? 1 : 0
            var position = Int(node.first) + offset
            let end = Int(node.first) + Int(node.count) * step
            while position < end {
                let child = children[position]
                if child >= 0, counts[Int(child)] < 2 { counts[Int(child)] += 1 }
                position += step
            }
        }
        return counts
    }
}

/// One walk of an index into a tree (see ``InputIndex/typedTree()`` and
/// ``InputIndex/tree(at:)``).
private struct TreeWalk {
    let index: InputIndex
    /// Whether a shared container met again is an alias (the user's view) or a copy (a value
    /// for a property).
    let aliasesShared: Bool
    /// Per node: counted more than once as a child, so its places must be remembered. `nil`
    /// when no node is (most files): nothing is remembered then.
    let shared: [Bool]?
    /// The place of the first occurrence of each shared node met, or `nil` while it is open
    /// and copies are made (a cycle then).
    var places: [Int32: ModelPath] = [:]
    /// The shared nodes being written (an alias to one of them is a cycle).
    var open: Set<Int32> = []
    let maximumDepth = DecodingLimits.current.maximumDepth
    var values = 0
    let valueBudget: Int

    init(index: InputIndex, aliasesShared: Bool) {
        self.index = index
        self.aliasesShared = aliasesShared
        shared = index.sharedNodes
        valueBudget = DecodingLimits.current.values(forInputOf: index.nodeCount)
    }

    /// The steps from the walk's root to the value being read; a ``ModelPath`` is made of them
    /// only for a shared node or an error.
    var steps: [ModelPath.Component] = []

    var path: ModelPath { ModelPath(steps) }

    mutating func tree(at node: Int32) throws(ModelError) -> ModelValue {
        if let scalar = index.scalar(node) { return scalar }
        guard steps.count < maximumDepth else { throw ModelError(DecodingLimits.depthExceeded(maximumDepth), path: path) }
        let isShared = shared?[Int(node)] ?? false
        if isShared {
            if open.contains(node) {
                guard aliasesShared, let place = places[node] else {
                    throw ModelError(
                        .unsupported("a reference cycle through this \(Self.kindName(index[node])), which a tree of values cannot hold"),
                        path: path)
                }
                return [TypedTree.aliasKey: .string(TypedTree.keyPath(for: place))]
            }
            if aliasesShared, let place = places[node] {
                return [TypedTree.aliasKey: .string(TypedTree.keyPath(for: place))]
            }
            places[node] = path
            open.insert(node)
        }
        values += 1
        if !aliasesShared, values > valueBudget { throw ModelError(DecodingLimits.valuesExceeded(valueBudget), path: path) }
        let value = index[node]
        let result: ModelValue
        switch value.kind {
        case .array:
            var elements: [ModelValue] = []
            elements.reserveCapacity(Int(value.count))
            for (position, child) in index.childRange(of: value).enumerated() {
                steps.append(.index(position))
                elements.append(try tree(at: index.child(child)))
                steps.removeLast()
            }
            result = .array(elements)
        case .object:
            let keys = index.classes[value.index].keys
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: keys.count + 1)
            entries[TypedTree.classKey] = .string(index.classes[value.index].name)
            for (key, position) in zip(keys, index.childRange(of: value)) where index.child(position) != InputIndex.absent {
                steps.append(.key(key))
                entries[key] = try tree(at: index.child(position))
                steps.removeLast()
            }
            result = .dictionary(entries)
        default:
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: Int(value.count))
            for position in 0..<Int(value.count) {
                let (key, child) = index.entry(of: node, at: position)
                steps.append(.key(key))
                entries[key] = try tree(at: child)
                steps.removeLast()
            }
            result = .dictionary(entries)
        }
        if isShared {
            open.remove(node)
            // A value for a property copies a shared container at each place it is met.
            if !aliasesShared { places[node] = nil }
        }
        return result
    }

    static func kindName(_ node: InputIndex.Node) -> String {
        switch node.kind {
        case .array: "array"
        case .object: "object"
        default: "dictionary"
        }
    }
}
