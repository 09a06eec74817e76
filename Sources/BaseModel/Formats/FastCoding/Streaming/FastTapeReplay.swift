import Foundation
import OrderedCollections

/// Writes the events a ``FastModelWriter`` recorded as FastCoding bytes, with the rules of
/// ``FastTreeWriter`` (so the bytes are those of the typed tree):
///
/// - an object's class definition comes from its keys (reused, or widened with the new keys
///   after the old ones), then its values in the definition's order, nil for keys it lacks;
/// - arrays and dictionaries are the immutable forms, each dictionary value followed by its key;
/// - a shared instance's first occurrence is written where it is met first in the file; an
///   alias to it is an object alias (objects are cached before their values, so a cycle through
///   objects works; one back into an array or dictionary still being written is an error), or,
///   for a first occurrence that is not cached (a string, a number), the value again;
/// - trees (``FastTapeEvent/tree(_:)``) are written as ``FastTreeWriter`` writes them, `$class`
///   dictionaries as objects; their `$alias` dictionaries name shared instances or objects of
///   trees written before.
///
/// Errors carry the value's path in the document and format `fast`.
struct FastTapeReplay {
    private let events: [FastTapeEvent]
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
    /// Objects written from trees, by key path: what a tree's `$alias` may name.
    private var treeObjects: [String: Int] = [:]

    init(events: [FastTapeEvent]) {
        self.events = events
    }

    /// The bytes of the recorded value.
    mutating func run() throws(ModelError) -> Data {
        var position = 0
        while position < events.count { position = try value(at: position, shared: nil) }
        return writer.finish()
    }

    // MARK: Values

    /// Writes the value that starts at event `index`; returns the index after it. `shared` is
    /// the instance whose first occurrence this value is: it learns its cache index.
    private mutating func value(at index: Int, shared: SharedObject?) throws(ModelError) -> Int {
        switch events[index] {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsigned(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(text) }
        case .data(let bytes):
            // Not `shared?.writtenIndex = …`: the right side would not run without `shared`.
            let cached = try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes) }
            shared?.writtenIndex = cached
        case .date(let date):
            let cached = writer.writeDate(date)
            shared?.writtenIndex = cached
        case .tree(let tree): try self.tree(tree, suffix: [], shared: shared)
        case .beginArray(let length): try array(from: index, to: index + length, shared: shared)
        case .beginDictionary(let length): try dictionary(from: index, to: index + length, shared: shared)
        case .beginObject(let className, let length): try object(className, from: index, to: index + length, shared: shared)
        case .beginShared(let object, let length):
            try sharedValue(object, at: index)
            return index + length + 1
        case .alias(let object): try alias(to: object)
        case .key, .end: throw failure(.invalidValue("a recorded value is malformed"))
        }
        return index + events[index].extent
    }

    private mutating func array(from start: Int, to end: Int, shared: SharedObject?) throws(ModelError) {
        try enter()
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
        depth -= 1
        let cached = writer.endCollection(mark, count: count)
        shared?.writtenIndex = cached
    }

    private mutating func dictionary(from start: Int, to end: Int, shared: SharedObject?) throws(ModelError) {
        try enter()
        let mark = try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginCollection(.dictionary, mutable: false, count: 0)
        }
        trail.append(start)
        var position = start + 1
        var count = 0
        while position < end, case .key(let key) = events[position] {
            trail[trail.count - 1] = position
            position = try value(at: position + 1, shared: nil)
            try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(key) }
            count += 1
        }
        trail.removeLast()
        depth -= 1
        let cached = writer.endCollection(mark, count: count)
        shared?.writtenIndex = cached
    }

    private mutating func object(_ className: String, from start: Int, to end: Int, shared: SharedObject?) throws(ModelError) {
        try enter()
        var keys: [String] = []
        var positions: [Int] = []
        var position = start + 1
        while position < end, case .key(let key) = events[position] {
            keys.append(key)
            positions.append(position)
            position += 1 + events[position + 1].extent
        }
        let begun = try begin(className, keys: keys)
        shared?.writtenIndex = begun.objectIndex
        trail.append(start)
        if begun.keys == keys {
            for position in positions {
                trail[trail.count - 1] = position
                _ = try value(at: position + 1, shared: nil)
            }
        } else {
            let lookup = keys.count > 16 ? Dictionary(zip(keys, positions), uniquingKeysWith: { first, _ in first }) : nil
            for key in begun.keys {
                guard let position = lookup?[key] ?? keys.firstIndex(of: key).map({ positions[$0] }) else {
                    writer.writeNil()
                    continue
                }
                trail[trail.count - 1] = position
                _ = try value(at: position + 1, shared: nil)
            }
        }
        trail.removeLast()
        depth -= 1
    }

    /// Begins an object: its class definition, then its head.
    private mutating func begin(_ className: String, keys: [String]) throws(ModelError) -> FastWriter.ObjectStart {
        guard !className.isEmpty else {
            let name = ModelValue.string(className)
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: path().appending(.key(TypedTree.classKey)),
                excerpt: name.excerpt, format: FastReader.format)
        }
        return try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginObject(className: className, keys: keys, reuse: .widening)
        }
    }

    /// Goes one container deeper, within the depth limit.
    private mutating func enter() throws(ModelError) {
        guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth)) }
        depth += 1
    }

    // MARK: Shared instances

    /// The first occurrence of a shared instance, or an alias when a forward alias wrote it
    /// already.
    private mutating func sharedValue(_ object: SharedObject, at index: Int) throws(ModelError) {
        if object.isWritten {
            return try alias(to: object)
        }
        object.isOpen = true
        _ = try value(at: index + 1, shared: object)
        object.isOpen = false
        object.isWritten = true
    }

    /// A later occurrence of a shared instance.
    private mutating func alias(to object: SharedObject) throws(ModelError) {
        // An alias is a dictionary in the tree: it counts against the depth limit.
        guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth)) }
        if let index = object.writtenIndex, object.isWritten || object.isOpen {
            return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        if object.isOpen {
            throw failure(.unsupported(
                "the alias \"\(object.keyPath)\" points back into a plain array or dictionary that is still being written; only $class objects can be part of a cycle"))
        }
        if let start = sharedStart(of: object) {
            if object.isWritten {
                // A first occurrence that is not cached (a string, a number) is written again.
                _ = try value(at: start + 1, shared: nil)
                return
            }
            // A forward alias: the first occurrence, written here under its own path.
            let saved = (trail, base)
            (trail, base) = ([], object.position.components)
            try sharedValue(object, at: start)
            (trail, base) = saved
            return
        }
        if let index = treeObjects[object.keyPath] {
            return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        throw failure(.invalidValue("the alias \"\(object.keyPath)\" does not lead to a value"))
    }

    /// Where the first occurrence of `object` was recorded.
    private mutating func sharedStart(of object: SharedObject) -> Int? {
        if sharedStarts == nil {
            var starts: [ObjectIdentifier: Int] = [:]
            for (index, event) in events.enumerated() {
                if case .beginShared(let shared, _) = event { starts[ObjectIdentifier(shared)] = index }
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

    /// Writes a tree as ``FastTreeWriter`` does; `suffix` is its place below the current value.
    private mutating func tree(_ value: ModelValue, suffix: [ModelPath.Component], shared: SharedObject?) throws(ModelError) {
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsignedInteger(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(text) }
        case .data(let bytes):
            let cached = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes) }
            shared?.writtenIndex = cached
        case .date(let date):
            let cached = writer.writeDate(date)
            shared?.writtenIndex = cached
        case .array(let elements):
            try enter(suffix)
            let mark = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in
                try writer.beginCollection(.array, mutable: false, count: elements.count)
            }
            for (index, element) in elements.enumerated() { try tree(element, suffix: suffix + [.index(index)], shared: nil) }
            depth -= 1
            let cached = writer.endCollection(mark)
            shared?.writtenIndex = cached
        case .dictionary(let entries):
            if entries.count == 1, case .string(let target)? = entries[TypedTree.aliasKey] {
                return try treeAlias(target, suffix: suffix)
            }
            if let name = entries[TypedTree.classKey] {
                return try treeObject(name, entries, suffix: suffix, shared: shared)
            }
            try enter(suffix)
            let mark = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in
                try writer.beginCollection(.dictionary, mutable: false, count: entries.count)
            }
            for (key, element) in entries {
                let elementSuffix = suffix + [.key(key)]
                try tree(element, suffix: elementSuffix, shared: nil)
                try located(elementSuffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(key) }
            }
            depth -= 1
            let cached = writer.endCollection(mark)
            shared?.writtenIndex = cached
        }
    }

    private mutating func treeObject(
        _ name: ModelValue, _ entries: OrderedDictionary<String, ModelValue>, suffix: [ModelPath.Component], shared: SharedObject?
    ) throws(ModelError) {
        try enter(suffix)
        guard case .string(let className) = name, !className.isEmpty else {
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: path(suffix).appending(.key(TypedTree.classKey)),
                excerpt: name.excerpt, format: FastReader.format)
        }
        let keys = entries.keys.elements.filter { $0 != TypedTree.classKey }
        let begun = try located(suffix) { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginObject(className: className, keys: keys, reuse: .widening)
        }
        shared?.writtenIndex = begun.objectIndex
        // Aliases after it may name it by its path; so may a shared instance first met inside the
        // tree (a transformer's input, a buffered value).
        let keyPath = TypedTree.keyPath(for: path(suffix))
        treeObjects[keyPath] = begun.objectIndex
        if let object = self.shared(at: keyPath), !object.isWritten, !object.isOpen {
            object.writtenIndex = begun.objectIndex
            object.isWritten = true
        }
        for key in begun.keys {
            if let element = entries[key] {
                try tree(element, suffix: suffix + [.key(key)], shared: nil)
            } else {
                writer.writeNil()
            }
        }
        depth -= 1
    }

    /// A tree's `{"$alias": target}`: an object written before at that key path.
    private mutating func treeAlias(_ target: String, suffix: [ModelPath.Component]) throws(ModelError) {
        guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth), suffix) }
        if let index = treeObjects[target] {
            return try located(suffix) { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        if let object = shared(at: target) { return try alias(to: object) }
        throw failure(.invalidValue("the alias \"\(target)\" does not lead to a value"), suffix)
    }

    private mutating func enter(_ suffix: [ModelPath.Component]) throws(ModelError) {
        guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth), suffix) }
        depth += 1
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
