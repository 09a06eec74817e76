import Foundation
import OrderedCollections

/// Trees in a recording: a dictionary with `$class` or `$alias` keys, and a value handed to the
/// writer as a tree (a transformer's output, a buffered value, a tree written with
/// `encodeTree`), are written as FastCoding wrote what `NSJSONSerialization` returned, with its
/// bootstrapping rules:
///
/// - null, booleans, integers, doubles, strings, data and dates are written as themselves
///   (integers in the smallest width, doubles as `Float64`, dates with the 2001 tag);
/// - arrays and dictionaries are the immutable forms (tags 10 and 9), cached after their
///   children;
/// - a dictionary with `$class` is an object of that class: its other keys are the class
///   definition's keys, in order; a later object of the same class reuses the definition, or
///   writes a wider one when it has keys the definition lacks (``FastWriter/widened(_:with:)``);
///   keys it lacks are written as nil;
/// - a dictionary whose only key is `$alias` is the value at that key path from the root
///   (`$root` is the root): an object alias when that value was written already, the value
///   itself, written there, otherwise (a string written before becomes a string alias).
///
/// A cycle back to a plain array or dictionary cannot be written (they are cached after their
/// children, so nothing can alias them while they are open) and is an error; cycles through
/// `$class` objects work, as objects are cached first.
extension FastTapeReplay {
    /// Adds the targets of the aliases in `value` (the key paths they name) to `targets`.
    static func collectTargets(_ value: ModelValue, into targets: inout Set<String>, depth: Int) {
        guard depth < DecodingLimits.current.maximumDepth else { return }
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

    /// The events of the value at `start` as a tree: objects as `$class` dictionaries, aliases as
    /// `$alias` dictionaries; `sharedInside` collects the shared instances first met in it.
    func tree(ofEventsFrom start: Int, sharedInside: inout [SharedObject]) -> ModelValue {
        switch events[start] {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .unsigned(let number): return .unsigned(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(tape.texts[text])
        case .data(let blob): return .data(tape.blobs[blob])
        case .date(let seconds): return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .tree(let tree): return tape.trees[tree]
        case .alias(let object): return [TypedTree.aliasKey: .string(tape.shared[object].keyPath)]
        case .beginShared(let object, _):
            sharedInside.append(tape.shared[Int(object)])
            return tree(ofEventsFrom: start + 1, sharedInside: &sharedInside)
        case .beginArray(let length):
            var elements: [ModelValue] = []
            var position = start + 1
            while position < start + length {
                elements.append(tree(ofEventsFrom: position, sharedInside: &sharedInside))
                position += events[position].extent
            }
            return .array(elements)
        case .beginDictionary, .beginReservedDictionary, .beginObject:
            var entries = OrderedDictionary<String, ModelValue>()
            if case .beginObject(let className, _) = events[start] { entries[TypedTree.classKey] = .string(tape.classNames[Int(className)]) }
            let end = start + events[start].extent - 1
            var position = start + 1
            while position < end, case .key(let key) = events[position] {
                // An object's nil value leaves its key out, as in a tree.
                if case .absent = events[position + 1] {
                    position += 2
                    continue
                }
                entries[tape.keys[key]] = tree(ofEventsFrom: position + 1, sharedInside: &sharedInside)
                position += 1 + events[position + 1].extent
            }
            return .dictionary(entries)
        case .key, .end, .absent:
            return .null
        }
    }

    /// Writes a tree by the rules above; `suffix` is its place below the current value
    /// (for key paths; errors are given their path as they pass through the containers).
    mutating func tree(_ value: ModelValue, suffix: [ModelPath.Component], shared: SharedObject?) throws(ModelError) {
        let isContainer: Bool = switch value {
        case .array, .dictionary: true
        default: false
        }
        if isContainer { try checkDepth() }
        // Only paths that an alias names are looked up or remembered.
        let key = tracksPaths ? TypedTree.keyPath(for: path(suffix)) : nil
        if let key, let index = written[key] {
            return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        var cached: Int?
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsignedInteger(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try writeString(text)
        case .data(let bytes):
            cached = try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes) }
        case .date(let date):
            cached = writer.writeDate(date)
        case .array(let elements):
            depth += 1
            defer { depth -= 1 }
            if let key, targets.contains(key) { openTargets.insert(key) }
            let mark = try located { (writer: inout FastWriter) throws(ModelError) in
                try writer.beginCollection(.array, mutable: false, count: elements.count)
            }
            for (index, element) in elements.enumerated() {
                do {
                    try tree(element, suffix: suffix + [.index(index)], shared: nil)
                } catch {
                    throw Self.prefixing(error, .index(index))
                }
            }
            cached = writer.endCollection(mark)
            if let key { openTargets.remove(key) }
        case .dictionary(let entries):
            if entries.count == 1, case .string(let target)? = entries[TypedTree.aliasKey] {
                return try treeAlias(target)
            }
            depth += 1
            defer { depth -= 1 }
            if let name = entries[TypedTree.classKey] {
                let index = try treeObject(name, entries, key: key, suffix: suffix)
                shared?.writtenIndex = index
                return
            }
            if let key, targets.contains(key) { openTargets.insert(key) }
            let mark = try located { (writer: inout FastWriter) throws(ModelError) in
                try writer.beginCollection(.dictionary, mutable: false, count: entries.count)
            }
            for (entryKey, element) in entries {
                do {
                    try tree(element, suffix: suffix + [.key(entryKey)], shared: nil)
                    try writeString(entryKey)
                } catch {
                    throw Self.prefixing(error, .key(entryKey))
                }
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
    mutating func treeObject(
        _ name: ModelValue, _ entries: OrderedDictionary<String, ModelValue>, key: String?, suffix: [ModelPath.Component]
    ) throws(ModelError) -> Int {
        guard case .string(let className) = name, !className.isEmpty else {
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: [.key(TypedTree.classKey)],
                excerpt: name.excerpt, format: FastReader.format)
        }
        let keys = entries.keys.elements.filter { $0 != TypedTree.classKey }
        let begun = try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginObject(className: className, keys: keys, reuse: .widening)
        }
        // It may have widened a recorded class's definition.
        for reference in definitions.indices { definitions[reference] = nil }
        remember(key, begun.objectIndex)
        for property in begun.keys {
            guard let element = entries[property] else {
                writer.writeNil()
                continue
            }
            do {
                try tree(element, suffix: suffix + [.key(property)], shared: nil)
            } catch {
                throw Self.prefixing(error, .key(property))
            }
        }
        return begun.objectIndex
    }

    /// A tree's `{"$alias": target}`: the value written at that key path, or the shared
    /// instance first met there.
    mutating func treeAlias(_ target: String) throws(ModelError) {
        if let index = written[target] {
            return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        if openTargets.contains(target) {
            throw failure(.unsupported(
                "the alias \"\(target)\" points back into a plain array or dictionary that is still being written; only $class objects can be part of a cycle"))
        }
        if let object = shared(at: target) { return try alias(to: object) }
        // A forward reference: the value at that key path of the document, written here under
        // its own path, so that reaching it later (or another alias) gives an alias to this one.
        if documentTree == nil {
            var ignored: [SharedObject] = []
            documentTree = events.isEmpty ? .null : tree(ofEventsFrom: 0, sharedInside: &ignored)
        }
        guard !resolving.contains(target), let value = documentTree.flatMap({ TypedTree.resolve(target, in: $0) }), !TypedTree.isAlias(value)
        else {
            throw failure(.invalidValue("the alias \"\(target)\" does not lead to a value"))
        }
        resolving.insert(target)
        let saved = (trail, base)
        (trail, base) = ([], TypedTree.modelPath(target).components)
        defer {
            (trail, base) = saved
            resolving.remove(target)
        }
        try tree(value, suffix: [], shared: nil)
    }
}
