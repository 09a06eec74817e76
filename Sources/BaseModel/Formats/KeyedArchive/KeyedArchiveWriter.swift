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
/// Each class description is written once. A string equal to `$null` is written as an NSString
/// object, so that it does not read back as nil. Strings are the same object only when their
/// Unicode scalars are the same (``ExactString``). An alias may point at a typed object, a
/// dictionary or an array, before or after it in the tree; reading the archive back gives
/// aliases for typed objects and copies for plain arrays and dictionaries.
///
/// The tree is walked once into a flat table of `$objects` (fixed-size entries, their UIDs in
/// one buffer, each distinct string numbered once), which ``BinaryPropertyListBuilder`` then
/// writes: no ``PropertyListObject`` and no dictionary per object. Key paths, needed only to
/// resolve aliases and to word errors, are followed only for a tree with an alias or an error:
/// such a tree is walked again with them.
///
/// Complexity: O(n) in the tree's values, plus one hash per string value and per key.
struct KeyedArchiveWriter {
    static let format = ModelFormat.keyedArchive.rawValue

    /// An entry of `$objects`.
    private struct Object {
        enum Kind: UInt8 {
            case null, string, integer, unsigned, real, bool, data, date, nullString, array, dictionary, typed, classDescription
        }

        var kind: Kind
        /// For an object of a class: the UID of its class description.
        var classUID: Int32 = 0
        /// For a container: where its UIDs start in ``KeyedArchiveWriter/references`` (a
        /// dictionary's keys, then its values; a typed object's key strings, then its values)
        /// and how many elements, entries or keys it has.
        var first: Int32 = 0
        var count: Int32 = 0
        /// For a scalar: its bits, or its index in ``KeyedArchiveWriter/strings`` or
        /// ``KeyedArchiveWriter/data``.
        var payload: UInt64 = 0
    }

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

    private var objects: [Object] = [Object(kind: .null)]
    private var references: [Int32] = []
    /// UIDs of the children of the containers being written, innermost last.
    private var pending: [Int32] = []
    /// Every distinct string met (values, keys, class names), numbered.
    private var strings: [String] = []
    private var stringNumbers: [ExactString: Int32] = [:]
    /// Per string number: the UID of its string object, or -1.
    private var stringUIDs: [Int32] = []
    private var data: [Data] = []
    private var integerUIDs: [Int64: Int32] = [:]
    private var unsignedUIDs: [UInt64: Int32] = [:]
    private var realUIDs: [UInt64: Int32] = [:]
    private var boolUIDs: (false: Int32, true: Int32) = (-1, -1)
    private var classUIDs: [String: Int32] = [:]

    /// What the writer remembers of a class of typed objects: the UID of its description once
    /// written, and the keys of its last object with their string numbers.
    private struct ClassCache {
        var uid: Int32 = -1
        var keys: [String] = []
        var numbers: [Int32] = []
    }

    private var classCaches: [ClassCache] = []
    private var classCacheNumbers: [String: Int] = [:]

    /// While following paths: the path of the value being written.
    private var path: [ModelPath.Component] = []
    /// While following paths: the UID of each container and typed object written so far, by key path.
    private var containers: [String: Int32] = [:]
    /// Alias targets being written ahead of their place in the tree.
    private var resolving: Set<String> = []

    private init(root: ModelValue, followsPaths: Bool) {
        self.root = root
        self.followsPaths = followsPaths
    }

    /// The binary archive of `tree`.
    ///
    /// - Throws: ``ModelError`` (format `keyed-archive`) for a `$class` that is not a string or
    ///   an `$alias` that does not lead to a container, and for nesting deeper than
    ///   ``DecodingLimits/maximumDepth``.
    static func data(from tree: ModelValue) throws(ModelError) -> Data {
        var writer = KeyedArchiveWriter(root: tree, followsPaths: false)
        do {
            let rootUID = try writer.encode(tree, depth: 0)
            return writer.archive(root: rootUID)
        } catch {
            if case .failed(let error) = error { throw error }
        }
        writer = KeyedArchiveWriter(root: tree, followsPaths: true)
        do {
            let rootUID = try writer.encode(tree, depth: 0)
            return writer.archive(root: rootUID)
        } catch {
            guard case .failed(let error) = error else { preconditionFailure("a walk that follows paths asked to follow them") }
            throw error
        }
    }

    // MARK: - The tree

    private mutating func encode(_ value: ModelValue, depth: Int) throws(Failure) -> Int32 {
        switch value {
        case .null: return 0
        case .string(let text) where text.utf8.count == 5 && text == "$null":
            let uid = classUID("NSString")
            return append(Object(kind: .nullString, classUID: uid, payload: UInt64(stringNumber(text))))
        case .string(let text): return stringUID(text)
        case .bool(let flag):
            let existing = flag ? boolUIDs.true : boolUIDs.false
            if existing >= 0 { return existing }
            let uid = append(Object(kind: .bool, payload: flag ? 1 : 0))
            if flag { boolUIDs.true = uid } else { boolUIDs.false = uid }
            return uid
        case .integer(let number):
            if let existing = integerUIDs[number] { return existing }
            let uid = append(Object(kind: .integer, payload: UInt64(bitPattern: number)))
            integerUIDs[number] = uid
            return uid
        case .unsignedInteger(let number):
            if let existing = unsignedUIDs[number] { return existing }
            let uid = append(Object(kind: .unsigned, payload: number))
            unsignedUIDs[number] = uid
            return uid
        case .double(let number):
            if let existing = realUIDs[number.bitPattern] { return existing }
            let uid = append(Object(kind: .real, payload: number.bitPattern))
            realUIDs[number.bitPattern] = uid
            return uid
        case .data(let bytes):
            data.append(bytes)
            return append(Object(kind: .data, payload: UInt64(data.count - 1)))
        case .date(let date):
            let uid = classUID("NSDate")
            return append(Object(kind: .date, classUID: uid, payload: date.timeIntervalSinceReferenceDate.bitPattern))
        case .array(let elements):
            try checkDepth(depth)
            if followsPaths, let existing = containers[TypedTree.keyPath(for: ModelPath(path))] { return existing }
            let uid = reserve()
            let start = pending.count
            for index in elements.indices {
                if followsPaths { path.append(.index(index)) }
                let element = try encode(elements[index], depth: depth + 1)
                if followsPaths { path.removeLast() }
                pending.append(element)
            }
            let arrayClass = classUID("NSArray")
            objects[Int(uid)] = Object(kind: .array, classUID: arrayClass, first: close(from: start), count: Int32(elements.count))
            return uid
        case .dictionary(let entries):
            try checkDepth(depth)
            if case .string(let target)? = entries[TypedTree.aliasKey] { return try alias(target) }
            if followsPaths, let existing = containers[TypedTree.keyPath(for: ModelPath(path))] { return existing }
            if let name = entries[TypedTree.classKey] { return try typedObject(name, entries, depth: depth) }
            let uid = reserve()
            let start = pending.count
            for (key, element) in entries {
                pending.append(stringUID(key))
                if followsPaths { path.append(.key(key)) }
                let child = try encode(element, depth: depth + 1)
                if followsPaths { path.removeLast() }
                pending.append(child)
            }
            let dictionaryClass = classUID("NSDictionary")
            objects[Int(uid)] = Object(
                kind: .dictionary, classUID: dictionaryClass, first: closePairs(from: start), count: Int32(entries.count))
            return uid
        }
    }

    private mutating func typedObject(
        _ name: ModelValue, _ entries: OrderedDictionary<String, ModelValue>, depth: Int
    ) throws(Failure) -> Int32 {
        guard case .string(let className) = name, !className.isEmpty else {
            throw failure(.typeMismatch(expected: "a class name", found: name.kindName), at: .key(TypedTree.classKey), excerpt: name.excerpt)
        }
        let cache = classCache(className)
        let uid = reserve()
        let start = pending.count
        // Objects of a class mostly have the keys of the one before: numbered without a hash.
        var sameKeys = true
        var position = 0
        for (key, element) in entries where key != TypedTree.classKey {
            if sameKeys, position < classCaches[cache].keys.count, ExactString.same(classCaches[cache].keys[position], key) {
                pending.append(classCaches[cache].numbers[position])
            } else {
                sameKeys = false
                pending.append(stringNumber(key))
            }
            position += 1
            if followsPaths { path.append(.key(key)) }
            let child = try encode(element, depth: depth + 1)
            if followsPaths { path.removeLast() }
            pending.append(child)
        }
        if !sameKeys || position != classCaches[cache].keys.count {
            let numbers = stride(from: start, to: pending.count, by: 2).map { pending[$0] }
            classCaches[cache].numbers = numbers
            classCaches[cache].keys = numbers.map { strings[Int($0)] }
        }
        if classCaches[cache].uid < 0 { classCaches[cache].uid = classUID(className) }
        objects[Int(uid)] = Object(kind: .typed, classUID: classCaches[cache].uid, first: closePairs(from: start), count: Int32(position))
        return uid
    }

    /// The number of the cache of class `name` in ``classCaches``, made the first time.
    private mutating func classCache(_ name: String) -> Int {
        if let existing = classCacheNumbers[name] { return existing }
        classCaches.append(ClassCache())
        classCacheNumbers[name] = classCaches.count - 1
        return classCaches.count - 1
    }

    /// The UID of the object an alias names, writing it now when it comes later in the tree.
    private mutating func alias(_ target: String) throws(Failure) -> Int32 {
        guard followsPaths else { throw .followPaths }
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

    // MARK: - Objects

    private mutating func append(_ object: Object) -> Int32 {
        objects.append(object)
        return Int32(objects.count - 1)
    }

    /// A slot for a container, recorded under its key path (when following paths) before its
    /// contents are written, so that aliases inside it (cycles) find it.
    private mutating func reserve() -> Int32 {
        let uid = append(Object(kind: .null))
        if followsPaths { containers[TypedTree.keyPath(for: ModelPath(path))] = uid }
        return uid
    }

    /// Moves the pending UIDs from `start` on into ``references``; returns where they start.
    private mutating func close(from start: Int) -> Int32 {
        let first = references.count
        references.append(contentsOf: pending[start...])
        pending.removeLast(pending.count - start)
        return Int32(first)
    }

    /// Moves the pending (key, value) pairs from `start` on into ``references``, keys first, then
    /// values; returns where they start.
    private mutating func closePairs(from start: Int) -> Int32 {
        let first = references.count
        for position in stride(from: start, to: pending.count, by: 2) { references.append(pending[position]) }
        for position in stride(from: start + 1, to: pending.count, by: 2) { references.append(pending[position]) }
        pending.removeLast(pending.count - start)
        return Int32(first)
    }

    /// The number of `text` among the distinct strings, given the first time.
    private mutating func stringNumber(_ text: String) -> Int32 {
        if let number = stringNumbers[ExactString(text: text)] { return number }
        strings.append(text)
        stringUIDs.append(-1)
        let number = Int32(strings.count - 1)
        stringNumbers[ExactString(text: text)] = number
        return number
    }

    /// The UID of the string object of `text`, written the first time.
    private mutating func stringUID(_ text: String) -> Int32 {
        let number = Int(stringNumber(text))
        if stringUIDs[number] >= 0 { return stringUIDs[number] }
        let uid = append(Object(kind: .string, payload: UInt64(number)))
        stringUIDs[number] = uid
        return uid
    }

    /// The UID of the description of class `name`, written on first use.
    private mutating func classUID(_ name: String) -> Int32 {
        if let existing = classUIDs[name] { return existing }
        let uid = append(Object(kind: .classDescription, payload: UInt64(stringNumber(name))))
        classUIDs[name] = uid
        return uid
    }

    // MARK: - The property list

    /// The archive around `$objects`, as a binary property list: the dictionary of `$version`,
    /// `$archiver`, `$top` and `$objects`, each object's dictionary with its keys, then its values.
    private mutating func archive(root rootUID: Int32) -> Data {
        var plist = PropertyListStrings(builder: BinaryPropertyListBuilder(capacity: 2 * objects.count + 16))
        let top = plist.builder.dictionary(count: 4)
        for (position, key) in ["$version", "$archiver", "$top", "$objects"].enumerated() {
            plist.set(position, of: top, toString: stringNumber(key), in: strings)
        }
        let version = plist.builder.integer(100_000)
        plist.builder.set(4, of: top, to: version)
        plist.set(5, of: top, toString: stringNumber("NSKeyedArchiver"), in: strings)
        let topEntries = plist.builder.dictionary(count: 1)
        plist.builder.set(6, of: top, to: topEntries)
        plist.set(0, of: topEntries, toString: stringNumber("root"), in: strings)
        plist.setUID(1, of: topEntries, to: rootUID)
        let list = plist.builder.array(count: objects.count)
        plist.builder.set(7, of: top, to: list)

        let keys = ArchiveKeys(numbering: &self)
        for index in objects.indices {
            let object = objects[index]
            let entry: Int32
            switch object.kind {
            case .null: entry = plist.string(keys.null, in: strings)
            case .string: entry = plist.string(Int32(object.payload), in: strings)
            case .integer: entry = plist.builder.integer(Int64(bitPattern: object.payload))
            case .unsigned: entry = plist.builder.unsigned(object.payload)
            case .real: entry = plist.builder.real(Double(bitPattern: object.payload))
            case .bool: entry = plist.builder.bool(object.payload != 0)
            case .data: entry = plist.builder.data(data[Int(object.payload)])
            case .date:
                entry = plist.builder.dictionary(count: 2)
                plist.set(0, of: entry, toString: keys.time, in: strings)
                plist.set(1, of: entry, toString: keys.classReference, in: strings)
                let seconds = plist.builder.real(Double(bitPattern: object.payload))
                plist.builder.set(2, of: entry, to: seconds)
                plist.setUID(3, of: entry, to: object.classUID)
            case .nullString:
                entry = plist.builder.dictionary(count: 2)
                plist.set(0, of: entry, toString: keys.string, in: strings)
                plist.set(1, of: entry, toString: keys.classReference, in: strings)
                plist.set(2, of: entry, toString: Int32(object.payload), in: strings)
                plist.setUID(3, of: entry, to: object.classUID)
            case .array:
                entry = plist.builder.dictionary(count: 2)
                plist.set(0, of: entry, toString: keys.objects, in: strings)
                plist.set(1, of: entry, toString: keys.classReference, in: strings)
                plist.setUIDs(2, of: entry, to: references[Int(object.first)..<Int(object.first + object.count)])
                plist.setUID(3, of: entry, to: object.classUID)
            case .dictionary:
                let count = Int(object.count)
                entry = plist.builder.dictionary(count: 3)
                plist.set(0, of: entry, toString: keys.keys, in: strings)
                plist.set(1, of: entry, toString: keys.objects, in: strings)
                plist.set(2, of: entry, toString: keys.classReference, in: strings)
                let first = Int(object.first)
                plist.setUIDs(3, of: entry, to: references[first..<(first + count)])
                plist.setUIDs(4, of: entry, to: references[(first + count)..<(first + 2 * count)])
                plist.setUID(5, of: entry, to: object.classUID)
            case .typed:
                let count = Int(object.count)
                let first = Int(object.first)
                entry = plist.builder.dictionary(count: count + 1)
                for position in 0..<count {
                    plist.set(position, of: entry, toString: references[first + position], in: strings)
                }
                plist.set(count, of: entry, toString: keys.classReference, in: strings)
                for position in 0..<count {
                    plist.setUID(count + 1 + position, of: entry, to: references[first + count + position])
                }
                plist.setUID(2 * count + 1, of: entry, to: object.classUID)
            case .classDescription:
                entry = plist.builder.dictionary(count: 2)
                plist.set(0, of: entry, toString: keys.className, in: strings)
                plist.set(1, of: entry, toString: keys.classes, in: strings)
                plist.set(2, of: entry, toString: Int32(object.payload), in: strings)
                let classes = plist.builder.array(count: 2)
                plist.builder.set(3, of: entry, to: classes)
                plist.set(0, of: classes, toString: Int32(object.payload), in: strings)
                plist.set(1, of: classes, toString: keys.object, in: strings)
            }
            plist.builder.set(index, of: list, to: entry)
        }
        return plist.builder.serialized()
    }

    /// The numbers of the strings the archive's structure uses.
    private struct ArchiveKeys {
        let null, time, classReference, string, objects, keys, className, classes, object: Int32

        init(numbering writer: inout KeyedArchiveWriter) {
            null = writer.stringNumber("$null")
            time = writer.stringNumber("NS.time")
            classReference = writer.stringNumber(TypedTree.classKey)
            string = writer.stringNumber("NS.string")
            objects = writer.stringNumber("NS.objects")
            keys = writer.stringNumber("NS.keys")
            className = writer.stringNumber("$classname")
            classes = writer.stringNumber("$classes")
            object = writer.stringNumber("NSObject")
        }
    }

    /// The builder, with the property-list object of each numbered string and UID made once.
    private struct PropertyListStrings {
        var builder: BinaryPropertyListBuilder
        private var stringObjects: [Int32] = []
        private var uidObjects: [Int32] = []

        init(builder: BinaryPropertyListBuilder) { self.builder = builder }

        /// The object of string number `number`.
        mutating func string(_ number: Int32, in strings: [String]) -> Int32 {
            let index = Int(number)
            if index >= stringObjects.count { stringObjects.append(contentsOf: repeatElement(-1, count: strings.count - stringObjects.count)) }
            if stringObjects[index] < 0 { stringObjects[index] = builder.newString(strings[index]) }
            return stringObjects[index]
        }

        mutating func set(_ position: Int, of container: Int32, toString number: Int32, in strings: [String]) {
            let object = string(number, in: strings)
            builder.set(position, of: container, to: object)
        }

        mutating func setUID(_ position: Int, of container: Int32, to uid: Int32) {
            let object = builder.uid(UInt64(uid))
            builder.set(position, of: container, to: object)
        }

        /// Sets element `position` of `container` to a new array of these UIDs.
        mutating func setUIDs(_ position: Int, of container: Int32, to uids: ArraySlice<Int32>) {
            let array = builder.array(count: uids.count)
            builder.set(position, of: container, to: array)
            for (element, uid) in uids.enumerated() { setUID(element, of: array, to: uid) }
        }
    }
}
