import Foundation
import OrderedCollections

/// Turns a ``FastObject`` document into a typed tree (see ``FormatCodec``).
///
/// | document | tree |
/// |---|---|
/// | null, booleans, integers, floats | themselves (a `Float32` widened to a double) |
/// | decimal | an integer when whole and within 64 bits, otherwise the nearest double |
/// | string, mutable string | string |
/// | data, date, legacy date | data, date |
/// | array, set, ordered set (mutable or not) | array |
/// | dictionary | dictionary; its keys must be strings |
/// | object of class C | `{"$class": "C", key: value…}`, a nil value leaving its key out |
/// | NSCoded object | `{"$class": name, key: value…}` |
/// | keyed archive | the archive's own typed tree (``KeyedArchiveCodec``) |
/// | URL | its absolute string |
/// | point, size, rect, range, vector | `{"x", "y"}`, `{"width", "height"}`, `{"x", "y", "width", "height"}`, `{"location", "length"}`, `{"dx", "dy"}` |
/// | affine / 3D transform | `{"a", "b", "c", "d", "tx", "ty"}` / `{"m11" … "m44"}` |
/// | index set | an array of `{"location", "length"}` runs |
///
/// An alias to an object (a class instance) becomes `{"$alias": "<key path of its first
/// occurrence>"}`, as does an alias to a container that is still being read (a cycle). Any
/// other alias (to a finished container, string, data or date) is a copy of the value: trees of
/// values have no identity. Copies are budgeted (``maximumNodes(for:)``), so a small file of
/// nested aliases cannot expand into an unbounded tree.
///
/// An embedded keyed archive is read once, as a part of this decode: one level deeper than the
/// chunk, within what is left of the budget (``DecodingLimits/decodeNested(depth:values:stringBytes:at:format:_:)``).
/// An alias to it, or a copy of a value holding it, is the tree read then: an alias when the
/// archive holds an object, otherwise a copy (its objects aliases to the first), budgeted as
/// any copy.
struct FastTreeReader {
    /// A position in the tree, built lazily: the parent's node and the step from it. The
    /// components are linked rather than copied, so that reading costs no path allocation per
    /// value; a ``ModelPath`` or a key path string is made only for an alias or an error.
    private struct Step {
        /// The node of the parent position (``rootNode`` for the root's children).
        var parent: Int
        /// The step from the parent; `nil` for the parent's own position (the root, or a copy).
        var component: ModelPath.Component?

        static let root = Step(parent: FastTreeReader.rootNode, component: nil)
    }

    private struct Link {
        var parent: Int
        var component: ModelPath.Component
    }

    private static let rootNode = -1

    private struct Slot {
        /// The path node of the value's first occurrence.
        var node: Int
        /// Its key path, made when an alias first names it.
        var keyPath: String?
        var value: FastObject
        /// The first slot of this value's subtree (itself when cached before its children).
        var first: Int
        /// How many slots the subtree holds, once it is read.
        var span: Int
        var open: Bool
    }

    private var slots: [Slot] = []
    private var links: [Link] = []
    /// While copying an aliased value: the slot that the next cached value replays.
    private var cursor: Int?
    private var nodes = 0
    private let maximumNodes: Int
    private var stringBytes = 0
    private let maximumStringBytes: Int
    /// The trees of the embedded keyed archives read so far, by the slot of the object each
    /// holds: an alias never reads an archive again.
    private var archives: [Int: ModelValue] = [:]

    /// The tree of `document`, read from a file of `byteCount` bytes (which sets the budget).
    static func tree(from document: FastObject, byteCount: Int) throws(ModelError) -> ModelValue {
        var reader = FastTreeReader(
            maximumNodes: maximumNodes(for: byteCount), maximumStringBytes: DecodingLimits.current.stringBytes(forInputOf: byteCount))
        guard let tree = try reader.map(document, at: .root, depth: 0) else {
            throw ModelError(.malformed("the root value is nil"), format: FastReader.format)
        }
        return tree
    }

    private let maximumDepth = FastObject.maximumDepth

    private init(maximumNodes: Int, maximumStringBytes: Int) {
        self.maximumNodes = maximumNodes
        self.maximumStringBytes = maximumStringBytes
    }

    /// Counts the bytes of a string or data value towards ``DecodingLimits/maximumStringBytes``.
    private mutating func countBytes(_ count: Int, at step: Step) throws(ModelError) {
        stringBytes += count
        guard stringBytes <= maximumStringBytes else {
            throw failure(DecodingLimits.stringBytesExceeded(maximumStringBytes), at: step)
        }
    }

    /// How many tree values a file of `byteCount` bytes may expand to through aliases: the
    /// current ``DecodingLimits/maximumValues``.
    static func maximumNodes(for byteCount: Int) -> Int {
        DecodingLimits.current.values(forInputOf: byteCount)
    }

    // MARK: - Slots

    private var counter: Int { cursor ?? slots.count }

    /// Takes the next slot: a new one on first reading, the replayed one while copying.
    private mutating func takeSlot(_ value: FastObject, first: Int, at node: Int, open: Bool) -> Int {
        if let current = cursor {
            cursor = current + 1
            return current
        }
        slots.append(Slot(node: node, keyPath: nil, value: value, first: first, span: 1, open: open))
        return slots.count - 1
    }

    // MARK: - Paths

    /// The node of `step`'s position, linking it on first use.
    private mutating func node(_ step: Step) -> Int {
        guard let component = step.component else { return step.parent }
        links.append(Link(parent: step.parent, component: component))
        return links.count - 1
    }

    /// The step to a child of `node`.
    private static func child(of node: Int, _ component: ModelPath.Component) -> Step {
        Step(parent: node, component: component)
    }

    private func modelPath(_ node: Int) -> ModelPath {
        var components: [ModelPath.Component] = []
        var current = node
        while current != Self.rootNode {
            components.append(links[current].component)
            current = links[current].parent
        }
        return ModelPath(components.reversed())
    }

    private func modelPath(_ step: Step) -> ModelPath {
        var path = modelPath(step.parent)
        if let component = step.component { path.components.append(component) }
        return path
    }

    /// The key path of a slot's first occurrence, as `$alias` spells it.
    private mutating func keyPath(ofSlot index: Int) -> String {
        if let known = slots[index].keyPath { return known }
        let made = TypedTree.keyPath(for: modelPath(slots[index].node))
        slots[index].keyPath = made
        return made
    }

    /// Closes a collection: its own slot when it took one before its children (mutable), a
    /// new one now otherwise (immutable, cached after its children).
    ///
    /// (No `own ?? takeSlot(…)` here: an autoclosure capturing `self` mutably made a copy of
    /// every slot on each call, which made reading quadratic.)
    private mutating func close(_ own: Int?, _ value: FastObject, first: Int, at node: Int) {
        let index: Int
        if let own { index = own } else { index = takeSlot(value, first: first, at: node, open: false) }
        close(index, first: first)
    }

    private mutating func close(_ index: Int, first: Int) {
        guard cursor == nil else { return }
        slots[index].open = false
        slots[index].span = slots.count - first
    }

    // MARK: - Values

    /// The tree value of `value`; `nil` for ``FastObject/nilValue``.
    private mutating func map(_ value: FastObject, at step: Step, depth: Int) throws(ModelError) -> ModelValue? {
        nodes += 1
        guard nodes <= maximumNodes else {
            throw failure(DecodingLimits.valuesExceeded(maximumNodes), at: step)
        }
        switch value {
        case .list, .dictionary, .object, .codedObject:
            // Containers count towards the depth (also where an alias copies them deeper than
            // they were first read); the scalars inside the deepest one do not.
            guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth), at: step) }
        default:
            break
        }
        switch value {
        case .nilValue: return nil
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .float32(let number): return .double(Double(number))
        case .float64(let number): return .double(number)
        case .decimal(let number): return number.modelValue
        case .string(let text):
            try countBytes(text.utf8.count, at: step)
            return .string(text)
        case .mutableString(let text):
            try countBytes(text.utf8.count, at: step)
            _ = takeSlot(value, first: counter, at: node(step), open: false)
            return .string(text)
        case .data(let bytes, _):
            try countBytes(bytes.count, at: step)
            _ = takeSlot(value, first: counter, at: node(step), open: false)
            return .data(bytes)
        case .date(let seconds):
            _ = takeSlot(value, first: counter, at: node(step), open: false)
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .legacyDate(let seconds):
            _ = takeSlot(value, first: counter, at: node(step), open: false)
            return .date(Date(timeIntervalSince1970: seconds))
        case .list(let elements, _, let mutable):
            let here = node(step)
            let first = counter
            let own = mutable ? takeSlot(value, first: first, at: here, open: true) : nil
            var result: [ModelValue] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                let elementStep = Self.child(of: here, .index(index))
                guard let mapped = try map(element, at: elementStep, depth: depth + 1) else {
                    throw nilInside(at: elementStep)
                }
                result.append(mapped)
            }
            close(own, value, first: first, at: here)
            return .array(result)
        case .dictionary(let entries, let mutable):
            let here = node(step)
            let first = counter
            let own = mutable ? takeSlot(value, first: first, at: here, open: true) : nil
            var result = OrderedDictionary<String, ModelValue>(minimumCapacity: entries.count)
            try mapEntries(entries, into: &result, under: here, depth: depth)
            close(own, value, first: first, at: here)
            return .dictionary(result)
        case .object(let className, let keys, let values):
            if let current = cursor {
                // Copying: the object was written out where it first appeared.
                cursor = current + slots[current].span
                return [TypedTree.aliasKey: .string(keyPath(ofSlot: current))]
            }
            let here = node(step)
            let first = counter
            let own = takeSlot(value, first: first, at: here, open: true)
            var result = OrderedDictionary<String, ModelValue>(minimumCapacity: keys.count + 1)
            result[TypedTree.classKey] = .string(className)
            for (key, element) in zip(keys, values) {
                if let mapped = try map(element, at: Self.child(of: here, .key(key)), depth: depth + 1) { result[key] = mapped }
            }
            close(own, first: first)
            return .dictionary(result)
        case .alias(let index):
            return try alias(index, at: step, depth: depth)
        case .url(let url): return .string(url.absoluteString)
        case .geometry(let geometry): return Self.tree(of: geometry)
        case .indexSet(let ranges, _):
            _ = takeSlot(value, first: counter, at: node(step), open: false)
            return .array(ranges.map { ["location": .integer(Int64($0.location)), "length": .integer(Int64($0.length))] })
        case .codedObject(let className, let entries):
            let here = node(step)
            let first = counter
            var result = OrderedDictionary<String, ModelValue>(minimumCapacity: entries.count + 1)
            result[TypedTree.classKey] = .string(className)
            try mapEntries(entries, into: &result, under: here, depth: depth)
            close(takeSlot(value, first: first, at: here, open: false), first: first)
            return .dictionary(result)
        case .keyedArchive(let archive):
            let here = node(step)
            let first = counter
            _ = takeSlot(.data(archive, mutable: false), first: first, at: here, open: false)
            guard cursor == nil else {
                // Copying a value that holds the archive: the tree read where it first appeared.
                return try copyOfArchive(inSlot: takeSlot(value, first: first, at: here, open: false), at: step, depth: depth)
            }
            let tree = try embeddedArchive(archive, at: here, depth: depth)
            let index = takeSlot(value, first: first, at: here, open: false)
            close(index, first: first)
            archives[index] = tree
            return tree
        }
    }

    private mutating func alias(_ index: Int, at step: Step, depth: Int) throws(ModelError) -> ModelValue {
        guard index >= 0, index < slots.count else {
            throw failure(.malformed("object alias \(index) is out of range (\(slots.count) objects read)"), at: step)
        }
        let slot = slots[index]
        if case .object = slot.value { return [TypedTree.aliasKey: .string(keyPath(ofSlot: index))] }
        if slot.open { return [TypedTree.aliasKey: .string(keyPath(ofSlot: index))] }
        // A finished value: copy it, replaying the slots of its subtree.
        let saved = cursor
        cursor = slot.first
        defer { cursor = saved }
        guard let copy = try map(slot.value, at: step, depth: depth) else { throw nilInside(at: step) }
        return copy
    }

    /// The string a dictionary or NSCoded key stands for, read without side effects.
    /// Maps a dictionary's (or an NSCoded object's) entries into `result`: string keys only, no
    /// nil values, and each key mapped after its value so it takes its cache slot where the
    /// original reader gave it one.
    private mutating func mapEntries(
        _ entries: [FastObject.Entry], into result: inout OrderedDictionary<String, ModelValue>, under here: Int, depth: Int
    ) throws(ModelError) {
        for entry in entries {
            let key = try keyString(entry.key, at: Step(parent: here, component: nil))
            let valueStep = Self.child(of: here, .key(key))
            guard let mapped = try map(entry.value, at: valueStep, depth: depth + 1) else {
                throw nilInside(at: valueStep)
            }
            result[key] = mapped
            _ = try map(entry.key, at: valueStep, depth: depth + 1)
        }
    }

    private func keyString(_ key: FastObject, at step: Step) throws(ModelError) -> String {
        switch key {
        case .string(let text), .mutableString(let text): return text
        case .alias(let index) where index >= 0 && index < slots.count:
            if case .mutableString(let text) = slots[index].value { return text }
        default: break
        }
        throw failure(.unsupported("a dictionary key that is \(key.kindName); trees have string keys only"), at: step)
    }

    private func nilInside(at step: Step) -> ModelError {
        failure(.malformed("nil inside a collection"), at: step)
    }

    private func failure(_ reason: ModelError.Reason, at step: Step) -> ModelError {
        Self.failure(reason, at: modelPath(step))
    }

    private static func failure(_ reason: ModelError.Reason, at path: ModelPath) -> ModelError {
        ModelError(reason, path: path, format: FastReader.format)
    }

    // MARK: - Foundation values

    static func tree(of geometry: FastGeometry) -> ModelValue {
        let names: [String]
        switch geometry {
        case .point: names = ["x", "y"]
        case .size: names = ["width", "height"]
        case .rect: names = ["x", "y", "width", "height"]
        case .range(let location, let length): return ["location": .integer(Int64(location)), "length": .integer(Int64(length))]
        case .vector: names = ["dx", "dy"]
        case .affineTransform: names = ["a", "b", "c", "d", "tx", "ty"]
        case .transform3D: names = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
        }
        return .dictionary(OrderedDictionary(uniqueKeys: names, values: geometry.components.map(ModelValue.double)))
    }

    /// The tree of an embedded keyed archive at `node`, `depth` containers deep, its aliases
    /// made relative to the file's root. The archive is read within what is left of this
    /// decode's limits, and what it builds counts towards them.
    private mutating func embeddedArchive(_ archive: Data, at node: Int, depth: Int) throws(ModelError) -> ModelValue {
        let path = modelPath(node)
        let tree: ModelValue
        do {
            tree = try DecodingLimits.decodeNested(
                depth: depth, values: (nodes, maximumNodes), stringBytes: (stringBytes, maximumStringBytes), at: path,
                format: FastReader.format
            ) { () throws(ModelError) -> ModelValue in
                try KeyedArchiveCodec().decodeTree(from: archive)
            }
        } catch {
            var wrapped = error
            if wrapped.format != .fast { wrapped.path = ModelPath(path.components + error.path.components) }
            wrapped.format = .fast
            throw wrapped
        }
        nodes += tree.nodeCount - 1  // the archive's own value was counted when it was met
        guard nodes <= maximumNodes else { throw Self.failure(DecodingLimits.valuesExceeded(maximumNodes), at: path) }
        stringBytes += tree.stringByteCount
        guard stringBytes <= maximumStringBytes else {
            throw Self.failure(DecodingLimits.stringBytesExceeded(maximumStringBytes), at: path)
        }
        let prefix = TypedTree.keyPath(for: path)
        return prefix == TypedTree.rootKeyPath ? tree : Self.rebase(tree, prefix: prefix)
    }

    /// The value of an alias to the archive in `slot` (or of a copy of a value holding it): an
    /// alias to it when it holds an object, otherwise a copy of its tree whose objects are
    /// aliases to their first occurrence, counted as any copy.
    private mutating func copyOfArchive(inSlot slot: Int, at step: Step, depth: Int) throws(ModelError) -> ModelValue {
        guard let tree = archives[slot] else {
            throw failure(.malformed("an alias to a keyed archive that is still being read"), at: step)
        }
        if case .dictionary(let entries) = tree, entries[TypedTree.classKey] != nil {
            return [TypedTree.aliasKey: .string(keyPath(ofSlot: slot))]
        }
        var original = modelPath(slots[slot].node).components
        return try copy(tree, firstAt: &original, at: step, depth: depth)
    }

    /// A copy of `value`, a part of an archive's tree first read at `original`, for the position
    /// `step` (which errors name), `depth` containers deep; an object in it becomes an alias to
    /// its first occurrence.
    private mutating func copy(
        _ value: ModelValue, firstAt original: inout [ModelPath.Component], at step: Step, depth: Int
    ) throws(ModelError) -> ModelValue {
        nodes += 1
        guard nodes <= maximumNodes else { throw failure(DecodingLimits.valuesExceeded(maximumNodes), at: step) }
        switch value {
        case .string(let text):
            try countBytes(text.utf8.count, at: step)
            return value
        case .data(let bytes):
            try countBytes(bytes.count, at: step)
            return value
        case .array(let elements):
            guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth), at: step) }
            var result: [ModelValue] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                original.append(.index(index))
                result.append(try copy(element, firstAt: &original, at: step, depth: depth + 1))
                original.removeLast()
            }
            return .array(result)
        case .dictionary(var entries):
            if entries[TypedTree.classKey] != nil { return [TypedTree.aliasKey: .string(TypedTree.keyPath(for: ModelPath(original)))] }
            if entries[TypedTree.aliasKey] != nil { return value }
            guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth), at: step) }
            for (key, element) in entries {
                original.append(.key(key))
                entries[key] = try copy(element, firstAt: &original, at: step, depth: depth + 1)
                original.removeLast()
            }
            return .dictionary(entries)
        default:
            return value
        }
    }

    private static func rebase(_ value: ModelValue, prefix: String) -> ModelValue {
        switch value {
        case .array(let elements): return .array(elements.map { rebase($0, prefix: prefix) })
        case .dictionary(var entries):
            if case .string(let target)? = entries[TypedTree.aliasKey] {
                entries[TypedTree.aliasKey] = .string(target == TypedTree.rootKeyPath ? prefix : prefix + "." + target)
                return .dictionary(entries)
            }
            for (key, element) in entries { entries[key] = rebase(element, prefix: prefix) }
            return .dictionary(entries)
        default: return value
        }
    }
}
