import Foundation

/// The one pass over an archive's object table that fills an ``InputIndex``.
///
/// It follows ``KeyedArchiveReader`` step by step: the same objects in the same order, the same
/// depth checks and the same counts of values and of string and data bytes against the
/// ``DecodingLimits``. Wherever the tree reader would throw, or would build something the index
/// does not hold the same way (see ``KeyedArchiveIndex``), it throws
/// ``KeyedArchiveIndex/Fallback`` instead.
struct KeyedArchiveIndexBuilder {
    typealias Fallback = KeyedArchiveIndex.Fallback
    private typealias Entry = BinaryPropertyListTable.Entry

    /// The keys the archive's structure is read by.
    private enum Key: UInt8 {
        case unknown, other, classReference, alias, className, archiver, version, objects, top, root
        case nsString, nsBytes, nsTime, nsData, nsUUIDBytes, nsKeys, nsObjects, nsFirstObject

        init(_ name: String) {
            switch name {
            case TypedTree.classKey: self = .classReference
            case TypedTree.aliasKey: self = .alias
            case "$classname": self = .className
            case "$archiver": self = .archiver
            case "$version": self = .version
            case "$objects": self = .objects
            case "$top": self = .top
            case "root": self = .root
            case "NS.string": self = .nsString
            case "NS.bytes": self = .nsBytes
            case "NS.time": self = .nsTime
            case "NS.data": self = .nsData
            case "NS.uuidbytes": self = .nsUUIDBytes
            case "NS.keys": self = .nsKeys
            case "NS.objects": self = .nsObjects
            case "NS.object.0": self = .nsFirstObject
            default: self = .other
            }
        }
    }

    /// What objects of a class become, by the class name (see
    /// ``KeyedArchiveReader/foundationValue(_:_:_:at:depth:)``).
    private enum ClassRole {
        case string, null, date, data, uuid, dictionary, collection, unsupported
        /// An object of a class of its own, under its type name.
        case typed(String)

        init(_ className: String) {
            switch className {
            case "NSString", "NSMutableString": self = .string
            case "NSNull": self = .null
            case "NSDate": self = .date
            case "NSData", "NSMutableData": self = .data
            case "NSUUID": self = .uuid
            case "NSURL": self = .unsupported
            case "NSDictionary", "NSMutableDictionary": self = .dictionary
            case _ where KeyedArchiveReader.collectionClasses.contains(className): self = .collection
            default: self = .typed(KeyedArchiveClassName.typeName(className))
            }
        }
    }

    /// A class description met: what its objects become, and the classes of the index made
    /// for it (one per list of keys its objects have).
    private struct Description {
        let role: ClassRole
        var shapes: [Int] = []
    }

    /// The keys of one archived object, read in one pass: the value of each key the archive's
    /// structure reads (of the last, when a key repeats, as an `OrderedDictionary` keeps it), and
    /// every key but `$class` with its value, in order, as pairs in ``scratch`` from `start` on.
    private struct Fields {
        var classReference = -1, string = -1, bytes = -1, time = -1, data = -1, uuidBytes = -1
        var keys = -1, objects = -1, firstObject = -1
        var hasAlias = false
        let start: Int
        var count = 0
    }

    private let table: BinaryPropertyListTable
    /// `$objects`.
    private var objectList = Entry()
    private let maximumDepth = DecodingLimits.current.maximumDepth
    private let maximumValues: Int
    private let maximumStringBytes: Int
    private var valueCount = 0
    private var stringBytes = 0

    private var nodes: [InputIndex.Node] = []
    private var children: [Int32] = []
    /// The table's strings (a string object's index is its payload), then strings made here.
    private var strings: [String]
    /// The table's data, then data made here.
    private var data: [Data]
    private var classes: [InputIndex.ClassInfo] = []
    /// Child node numbers of the containers being read, innermost last.
    private var pending: [Int32] = []
    /// The key and value references of the objects being read (see ``Fields``), innermost last.
    private var scratch: [Int32] = []

    /// Per entry of `$objects`: whether it is a typed object or a Foundation collection being read
    /// (met again: a cycle), or a typed object read (met again: the same node).
    private var states: [UInt8] = []
    /// Per entry of `$objects`: the node of a scalar or typed object read before, or -1.
    private var objectNodes: [Int32] = []
    /// Whether a typed object was met again.
    private var sharesTypedObjects = false
    /// Per entry of `$objects` read as a typed object: what the tree path's decoder counts for a
    /// copy of it (its values, and again those of every object decoded inside the copy).
    private var copyCosts: [Int] = []
    /// Per typed object being read: the copy costs of the objects read or met inside it so far.
    private var innerCopyCosts: [Int] = []
    /// The copy costs of the typed objects met again.
    private var copiedValues = 0
    /// Per entry of `$objects`: the number of its class description in ``descriptions``, or -1.
    private var descriptionNumbers: [Int32] = []
    private var descriptions: [Description] = []
    /// Per class of the index: the references of its keys, to match the next object's.
    private var shapeKeys: [[Int32]] = []
    /// Per property-list reference: which key of the archive's structure it spells, once asked.
    private var keys: [Key]

    private static let typedOpen: UInt8 = 1
    private static let open: UInt8 = 2
    private static let typedRead: UInt8 = 3

    /// A builder for the archive whose object table is `table`, of `byteCount` bytes.
    init(table: BinaryPropertyListTable, byteCount: Int) {
        self.table = table
        let limits = DecodingLimits.current
        maximumValues = limits.values(forInputOf: byteCount)
        maximumStringBytes = limits.stringBytes(forInputOf: byteCount)
        strings = table.strings
        data = table.data
        keys = Array(repeating: .unknown, count: table.layout.objectCount)
    }

    /// Checks the archive's top-level keys, then reads the root object and everything it holds
    /// into an index.
    ///
    /// - Throws: ``KeyedArchiveIndex/Fallback`` when the tree reader must read the archive.
    mutating func build() throws(Fallback) -> InputIndex {
        let archive = table.entries[table.layout.topObject]
        guard archive.kind == .dictionary else { throw Fallback(description: "the archive is not a dictionary") }
        guard let archiver = field(.archiver, in: archive), case .string("NSKeyedArchiver")? = scalar(archiver),
            let version = field(.version, in: archive), case .integer(100_000)? = scalar(version),
            let objects = field(.objects, in: archive), table.entries[objects].kind == .array
        else { throw Fallback(description: "not an NSKeyedArchiver archive of version 100000 with $objects") }
        objectList = table.entries[objects]
        states = Array(repeating: 0, count: Int(objectList.count))
        objectNodes = Array(repeating: -1, count: Int(objectList.count))
        descriptionNumbers = Array(repeating: -1, count: Int(objectList.count))
        copyCosts = Array(repeating: 0, count: Int(objectList.count))
        nodes.reserveCapacity(Int(objectList.count) + Int(objectList.count) / 2)
        children.reserveCapacity(Int(objectList.count) + Int(objectList.count) / 2)
        guard let topField = field(.top, in: archive), table.entries[topField].kind == .dictionary else {
            throw Fallback(description: "no $top dictionary")
        }
        let top = table.entries[topField]
        guard let rootField = field(.root, in: top) ?? (top.count == 1 ? table.reference(1, of: top) : nil) else {
            throw Fallback(description: "$top without root and with several keys")
        }
        guard table.entries[rootField].kind == .uid else { throw Fallback(description: "$top's root is not a UID") }
        let root = try object(table.entries[rootField].payload, depth: 0)
        if sharesTypedObjects, hasKeyNoKeyPathNames() {
            throw Fallback(description: "a shared object where a key path cannot name its first place")
        }
        return InputIndex(nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: root)
    }

    /// Whether a key of an object or dictionary contains `.` or is `$root`: the tree reader's
    /// alias to a shared object under such a key names another place (or none), so the tree path
    /// may give a different result or an error where the index would give the shared object.
    private func hasKeyNoKeyPathNames() -> Bool {
        func unnamable(_ key: String) -> Bool { key.utf8.contains(UInt8(ascii: ".")) || key == TypedTree.rootKeyPath }
        if classes.contains(where: { $0.keys.contains(where: unnamable) }) { return true }
        for node in nodes where node.kind == .dictionary {
            for position in 0..<Int(node.count) where unnamable(strings[Int(children[Int(node.first) + 2 * position])]) { return true }
        }
        return false
    }

    // MARK: - Values and objects

    /// A field of an archived object (``KeyedArchiveReader/value(_:at:depth:)``): a UID is
    /// resolved to its object; anything else is a value stored inline.
    private mutating func value(_ field: Int, depth: Int) throws(Fallback) -> Int32 {
        try countValue()
        let entry = table.entries[field]
        switch entry.kind {
        case .uid:
            let node = try object(entry.payload, depth: depth)
            let resolved = nodes[Int(node)]
            switch resolved.kind {
            case .string: try countBytes(strings[resolved.index].utf8.count)
            case .data: try countBytes(data[resolved.index].count)
            default: break
            }
            return node
        case .array:
            try checkDepth(depth)
            let start = pending.count
            for position in 0..<Int(entry.count) {
                let element = try value(table.reference(position, of: entry), depth: depth + 1)
                pending.append(element)
            }
            return close(.array, from: start, count: Int(entry.count))
        case .dictionary:
            try checkDepth(depth)
            let start = pending.count
            let count = Int(entry.count)
            for position in 0..<count {
                let key = table.reference(position, of: entry)
                let role = role(ofKey: key)
                guard role != .classReference, role != .alias else { throw Fallback(description: "a dictionary with a $class or $alias key") }
                let element = try value(table.reference(count + position, of: entry), depth: depth + 1)
                pending.append(Int32(truncatingIfNeeded: table.entries[key].payload))
                pending.append(element)
            }
            return try closeDictionary(from: start, count: count)
        case .unreached:
            throw Fallback(description: "an object the table did not reach")
        default:
            if entry.kind == .string || entry.kind == .data { try countBytes(Int(entry.count)) }
            return try scalar(entry)
        }
    }

    /// The object `$objects[uid]` (``KeyedArchiveReader/object(_:at:depth:)``).
    private mutating func object(_ uid: UInt64, depth: Int) throws(Fallback) -> Int32 {
        guard uid < UInt64(objectList.count) else { throw Fallback(description: "UID \(uid) out of range") }
        let index = Int(uid)
        let entry = table.entries[table.reference(index, of: objectList)]
        if entry.kind == .dictionary { return try archivedObject(index, entry, depth: depth) }
        if objectNodes[index] >= 0 { return objectNodes[index] }
        let node: Int32
        switch entry.kind {
        case .array, .unreached, .uid:
            throw Fallback(description: "a bare array or UID in $objects")
        case .string where entry.count == 5 && table.string(of: entry) == "$null":
            node = append(.null)
        default:
            node = try scalar(entry)
        }
        // Scalars are values: the tree reader makes the same one every time.
        objectNodes[index] = node
        return node
    }

    private mutating func archivedObject(_ index: Int, _ entry: Entry, depth: Int) throws(Fallback) -> Int32 {
        try checkDepth(depth)
        // A typed object met again is the node read the first time (the tree holds an alias to it
        // there; its class was read without an error the first time).
        if states[index] == Self.typedRead {
            // Decoded again where it is a struct: the copies the tree path's decoder budgets. Past
            // what that budget always allows, the tree path decides (and words any error).
            sharesTypedObjects = true
            copiedValues += copyCosts[index]
            if !innerCopyCosts.isEmpty { innerCopyCosts[innerCopyCosts.count - 1] += copyCosts[index] }
            // The tree holds at most two values (a dictionary and a string) per value counted here.
            guard 2 * copiedValues <= GraphReading.minimumCopyBudget else {
                throw Fallback(description: "shared objects copied past the decoder's copy budget")
            }
            return objectNodes[index]
        }
        let fields = scan(entry)
        defer { scratch.removeLast(scratch.count - fields.start) }
        let number = try description(of: fields)
        guard states[index] == 0 else { throw Fallback(description: "an object that holds itself (a cycle)") }
        switch descriptions[number].role {
        case .string:
            if fields.string >= 0 {
                let node = try value(fields.string, depth: depth + 1)
                guard nodes[Int(node)].kind == .string else { throw Fallback(description: "NS.string is not a string") }
                return node
            }
            guard case .data(let bytes)? = try resolved(fields.bytes), let text = String(bytes: bytes, encoding: .utf8) else {
                throw Fallback(description: "an NSString without NS.string or UTF-8 NS.bytes")
            }
            return append(.string, payload: UInt64(newString(text)))
        case .null:
            return append(.null)
        case .date:
            switch try resolved(fields.time) {
            case .real(let seconds)?: return append(.date, payload: seconds.bitPattern)
            case .integer(let seconds)?: return append(.date, payload: Double(seconds).bitPattern)
            default: throw Fallback(description: "an NSDate without NS.time")
            }
        case .data:
            guard case .data(let bytes)? = try resolved(fields.data) else { throw Fallback(description: "an NSData without NS.data") }
            data.append(bytes)
            return append(.data, payload: UInt64(data.count - 1))
        case .uuid:
            guard case .data(let bytes)? = try resolved(fields.uuidBytes), bytes.count == 16 else {
                throw Fallback(description: "an NSUUID without 16 bytes")
            }
            let b = [UInt8](bytes)
            let uuid = UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
            return append(.string, payload: UInt64(newString(uuid.uuidString)))
        case .dictionary:
            states[index] = Self.open
            let node = try dictionary(fields, depth: depth)
            states[index] = 0
            return node
        case .collection:
            states[index] = Self.open
            let node = try elements(fields, depth: depth)
            states[index] = 0
            return node
        case .unsupported:
            throw Fallback(description: "a class the tree reader reads on its own")
        case .typed:
            states[index] = Self.typedOpen
            let before = valueCount
            innerCopyCosts.append(0)
            let node = try typedObject(fields, description: number, depth: depth)
            states[index] = Self.typedRead
            objectNodes[index] = node
            copyCosts[index] = valueCount - before + 1 + innerCopyCosts.removeLast()
            if !innerCopyCosts.isEmpty { innerCopyCosts[innerCopyCosts.count - 1] += copyCosts[index] }
            return node
        }
    }

    /// An object of a class of its own: its values, in the order of its keys.
    private mutating func typedObject(_ fields: Fields, description number: Int, depth: Int) throws(Fallback) -> Int32 {
        guard !fields.hasAlias else { throw Fallback(description: "an object with an $alias key") }
        let shape = try self.shape(of: fields, description: number)
        let start = pending.count
        for position in 0..<fields.count {
            let element = try value(Int(scratch[fields.start + 2 * position + 1]), depth: depth + 1)
            pending.append(element)
        }
        return close(.object, payload: UInt64(shape), from: start, count: fields.count)
    }

    /// The elements of an array, set or ordered set (`NS.objects`).
    private mutating func elements(_ fields: Fields, depth: Int) throws(Fallback) -> Int32 {
        let start = pending.count
        if fields.objects >= 0 {
            let list = table.entries[fields.objects]
            guard list.kind == .array else { throw Fallback(description: "NS.objects is not an array") }
            for position in 0..<Int(list.count) {
                let element = try value(table.reference(position, of: list), depth: depth + 1)
                pending.append(element)
            }
        } else if fields.firstObject >= 0 {
            throw Fallback(description: "an ordered set with one key per element")
        }
        return close(.array, from: start, count: pending.count - start)
    }

    /// The entries of an NSDictionary: string keys, and number keys as their decimal text.
    private mutating func dictionary(_ fields: Fields, depth: Int) throws(Fallback) -> Int32 {
        guard fields.keys >= 0, fields.objects >= 0 else { throw Fallback(description: "an NSDictionary without NS.keys and NS.objects") }
        let keyList = table.entries[fields.keys]
        let objectList = table.entries[fields.objects]
        guard keyList.kind == .array, objectList.kind == .array, keyList.count == objectList.count else {
            throw Fallback(description: "an NSDictionary without matching NS.keys and NS.objects")
        }
        let start = pending.count
        for position in 0..<Int(keyList.count) {
            let key = nodes[Int(try value(table.reference(position, of: keyList), depth: depth + 1))]
            let name: Int32
            switch key.kind {
            case .string: name = Int32(key.index)
            case .integer: name = newString(String(key.integer))
            case .double: name = newString(String(key.double))
            default: throw Fallback(description: "a dictionary key that is not a string or a number")
            }
            guard strings[Int(name)] != TypedTree.classKey, strings[Int(name)] != TypedTree.aliasKey else {
                throw Fallback(description: "a dictionary with a $class or $alias key")
            }
            let element = try value(table.reference(position, of: objectList), depth: depth + 1)
            pending.append(name)
            pending.append(element)
        }
        return try closeDictionary(from: start, count: Int(keyList.count))
    }

    // MARK: - Classes

    /// The number of the class description an object's `$class` names, read the first time.
    private mutating func description(of fields: Fields) throws(Fallback) -> Int {
        guard fields.classReference >= 0 else { throw Fallback(description: "an object without $class") }
        let reference = table.entries[fields.classReference]
        guard reference.kind == .uid, reference.payload < UInt64(objectList.count) else {
            throw Fallback(description: "an object without a $class UID")
        }
        let index = Int(reference.payload)
        if descriptionNumbers[index] >= 0 { return Int(descriptionNumbers[index]) }
        let entry = table.entries[table.reference(index, of: objectList)]
        guard entry.kind == .dictionary, let name = field(.className, in: entry), table.entries[name].kind == .string else {
            throw Fallback(description: "a class description without $classname")
        }
        descriptions.append(Description(role: ClassRole(table.string(of: table.entries[name]))))
        descriptionNumbers[index] = Int32(descriptions.count - 1)
        return descriptions.count - 1
    }

    /// The class of the index for an object of class description `number` with these keys:
    /// one made before for the same keys, or a new one.
    private mutating func shape(of fields: Fields, description number: Int) throws(Fallback) -> Int {
        for shape in descriptions[number].shapes where hasKeys(shapeKeys[shape], fields) { return shape }
        guard case .typed(let name) = descriptions[number].role else { throw Fallback(description: "not a typed object") }
        var names: [String] = []
        var references: [Int32] = []
        var positions: [String: Int] = [:]
        names.reserveCapacity(fields.count)
        references.reserveCapacity(fields.count)
        for position in 0..<fields.count {
            let key = scratch[fields.start + 2 * position]
            let text = table.string(of: table.entries[Int(key)])
            guard positions.updateValue(names.count, forKey: text) == nil else { throw Fallback(description: "a key repeated in an object") }
            names.append(text)
            references.append(key)
        }
        classes.append(InputIndex.ClassInfo(name: name, keys: names, positions: positions))
        shapeKeys.append(references)
        descriptions[number].shapes.append(classes.count - 1)
        return classes.count - 1
    }

    /// Whether the object's keys but `$class` are `references`, in order.
    private func hasKeys(_ references: [Int32], _ fields: Fields) -> Bool {
        guard references.count == fields.count else { return false }
        for position in 0..<fields.count where references[position] != scratch[fields.start + 2 * position] { return false }
        return true
    }

    // MARK: - Fields

    /// Reads the keys of the archived object `entry` (see ``Fields``).
    private mutating func scan(_ entry: Entry) -> Fields {
        var fields = Fields(start: scratch.count)
        let count = Int(entry.count)
        for position in 0..<count {
            let key = table.reference(position, of: entry)
            let value = table.reference(count + position, of: entry)
            switch role(ofKey: key) {
            case .classReference:
                fields.classReference = value
                continue
            case .alias: fields.hasAlias = true
            case .nsString: fields.string = value
            case .nsBytes: fields.bytes = value
            case .nsTime: fields.time = value
            case .nsData: fields.data = value
            case .nsUUIDBytes: fields.uuidBytes = value
            case .nsKeys: fields.keys = value
            case .nsObjects: fields.objects = value
            case .nsFirstObject: fields.firstObject = value
            default: break
            }
            scratch.append(Int32(truncatingIfNeeded: key))
            scratch.append(Int32(truncatingIfNeeded: value))
        }
        fields.count = (scratch.count - fields.start) / 2
        return fields
    }

    /// Which key of the archive's structure the string at `reference` spells.
    @inline(__always)
    private mutating func role(ofKey reference: Int) -> Key {
        let known = keys[reference]
        if known != .unknown { return known }
        let role = table.entries[reference].kind == .string ? Key(table.string(of: table.entries[reference])) : .other
        keys[reference] = role
        return role
    }

    /// The value of the last entry of dictionary `entry` whose key is `key` (a property list
    /// dictionary read into an `OrderedDictionary` keeps the last value of a repeated key).
    private mutating func field(_ key: Key, in entry: Entry) -> Int? {
        var found: Int?
        for position in 0..<Int(entry.count) where role(ofKey: table.reference(position, of: entry)) == key {
            found = table.reference(Int(entry.count) + position, of: entry)
        }
        return found
    }

    /// The scalar of the object at `reference`, or of the object a UID there names
    /// (``KeyedArchiveReader/resolved(_:at:)``); `nil` for none (`reference` -1) or a container.
    private func resolved(_ reference: Int) throws(Fallback) -> PropertyListObject? {
        guard reference >= 0 else { return nil }
        let entry = table.entries[reference]
        guard entry.kind == .uid else { return table.scalar(of: entry) }
        guard entry.payload < UInt64(objectList.count) else { throw Fallback(description: "UID \(entry.payload) out of range") }
        return table.scalar(of: table.entries[table.reference(Int(entry.payload), of: objectList)])
    }

    private func scalar(_ reference: Int) -> PropertyListObject? { table.scalar(of: table.entries[reference]) }

    // MARK: - Nodes

    /// The node of a scalar (the tree reader's `modelValue`).
    private mutating func scalar(_ entry: Entry) throws(Fallback) -> Int32 {
        switch entry.kind {
        case .string: return append(.string, payload: entry.payload)
        case .integer: return append(.integer, payload: entry.payload)
        case .real: return append(.double, payload: entry.payload)
        case .bool: return append(.bool, payload: entry.payload)
        case .date: return append(.date, payload: entry.payload)
        case .data: return append(.data, payload: entry.payload)
        default: throw Fallback(description: "an unsigned integer above Int64.max or a value of no tree form")
        }
    }

    private mutating func newString(_ text: String) -> Int32 {
        strings.append(text)
        return Int32(strings.count - 1)
    }

    private mutating func append(_ kind: InputIndex.Kind, payload: UInt64 = 0, first: Int = 0, count: Int = 0) -> Int32 {
        nodes.append(InputIndex.Node(kind: kind, count: Int32(truncatingIfNeeded: count), first: Int32(truncatingIfNeeded: first), payload: payload))
        return Int32(nodes.count - 1)
    }

    /// A container node whose children are the pending ones from `start` on.
    private mutating func close(_ kind: InputIndex.Kind, payload: UInt64 = 0, from start: Int, count: Int) -> Int32 {
        let first = children.count
        children.append(contentsOf: pending[start...])
        pending.removeLast(pending.count - start)
        return append(kind, payload: payload, first: first, count: count)
    }

    /// A dictionary node of the pending (key, value) pairs from `start` on, whose keys must differ.
    private mutating func closeDictionary(from start: Int, count: Int) throws(Fallback) -> Int32 {
        if count > 1 {
            var seen = Set<String>(minimumCapacity: count)
            for position in stride(from: start, to: pending.count, by: 2) where !seen.insert(strings[Int(pending[position])]).inserted {
                throw Fallback(description: "a key repeated in a dictionary")
            }
        }
        return close(.dictionary, from: start, count: count)
    }

    // MARK: - Limits

    private func checkDepth(_ depth: Int) throws(Fallback) {
        guard depth < maximumDepth else { throw Fallback(description: "nested past DecodingLimits.maximumDepth") }
    }

    private mutating func countValue() throws(Fallback) {
        valueCount += 1
        guard valueCount <= maximumValues else { throw Fallback(description: "more than DecodingLimits.maximumValues") }
    }

    private mutating func countBytes(_ count: Int) throws(Fallback) {
        stringBytes += count
        guard stringBytes <= maximumStringBytes else { throw Fallback(description: "more than DecodingLimits.maximumStringBytes") }
    }
}
