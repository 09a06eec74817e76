import Foundation

/// The `$objects` of a keyed archive being written, and the archive around them: what
/// ``KeyedArchiveWriter`` (or any writer of typed values, such as a streaming encoder) feeds,
/// value by value, container by container.
///
/// Entry 0 is `$null`. Scalars are stored once each (numbers by kind and bit pattern, strings by
/// their Unicode scalars, see ``ExactString``); data and dates once per value; each class
/// description once, on first use. A container takes its UID when it begins, before its
/// contents, so that a reference into it (a cycle) can name it; its elements are collected as they
/// come and written when it ends. Objects are fixed-size entries with their UIDs in one buffer,
/// and ``data(root:)`` writes them with ``BinaryPropertyListBuilder``.
///
/// The order of calls decides the archive's bytes: ``KeyedArchiveWriter`` makes them in the order
/// of the writer this one replaced, so the bytes are the same.
struct KeyedArchiveObjectTable {
    /// An entry of `$objects`.
    private struct Object {
        enum Kind: UInt8 {
            case null, string, integer, unsigned, real, bool, data, date, nullString, array, dictionary, typed, classDescription
        }

        var kind: Kind
        /// For an object of a class: the UID of its class description.
        var classUID: Int32 = 0
        /// For a container: where its UIDs start in ``KeyedArchiveObjectTable/references`` (a
        /// dictionary's keys, then its values; a typed object's key strings, then its values)
        /// and how many elements, entries or keys it has.
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
        fileprivate let start: Int
        fileprivate var fields = 0
        fileprivate var sameKeys = true
        /// Whether its class is one the reader turns into a plain value, so that it would not read
        /// back as a typed object.
        let isFoundationValue: Bool
    }

    private var objects: [Object] = [Object(kind: .null)]
    private var references: [Int32] = []
    /// UIDs (and key numbers) of the children of the containers being written, innermost last.
    private var pending: [Int32] = []
    /// Every distinct string met (values, keys, class names), numbered.
    private var strings: [String] = []
    private var stringNumbers = ExactStringTable()
    /// Per string number: the UID of its string object, or -1.
    private var stringUIDs: [Int32] = []
    private var data: [Data] = []
    private var integerUIDs: [Int64: Int32] = [:]
    private var unsignedUIDs: [UInt64: Int32] = [:]
    private var realUIDs: [UInt64: Int32] = [:]
    private var boolUIDs: (false: Int32, true: Int32) = (-1, -1)
    private var classUIDs: [String: Int32] = [:]
    /// The UIDs of the NSArray and NSDictionary descriptions once written (every container asks).
    private var arrayClassUID: Int32 = -1
    private var dictionaryClassUID: Int32 = -1
    private var classCaches: [ClassCache] = []
    private var classCacheNumbers: [String: Int] = [:]

    // MARK: - Values

    /// UID 0: `$null`.
    static let null: Int32 = 0

    /// The UID of a string: the string object, stored once; `$null` itself is an NSString object
    /// each time, so that it does not read back as nil.
    mutating func string(_ text: String) -> Int32 {
        if text.utf8.count == 5, text == "$null" {
            let uid = classUID("NSString")
            return append(Object(kind: .nullString, classUID: uid, payload: UInt64(stringNumber(text))))
        }
        return plainString(text)
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

    /// The UID of a new NSData object.
    mutating func data(_ bytes: Data) -> Int32 {
        data.append(bytes)
        return append(Object(kind: .data, payload: UInt64(data.count - 1)))
    }

    /// The UID of a new NSDate object.
    mutating func date(_ date: Date) -> Int32 {
        let uid = classUID("NSDate")
        return append(Object(kind: .date, classUID: uid, payload: date.timeIntervalSinceReferenceDate.bitPattern))
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

    /// Ends an array (NSArray) begun with ``beginContainer()``.
    mutating func endArray(_ uid: Int32, from start: Int) {
        let count = pending.count - start
        if arrayClassUID < 0 { arrayClassUID = classUID("NSArray") }
        let arrayClass = arrayClassUID
        objects[Int(uid)] = Object(kind: .array, classUID: arrayClass, first: close(from: start), count: Int32(count))
    }

    /// Ends a dictionary (NSDictionary) begun with ``beginContainer()``.
    mutating func endDictionary(_ uid: Int32, from start: Int) {
        let count = (pending.count - start) / 2
        if dictionaryClassUID < 0 { dictionaryClassUID = classUID("NSDictionary") }
        let dictionaryClass = dictionaryClassUID
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
        if !object.sameKeys || object.fields != classCaches[cache].keys.count {
            let numbers = stride(from: object.start, to: pending.count, by: 2).map { pending[$0] }
            classCaches[cache].numbers = numbers
            classCaches[cache].keys = numbers.map { strings[Int($0)] }
        }
        if classCaches[cache].uid < 0 { classCaches[cache].uid = classUID(object.className) }
        objects[Int(object.uid)] = Object(
            kind: .typed, classUID: classCaches[cache].uid, first: closePairs(from: object.start), count: Int32(object.fields))
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
        // One lookup that also adds.
        if let number = stringNumbers.number(of: text, orAdd: strings.count) { return Int32(number) }
        strings.append(text)
        stringUIDs.append(-1)
        return Int32(strings.count - 1)
    }

    /// The UID of the description of class `name`, written on first use.
    private mutating func classUID(_ name: String) -> Int32 {
        if let existing = classUIDs[name] { return existing }
        let uid = append(Object(kind: .classDescription, payload: UInt64(stringNumber(name))))
        classUIDs[name] = uid
        return uid
    }

    /// The number of the cache of class `name` in ``classCaches``, made the first time.
    private mutating func classCache(_ name: String) -> Int {
        if let existing = classCacheNumbers[name] { return existing }
        classCaches.append(ClassCache(isFoundationValue: KeyedArchiveReader.valueClasses.contains(name)))
        classCacheNumbers[name] = classCaches.count - 1
        return classCaches.count - 1
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

        init(numbering writer: inout KeyedArchiveObjectTable) {
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
