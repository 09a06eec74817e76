import Foundation
import OrderedCollections

/// Writes the events a ``FastModelWriter`` recorded as FastCoding bytes, with the rules of
/// ``FastTreeWriter`` (so the bytes are those of the typed tree):
///
/// - an object's class definition comes from its keys (reused, or widened with the new keys
///   after the old ones), then its values in the definition's order, nil for keys it lacks;
/// - arrays and dictionaries are the immutable forms, each dictionary value followed by its key;
///   a dictionary with a `$class` key is an object of that class, one holding only `$alias` an
///   alias, as in a typed tree;
/// - a shared instance's first occurrence is written where it is met first in the file; an
///   alias to it is an object alias (objects are cached before their values, so a cycle through
///   objects works; one back into an array or dictionary still being written is an error), or,
///   for a first occurrence that is not cached (a string, a number), the value again;
/// - trees (``FastTapeEvent/tree(_:)``) are written as ``FastTreeWriter`` writes them; their
///   `$alias` dictionaries name a value by its key path: a shared instance, or a value written
///   before.
///
/// Errors carry the value's path in the document and format `fast`.
struct FastTapeReplay {
    /// What a recording holds besides plain values, so that the common case skips the look-out.
    struct Hints {
        var trees = false
        var reservedKeys = false
        var aliases = false
    }

    private let events: [FastTapeEvent]
    private let hints: Hints
    private var writer = FastWriter(capacity: 16 * 1024)
    private var depth = 0
    private let maximumDepth = FastObject.maximumDepth
    /// The place of the value being written: per open container, the index of the current key
    /// event, or `-1 - n` for element `n` of an array.
    private var trail: [Int] = []
    /// Where the trail starts: a forward alias writes its target at the target's path.
    private var base: [ModelPath.Component] = []
    /// The `beginShared` event of each shared instance, found when first needed.
    private var sharedStarts: [ObjectIdentifier: Int]?
    /// Shared instances by the key path of their first occurrence, found when first needed.
    private var sharedByKeyPath: [String: SharedObject]?
    /// The key paths aliases name by path (see ``prepare()``); values written there are
    /// remembered, as ``FastTreeWriter`` remembers the targets of its aliases.
    private var targets: Set<String> = []
    /// Values written at those key paths: their cache indices.
    private var written: [String: Int] = [:]
    /// Arrays and dictionaries being written at those key paths.
    private var openTargets: Set<String> = []
    /// Dictionaries with `$class` or `$alias` keys, as trees, by their begin event.
    private var reserved: [Int: ModelValue] = [:]

    init(events: [FastTapeEvent], hints: Hints) {
        self.events = events
        self.hints = hints
    }

    /// The bytes of the recorded value.
    mutating func run() throws(ModelError) -> Data {
        if hints.trees || hints.reservedKeys || hints.aliases { prepare() }
        var position = 0
        while position < events.count { position = try value(at: position, shared: nil) }
        return writer.finish()
    }

    /// Finds what aliases name by path: the targets of `$alias` dictionaries (in trees and in
    /// dictionaries with reserved keys, which become trees), and shared instances first met
    /// where no event marks them (inside a tree: a transformer's input, a buffered value).
    private mutating func prepare() {
        var recorded: Set<ObjectIdentifier> = []
        for event in events {
            if case .beginShared(let object, _) = event { recorded.insert(ObjectIdentifier(object)) }
        }
        var position = 0
        while position < events.count {
            switch events[position] {
            case .tree(let tree):
                Self.collectTargets(tree, into: &targets, depth: 0)
            case .alias(let object) where !recorded.contains(ObjectIdentifier(object)):
                targets.insert(object.keyPath)
            case .beginReservedDictionary(let length):
                var inside: [SharedObject] = []
                let tree = self.tree(ofEventsFrom: position, sharedInside: &inside)
                reserved[position] = tree
                Self.collectTargets(tree, into: &targets, depth: 0)
                // Its shared instances are written from the tree, found again by their path.
                for object in inside { targets.insert(object.keyPath) }
                position += length + 1
                continue
            default:
                break
            }
            position += 1
        }
    }

    private static func collectTargets(_ value: ModelValue, into targets: inout Set<String>, depth: Int) {
        guard depth < FastObject.maximumDepth else { return }
        switch value {
        case .array(let elements):
            for element in elements { collectTargets(element, into: &targets, depth: depth + 1) }
        case .dictionary(let entries):
            if entries.count == 1, case .string(let target)? = entries[TypedTree.aliasKey] {
                targets.insert(target)
                return
            }
            for element in entries.values { collectTargets(element, into: &targets, depth: depth + 1) }
        default:
            break
        }
    }

    // MARK: Values

    /// Writes the value that starts at event `index`; returns the index after it. `shared` is
    /// the instance whose first occurrence this value is: it learns its cache index.
    private mutating func value(at index: Int, shared: SharedObject?) throws(ModelError) -> Int {
        let event = events[index]
        let next = index + event.extent
        if case .beginShared(let object, _) = event {
            try sharedValue(object, at: index)
            return next
        }
        if case .tree(let tree) = event {
            try self.tree(tree, suffix: [], shared: shared)
            return next
        }
        // Only paths that an alias names are looked up or remembered.
        let key = targets.isEmpty ? nil : TypedTree.keyPath(for: path())
        if let key {
            if event.isContainer { try checkDepth() }
            if let cached = written[key] {
                try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(cached) }
                return next
            }
        }
        var cached: Int?
        switch event {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsigned(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(text) }
        case .data(let bytes): cached = try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes) }
        case .date(let date): cached = writer.writeDate(date)
        case .beginArray: cached = try array(from: index, to: next - 1, key: key)
        case .beginDictionary: cached = try dictionary(from: index, to: next - 1, key: key)
        case .beginReservedDictionary:
            try self.tree(reserved[index] ?? .null, suffix: [], shared: shared)
            return next
        case .beginObject(let className, _):
            cached = try object(className, from: index, to: next - 1, key: key, shared: shared)
        case .alias(let object): try alias(to: object)
        case .key, .end, .tree, .beginShared: throw failure(.invalidValue("a recorded value is malformed"))
        }
        if let cached {
            shared?.writtenIndex = cached
            remember(key, cached)
        }
        return next
    }

    private mutating func array(from start: Int, to end: Int, key: String?) throws(ModelError) -> Int {
        try enter()
        defer { depth -= 1 }
        if let key, targets.contains(key) { openTargets.insert(key) }
        let mark = try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginCollection(.array, mutable: false, count: 0)
        }
        trail.append(-1)
        var position = start + 1
        var count = 0
        while position < end {
            trail[trail.count - 1] = -1 - count
            position = try value(at: position, shared: nil)
            count += 1
        }
        trail.removeLast()
        if let key { openTargets.remove(key) }
        return writer.endCollection(mark, count: count)
    }

    private mutating func dictionary(from start: Int, to end: Int, key: String?) throws(ModelError) -> Int {
        try enter()
        defer { depth -= 1 }
        if let key, targets.contains(key) { openTargets.insert(key) }
        let mark = try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginCollection(.dictionary, mutable: false, count: 0)
        }
        trail.append(start)
        var position = start + 1
        var count = 0
        while position < end, case .key(let entryKey) = events[position] {
            trail[trail.count - 1] = position
            position = try value(at: position + 1, shared: nil)
            try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(entryKey) }
            count += 1
        }
        trail.removeLast()
        if let key { openTargets.remove(key) }
        return writer.endCollection(mark, count: count)
    }

    /// Writes an object; returns its cache index (it is cached before its values).
    private mutating func object(
        _ className: String, from start: Int, to end: Int, key: String?, shared: SharedObject?
    ) throws(ModelError) -> Int {
        try enter()
        defer { depth -= 1 }
        var keys: [String] = []
        var positions: [Int] = []
        var position = start + 1
        while position < end, case .key(let entryKey) = events[position] {
            keys.append(entryKey)
            positions.append(position)
            position += 1 + events[position + 1].extent
        }
        guard !className.isEmpty else {
            let name = ModelValue.string(className)
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: path().appending(.key(TypedTree.classKey)),
                excerpt: name.excerpt, format: FastReader.format)
        }
        let begun = try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginObject(className: className, keys: keys, reuse: .widening)
        }
        // Cached now, so its values may alias it.
        shared?.writtenIndex = begun.objectIndex
        remember(key, begun.objectIndex)
        trail.append(start)
        if begun.keys == keys {
            for position in positions {
                trail[trail.count - 1] = position
                _ = try value(at: position + 1, shared: nil)
            }
        } else {
            let lookup = keys.count > 16 ? Dictionary(zip(keys, positions), uniquingKeysWith: { first, _ in first }) : nil
            for property in begun.keys {
                guard let position = lookup?[property] ?? keys.firstIndex(of: property).map({ positions[$0] }) else {
                    writer.writeNil()
                    continue
                }
                trail[trail.count - 1] = position
                _ = try value(at: position + 1, shared: nil)
            }
        }
        trail.removeLast()
        return begun.objectIndex
    }

    /// Goes one container deeper, within the depth limit.
    private mutating func enter(_ suffix: [ModelPath.Component] = []) throws(ModelError) {
        try checkDepth(suffix)
        depth += 1
    }

    private func checkDepth(_ suffix: [ModelPath.Component] = []) throws(ModelError) {
        guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth), suffix) }
    }

    private mutating func remember(_ key: String?, _ index: Int) {
        guard let key, targets.contains(key) else { return }
        written[key] = index
        // A shared instance first met inside a tree is the value written at its key path.
        if let object = shared(at: key), !object.isWritten, !object.isOpen {
            object.writtenIndex = index
            object.isWritten = true
        }
    }

    // MARK: Shared instances

    /// The first occurrence of a shared instance, or an alias when a forward alias wrote it
    /// already.
    private mutating func sharedValue(_ object: SharedObject, at index: Int, suffix: [ModelPath.Component] = []) throws(ModelError) {
        if object.isWritten {
            return try alias(to: object, suffix: suffix)
        }
        object.isOpen = true
        _ = try value(at: index + 1, shared: object)
        object.isOpen = false
        object.isWritten = true
        if let cached = object.writtenIndex { remember(targets.isEmpty ? nil : object.keyPath, cached) }
    }

    /// A later occurrence of a shared instance; `suffix` is its place inside a tree.
    private mutating func alias(to object: SharedObject, suffix: [ModelPath.Component] = []) throws(ModelError) {
        // An alias is a dictionary in the tree: it counts against the depth limit.
        try checkDepth(suffix)
        if let index = object.writtenIndex, object.isWritten || object.isOpen {
            return try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        if object.isOpen || openTargets.contains(object.keyPath) {
            throw failure(
                .unsupported(
                    "the alias \"\(object.keyPath)\" points back into a plain array or dictionary that is still being written; only $class objects can be part of a cycle"),
                suffix)
        }
        if let index = written[object.keyPath] {
            return try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        guard let start = sharedStart(of: object) else {
            throw failure(.invalidValue("the alias \"\(object.keyPath)\" does not lead to a value"), suffix)
        }
        if object.isWritten {
            // A first occurrence that is not cached (a string, a number) is written again.
            _ = try value(at: start + 1, shared: nil)
            return
        }
        // A forward alias: the first occurrence, written here under its own path.
        let saved = (trail, base)
        (trail, base) = ([], object.position.components)
        defer { (trail, base) = saved }
        try sharedValue(object, at: start)
    }

    /// Where the first occurrence of `object` was recorded, outside the dictionaries written as
    /// trees.
    private mutating func sharedStart(of object: SharedObject) -> Int? {
        if sharedStarts == nil {
            var starts: [ObjectIdentifier: Int] = [:]
            var position = 0
            while position < events.count {
                switch events[position] {
                case .beginShared(let shared, _):
                    starts[ObjectIdentifier(shared)] = position
                case .beginReservedDictionary(let length):
                    position += length
                default:
                    break
                }
                position += 1
            }
            sharedStarts = starts
        }
        return sharedStarts?[ObjectIdentifier(object)]
    }

    /// The shared instance first met at `keyPath`.
    private mutating func shared(at keyPath: String) -> SharedObject? {
        if sharedByKeyPath == nil {
            var byKeyPath: [String: SharedObject] = [:]
            for event in events {
                switch event {
                case .beginShared(let object, _), .alias(let object):
                    if byKeyPath[object.keyPath] == nil { byKeyPath[object.keyPath] = object }
                default:
                    break
                }
            }
            sharedByKeyPath = byKeyPath
        }
        return sharedByKeyPath?[keyPath]
    }

    // MARK: Trees

    /// The events of the value at `start` as a tree: objects as `$class` dictionaries, aliases as
    /// `$alias` dictionaries; `sharedInside` collects the shared instances first met in it.
    private func tree(ofEventsFrom start: Int, sharedInside: inout [SharedObject]) -> ModelValue {
        switch events[start] {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .unsigned(let number): return .unsigned(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .data(let bytes): return .data(bytes)
        case .date(let date): return .date(date)
        case .tree(let tree): return tree
        case .alias(let object): return [TypedTree.aliasKey: .string(object.keyPath)]
        case .beginShared(let object, _):
            sharedInside.append(object)
            return tree(ofEventsFrom: start + 1, sharedInside: &sharedInside)
        case .beginArray(let length):
            var elements: [ModelValue] = []
            var position = start + 1
            while position < start + length {
                elements.append(tree(ofEventsFrom: position, sharedInside: &sharedInside))
                position += events[position].extent
            }
            return .array(elements)
        case .beginDictionary(let length), .beginReservedDictionary(let length), .beginObject(_, let length):
            var entries = OrderedDictionary<String, ModelValue>()
            if case .beginObject(let className, _) = events[start] { entries[TypedTree.classKey] = .string(className) }
            var position = start + 1
            while position < start + length, case .key(let key) = events[position] {
                entries[key] = tree(ofEventsFrom: position + 1, sharedInside: &sharedInside)
                position += 1 + events[position + 1].extent
            }
            return .dictionary(entries)
        case .key, .end:
            return .null
        }
    }

    /// Writes a tree as ``FastTreeWriter`` does; `suffix` is its place below the current value.
    private mutating func tree(_ value: ModelValue, suffix: [ModelPath.Component], shared: SharedObject?) throws(ModelError) {
        let isContainer: Bool = switch value {
        case .array, .dictionary: true
        default: false
        }
        if isContainer { try checkDepth(suffix) }
        // Only paths that an alias names are looked up or remembered.
        let key = targets.isEmpty ? nil : TypedTree.keyPath(for: path(suffix))
        if let key, let index = written[key] {
            return try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        var cached: Int?
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsignedInteger(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(text) }
        case .data(let bytes):
            cached = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes) }
        case .date(let date):
            cached = writer.writeDate(date)
        case .array(let elements):
            depth += 1
            defer { depth -= 1 }
            if let key, targets.contains(key) { openTargets.insert(key) }
            let mark = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in
                try writer.beginCollection(.array, mutable: false, count: elements.count)
            }
            for (index, element) in elements.enumerated() { try tree(element, suffix: suffix + [.index(index)], shared: nil) }
            cached = writer.endCollection(mark)
            if let key { openTargets.remove(key) }
        case .dictionary(let entries):
            if entries.count == 1, case .string(let target)? = entries[TypedTree.aliasKey] {
                return try treeAlias(target, suffix: suffix)
            }
            depth += 1
            defer { depth -= 1 }
            if let name = entries[TypedTree.classKey] {
                let index = try treeObject(name, entries, key: key, suffix: suffix)
                shared?.writtenIndex = index
                return
            }
            if let key, targets.contains(key) { openTargets.insert(key) }
            let mark = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in
                try writer.beginCollection(.dictionary, mutable: false, count: entries.count)
            }
            for (entryKey, element) in entries {
                let elementSuffix = suffix + [.key(entryKey)]
                try tree(element, suffix: elementSuffix, shared: nil)
                try located(elementSuffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(entryKey) }
            }
            cached = writer.endCollection(mark)
            if let key { openTargets.remove(key) }
        }
        if let cached {
            shared?.writtenIndex = cached
            remember(key, cached)
        }
    }

    /// Writes a tree's `$class` dictionary as an object; returns its cache index.
    private mutating func treeObject(
        _ name: ModelValue, _ entries: OrderedDictionary<String, ModelValue>, key: String?, suffix: [ModelPath.Component]
    ) throws(ModelError) -> Int {
        guard case .string(let className) = name, !className.isEmpty else {
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: path(suffix).appending(.key(TypedTree.classKey)),
                excerpt: name.excerpt, format: FastReader.format)
        }
        let keys = entries.keys.elements.filter { $0 != TypedTree.classKey }
        let begun = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginObject(className: className, keys: keys, reuse: .widening)
        }
        remember(key, begun.objectIndex)
        for property in begun.keys {
            if let element = entries[property] {
                try tree(element, suffix: suffix + [.key(property)], shared: nil)
            } else {
                writer.writeNil()
            }
        }
        return begun.objectIndex
    }

    /// A tree's `{"$alias": target}`: the value written at that key path, or the shared
    /// instance first met there.
    private mutating func treeAlias(_ target: String, suffix: [ModelPath.Component]) throws(ModelError) {
        if let index = written[target] {
            return try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        if openTargets.contains(target) {
            throw failure(
                .unsupported(
                    "the alias \"\(target)\" points back into a plain array or dictionary that is still being written; only $class objects can be part of a cycle"),
                suffix)
        }
        if let object = shared(at: target) { return try alias(to: object, suffix: suffix) }
        throw failure(.invalidValue("the alias \"\(target)\" does not lead to a value"), suffix)
    }

    // MARK: Errors

    /// The path of the value being written (plus `suffix` inside a tree).
    private func path(_ suffix: [ModelPath.Component] = []) -> ModelPath {
        var components = base
        for step in trail {
            if step < 0 {
                components.append(.index(-1 - step))
            } else if case .key(let key) = events[step] {
                components.append(.key(key))
            }
        }
        return ModelPath(components + suffix)
    }

    private func failure(_ reason: ModelError.Reason, _ suffix: [ModelPath.Component] = []) -> ModelError {
        ModelError(reason, path: path(suffix), format: FastReader.format)
    }

    /// Runs a writer call, giving its error the path of the value.
    private mutating func located<T>(
        _ suffix: [ModelPath.Component] = [], _ body: (inout FastWriter) throws(ModelError) -> T
    ) throws(ModelError) -> T {
        do {
            return try body(&writer)
        } catch {
            var located = error
            located.path = path(suffix)
            throw located
        }
    }
}

extension FastTapeEvent {
    /// Whether the value is an array or dictionary in the tree (objects and aliases are
    /// dictionaries).
    var isContainer: Bool {
        switch self {
        case .beginArray, .beginDictionary, .beginReservedDictionary, .beginObject, .alias: true
        default: false
        }
    }
}
