import Foundation
import OrderedCollections

/// Writes a typed tree (see ``FormatCodec``) as FastCoding 3.3 bytes, as FastCoding wrote what
/// `NSJSONSerialization` returned, with its bootstrapping rules:
///
/// - null, booleans, integers, doubles, strings, data and dates are written as themselves
///   (integers in the smallest width, doubles as `Float64`, dates with the 2001 tag);
/// - arrays and dictionaries are the immutable forms (tags 10 and 9), cached after their
///   children;
/// - a dictionary with `$class` is an object of that class: its other keys are the class
///   definition's keys, in order; a later object of the same class reuses the definition, or
///   writes a wider one (old keys first, then the new) when it has keys the definition lacks;
///   keys it lacks are written as nil;
/// - a dictionary whose only key is `$alias` is the value at that key path from the root
///   (`$root` is the root): an object alias when that value was written already, the value
///   itself, written there, otherwise (a string written before becomes a string alias).
///
/// A cycle back to a plain array or dictionary cannot be written (they are cached after their
/// children, so nothing can alias them while they are open) and is an error; cycles through
/// `$class` objects work, as objects are cached first.
struct FastTreeWriter: ~Copyable {
    private var writer = FastWriter(capacity: 4096)
    private let root: ModelValue
    /// Key paths named by some `$alias`: only their values are remembered.
    private let targets: Set<String>
    private var written: [String: Int] = [:]
    private var open: Set<String> = []
    private var resolving: Set<String> = []

    /// The bytes of `tree`.
    ///
    /// - Throws: ``ModelError`` with format `fast` and the path: a `$class` that is not a
    ///   non-empty string, an `$alias` that leads nowhere or back into a plain container that is
    ///   still open, strings with NUL characters, nesting deeper than
    ///   ``FastObject/maximumDepth``.
    static func data(from tree: ModelValue) throws(ModelError) -> Data {
        var targets: Set<String> = []
        collectTargets(tree, into: &targets, depth: 0)
        var writer = FastTreeWriter(root: tree, targets: targets)
        try writer.write(tree, at: .root, depth: 0)
        return writer.writer.finish()
    }

    private init(root: ModelValue, targets: Set<String>) {
        self.root = root
        self.targets = targets
    }

    /// Adds the targets of the aliases in `value` (the key paths they name) to `targets`.
    static func collectTargets(_ value: ModelValue, into targets: inout Set<String>, depth: Int) {
        guard depth < FastObject.maximumDepth else { return }
        switch value {
        case .array(let elements):
            for element in elements { collectTargets(element, into: &targets, depth: depth + 1) }
        case .dictionary(let entries):
            if let target = aliasTarget(entries) {
                targets.insert(target)
                return
            }
            for element in entries.values { collectTargets(element, into: &targets, depth: depth + 1) }
        default:
            break
        }
    }

    /// The target of a bootstrapping alias: a dictionary holding exactly `$alias` (a string).
    private static func aliasTarget(_ entries: OrderedDictionary<String, ModelValue>) -> String? {
        guard entries.count == 1, case .string(let target)? = entries[TypedTree.aliasKey] else { return nil }
        return target
    }

    private mutating func write(_ value: ModelValue, at path: ModelPath, depth: Int) throws(ModelError) {
        switch value {
        case .array, .dictionary:
            guard depth < FastObject.maximumDepth else {
                throw failure(DecodingLimits.depthExceeded(FastObject.maximumDepth), at: path)
            }
        default:
            break
        }
        // Only paths that an alias names are looked up or remembered.
        let key = targets.isEmpty ? nil : TypedTree.keyPath(for: path)
        if let key, let index = written[key] {
            try writer.writeObjectAlias(index)
            return
        }
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsignedInteger(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try wrap(path) { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(text) }
        case .data(let bytes): remember(key, try wrap(path) { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes) })
        case .date(let date): remember(key, writer.writeDate(date))
        case .array(let elements):
            if let key, targets.contains(key) { open.insert(key) }
            let mark = try wrap(path) { (writer: inout FastWriter) throws(ModelError) in
                try writer.beginCollection(.array, mutable: false, count: elements.count)
            }
            for (index, element) in elements.enumerated() {
                try write(element, at: path.appending(.index(index)), depth: depth + 1)
            }
            remember(key, writer.endCollection(mark))
            if let key { open.remove(key) }
        case .dictionary(let entries):
            if let target = Self.aliasTarget(entries) {
                try alias(target, at: path, depth: depth)
            } else if let name = entries[TypedTree.classKey] {
                try object(name, entries, key: key, at: path, depth: depth)
            } else {
                if let key, targets.contains(key) { open.insert(key) }
                let mark = try wrap(path) { (writer: inout FastWriter) throws(ModelError) in
                    try writer.beginCollection(.dictionary, mutable: false, count: entries.count)
                }
                for (entryKey, element) in entries {
                    let elementPath = path.appending(.key(entryKey))
                    try write(element, at: elementPath, depth: depth + 1)
                    try wrap(elementPath) { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(entryKey) }
                }
                remember(key, writer.endCollection(mark))
                if let key { open.remove(key) }
            }
        }
    }

    private mutating func object(
        _ name: ModelValue, _ entries: OrderedDictionary<String, ModelValue>, key: String?, at path: ModelPath, depth: Int
    ) throws(ModelError) {
        guard case .string(let className) = name, !className.isEmpty else {
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: path.appending(.key(TypedTree.classKey)),
                excerpt: name.excerpt, format: FastReader.format)
        }
        let keys = entries.keys.elements.filter { $0 != TypedTree.classKey }
        let start = try wrap(path) { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginObject(className: className, keys: keys, reuse: .widening)
        }
        remember(key, start.objectIndex)
        for property in start.keys {
            if let element = entries[property] {
                try write(element, at: path.appending(.key(property)), depth: depth + 1)
            } else {
                writer.writeNil()
            }
        }
    }

    private mutating func alias(_ target: String, at path: ModelPath, depth: Int) throws(ModelError) {
        if let index = written[target] {
            try writer.writeObjectAlias(index)
            return
        }
        if open.contains(target) {
            throw failure(
                .unsupported("the alias \"\(target)\" points back into a plain array or dictionary that is still being written; only $class objects can be part of a cycle"),
                at: path)
        }
        guard !resolving.contains(target), let value = TypedTree.resolve(target, in: root), !TypedTree.isAlias(value) else {
            throw failure(.invalidValue("the alias \"\(target)\" does not lead to a value"), at: path)
        }
        // A forward reference: write the value here, under its own path, so that reaching it
        // later (or another alias) gives an alias to this one.
        resolving.insert(target)
        defer { resolving.remove(target) }
        try write(value, at: TypedTree.modelPath(target), depth: depth)
    }

    private mutating func remember(_ key: String?, _ index: Int) {
        if let key, targets.contains(key) { written[key] = index }
    }

    /// Runs a writer call, giving its error the tree path.
    private mutating func wrap<T>(_ path: ModelPath, _ body: (inout FastWriter) throws(ModelError) -> T) throws(ModelError) -> T {
        do {
            return try body(&writer)
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    private func failure(_ reason: ModelError.Reason, at path: ModelPath) -> ModelError {
        ModelError(reason, path: path, format: FastReader.format)
    }
}
