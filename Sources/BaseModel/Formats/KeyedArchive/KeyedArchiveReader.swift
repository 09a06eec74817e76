import Foundation
import OrderedCollections

/// Turns the property list of an NSKeyedArchiver archive into a typed tree.
///
/// The archive is checked first: `$archiver` must be `NSKeyedArchiver`, `$version` 100000,
/// `$objects` an array and `$top` a dictionary of UIDs. The tree is `$top`'s `root` object;
/// an archive without `root` gives its only top-level object, or, when it has several (archives
/// made with `encode(_:)` per value: `$0`, `$1` …), a dictionary of all of them by key.
///
/// Objects become tree values:
/// - strings, numbers, data and `$null` stand for themselves;
/// - Foundation classes become plain values (see ``foundationValue(_:_:_:at:depth:)``): strings,
///   arrays (also sets and ordered sets), dictionaries, dates, data, URLs and UUIDs as strings,
///   `NSNull` as null. These are values, so an object referenced twice is copied each time;
/// - every other class becomes a typed object, `{"$class": "<type name>", key: value…}`, with
///   the Swift module prefix removed from its class name (``KeyedArchiveClassName``). A typed
///   object met again, also through a cycle, becomes `{"$alias": "<key path of the first>"}`.
///
/// A cycle through a Foundation collection has no tree form and is an error, as are missing
/// keys, UIDs out of range, values of the wrong kind, nesting deeper than ``DecodingLimits/maximumDepth``, and
/// shared collections expanding past ``maximumNodes(for:)`` values.
/// Every error is a ``ModelError`` with format `keyed-archive` and the path in the tree (or in
/// the archive's own keys, for the archive's structure).
struct KeyedArchiveReader {
    static let format = ModelFormat.keyedArchive.rawValue
    /// The deepest nesting read: the current ``DecodingLimits/maximumDepth``.
    private let maximumDepth = DecodingLimits.current.maximumDepth

    let objects: [PropertyListObject]
    private let maximumNodes: Int
    private var nodes = 0
    private let maximumStringBytes: Int
    private var stringBytes = 0
    /// The key path of each typed object met so far, by its index in `$objects`.
    private var firstPaths: [Int: String] = [:]
    /// The Foundation collections being read; meeting one of them again is a cycle.
    var openCollections: Set<Int> = []

    private init(objects: [PropertyListObject], maximumNodes: Int, maximumStringBytes: Int) {
        self.objects = objects
        self.maximumNodes = maximumNodes
        self.maximumStringBytes = maximumStringBytes
    }

    /// The typed tree of an archive.
    ///
    /// - Parameter byteCount: The size of the archive's bytes, which sets the expansion budget.
    /// - Throws: ``ModelError`` (format `keyed-archive`) for an archive that is not valid.
    static func tree(from archive: PropertyListObject, byteCount: Int) throws(ModelError) -> ModelValue {
        guard case .dictionary(let archiveEntries) = archive else {
            throw ModelError(.typeMismatch(expected: "a keyed archive (a dictionary)", found: archive.kindName), format: format)
        }
        let archiver = try required("$archiver", in: archiveEntries)
        guard archiver == .string("NSKeyedArchiver") else {
            throw ModelError(
                .unsupported("the archiver \(archiver.excerpt); only NSKeyedArchiver archives are read"), path: [.key("$archiver")],
                format: format)
        }
        let version = try required("$version", in: archiveEntries)
        guard version == .integer(100_000) else {
            throw ModelError(.unsupported("archive version \(version.excerpt); only 100000 is read"), path: [.key("$version")], format: format)
        }
        let objectList = try required("$objects", in: archiveEntries)
        guard case .array(let objects) = objectList else {
            throw ModelError(.typeMismatch(expected: "array", found: objectList.kindName), path: [.key("$objects")], format: format)
        }
        let topEntry = try required("$top", in: archiveEntries)
        guard case .dictionary(let top) = topEntry, !top.isEmpty else {
            throw ModelError(.typeMismatch(expected: "a dictionary of UIDs", found: topEntry.excerpt), path: [.key("$top")], format: format)
        }
        var reader = KeyedArchiveReader(
            objects: objects, maximumNodes: maximumNodes(for: byteCount),
            maximumStringBytes: DecodingLimits.current.stringBytes(forInputOf: byteCount))
        if let root = top["root"] ?? (top.count == 1 ? top.values[0] : nil) {
            return try reader.object(topReference: root, key: top["root"] == nil ? top.keys[0] : "root", at: .root)
        }
        var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: top.count)
        for (key, reference) in top {
            entries[key] = try reader.object(topReference: reference, key: key, at: [.key(key)])
        }
        return .dictionary(entries)
    }

    /// How many values an archive of `byteCount` bytes may expand to when its shared
    /// Foundation collections are copied: the current ``DecodingLimits/maximumValues``.
    static func maximumNodes(for byteCount: Int) -> Int {
        DecodingLimits.current.values(forInputOf: byteCount)
    }

    private static func required(_ key: String, in entries: OrderedDictionary<String, PropertyListObject>) throws(ModelError) -> PropertyListObject {
        guard let value = entries[key] else {
            throw ModelError(.missingValue(expected: "the archive key \(key)"), path: [.key(key)], format: format)
        }
        return value
    }

    private mutating func object(topReference: PropertyListObject, key: String, at path: ModelPath) throws(ModelError) -> ModelValue {
        guard case .uid(let uid) = topReference else {
            throw ModelError(.typeMismatch(expected: "UID", found: topReference.kindName), path: [.key("$top"), .key(key)], format: Self.format)
        }
        return try object(uid, at: path, depth: 0)
    }

    // MARK: - Values and objects

    /// A field of an archived object: a UID is resolved to its object; anything else is a value
    /// stored inline (`encodeInt:forKey:` and friends, or an inline array of UIDs).
    mutating func value(_ field: PropertyListObject, at path: ModelPath, depth: Int) throws(ModelError) -> ModelValue {
        try countNode(at: path)
        switch field {
        case .uid(let uid):
            let resolved = try object(uid, at: path, depth: depth)
            switch resolved {
            case .string(let text): try countBytes(text.utf8.count, at: path)
            case .data(let bytes): try countBytes(bytes.count, at: path)
            default: break
            }
            return resolved
        case .array(let elements):
            try checkDepth(depth, at: path)
            var values: [ModelValue] = []
            values.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                values.append(try value(element, at: path.appending(.index(index)), depth: depth + 1))
            }
            return .array(values)
        case .dictionary(let entries):
            try checkDepth(depth, at: path)
            var values = OrderedDictionary<String, ModelValue>(minimumCapacity: entries.count)
            for (key, element) in entries {
                values[key] = try value(element, at: path.appending(.key(key)), depth: depth + 1)
            }
            return .dictionary(values)
        default:
            try countBytes(field.stringByteCount, at: path)
            return try field.modelValue(format: Self.format, path: path)
        }
    }

    /// The object `$objects[uid]`.
    mutating func object(_ uid: UInt64, at path: ModelPath, depth: Int) throws(ModelError) -> ModelValue {
        let index = try self.index(uid, at: path)
        let object = objects[index]
        switch object {
        case .string("$null"):
            return .null
        case .dictionary(let fields):
            return try archivedObject(index, fields, at: path, depth: depth)
        case .uid, .array:
            throw failure(.malformed("$objects[\(index)] is a bare \(object.kindName), not an object"), at: path)
        default:
            return try object.modelValue(format: Self.format, path: path)
        }
    }

    private mutating func archivedObject(
        _ index: Int, _ fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath, depth: Int
    ) throws(ModelError) -> ModelValue {
        try checkDepth(depth, at: path)
        let className = try self.className(of: fields, at: path)
        if let firstPath = firstPaths[index] { return [TypedTree.aliasKey: .string(firstPath)] }
        guard !openCollections.contains(index) else {
            throw failure(
                .unsupported("a reference cycle through a \(className) ($objects[\(index)]), which a tree of values cannot hold"), at: path)
        }
        if let value = try foundationValue(className, index, fields, at: path, depth: depth) { return value }
        firstPaths[index] = TypedTree.keyPath(for: path)
        var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: fields.count)
        entries[TypedTree.classKey] = .string(KeyedArchiveClassName.typeName(className))
        for (key, field) in fields where key != "$class" {
            entries[key] = try value(field, at: path.appending(.key(key)), depth: depth + 1)
        }
        return .dictionary(entries)
    }

    /// The `$classname` of the class description an object's `$class` points at.
    private func className(of fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath) throws(ModelError) -> String {
        let classPath = path.appending(.key("$class"))
        guard let reference = fields["$class"] else {
            let keys = fields.keys.prefix(4).joined(separator: ", ")
            throw failure(.missingValue(expected: "$class (a UID of the object's class)"), at: path, excerpt: "{\(keys)}")
        }
        guard case .uid(let uid) = reference else {
            throw failure(.typeMismatch(expected: "UID", found: reference.kindName), at: classPath, excerpt: reference.excerpt)
        }
        let description = objects[try index(uid, at: classPath)]
        guard case .dictionary(let entries) = description else {
            throw failure(.typeMismatch(expected: "a class description", found: description.kindName), at: classPath, excerpt: description.excerpt)
        }
        guard case .string(let name)? = entries["$classname"] else {
            throw failure(.missingValue(expected: "$classname in the class description"), at: classPath)
        }
        return name
    }

    // MARK: - Checks

    /// The index in `$objects` of a UID, once it is known to be in range.
    func index(_ uid: UInt64, at path: ModelPath) throws(ModelError) -> Int {
        guard uid < UInt64(objects.count) else {
            throw failure(.malformed("UID \(uid) is out of range ($objects has \(objects.count) entries)"), at: path)
        }
        return Int(uid)
    }

    /// The stored form of a field: the object a UID points at, or the field itself.
    func resolved(_ field: PropertyListObject, at path: ModelPath) throws(ModelError) -> PropertyListObject {
        guard case .uid(let uid) = field else { return field }
        return objects[try index(uid, at: path)]
    }

    private func checkDepth(_ depth: Int, at path: ModelPath) throws(ModelError) {
        guard depth < maximumDepth else {
            throw failure(DecodingLimits.depthExceeded(maximumDepth), at: path)
        }
    }

    private mutating func countNode(at path: ModelPath) throws(ModelError) {
        nodes += 1
        guard nodes <= maximumNodes else {
            throw failure(DecodingLimits.valuesExceeded(maximumNodes), at: path)
        }
    }

    private mutating func countBytes(_ count: Int, at path: ModelPath) throws(ModelError) {
        stringBytes += count
        guard stringBytes <= maximumStringBytes else {
            throw failure(DecodingLimits.stringBytesExceeded(maximumStringBytes), at: path)
        }
    }

    func failure(_ reason: ModelError.Reason, at path: ModelPath, excerpt: String? = nil) -> ModelError {
        ModelError(reason, path: path, excerpt: excerpt, format: Self.format)
    }
}
