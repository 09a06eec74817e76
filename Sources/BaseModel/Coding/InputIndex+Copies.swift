import Foundation

extension InputIndex {
    /// Checks that the graph fits this decode's limits when every shared value that is not an
    /// object is counted at each place it is met, as a reader that copies them counts it (and
    /// as the model decoder reads a shared array or dictionary: once per place): a small file
    /// whose containers alias each other cannot become a decode of billions of values.
    ///
    /// The graph is walked in document order. Each value counts one towards
    /// ``DecodingLimits/maximumValues`` and its string or data bytes towards
    /// ``DecodingLimits/maximumStringBytes`` at every place; an object met again, and a container
    /// met again while it is being walked (a cycle), count one and are not walked again (they
    /// are references, not copies); containers count towards ``DecodingLimits/maximumDepth``,
    /// also where a copy puts them deeper than their first place.
    ///
    /// Call it once a reader has built a graph in which some alias names a value that is not an
    /// object; the walk costs at most the budget.
    ///
    /// - Throws: ``ModelError`` in `format` naming the limit, at the place of the copy that
    ///   passes it.
    func checkCopies(byteCount: Int, format: String) throws(ModelError) {
        var walk = CopyCount(index: self, byteCount: byteCount)
        do {
            try walk.count(root, depth: 0)
        } catch var error {
            error.format = ModelFormat(rawValue: format)
            throw error
        }
    }
}

/// One ``InputIndex/checkCopies(byteCount:format:)``.
private struct CopyCount {
    let index: InputIndex
    let maximumDepth: Int
    let valueBudget: Int
    let byteBudget: Int
    var values = 0
    var bytes = 0
    /// Per node: met before.
    var seen: [Bool]
    /// Per node: being walked.
    var walking: [Bool]
    var steps: [ModelPath.Component] = []
    /// How many steps lead to the outermost copy being walked, if any: its errors are at its place.
    var copyDepth: Int?

    init(index: InputIndex, byteCount: Int) {
        self.index = index
        let limits = DecodingLimits.current
        maximumDepth = limits.maximumDepth
        valueBudget = limits.values(forInputOf: byteCount)
        byteBudget = limits.stringBytes(forInputOf: byteCount)
        seen = Array(repeating: false, count: index.nodeCount)
        walking = seen
    }

    var place: ModelPath { ModelPath(copyDepth.map { Array(steps.prefix($0)) } ?? steps) }

    mutating func count(_ node: Int32, depth: Int) throws(ModelError) {
        values += 1
        guard values <= valueBudget else { throw ModelError(DecodingLimits.valuesExceeded(valueBudget), path: place) }
        let value = index[node]
        let metBefore = seen[Int(node)]
        seen[Int(node)] = true
        switch value.kind {
        case .string: try countBytes(index.strings[value.index].utf8.count)
        case .data: try countBytes(index.data[value.index].count)
        case .array, .dictionary, .object:
            if metBefore && (value.kind == .object || walking[Int(node)]) { return }
            guard depth < maximumDepth else { throw ModelError(DecodingLimits.depthExceeded(maximumDepth), path: place) }
            let startsCopy = metBefore && copyDepth == nil
            if startsCopy { copyDepth = steps.count }
            walking[Int(node)] = true
            try countChildren(of: node, value, depth: depth)
            walking[Int(node)] = false
            if startsCopy { copyDepth = nil }
        default:
            break
        }
    }

    private mutating func countChildren(of node: Int32, _ value: InputIndex.Node, depth: Int) throws(ModelError) {
        switch value.kind {
        case .array:
            for (position, child) in index.childRange(of: value).enumerated() {
                steps.append(.index(position))
                try count(index.child(child), depth: depth + 1)
                steps.removeLast()
            }
        case .object:
            let keys = index.classes[value.index].keys
            for (key, child) in zip(keys, index.childRange(of: value)) where index.child(child) != InputIndex.absent {
                steps.append(.key(key))
                try count(index.child(child), depth: depth + 1)
                steps.removeLast()
            }
        default:
            for position in 0..<Int(value.count) {
                let (key, child) = index.entry(of: node, at: position)
                steps.append(.key(key))
                try count(child, depth: depth + 1)
                steps.removeLast()
            }
        }
    }

    private mutating func countBytes(_ count: Int) throws(ModelError) {
        bytes += count
        guard bytes <= byteBudget else { throw ModelError(DecodingLimits.stringBytesExceeded(byteBudget), path: place) }
    }
}

extension InputIndex {
    /// For a graph whose references were resolved after reading (HR's aliases, a typed tree's):
    /// sets ``hasCycles`` when a container or object is among its own descendants, and
    /// ``copyCosts`` for the objects met more than once: how many values a copy of each holds (a
    /// struct decoded from it again is such a copy), shared values below it counted at every
    /// place, as copies of them would be, and a node met again inside itself counted once.
    /// Costs one walk, without recursion, of the nodes reachable from the root; nothing when no
    /// node is met twice.
    func measureSharing() {
        guard let shared = sharedNodes else { return }
        // Per node: 0 not met, 1 on the path being walked, 2 walked (its size in `sizes`).
        var state = [UInt8](repeating: 0, count: nodeCount)
        var sizes = [Int](repeating: 1, count: nodeCount)
        var path: [(node: Int32, next: Int, end: Int, step: Int)] = []
        func enter(_ node: Int32) {
            let value = self[node]
            state[Int(node)] = 1
            let first = Int(value.first)
            let step = value.kind == .dictionary ? 2 : 1
            path.append((node, first + step - 1, first + step * Int(value.count), step))
        }
        func add(_ size: Int, to node: Int32) { sizes[Int(node)] = min(sizes[Int(node)] &+ size, Int.max / 2) }
        guard self[root].kind.isContainer else { return }
        enter(root)
        while let top = path.last {
            guard top.next < top.end else {
                state[Int(top.node)] = 2
                path.removeLast()
                if let parent = path.last { add(sizes[Int(top.node)], to: parent.node) }
                continue
            }
            path[path.count - 1].next += top.step
            let child = self.child(top.next)
            guard child >= 0 else { continue }
            switch state[Int(child)] {
            case 0 where self[child].kind.isContainer: enter(child)
            case 1:
                hasCycles = true
                add(1, to: top.node)
            case 2: add(sizes[Int(child)], to: top.node)
            default: add(1, to: top.node)
            }
        }
        var costs: [Int32: Int] = [:]
        for node in 0..<nodeCount where shared[node] && self[Int32(node)].kind == .object && state[node] == 2 {
            costs[Int32(node)] = sizes[node]
        }
        if !costs.isEmpty { copyCosts = costs }
    }
}
