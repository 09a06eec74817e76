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
/// key) is written as an NSString object, so that it does not read back as nil. An alias may
/// point at a typed object, a dictionary or an array, before or after it in the tree; reading
/// the archive back gives aliases for typed objects and copies for plain arrays and dictionaries.
struct KeyedArchiveWriter {
    static let format = ModelFormat.keyedArchive.rawValue

    /// What makes two inline values the same object: numbers by kind and bit pattern.
    private enum ScalarKey: Hashable {
        case string(String), integer(Int64), unsigned(UInt64), real(UInt64), bool(Bool)
    }

    private let root: ModelValue
    private let maximumDepth = DecodingLimits.current.maximumDepth
    private var objects: [PropertyListObject] = [.string("$null")]
    private var classes: [String: UInt64] = [:]
    private var scalars: [ScalarKey: UInt64] = [:]
    /// The UID of each container and typed object written so far, by key path.
    private var containers: [String: UInt64] = [:]
    /// Alias targets being written ahead of their place in the tree.
    private var resolving: Set<String> = []
    /// The key paths of the plain arrays and dictionaries being written: an alias to one of them
    /// is a cycle through a Foundation collection, which the reader refuses.
    private var openPlain: Set<String> = []

    private init(root: ModelValue) { self.root = root }

    /// The binary archive of `tree`.
    ///
    /// - Throws: ``ModelError`` (format `keyed-archive`) for a `$class` that is not a string,
    ///   an `$alias` that does not lead to a container, or one that leads back into a plain
    ///   array or dictionary containing it (a cycle the reader refuses), and for a `$class` naming
    ///   a Foundation class the reader turns into a plain value (`NSData`, `NSArray`, …).
    static func data(from tree: ModelValue) throws(ModelError) -> Data {
        var writer = KeyedArchiveWriter(root: tree)
        let rootUID = try writer.encode(tree, at: .root)
        let archive = PropertyListObject.dictionary([
            "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": .uid(rootUID)]),
            "$objects": .array(writer.objects),
        ])
        return BinaryPropertyListWriter.data(from: archive)
    }

    private mutating func encode(_ value: ModelValue, at path: ModelPath) throws(ModelError) -> UInt64 {
        switch value {
        case .null: return 0
        case .string(let text) where text == "$null":
            return append(.dictionary(["NS.string": .string(text), "$class": .uid(classUID("NSString"))]))
        case .string(let text): return scalar(.string(text), key: .string(text))
        case .bool(let flag): return scalar(.bool(flag), key: .bool(flag))
        case .integer(let number): return scalar(.integer(number), key: .integer(number))
        case .unsignedInteger(let number): return scalar(.unsigned(number), key: .unsigned(number))
        case .double(let number): return scalar(.real(number), key: .real(number.bitPattern))
        case .data(let bytes): return append(.data(bytes))
        case .date(let date):
            return append(.dictionary(["NS.time": .real(date.timeIntervalSinceReferenceDate), "$class": .uid(classUID("NSDate"))]))
        case .array(let elements):
            try checkDepth(of: path)
            if let existing = containers[TypedTree.keyPath(for: path)] { return existing }
            let uid = reserve(at: path)
            let openKey = TypedTree.keyPath(for: path)
            openPlain.insert(openKey)
            defer { openPlain.remove(openKey) }
            var references: [PropertyListObject] = []
            references.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                references.append(.uid(try encode(element, at: path.appending(.index(index)))))
            }
            objects[Int(uid)] = .dictionary(["NS.objects": .array(references), "$class": .uid(classUID("NSArray"))])
            return uid
        case .dictionary(let entries):
            try checkDepth(of: path)
            if case .string(let target)? = entries[TypedTree.aliasKey] { return try alias(target, at: path) }
            if let existing = containers[TypedTree.keyPath(for: path)] { return existing }
            if let name = entries[TypedTree.classKey] { return try typedObject(name, entries, at: path) }
            let uid = reserve(at: path)
            let openKey = TypedTree.keyPath(for: path)
            openPlain.insert(openKey)
            defer { openPlain.remove(openKey) }
            var keys: [PropertyListObject] = []
            var values: [PropertyListObject] = []
            for (key, element) in entries {
                // Through encode, so that a key equal to `$null` is an NSString too, not nil.
                keys.append(.uid(try encode(.string(key), at: path)))
                values.append(.uid(try encode(element, at: path.appending(.key(key)))))
            }
            objects[Int(uid)] = .dictionary(["NS.keys": .array(keys), "NS.objects": .array(values), "$class": .uid(classUID("NSDictionary"))])
            return uid
        }
    }

    private mutating func typedObject(
        _ name: ModelValue, _ entries: OrderedDictionary<String, ModelValue>, at path: ModelPath
    ) throws(ModelError) -> UInt64 {
        guard case .string(let className) = name, !className.isEmpty else {
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: path.appending(.key(TypedTree.classKey)),
                excerpt: name.excerpt, format: Self.format)
        }
        guard !KeyedArchiveReader.valueClasses.contains(className) else {
            throw ModelError(
                .unsupported("the class name \(className) is Foundation's, which keyed archives read as a plain value; write the value itself"),
                path: path.appending(.key(TypedTree.classKey)), format: Self.format)
        }
        let uid = reserve(at: path)
        var fields = OrderedDictionary<String, PropertyListObject>(minimumCapacity: entries.count)
        for (key, element) in entries where key != TypedTree.classKey {
            fields[key] = .uid(try encode(element, at: path.appending(.key(key))))
        }
        fields["$class"] = .uid(classUID(className))
        objects[Int(uid)] = .dictionary(fields)
        return uid
    }

    /// The UID of the object an alias names, writing it now when it comes later in the tree.
    /// Refuses a container at `path` deeper than the reader accepts.
    private func checkDepth(of path: ModelPath) throws(ModelError) {
        guard path.components.count < maximumDepth else {
            throw ModelError(DecodingLimits.depthExceeded(maximumDepth), path: path, format: ModelFormat.keyedArchive.rawValue)
        }
    }

    private mutating func alias(_ target: String, at path: ModelPath) throws(ModelError) -> UInt64 {
        if openPlain.contains(target) {
            throw ModelError(
                .unsupported("the alias \"\(target)\" points back into a plain array or dictionary that contains it; only $class objects can be part of a cycle"),
                path: path, format: Self.format)
        }
        if let uid = containers[target] { return uid }
        guard !resolving.contains(target), let value = TypedTree.resolve(target, in: root), value[TypedTree.aliasKey] == nil else {
            throw ModelError(.invalidValue("the alias \"\(target)\" does not lead to an object"), path: path, format: Self.format)
        }
        switch value {
        case .array, .dictionary:
            resolving.insert(target)
            defer { resolving.remove(target) }
            return try encode(value, at: TypedTree.modelPath(target))
        default:
            throw ModelError(.invalidValue("the alias \"\(target)\" leads to a \(value.kindName), not an object"), path: path, format: Self.format)
        }
    }

    // MARK: - Objects

    private mutating func append(_ object: PropertyListObject) -> UInt64 {
        objects.append(object)
        return UInt64(objects.count - 1)
    }

    /// A slot for a container, recorded under its key path before its contents are written, so
    /// that aliases inside it (cycles) find it.
    private mutating func reserve(at path: ModelPath) -> UInt64 {
        let uid = append(.string("$null"))
        containers[TypedTree.keyPath(for: path)] = uid
        return uid
    }

    private mutating func scalar(_ object: PropertyListObject, key: ScalarKey) -> UInt64 {
        if let existing = scalars[key] { return existing }
        let uid = append(object)
        scalars[key] = uid
        return uid
    }

    /// The UID of the description of class `name`, written on first use.
    private mutating func classUID(_ name: String) -> UInt64 {
        if let existing = classes[name] { return existing }
        let uid = append(.dictionary(["$classname": .string(name), "$classes": .array([.string(name), .string("NSObject")])]))
        classes[name] = uid
        return uid
    }
}
