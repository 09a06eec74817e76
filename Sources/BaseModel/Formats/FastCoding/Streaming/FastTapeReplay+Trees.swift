import Foundation
import OrderedCollections

/// Trees in a recording: a dictionary with `$class` or `$alias` keys, and a value handed to the
/// writer as a tree (a transformer's output, a buffered value), are written as
/// ``FastTreeWriter`` writes them.
extension FastTapeReplay {
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
                entries[tape.keys[key]] = tree(ofEventsFrom: position + 1, sharedInside: &sharedInside)
                position += 1 + events[position + 1].extent
            }
            return .dictionary(entries)
        case .key, .end:
            return .null
        }
    }

    /// Writes a tree as ``FastTreeWriter`` does; `suffix` is its place below the current value
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
        throw failure(.invalidValue("the alias \"\(target)\" does not lead to a value"))
    }
}
