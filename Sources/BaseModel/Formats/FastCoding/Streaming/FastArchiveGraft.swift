import Foundation
import OrderedCollections

/// Nodes made from the typed tree of an embedded keyed archive: `$class` dictionaries are
/// objects, `$alias` dictionaries the node of the value they name (sharing and cycles kept).
struct FastArchiveGraft {
    let root: ModelValue
    /// The key paths the tree's aliases name.
    var targets: Set<String> = []
    /// The node made for each of ``targets`` so far.
    var made: [String: Int32] = [:]
    /// The steps from the archive's root to the value being made.
    var steps: [ModelPath.Component] = []

    init(root: ModelValue) {
        self.root = root
        Self.collectTargets(root, into: &targets)
    }

    static func collectTargets(_ value: ModelValue, into targets: inout Set<String>) {
        switch value {
        case .array(let elements):
            for element in elements { collectTargets(element, into: &targets) }
        case .dictionary(let entries):
            if case .string(let target)? = entries[TypedTree.aliasKey] {
                targets.insert(target)
                return
            }
            for element in entries.values { collectTargets(element, into: &targets) }
        default:
            break
        }
    }

    /// The node of `value`, made in `builder`.
    mutating func node(of value: ModelValue, into builder: inout FastGraphBuilder) throws(ModelError) -> Int32 {
        let keyPath = targets.isEmpty ? nil : TypedTree.keyPath(for: ModelPath(steps))
        if let keyPath, let known = made[keyPath] { return known }
        switch value {
        case .null: return builder.append(.null)
        case .bool(let flag): return builder.append(.bool, payload: flag ? 1 : 0)
        case .integer(let number): return builder.append(.integer, payload: UInt64(bitPattern: number))
        case .unsignedInteger(let number): return builder.append(.unsignedInteger, payload: number)
        case .double(let number): return builder.append(.double, payload: number.bitPattern)
        case .string(let text): return builder.append(.string, payload: UInt64(builder.addString(text)))
        case .data(let bytes):
            builder.data.append(bytes)
            return builder.append(.data, payload: UInt64(builder.data.count - 1))
        case .date(let date): return builder.append(.date, payload: date.timeIntervalSinceReferenceDate.bitPattern)
        case .array(let elements):
            let node = builder.append(.array, first: FastGraphBuilder.open)
            if let keyPath { made[keyPath] = node }
            var values: [Int32] = []
            values.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                steps.append(.index(position))
                values.append(try self.node(of: element, into: &builder))
                steps.removeLast()
            }
            builder.nodes[Int(node)].first = Int32(builder.children.count)
            builder.nodes[Int(node)].count = Int32(values.count)
            builder.children += values
            return node
        case .dictionary(let entries):
            if case .string(let target)? = entries[TypedTree.aliasKey] { return try alias(target, into: &builder) }
            if case .string(let className)? = entries[TypedTree.classKey] {
                return try object(className, entries, keyPath: keyPath, into: &builder)
            }
            let node = builder.append(.dictionary, first: FastGraphBuilder.open)
            if let keyPath { made[keyPath] = node }
            var pairs: [Int32] = []
            pairs.reserveCapacity(2 * entries.count)
            for (key, element) in entries {
                steps.append(.key(key))
                let child = try self.node(of: element, into: &builder)
                steps.removeLast()
                pairs.append(builder.keyNumber(ofString: Int(builder.addString(key))))
                pairs.append(child)
            }
            builder.nodes[Int(node)].first = Int32(builder.children.count)
            builder.nodes[Int(node)].count = Int32(entries.count)
            builder.children += pairs
            return node
        }
    }

    private mutating func object(
        _ className: String, _ entries: OrderedDictionary<String, ModelValue>, keyPath: String?, into builder: inout FastGraphBuilder
    ) throws(ModelError) -> Int32 {
        let keys = entries.keys.elements.filter { $0 != TypedTree.classKey }
        var positions: [String: Int] = [:]
        for (position, key) in keys.enumerated() { positions[key] = position }
        let classInfo = InputIndex.ClassInfo(name: className, keys: keys, positions: positions)
        let key = FastGraphBuilder.OtherClass(name: className, keys: keys)
        let number: Int
        if let known = builder.otherClassNumbers[key] {
            number = known
        } else {
            builder.otherClasses.append(classInfo)
            number = builder.otherClasses.count - 1
            builder.otherClassNumbers[key] = number
        }
        let node = builder.append(.object, payload: UInt64(number), first: FastGraphBuilder.open)
        builder.otherObjects.append(node)
        if let keyPath { made[keyPath] = node }
        var values: [Int32] = []
        values.reserveCapacity(keys.count)
        for key in keys {
            steps.append(.key(key))
            values.append(try self.node(of: entries[key]!, into: &builder))
            steps.removeLast()
        }
        builder.nodes[Int(node)].first = Int32(builder.children.count)
        builder.nodes[Int(node)].count = Int32(values.count)
        builder.children += values
        return node
    }

    /// The node an alias names: made already, or (a forward alias) made now, at its own path.
    private mutating func alias(_ target: String, into builder: inout FastGraphBuilder) throws(ModelError) -> Int32 {
        let node: Int32
        if let known = made[target] {
            node = known
        } else {
            guard let value = TypedTree.resolve(target, in: root), !TypedTree.isAlias(value) else {
                throw ModelError(.malformed("an alias \"\(target)\" in an embedded keyed archive that names nothing"), format: FastReader.format)
            }
            let saved = steps
            steps = TypedTree.modelPath(target).components
            defer { steps = saved }
            node = try self.node(of: value, into: &builder)
        }
        builder.hasAliases = true
        if builder.nodes[Int(node)].kind != .object { builder.aliasesValues = true }
        if Int(builder.nodes[Int(node)].first) == FastGraphBuilder.open { builder.hasCycles = true }
        return node
    }
}
