import Foundation

/// The `$objects` of a keyed archive being written, and the archive around them: what
/// ``KeyedArchiveModelWriter`` feeds, value by value, container by container.
///
/// Entry 0 is `$null`. Scalars are stored once each (numbers by kind and bit pattern, strings by
/// their Unicode scalars, see ``ExactString``); data and dates once per value; NSNull once; each
/// class description once, on first use. A container takes its UID when it begins, before its
/// contents, so that a reference into it (a cycle) can name it; its elements are collected as
/// they come and written when it ends. Objects are fixed-size entries with their UIDs in one
/// buffer, and ``data(root:)`` writes them with ``BinaryPropertyListBuilder``.
///
/// A reference whose target is known only later (an alias by key path) is a placeholder,
/// resolved once the archive is whole (``resolveAliases(root:)``); objects left unreferenced by
/// a value taken back are dropped then too (``compact(root:)``).
struct KeyedArchiveObjectTable {
    /// An entry of `$objects`.
    struct Object {
        enum Kind: UInt8 {
            case null, string, integer, unsigned, real, bool, data, date, array, dictionary, typed, classDescription
            /// An NSString or NSMutableString object (`NS.string`): a mutable string, or the
            /// string `$null`, which stored inline would read back as nil.
            case stringObject
            /// An NSMutableData object (`NS.data`).
            case dataObject
            /// An NSURL (`NS.base` `$null`, `NS.relative` the string).
            case url
            /// An NSOrderedSet or NSMutableOrderedSet (`NS.object.0` …).
            case orderedSet
            /// A reference to be resolved (``alias(to:)``); its payload numbers it.
            case alias
        }

        var kind: Kind

        /// Whether the object names a class description (``classUID``).
        var hasClass: Bool {
            switch kind {
            case .date, .stringObject, .dataObject, .url, .array, .orderedSet, .dictionary, .typed: true
            default: false
            }
        }

        /// For an object of a class: the UID of its class description.
        var classUID: Int32 = 0
        /// For a container: where its UIDs start in ``KeyedArchiveObjectTable/references`` (a
        /// dictionary's keys, then its values; a typed object's key strings, then its values)
        /// and how many elements, entries or keys it has. For a class description: the string
        /// number of its superclass before NSObject, or -1.
        var first: Int32 = 0
        var count: Int32 = 0
        /// For a scalar: its bits, or its index in ``KeyedArchiveObjectTable/strings`` or
        /// ``KeyedArchiveObjectTable/data``.
        var payload: UInt64 = 0
    }

    /// What the table remembers of a class of typed objects: the UID of its description once
    /// written, and the keys of its last object with their string numbers.
    private struct ClassCache {
        /// Whether the reader turns objects of the class into plain values (NSData, NSArray …).
        let isFoundationValue: Bool
        var uid: Int32 = -1
        var keys: [String] = []
        var numbers: [Int32] = []
    }

    /// A typed object being written (see ``beginTypedObject(_:)``).
    struct TypedObject {
        /// Its UID.
        let uid: Int32
        fileprivate let className: String
        fileprivate let cache: Int
        /// Where its (key, value) pairs start among the pending UIDs.
        let start: Int
        fileprivate var fields = 0
        fileprivate var sameKeys = true
        /// Whether its class is one the reader turns into a plain value, so that it would not read
        /// back as a typed object.
        let isFoundationValue: Bool
    }

    /// A reference to be resolved: the key path of its target, where it stands (for errors),
    /// and its UID.
    struct Alias {
        let target: String
        let path: ModelPath
        let uid: Int32
    }

    private(set) var objects: [Object] = [Object(kind: .null)]
    private(set) var references: [Int32] = []
    /// UIDs (and key numbers) of the children of the containers being written, innermost last.
    private(set) var pending: [Int32] = []
    /// Every distinct string met (values, keys, class names), numbered.
    private(set) var strings: [String] = []
    private var stringNumbers = ExactStringTable()
    /// Per string number: the UID of its string object, or -1.
    private var stringUIDs: [Int32] = []
    private(set) var data: [Data] = []
    private var integerUIDs: [Int64: Int32] = [:]
    private var unsignedUIDs: [UInt64: Int32] = [:]
    private var realUIDs: [UInt64: Int32] = [:]
    private var boolUIDs: (false: Int32, true: Int32) = (-1, -1)
    /// The UID of the NSNull object once written, or -1.
    private(set) var nullUID: Int32 = -1
    private var classUIDs: [String: Int32] = [:]
    /// The UIDs of the NSArray and NSDictionary descriptions once written (every container asks).
    private var arrayClassUID: Int32 = -1
    private var dictionaryClassUID: Int32 = -1
    private var classCaches: [ClassCache] = []
    private var classCacheNumbers: [String: Int] = [:]
    /// The references to resolve, by their payload.
    private(set) var aliases: [Alias] = []

    // MARK: - Values

    /// UID 0: `$null`, nil (an object's key whose value is nil).
    static let null: Int32 = 0

    /// How many objects the table holds: the UID the next object takes.
    var objectCount: Int { objects.count }

    /// The UID of a string: the string object, stored once; `$null` itself is an NSString object
    /// each time, so that it does not read back as nil.
    mutating func string(_ text: String) -> Int32 {
        if text.utf8.count == 5, text == "$null" { return stringObject(text, className: "NSString") }
        return plainString(text)
    }

    /// The UID of a new NSString or NSMutableString object holding `text`.
    mutating func stringObject(_ text: String, className: String) -> Int32 {
        let uid = classUID(className)
        return append(Object(kind: .stringObject, classUID: uid, payload: UInt64(stringNumber(text))))
    }

    /// The UID of a new NSURL object whose absolute string is `text`.
    mutating func url(_ text: String) -> Int32 {
        let uid = classUID("NSURL")
        let relative = plainString(text)
        return append(Object(kind: .url, classUID: uid, first: relative, payload: UInt64(stringNumber(text))))
    }

    /// The UID of the string object of `text`, stored once.
    private mutating func plainString(_ text: String) -> Int32 {
        let number = Int(stringNumber(text))
        if stringUIDs[number] >= 0 { return stringUIDs[number] }
        let uid = append(Object(kind: .string, payload: UInt64(number)))
        stringUIDs[number] = uid
        return uid
    }

    mutating func bool(_ flag: Bool) -> Int32 {
        let existing = flag ? boolUIDs.true : boolUIDs.false
        if existing >= 0 { return existing }
        let uid = append(Object(kind: .bool, payload: flag ? 1 : 0))
        if flag { boolUIDs.true = uid } else { boolUIDs.false = uid }
        return uid
    }

    mutating func integer(_ number: Int64) -> Int32 {
        if let existing = integerUIDs[number] { return existing }
        let uid = append(Object(kind: .integer, payload: UInt64(bitPattern: number)))
        integerUIDs[number] = uid
        return uid
    }

    mutating func unsigned(_ number: UInt64) -> Int32 {
        if let existing = unsignedUIDs[number] { return existing }
        let uid = append(Object(kind: .unsigned, payload: number))
        unsignedUIDs[number] = uid
        return uid
    }

    mutating func real(_ number: Double) -> Int32 {
        if let existing = realUIDs[number.bitPattern] { return existing }
        let uid = append(Object(kind: .real, payload: number.bitPattern))
        realUIDs[number.bitPattern] = uid
        return uid
    }

    /// The UID of a new NSData object (stored inline), or of an NSMutableData object when
    /// `mutable`.
    mutating func data(_ bytes: Data, mutable: Bool = false) -> Int32 {
        data.append(bytes)
        guard mutable else { return append(Object(kind: .data, payload: UInt64(data.count - 1))) }
        let uid = classUID("NSMutableData")
        return append(Object(kind: .dataObject, classUID: uid, payload: UInt64(data.count - 1)))
    }

    /// The UID of a new NSDate object.
    mutating func date(_ date: Date) -> Int32 {
        let uid = classUID("NSDate")
        return append(Object(kind: .date, classUID: uid, payload: date.timeIntervalSinceReferenceDate.bitPattern))
    }

    /// The UID of the NSNull object, stored once: null in a collection or at the root, where nil
    /// cannot stand (an unarchiver refuses nil in an array).
    mutating func nsNull() -> Int32 {
        if nullUID >= 0 { return nullUID }
        let uid = classUID("NSNull")
        nullUID = append(Object(kind: .typed, classUID: uid))
        return nullUID
    }

    /// The UID of a reference to the object at key path `target`, resolved once the archive is
    /// whole (``resolveAliases(root:)``); `path` is where the reference stands, for its error.
    mutating func alias(to target: String, at path: ModelPath) -> Int32 {
        let uid = Int32(objects.count)
        aliases.append(Alias(target: target, path: path, uid: uid))
        return append(Object(kind: .alias, payload: UInt64(aliases.count - 1)))
    }

    /// Forgets the references to resolve made at UIDs from `uid` on (a value taken back).
    mutating func forgetAliases(from uid: Int32) {
        while let last = aliases.last, last.uid >= uid {
            objects[Int(last.uid)] = Object(kind: .null)
            aliases.removeLast()
        }
    }

    /// Brings `object`'s count of fields back to its pending pairs (after a value taken back).
    func resync(_ object: inout TypedObject) {
        object.fields = (pending.count - object.start) / 2
        object.sameKeys = false
    }

    // MARK: - Containers

    /// The UID of a new array or dictionary, whose contents follow: for an array, ``add(_:)``
    /// each element; for a dictionary, ``addKey(_:)`` then ``add(_:)`` its value, entry by
    /// entry; then ``endArray(_:from:)`` or ``endDictionary(_:from:)`` with `start`.
    mutating func beginContainer() -> (uid: Int32, start: Int) {
        (append(Object(kind: .null)), pending.count)
    }

    /// Adds the UID of the next element or value of the innermost container.
    mutating func add(_ uid: Int32) { pending.append(uid) }

    /// Adds the next key of the innermost dictionary: its string object, or for `$null` an
    /// NSString object, as for a value.
    mutating func addKey(_ key: String) { pending.append(string(key)) }

    /// How many UIDs are pending: where the next child of the innermost container goes.
    var pendingCount: Int { pending.count }

    /// Whether a dictionary or object whose pairs start at `start` has a key waiting for its value.
    @inline(__always)
    func awaitsValue(since start: Int) -> Bool { (pending.count &- start) & 1 == 1 }

    /// Drops the pending UIDs from `count` on (a value taken back).
    mutating func dropPending(from count: Int) {
        pending.removeLast(pending.count - count)
    }

    /// Ends an array (NSArray) begun with ``beginContainer()``.
    mutating func endArray(_ uid: Int32, from start: Int) {
        let count = pending.count - start
        if arrayClassUID < 0 { arrayClassUID = classUID("NSArray") }
        let arrayClass = arrayClassUID
        objects[Int(uid)] = Object(kind: .array, classUID: arrayClass, first: close(from: start), count: Int32(count))
    }

    /// Ends an array begun with ``beginContainer()`` as an object of `className` (NSArray, a set
    /// or an ordered set, mutable or not).
    mutating func endArray(_ uid: Int32, from start: Int, className: String) {
        let count = pending.count - start
        let kind: Object.Kind = className.hasSuffix("OrderedSet") ? .orderedSet : .array
        let arrayClass = classUID(className)
        objects[Int(uid)] = Object(kind: kind, classUID: arrayClass, first: close(from: start), count: Int32(count))
    }

    /// Ends a dictionary (NSDictionary, or NSMutableDictionary when `mutable`) begun with
    /// ``beginContainer()``.
    mutating func endDictionary(_ uid: Int32, from start: Int, mutable: Bool = false) {
        let count = (pending.count - start) / 2
        let dictionaryClass: Int32
        if mutable {
            dictionaryClass = classUID("NSMutableDictionary")
        } else {
            if dictionaryClassUID < 0 { dictionaryClassUID = classUID("NSDictionary") }
            dictionaryClass = dictionaryClassUID
        }
        objects[Int(uid)] = Object(kind: .dictionary, classUID: dictionaryClass, first: closePairs(from: start), count: Int32(count))
    }

    /// A new object of class `className`, whose fields follow: ``addField(_:to:)`` then
    /// ``add(_:)`` its value, field by field; then ``endTypedObject(_:)``.
    mutating func beginTypedObject(_ className: String) -> TypedObject {
        let cache = classCache(className)
        return TypedObject(
            uid: append(Object(kind: .null)), className: className, cache: cache, start: pending.count,
            isFoundationValue: classCaches[cache].isFoundationValue)
    }

    /// Adds the next field name of `object`. Objects of a class mostly have the keys of the one
    /// before: those are numbered without a hash.
    mutating func addField(_ key: String, to object: inout TypedObject) {
        let cache = object.cache
        let position = object.fields
        if object.sameKeys, position < classCaches[cache].keys.count, ExactString.same(classCaches[cache].keys[position], key) {
            pending.append(classCaches[cache].numbers[position])
        } else {
            object.sameKeys = false
            pending.append(stringNumber(key))
        }
        object.fields += 1
    }

    /// Ends `object`; its class description is written now if this is its class's first object.
    mutating func endTypedObject(_ object: TypedObject) {
        let cache = object.cache
        let fields = (pending.count - object.start) / 2
        if !object.sameKeys || fields != classCaches[cache].keys.count {
            let numbers = stride(from: object.start, to: pending.count - 1, by: 2).map { pending[$0] }
            classCaches[cache].numbers = numbers
            classCaches[cache].keys = numbers.map { strings[Int($0)] }
        }
        if classCaches[cache].uid < 0 { classCaches[cache].uid = classUID(object.className) }
        objects[Int(object.uid)] = Object(
            kind: .typed, classUID: classCaches[cache].uid, first: closePairs(from: object.start), count: Int32(fields))
    }

    // MARK: - Storage

    private mutating func append(_ object: Object) -> Int32 {
        objects.append(object)
        return Int32(objects.count - 1)
    }

    /// Moves the pending UIDs from `start` on into ``references``; returns where they start.
    private mutating func close(from start: Int) -> Int32 {
        let first = references.count
        references.append(contentsOf: pending[start...])
        pending.removeLast(pending.count - start)
        return Int32(first)
    }

    /// Moves the pending (key, value) pairs from `start` on into ``references``, keys first, then
    /// values; returns where they start. A key left without its value is dropped.
    private mutating func closePairs(from start: Int) -> Int32 {
        let first = references.count
        let end = pending.count - (pending.count - start) % 2
        for position in stride(from: start, to: end, by: 2) { references.append(pending[position]) }
        for position in stride(from: start + 1, to: end, by: 2) { references.append(pending[position]) }
        pending.removeLast(pending.count - start)
        return Int32(first)
    }

    /// The number of `text` among the distinct strings, given the first time.
    mutating func stringNumber(_ text: String) -> Int32 {
        // One lookup that also adds.
        if let number = stringNumbers.number(of: text, orAdd: strings.count) { return Int32(number) }
        strings.append(text)
        stringUIDs.append(-1)
        return Int32(strings.count - 1)
    }

    /// The UID of the description of class `name`, written on first use.
    private mutating func classUID(_ name: String) -> Int32 {
        if let existing = classUIDs[name] { return existing }
        let superclass = KeyedArchiveFoundationClass.superclass(of: name).map { stringNumber($0) } ?? -1
        let uid = append(Object(kind: .classDescription, first: superclass, payload: UInt64(stringNumber(name))))
        classUIDs[name] = uid
        return uid
    }

    /// The number of the cache of class `name` in ``classCaches``, made the first time.
    private mutating func classCache(_ name: String) -> Int {
        if let existing = classCacheNumbers[name] { return existing }
        classCaches.append(ClassCache(isFoundationValue: KeyedArchiveFoundationClass.isValueClass(name)))
        classCacheNumbers[name] = classCaches.count - 1
        return classCaches.count - 1
    }

    // MARK: - Resolving and compacting

    /// Resolves every reference made with ``alias(to:at:)``: the object its key path names in the
    /// archive whose root is `root` (a path runs through other aliases once they are resolved).
    ///
    /// - Throws: ``ModelError`` at the first reference (in the order they were made) whose path
    ///   leads nowhere, to a value that is no container, or to itself through other aliases.
    mutating func resolveAliases(root: inout Int32) throws(ModelError) {
        guard !aliases.isEmpty else { return }
        var resolution = AliasResolution(count: aliases.count)
        for number in aliases.indices { _ = try target(ofAlias: number, root: root, resolution: &resolution) }
        func resolved(_ uid: Int32) -> Int32 {
            objects[Int(uid)].kind == .alias ? resolution.targets[Int(objects[Int(uid)].payload)] : uid
        }
        root = resolved(root)
        for object in objects {
            for slot in referenceSlots(of: object) { references[slot] = resolved(references[slot]) }
        }
    }

    /// The targets found so far, and the aliases being resolved (one met again is a loop).
    private struct AliasResolution {
        var targets: [Int32]
        var resolving: [Bool]

        init(count: Int) {
            targets = Array(repeating: -1, count: count)
            resolving = Array(repeating: false, count: count)
        }
    }

    private func target(ofAlias number: Int, root: Int32, resolution: inout AliasResolution) throws(ModelError) -> Int32 {
        if resolution.targets[number] >= 0 { return resolution.targets[number] }
        let alias = aliases[number]
        func failure(_ why: String) -> ModelError {
            ModelError(.invalidValue(why), path: alias.path, format: ModelFormat.keyedArchive.rawValue)
        }
        guard !resolution.resolving[number] else { throw failure("the alias \"\(alias.target)\" does not lead to an object") }
        resolution.resolving[number] = true
        guard let uid = try self.uid(at: alias.target, root: root, resolution: &resolution) else {
            throw failure("the alias \"\(alias.target)\" does not lead to an object")
        }
        switch objects[Int(uid)].kind {
        case .array, .orderedSet, .dictionary:
            break
        case .typed where uid != nullUID:
            break
        default:
            throw failure("the alias \"\(alias.target)\" leads to a \(kindName(of: uid)), not an object")
        }
        resolution.resolving[number] = false
        resolution.targets[number] = uid
        return uid
    }

    /// The UID of the object at dotted key path `keyPath` (as ``TypedTree/resolve(_:in:)`` walks
    /// a tree; a key that holds a dot matches the steps it spells, as the key path of a place
    /// under it is spelled), or `nil` when it names nothing.
    private func uid(at keyPath: String, root: Int32, resolution: inout AliasResolution) throws(ModelError) -> Int32? {
        if keyPath == TypedTree.rootKeyPath { return try following(root, root: root, resolution: &resolution) }
        return try uid(at: keyPath[...], from: root, root: root, resolution: &resolution)
    }

    /// The UID of the object at the steps `rest` from `uid`.
    private func uid(at rest: Substring, from uid: Int32, root: Int32, resolution: inout AliasResolution) throws(ModelError) -> Int32? {
        let current = try following(uid, root: root, resolution: &resolution)
        let object = objects[Int(current)]
        let first = Int(object.first), count = Int(object.count)
        /// The steps after `step`, or `nil` when `step` is the last.
        func after(_ step: Substring.Index) -> Substring? {
            step == rest.endIndex ? nil : rest[rest.index(after: step)...]
        }
        switch object.kind {
        case .array, .orderedSet:
            let end = rest.firstIndex(of: ".") ?? rest.endIndex
            guard let index = TypedTree.arrayIndex(rest[..<end]), index < count else { return nil }
            guard let next = after(end) else { return try following(references[first + index], root: root, resolution: &resolution) }
            return try self.uid(at: next, from: references[first + index], root: root, resolution: &resolution)
        case .dictionary, .typed:
            // The keys the steps begin with, longest first (a key may hold a dot).
            var matches: [(length: Int, value: Int32)] = []
            for position in 0..<count {
                let key = object.kind == .typed ? strings[Int(references[first + position])] : keyText(references[first + position]) ?? ""
                guard rest.hasPrefix(key) else { continue }
                let end = rest.index(rest.startIndex, offsetBy: key.count)
                guard end == rest.endIndex || rest[end] == "." else { continue }
                matches.append((key.count, references[first + count + position]))
            }
            for match in matches.sorted(by: { $0.length > $1.length }) {
                let end = rest.index(rest.startIndex, offsetBy: match.length)
                guard let next = after(end) else { return try following(match.value, root: root, resolution: &resolution) }
                if let found = try self.uid(at: next, from: match.value, root: root, resolution: &resolution) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// `uid`, or the target of the alias at `uid`.
    private func following(_ uid: Int32, root: Int32, resolution: inout AliasResolution) throws(ModelError) -> Int32 {
        let object = objects[Int(uid)]
        guard object.kind == .alias else { return uid }
        return try target(ofAlias: Int(object.payload), root: root, resolution: &resolution)
    }

    /// Drops the objects that `root` does not reach (values taken back, resolved aliases) and
    /// numbers the others anew, in the same order; returns the root's new UID.
    ///
    /// Complexity: O(n) in the objects and references.
    mutating func compact(root: Int32) -> Int32 {
        var reached = [Bool](repeating: false, count: objects.count)
        reached[0] = true
        var stack = [root]
        while let uid = stack.popLast() {
            guard !reached[Int(uid)] else { continue }
            reached[Int(uid)] = true
            let object = objects[Int(uid)]
            if object.hasClass { stack.append(object.classUID) }
            if object.kind == .url { stack.append(object.first) }
            for slot in referenceSlots(of: object) { stack.append(references[slot]) }
        }
        var renumbered = [Int32](repeating: -1, count: objects.count)
        var kept: [Object] = []
        kept.reserveCapacity(objects.count)
        for uid in objects.indices where reached[uid] {
            renumbered[uid] = Int32(kept.count)
            kept.append(objects[uid])
        }
        for position in kept.indices {
            var object = kept[position]
            if object.hasClass { object.classUID = renumbered[Int(object.classUID)] }
            if object.kind == .url { object.first = renumbered[Int(object.first)] }
            for slot in referenceSlots(of: object) { references[slot] = renumbered[Int(references[slot])] }
            kept[position] = object
        }
        objects = kept
        if nullUID >= 0 { nullUID = renumbered[Int(nullUID)] }
        return renumbered[Int(root)]
    }

    /// The positions in ``references`` that hold UIDs of `object`'s children (not a typed
    /// object's key strings).
    private func referenceSlots(of object: Object) -> Range<Int> {
        let first = Int(object.first), count = Int(object.count)
        switch object.kind {
        case .array, .orderedSet: return first..<first + count
        case .dictionary: return first..<first + 2 * count
        case .typed: return first + count..<first + 2 * count
        default: return 0..<0
        }
    }

    // MARK: - The property list

    /// The archive whose root object is `rootUID`, as a binary property list: the dictionary of
    /// `$version`, `$archiver`, `$top` and `$objects`, each object's dictionary with its keys,
    /// then its values.
    mutating func data(root rootUID: Int32) -> Data {
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
            case .null, .alias: entry = plist.string(keys.null, in: strings)
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
            case .stringObject:
                entry = plist.builder.dictionary(count: 2)
                plist.set(0, of: entry, toString: keys.string, in: strings)
                plist.set(1, of: entry, toString: keys.classReference, in: strings)
                plist.set(2, of: entry, toString: Int32(object.payload), in: strings)
                plist.setUID(3, of: entry, to: object.classUID)
            case .dataObject:
                entry = plist.builder.dictionary(count: 2)
                plist.set(0, of: entry, toString: keys.data, in: strings)
                plist.set(1, of: entry, toString: keys.classReference, in: strings)
                let bytes = plist.builder.data(data[Int(object.payload)])
                plist.builder.set(2, of: entry, to: bytes)
                plist.setUID(3, of: entry, to: object.classUID)
            case .url:
                entry = plist.builder.dictionary(count: 3)
                plist.set(0, of: entry, toString: keys.base, in: strings)
                plist.set(1, of: entry, toString: keys.relative, in: strings)
                plist.set(2, of: entry, toString: keys.classReference, in: strings)
                plist.setUID(3, of: entry, to: Self.null)
                plist.setUID(4, of: entry, to: object.first)
                plist.setUID(5, of: entry, to: object.classUID)
            case .array:
                entry = plist.builder.dictionary(count: 2)
                plist.set(0, of: entry, toString: keys.objects, in: strings)
                plist.set(1, of: entry, toString: keys.classReference, in: strings)
                plist.setUIDs(2, of: entry, to: references[Int(object.first)..<Int(object.first + object.count)])
                plist.setUID(3, of: entry, to: object.classUID)
            case .orderedSet:
                let count = Int(object.count)
                entry = plist.builder.dictionary(count: count + 1)
                for position in 0..<count {
                    plist.set(position, of: entry, toString: stringNumber("NS.object.\(position)"), in: strings)
                }
                plist.set(count, of: entry, toString: keys.classReference, in: strings)
                for position in 0..<count {
                    plist.setUID(count + 1 + position, of: entry, to: references[Int(object.first) + position])
                }
                plist.setUID(2 * count + 1, of: entry, to: object.classUID)
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
                let chain = object.first >= 0 ? [Int32(object.payload), object.first, keys.object] : [Int32(object.payload), keys.object]
                let classes = plist.builder.array(count: chain.count)
                plist.builder.set(3, of: entry, to: classes)
                for (position, name) in chain.enumerated() { plist.set(position, of: classes, toString: name, in: strings) }
            }
            plist.builder.set(index, of: list, to: entry)
        }
        return plist.builder.serialized()
    }

    /// The numbers of the strings the archive's structure uses.
    private struct ArchiveKeys {
        let null, time, classReference, string, data, base, relative, objects, keys, className, classes, object: Int32

        init(numbering writer: inout KeyedArchiveObjectTable) {
            null = writer.stringNumber("$null")
            time = writer.stringNumber("NS.time")
            classReference = writer.stringNumber(TypedTree.classKey)
            string = writer.stringNumber("NS.string")
            data = writer.stringNumber("NS.data")
            base = writer.stringNumber("NS.base")
            relative = writer.stringNumber("NS.relative")
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
