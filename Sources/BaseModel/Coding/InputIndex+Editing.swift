import Foundation

extension InputIndex {
    /// The node at `path` from the root: each step a dictionary key, an object's key, or an array
    /// index (a step of digits), as a ``RemoteKeyPath`` reads its first alternative.
    ///
    /// O(length of the path × entries of the dictionaries on the way).
    ///
    /// - Throws: ``ModelError`` with the place where the walk stopped:
    ///   ``ModelError/Reason/missingValue(expected:)`` when a step names nothing,
    ///   ``ModelError/Reason/typeMismatch(expected:found:)`` when a step goes into a scalar (or a
    ///   key into an array).
    package func node(at path: RemoteKeyPath) throws(ModelError) -> Int32 {
        try walk(path.primary[...], of: path).node
    }

    /// The node `components` lead to from the root, with the steps taken.
    ///
    /// - Throws: as ``node(at:)``.
    fileprivate func walk(
        _ components: ArraySlice<RemoteKeyPath.Component>, of path: RemoteKeyPath
    ) throws(ModelError) -> (node: Int32, steps: [ModelPath.Component]) {
        var current = root
        var steps: [ModelPath.Component] = []
        for component in components {
            let slot = try self.slot(of: component, in: current, at: &steps)
            guard let slot, children[slot] != InputIndex.absent else {
                throw Self.noValue(at: path, steps: steps)
            }
            current = children[slot]
        }
        return (current, steps)
    }

    /// The graph of the value at `path`: the same nodes, rooted there, with its own sharing (a
    /// node met twice below it is shared; one met once below it and elsewhere above is not).
    ///
    /// - Throws: as ``node(at:)``.
    package func graph(at path: RemoteKeyPath) throws(ModelError) -> InputIndex {
        let node = try node(at: path)
        return Self.rebuilt(nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: node, hasCycles: hasCycles)
    }

    /// The value at `path` as a typed tree (see ``typedTree()``).
    ///
    /// - Throws: as ``node(at:)``; past ``DecodingLimits/maximumDepth``.
    package func value(at path: RemoteKeyPath) throws(ModelError) -> ModelValue {
        let graph = try graph(at: path)
        return try StackReserve.run { () throws(ModelError) -> ModelValue in try graph.typedTree() }
    }

    /// What the value at `path` is: `dictionary`, `array`, `string`, `integer`, `real`, `bool`,
    /// `date`, `data`, `null`, or an object's class name.
    ///
    /// - Throws: as ``node(at:)``.
    package func kindName(at path: RemoteKeyPath) throws(ModelError) -> String {
        kindName(of: self[try node(at: path)])
    }

    /// This graph with `value` at `path`, everything else as it was: every other node, its
    /// sharing, class names, key order and forms. The value replaces what the place held (a node
    /// shared with other places stays theirs); when it is of the same kind, it takes the old
    /// value's form (a mutable string stays mutable, a 4-byte float stays 4 bytes). A key new to a
    /// dictionary or object is added at the end; an array takes an index up to its count (which
    /// appends). A place inside a container that is shared is one place: the change is seen from
    /// every place that holds the container. `value` is a typed tree (see ``TypedTree``): a
    /// dictionary with `$class` is an object of that class.
    ///
    /// When the place already holds `value` (its typed tree is equal), the graph itself is
    /// returned: writing it back is writing the file as it was read.
    ///
    /// O(size of the graph): the node tables are copied once.
    ///
    /// - Throws: as ``node(at:)`` for the steps before the last (the last may name nothing
    ///   yet); ``ModelError/Reason/invalidValue(_:)`` for an array index past the count, or a
    ///   value whose `$class` or `$alias` is malformed.
    package func setting(_ value: ModelValue, at path: RemoteKeyPath) throws(ModelError) -> InputIndex {
        // Comparing and adding trees recurses as deep as they nest.
        try StackReserve.run { () throws(ModelError) -> InputIndex in try set(value, at: path) }
    }

    /// ``setting(_:at:)``, on the stack it runs on.
    private func set(_ value: ModelValue, at path: RemoteKeyPath) throws(ModelError) -> InputIndex {
        var edit = try GraphEdit(self, path: path)
        if case .pastTheEnd(let position, let count) = edit.place {
            throw ModelError(.invalidValue("index \(position) is past the end of an array of \(count) elements"), path: ModelPath(edit.steps))
        }
        if let old = edit.old, try Self.rebuilt(
            nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: old, hasCycles: hasCycles
        ).typedTree() == value {
            return self
        }
        let new = try edit.graft(InputIndex(typedTree: value))
        if let old = edit.old { edit.keepForm(of: old, on: new) }
        switch edit.place {
        case .pastTheEnd:
            return self
        case .slot(let slot):
            edit.children[slot] = new
        case .newElement:
            edit.relocate { run in run.append(new) }
        case .newEntry(let key):
            edit.strings.append(key)
            let keyNumber = Int32(edit.strings.count - 1)
            edit.relocate { run in run.append(contentsOf: [keyNumber, new]) }
        case .newObjectKey(let key):
            let info = edit.classes[edit.parentNode.index]
            edit.classes.append(ClassInfo(name: info.name, keys: info.keys + [key], positions: info.positions.merging([key: info.keys.count]) { old, _ in old }))
            edit.nodes[Int(edit.parent)].payload = UInt64(edit.classes.count - 1)
            edit.relocate { run in run.append(new) }
        }
        return edit.finish()
    }

    /// This graph without the value at `path`, everything else as it was: an array's element is
    /// taken out (later ones move up), a dictionary's entry removed, an object's value made nil
    /// (its class keeps the key, as an object with a nil property is written). A place inside a
    /// container that is shared is one place.
    ///
    /// O(size of the graph): the node tables are copied once.
    ///
    /// - Throws: as ``node(at:)``.
    package func removing(at path: RemoteKeyPath) throws(ModelError) -> InputIndex {
        var edit = try GraphEdit(self, path: path)
        guard case .slot(let slot) = edit.place, edit.old != nil else {
            throw Self.noValue(at: path, steps: edit.steps)
        }
        let parent = edit.parentNode
        switch parent.kind {
        case .object:
            edit.children[slot] = InputIndex.absent
        case .dictionary:
            let entry = (slot - Int(parent.first)) / 2
            edit.relocate { run in run.removeSubrange(2 * entry..<2 * entry + 2) }
        default:
            let element = slot - Int(parent.first)
            edit.relocate { run in run.remove(at: element) }
        }
        return edit.finish()
    }

    // MARK: - Walking

    /// The slot of ``children`` that `component` names in container `node` (`nil` when it names
    /// none), with the step appended to `steps`.
    ///
    /// - Throws: ``ModelError/Reason/typeMismatch(expected:found:)`` when `node` is a scalar, or
    ///   an array and the step is not an index.
    fileprivate func slot(
        of component: RemoteKeyPath.Component, in node: Int32, at steps: inout [ModelPath.Component]
    ) throws(ModelError) -> Int? {
        let value = self[node]
        let first = Int(value.first)
        switch value.kind {
        case .array:
            guard let index = component.index else {
                throw ModelError(
                    .typeMismatch(expected: "an array index (a step of digits) for \"\(component.key)\"", found: "an array"),
                    path: ModelPath(steps))
            }
            steps.append(.index(index))
            return index < Int(value.count) ? first + index : nil
        case .dictionary:
            steps.append(.key(component.key))
            for entry in 0..<Int(value.count) where strings[Int(children[first + 2 * entry])] == component.key {
                return first + 2 * entry + 1
            }
            return nil
        case .object:
            steps.append(.key(component.key))
            return classes[value.index].positions[component.key].map { first + $0 }
        case .null, .bool, .integer, .unsignedInteger, .double, .string, .data, .date:
            throw ModelError(
                .typeMismatch(expected: "a dictionary, array or object to find \"\(component.key)\" in", found: kindName(of: value)),
                path: ModelPath(steps))
        }
    }

    /// What `node` is, as ``kindName(at:)`` names it.
    private func kindName(of node: Node) -> String {
        switch node.kind {
        case .null: "null"
        case .bool: "bool"
        case .integer, .unsignedInteger: "integer"
        case .double: "real"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .array: "array"
        case .dictionary: "dictionary"
        case .object: classes[node.index].name
        }
    }

    /// The error for a path that names nothing: the place where the walk stopped, and the path.
    fileprivate static func noValue(at path: RemoteKeyPath, steps: [ModelPath.Component]) -> ModelError {
        ModelError(.missingValue(expected: "a value at \(path)"), path: ModelPath(steps))
    }

    /// A graph of these tables, with its sharing counted from `root` (nodes no longer reachable
    /// after an edit count for nothing) and its copy costs measured.
    fileprivate static func rebuilt(
        nodes: [Node], children: [Int32], strings: [String], data: [Data], classes: [ClassInfo], root: Int32, hasCycles: Bool
    ) -> InputIndex {
        let graph = InputIndex(nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: root)
        graph.hasCycles = hasCycles
        graph.sharing = Sharing(nodes: graph.reachableReferenceCounts())
        graph.measureSharing()
        return graph
    }

    /// Per node, whether it is a child more than once among the nodes reachable from the root
    /// (the root counts once); `nil` when none is.
    private func reachableReferenceCounts() -> [Bool]? {
        var counts = [UInt8](repeating: 0, count: nodes.count)
        counts[Int(root)] = 1
        var pending = [root]
        var anyShared = false
        while let node = pending.popLast() {
            let value = self[node]
            guard value.kind.isContainer else { continue }
            let step = value.kind == .dictionary ? 2 : 1
            var position = Int(value.first) + (value.kind == .dictionary ? 1 : 0)
            let end = Int(value.first) + Int(value.count) * step
            while position < end {
                let child = children[position]
                position += step
                guard child >= 0, counts[Int(child)] < 2 else { continue }
                counts[Int(child)] += 1
                if counts[Int(child)] == 2 { anyShared = true } else { pending.append(child) }
            }
        }
        return anyShared ? counts.map { $0 > 1 } : nil
    }
}

/// One edit of an ``InputIndex``: copies of its tables, the place the path names in its parent
/// container, and what the place held.
private struct GraphEdit {
    let index: InputIndex
    var nodes: [InputIndex.Node]
    var children: [Int32]
    var strings: [String]
    var data: [Data]
    var classes: [InputIndex.ClassInfo]
    /// The container that holds the place.
    let parent: Int32
    /// The steps to the place.
    let steps: [ModelPath.Component]

    /// Where the value goes.
    enum Place {
        /// A slot of ``children`` (an element, an entry's value, an object's value, maybe nil).
        case slot(Int)
        /// A new element at the end of an array.
        case newElement
        /// A new entry at the end of a dictionary.
        case newEntry(String)
        /// A key the object's class does not have.
        case newObjectKey(String)
        /// An array index past the count: nothing can be put there.
        case pastTheEnd(index: String, count: Int32)
    }

    let place: Place
    /// The node the place holds, if any.
    let old: Int32?

    var parentNode: InputIndex.Node { nodes[Int(parent)] }

    init(_ index: InputIndex, path: RemoteKeyPath) throws(ModelError) {
        let components = path.primary
        guard let last = components.last else {
            throw ModelError(.invalidValue("an empty key path names the whole file, not a place in it"))
        }
        let walked = try index.walk(components.dropLast(), of: path)
        let parent = walked.node
        var steps = walked.steps
        let slot = try index.slot(of: last, in: parent, at: &steps)
        self.parent = parent
        self.steps = steps
        let parentNode = index[parent]
        if let slot {
            place = .slot(slot)
            old = index.children[slot] == InputIndex.absent ? nil : index.children[slot]
        } else {
            old = nil
            switch parentNode.kind {
            case .array:
                place = last.index == Int(parentNode.count) ? .newElement : .pastTheEnd(index: last.key, count: parentNode.count)
            case .dictionary: place = .newEntry(last.key)
            default: place = .newObjectKey(last.key)
            }
        }
        self.index = index
        nodes = index.nodes
        children = index.children
        strings = index.strings
        data = index.data
        classes = index.classes
    }

    /// Adds `part`'s tables after this graph's and returns the node of its root.
    mutating func graft(_ part: InputIndex) -> Int32 {
        let nodeBase = Int32(nodes.count)
        let childBase = Int32(children.count)
        let stringBase = UInt64(strings.count)
        let dataBase = UInt64(data.count)
        let classBase = UInt64(classes.count)
        for var node in part.nodes {
            switch node.kind {
            case .string: node.payload += stringBase
            case .data: node.payload += dataBase
            case .object: node.payload += classBase
            default: break
            }
            if node.kind.isContainer { node.first += childBase }
            nodes.append(node)
        }
        // Dictionary runs hold (key string, value node) pairs: a key moves with the strings.
        var isKey = [Bool](repeating: false, count: part.children.count)
        for node in part.nodes where node.kind == .dictionary {
            for entry in 0..<Int(node.count) { isKey[Int(node.first) + 2 * entry] = true }
        }
        for (position, child) in part.children.enumerated() {
            if isKey[position] {
                children.append(child + Int32(stringBase))
            } else {
                children.append(child == InputIndex.absent ? child : child + nodeBase)
            }
        }
        strings += part.strings
        data += part.data
        classes += part.classes
        return part.root + nodeBase
    }

    /// Gives the new node the form of the old one when they are of one kind: its flags (mutable,
    /// 4-byte float), and its variant where that names no shape the new value may lack (a set
    /// stays a set, a URL a URL; a geometry value or a UID does not pass on).
    mutating func keepForm(of old: Int32, on new: Int32) {
        let before = nodes[Int(old)]
        guard before.kind == nodes[Int(new)].kind else { return }
        nodes[Int(new)].flags = before.flags
        switch before.variant {
        case .geometry, .uid, .indexSet, .codedObject: break
        default: nodes[Int(new)].variant = before.variant
        }
    }

    /// Moves the parent's run of children to the end of ``children``, changed by `change`.
    mutating func relocate(_ change: (inout [Int32]) -> Void) {
        let node = nodes[Int(parent)]
        let step = node.kind == .dictionary ? 2 : 1
        var run = Array(children[Int(node.first)..<Int(node.first) + step * Int(node.count)])
        change(&run)
        nodes[Int(parent)].first = Int32(children.count)
        nodes[Int(parent)].count = Int32(run.count / step)
        children += run
    }

    /// The edited graph.
    func finish() -> InputIndex {
        InputIndex.rebuilt(
            nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: index.root,
            hasCycles: index.hasCycles)
    }
}
