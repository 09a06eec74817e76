import Foundation
import OrderedCollections

/// Writes a typed tree as an NSKeyedArchiver archive (binary property list) that
/// NSKeyedUnarchiver reads, on Apple platforms and in Linux Foundation.
///
/// The archive has `$archiver` = `NSKeyedArchiver`, `$version` 100000, `$top` = `{root: UID}`
/// and `$objects`, whose entry 0 is `$null` and entry 1 the root object. Tree values become:
///
/// | tree | archive |
/// |---|---|
/// | null | UID 0 (`$null`) |
/// | string, number, bool | stored inline in `$objects`, each distinct value once |
/// | data | stored inline (NSData) |
/// | date | NSDate (`NS.time`, seconds since 2001) |
/// | array | NSArray (`NS.objects`) |
/// | dictionary | NSDictionary (`NS.keys`, `NS.objects`) |
/// | `{"$class": name, …}` | an object of class `name` (`$classes` [name, NSObject]), every key a UID |
/// | `{"$alias": path}` | the UID of the object at `path`, so a shared object is stored once |
///
/// Each class description is written once. A string equal to `$null` (a value or a dictionary
/// key) is written as an NSString object, so that it does not read back as nil. Strings are the
/// same object only when their Unicode scalars are the same (``ExactString``). An alias may point
/// at a typed object, a dictionary or an array, before or after it in the tree; reading the
/// archive back gives aliases for typed objects and copies for plain arrays and dictionaries.
/// What the reader would refuse or read as something else is refused: an alias back into a
/// plain array or dictionary that contains it (a cycle through a Foundation collection), and a
/// `$class` naming a Foundation class the reader turns into a plain value.
///
/// The tree is walked once into a ``KeyedArchiveObjectTable``, which writes the archive: no
/// ``PropertyListObject`` and no dictionary per object. Key paths, needed only to resolve
/// aliases and to word errors, are followed only for a tree with an alias or an error: such a
/// tree is walked again with them.
///
/// Complexity: O(n) in the tree's values, plus one hash per string value.
struct KeyedArchiveWriter {
    static let format = ModelFormat.keyedArchive.rawValue

    /// Why a walk stopped: an error (with its path, when paths are followed), or a reason to walk
    /// again following paths.
    private enum Failure: Error {
        case failed(ModelError)
        case followPaths
    }

    private let root: ModelValue
    private let maximumDepth = DecodingLimits.current.maximumDepth
    /// Whether key paths are followed (for aliases and errors).
    private let followsPaths: Bool
    private var table = KeyedArchiveObjectTable()

    /// While following paths: the path of the value being written.
    private var path: [ModelPath.Component] = []
    /// While following paths: the UID of each container and typed object written so far, by key path.
    private var containers: [String: Int32] = [:]
    /// Alias targets being written ahead of their place in the tree.
    private var resolving: Set<String> = []
    /// While following paths: the key paths of the plain arrays and dictionaries being written;
    /// an alias to one of them is a cycle through a Foundation collection, which the reader refuses.
    private var openPlain: Set<String> = []

    private init(root: ModelValue, followsPaths: Bool) {
        self.root = root
        self.followsPaths = followsPaths
    }

    /// The binary archive of `tree`.
    ///
    /// - Throws: ``ModelError`` (format `keyed-archive`) for a `$class` that is not a string,
    ///   an `$alias` that does not lead to a container, or one that leads back into a plain
    ///   array or dictionary containing it (a cycle the reader refuses), for a `$class` naming
    ///   a Foundation class the reader turns into a plain value (`NSData`, `NSArray`, …), and for
    ///   nesting deeper than ``DecodingLimits/maximumDepth``.
    static func data(from tree: ModelValue) throws(ModelError) -> Data {
        var writer = KeyedArchiveWriter(root: tree, followsPaths: false)
        do {
            let rootUID = try writer.encode(tree, depth: 0)
            return writer.table.data(root: rootUID)
        } catch {
            if case .failed(let error) = error { throw error }
        }
        writer = KeyedArchiveWriter(root: tree, followsPaths: true)
        do {
            let rootUID = try writer.encode(tree, depth: 0)
            return writer.table.data(root: rootUID)
        } catch {
            guard case .failed(let error) = error else { preconditionFailure("a walk that follows paths asked to follow them") }
            throw error
        }
    }

    /// Adds `value`, met `depth` containers below the root of a model being written straight to
    /// `table` (``KeyedArchiveModelWriter``), and returns its UID; `nil` when it needs the whole
    /// tree: an alias (a key path from the root), or a value the tree path refuses with an error.
    static func add(_ value: ModelValue, depth: Int, to table: inout KeyedArchiveObjectTable) -> Int32? {
        var writer = KeyedArchiveWriter(root: value, followsPaths: false)
        swap(&writer.table, &table)
        defer { swap(&writer.table, &table) }
        return try? writer.encode(value, depth: depth)
    }

    private mutating func encode(_ value: ModelValue, depth: Int) throws(Failure) -> Int32 {
        switch value {
        case .null: return KeyedArchiveObjectTable.null
        case .string(let text): return table.string(text)
        case .bool(let flag): return table.bool(flag)
        case .integer(let number): return table.integer(number)
        case .unsignedInteger(let number): return table.unsigned(number)
        case .double(let number): return table.real(number)
        case .data(let bytes): return table.data(bytes)
        case .date(let date): return table.date(date)
        case .array(let elements):
            try checkDepth(depth)
            if followsPaths, let existing = containers[TypedTree.keyPath(for: ModelPath(path))] { return existing }
            let (uid, start) = beginContainer()
            let openKey = followsPaths ? openPlain.insert(TypedTree.keyPath(for: ModelPath(path))).memberAfterInsert : nil
            defer { if let openKey { openPlain.remove(openKey) } }
            for index in elements.indices {
                if followsPaths { path.append(.index(index)) }
                let element = try encode(elements[index], depth: depth + 1)
                if followsPaths { path.removeLast() }
                table.add(element)
            }
            table.endArray(uid, from: start)
            return uid
        case .dictionary(let entries):
            try checkDepth(depth)
            if case .string(let target)? = entries[TypedTree.aliasKey] { return try alias(target) }
            if followsPaths, let existing = containers[TypedTree.keyPath(for: ModelPath(path))] { return existing }
            if let name = entries[TypedTree.classKey] { return try typedObject(name, entries, depth: depth) }
            let (uid, start) = beginContainer()
            let openKey = followsPaths ? openPlain.insert(TypedTree.keyPath(for: ModelPath(path))).memberAfterInsert : nil
            defer { if let openKey { openPlain.remove(openKey) } }
            for (key, element) in entries {
                table.addKey(key)
                if followsPaths { path.append(.key(key)) }
                let child = try encode(element, depth: depth + 1)
                if followsPaths { path.removeLast() }
                table.add(child)
            }
            table.endDictionary(uid, from: start)
            return uid
        }
    }

    private mutating func typedObject(
        _ name: ModelValue, _ entries: OrderedDictionary<String, ModelValue>, depth: Int
    ) throws(Failure) -> Int32 {
        guard case .string(let className) = name, !className.isEmpty else {
            throw failure(.typeMismatch(expected: "a class name", found: name.kindName), at: .key(TypedTree.classKey), excerpt: name.excerpt)
        }
        var object = table.beginTypedObject(className)
        guard !object.isFoundationValue else {
            throw failure(
                .unsupported("the class name \(className) is Foundation's, which keyed archives read as a plain value; write the value itself"),
                at: .key(TypedTree.classKey))
        }
        if followsPaths { containers[TypedTree.keyPath(for: ModelPath(path))] = object.uid }
        for (key, element) in entries where key != TypedTree.classKey {
            table.addField(key, to: &object)
            if followsPaths { path.append(.key(key)) }
            let child = try encode(element, depth: depth + 1)
            if followsPaths { path.removeLast() }
            table.add(child)
        }
        table.endTypedObject(object)
        return object.uid
    }

    /// A new container of the table, recorded under its key path (when following paths) before
    /// its contents are written, so that aliases inside it (cycles) find it.
    private mutating func beginContainer() -> (uid: Int32, start: Int) {
        let container = table.beginContainer()
        if followsPaths { containers[TypedTree.keyPath(for: ModelPath(path))] = container.uid }
        return container
    }

    /// The UID of the object an alias names, writing it now when it comes later in the tree.
    private mutating func alias(_ target: String) throws(Failure) -> Int32 {
        guard followsPaths else { throw .followPaths }
        if openPlain.contains(target) {
            throw failure(
                .unsupported("the alias \"\(target)\" points back into a plain array or dictionary that contains it; only $class objects can be part of a cycle"))
        }
        if let uid = containers[target] { return uid }
        guard !resolving.contains(target), let value = TypedTree.resolve(target, in: root), value[TypedTree.aliasKey] == nil else {
            throw failure(.invalidValue("the alias \"\(target)\" does not lead to an object"))
        }
        switch value {
        case .array, .dictionary:
            resolving.insert(target)
            let here = path
            path = TypedTree.modelPath(target).components
            defer {
                path = here
                resolving.remove(target)
            }
            return try encode(value, depth: path.count)
        default:
            throw failure(.invalidValue("the alias \"\(target)\" leads to a \(value.kindName), not an object"))
        }
    }

    /// Refuses a container at `depth` components from the root deeper than the reader accepts.
    private func checkDepth(_ depth: Int) throws(Failure) {
        guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth)) }
    }

    /// The error at the current path (one `component` further when given), or a request to walk
    /// again following paths to find it.
    private func failure(_ reason: ModelError.Reason, at component: ModelPath.Component? = nil, excerpt: String? = nil) -> Failure {
        guard followsPaths else { return .followPaths }
        var components = path
        if let component { components.append(component) }
        return .failed(ModelError(reason, path: ModelPath(components), excerpt: excerpt, format: Self.format))
    }
}
