import Foundation

extension InputIndex {
    /// The graph a typed tree stands for (see ``TypedTree``): a dictionary with `$class` is an
    /// object of that class, and `{"$alias": "<key path>"}` is the node at that place, so an alias
    /// makes one object of two places, or a cycle when it names a container around it. The
    /// reverse of ``typedTree()``.
    ///
    /// - Throws: ``ModelError`` for an alias that names no place of the tree or another alias,
    ///   a `$class` that is not a string, or nesting past ``DecodingLimits/maximumDepth``.
    convenience init(typedTree tree: ModelValue) throws(ModelError) {
        var builder = TypedTreeGraphBuilder()
        let root = try builder.add(tree)
        try builder.resolveAliases(root: root)
        self.init(
            nodes: builder.nodes, children: builder.children, strings: builder.strings, data: builder.data,
            classes: builder.classes, root: root)
        if builder.hasAliases { measureSharing() }
    }
}

/// One ``InputIndex/init(typedTree:)``.
///
/// An alias is a placeholder child (a marker below ``InputIndex/absent``) until the whole tree
/// is added; then each is replaced by the node its key path reaches from the root, walked
/// through the graph as built, so aliases to earlier places, later places and containers
/// around them resolve alike and no place is remembered for values no alias names.
private struct TypedTreeGraphBuilder {
    var nodes: [InputIndex.Node] = []
    var children: [Int32] = []
    var strings: [String] = []
    var data: [Data] = []
    var classes: [InputIndex.ClassInfo] = []
    private var classNumbers: [ClassKey: Int] = [:]
    /// The aliases met: their target key path, the place of the alias (for errors), and the
    /// slot of ``children`` that holds their marker once their container is closed.
    private var aliases: [(target: String, path: ModelPath, slot: Int)] = []

    /// Whether the tree held an alias (only then can the graph hold a cycle).
    var hasAliases: Bool { !aliases.isEmpty }
    private var steps: [ModelPath.Component] = []
    private let maximumDepth = DecodingLimits.current.maximumDepth

    private struct ClassKey: Hashable {
        let name: String
        let keys: [String]
    }

    private var path: ModelPath { ModelPath(steps) }

    private mutating func append(_ kind: InputIndex.Kind, payload: UInt64 = 0) -> Int32 {
        nodes.append(InputIndex.Node(kind: kind, count: 0, first: 0, payload: payload))
        return Int32(nodes.count - 1)
    }

    /// Adds `value` and returns its node, or an alias's marker.
    mutating func add(_ value: ModelValue) throws(ModelError) -> Int32 {
        switch value {
        case .null: return append(.null)
        case .bool(let flag): return append(.bool, payload: flag ? 1 : 0)
        case .integer(let number): return append(.integer, payload: UInt64(bitPattern: number))
        case .unsignedInteger(let number): return append(.unsignedInteger, payload: number)
        case .double(let number): return append(.double, payload: number.bitPattern)
        case .string(let text):
            strings.append(text)
            return append(.string, payload: UInt64(strings.count - 1))
        case .data(let bytes):
            data.append(bytes)
            return append(.data, payload: UInt64(data.count - 1))
        case .date(let date): return append(.date, payload: date.timeIntervalSinceReferenceDate.bitPattern)
        case .array(let elements):
            guard steps.count < maximumDepth else { throw ModelError(DecodingLimits.depthExceeded(maximumDepth), path: path) }
            var elementNodes: [Int32] = []
            elementNodes.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                steps.append(.index(position))
                elementNodes.append(try add(element))
                steps.removeLast()
            }
            let node = append(.array)
            close(node, children: elementNodes, count: elements.count)
            return node
        case .dictionary(let entries):
            if let target = entries[TypedTree.aliasKey] {
                guard case .string(let keyPath) = target else {
                    throw ModelError(
                        .typeMismatch(expected: "a key path string", found: target.kindName),
                        path: path.appending(.key(TypedTree.aliasKey)))
                }
                guard !steps.isEmpty else {
                    throw ModelError(.invalidValue("the root is an alias"), path: [.key(TypedTree.aliasKey)])
                }
                aliases.append((target: keyPath, path: path, slot: -1))
                return -Int32(aliases.count) - 1
            }
            guard steps.count < maximumDepth else { throw ModelError(DecodingLimits.depthExceeded(maximumDepth), path: path) }
            let className: String?
            switch entries[TypedTree.classKey] {
            case nil: className = nil
            case .string(let name)?: className = name
            case let other?:
                throw ModelError(
                    .typeMismatch(expected: "a class name string", found: other.kindName), path: path.appending(.key(TypedTree.classKey)))
            }
            var keys: [String] = []
            var valueNodes: [Int32] = []
            keys.reserveCapacity(entries.count)
            valueNodes.reserveCapacity(entries.count)
            for (key, entry) in entries where className == nil || key != TypedTree.classKey {
                steps.append(.key(key))
                keys.append(key)
                valueNodes.append(try add(entry))
                steps.removeLast()
            }
            guard let className else {
                var pairs: [Int32] = []
                pairs.reserveCapacity(2 * keys.count)
                for (key, valueNode) in zip(keys, valueNodes) {
                    strings.append(key)
                    pairs.append(Int32(strings.count - 1))
                    pairs.append(valueNode)
                }
                let node = append(.dictionary)
                close(node, children: pairs, count: keys.count)
                return node
            }
            let classKey = ClassKey(name: className, keys: keys)
            let number: Int
            if let known = classNumbers[classKey] {
                number = known
            } else {
                number = classes.count
                classNumbers[classKey] = number
                classes.append(InputIndex.ClassInfo(
                    name: className, keys: keys,
                    positions: Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })))
            }
            let node = append(.object, payload: UInt64(number))
            close(node, children: valueNodes, count: keys.count)
            return node
        }
    }

    /// Moves a container's children into ``children`` and records where its aliases' markers are.
    private mutating func close(_ node: Int32, children run: [Int32], count: Int) {
        let first = children.count
        for (offset, child) in run.enumerated() where child < InputIndex.absent {
            aliases[Int(-child) - 2].slot = first + offset
        }
        children.append(contentsOf: run)
        nodes[Int(node)].first = Int32(first)
        nodes[Int(node)].count = Int32(count)
    }

    /// Replaces each alias's marker by the node its key path reaches from `root`.
    ///
    /// - Throws: ``ModelError`` for an alias that names no place, or names another alias.
    mutating func resolveAliases(root: Int32) throws(ModelError) {
        let slots = Set(aliases.map(\.slot))
        var targets: [Int32] = []
        targets.reserveCapacity(aliases.count)
        for alias in aliases { targets.append(try node(at: alias.target, from: root, for: alias, aliasSlots: slots)) }
        for (alias, target) in zip(aliases, targets) { children[alias.slot] = target }
    }

    /// The node at `keyPath` from `root`, as ``TypedTree/resolve(_:in:)`` walks a tree: a path
    /// never runs through an alias.
    private func node(
        at keyPath: String, from root: Int32, for alias: (target: String, path: ModelPath, slot: Int), aliasSlots: Set<Int>
    ) throws(ModelError) -> Int32 {
        func failure(_ what: String) -> ModelError {
            ModelError(.invalidValue("the alias \"\(keyPath)\" names \(what)"), path: alias.path.appending(.key(TypedTree.aliasKey)))
        }
        // A place is a slot of `children`, or -1 for the root.
        let found = TypedTree.walk(keyPath, from: -1) { (slot: Int) -> TypedTree.Container<Int>? in
            let node = slot < 0 ? root : children[slot]
            guard !aliasSlots.contains(slot), node >= 0 else { return nil }
            let value = nodes[Int(node)]
            let start = Int(value.first)
            switch value.kind {
            case .array:
                return .elements(count: Int(value.count)) { start + $0 }
            case .dictionary:
                return .entries(count: Int(value.count)) { (strings[Int(children[start + 2 * $0])], start + 2 * $0 + 1) }
            case .object:
                let keys = classes[value.index].keys
                return .entries(count: keys.count) { (keys[$0], start + $0) }
            default:
                return nil
            }
        }
        guard let found else { throw failure("no place of the tree") }
        guard !aliasSlots.contains(found) else { throw failure("another alias") }
        guard found < 0 || children[found] >= 0 else { throw failure("no place of the tree") }
        return found < 0 ? root : children[found]
    }
}
