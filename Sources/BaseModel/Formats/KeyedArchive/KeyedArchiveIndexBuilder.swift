import Foundation

/// The one pass over an archive's object table that fills an ``InputIndex`` (see
/// ``KeyedArchiveIndex`` for what the graph holds).
///
/// Each entry of `$objects` is read once and is one node, whatever refers to it: a typed object,
/// a Foundation collection or a string object met again is the node read the first time, and
/// a container takes its node before its contents are read, so a reference back into it (a
/// cycle) names it. Values are counted against the ``DecodingLimits`` as a tree of values would
/// hold them: every reference counts, and a Foundation object met again counts what it holds
/// again (its copy in such a tree), so a small archive whose collections are shared many times
/// stops with an error instead of handing a model decoder gigabytes of copies.
///
/// The pass keeps no path: an error found is located by a second pass that follows paths
/// (``followsPaths``), which meets the same error at the same place.
struct KeyedArchiveIndexBuilder {
    /// Why the pass stopped: the error, and whether it carries its path already.
    struct Failure: Error {
        var error: ModelError
        let located: Bool
    }

    private typealias Entry = BinaryPropertyListTable.Entry

    /// The keys the archive's structure is read by.
    private enum Key: UInt8 {
        case unknown, other, classReference, className, archiver, version, objects, top, root
        case nsString, nsBytes, nsTime, nsData, nsUUIDBytes, nsKeys, nsObjects, nsFirstObject, nsBase, nsRelative

        init(_ name: String) {
            switch name {
            case TypedTree.classKey: self = .classReference
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
            case "NS.base": self = .nsBase
            case "NS.relative": self = .nsRelative
            default: self = .other
            }
        }
    }

    /// A class description met: what its objects become, and the classes of the index made
    /// for it (one per list of keys its objects have).
    private struct Description {
        /// The Foundation class's role, or `nil` for a class of objects.
        let role: KeyedArchiveFoundationClass?
        let flags: GraphFlags
        let variant: GraphVariant
        /// For a class of objects: its type name.
        let typeName: String
        var shapes: [Int] = []
    }

    /// The keys of one archived object, read in one pass: the value of each key the archive's
    /// structure reads (of the last, when a key repeats), and every key but `$class` with its
    /// value, in order, as pairs in ``scratch`` from `start` on.
    private struct Fields {
        var classReference = -1, string = -1, bytes = -1, time = -1, data = -1, uuidBytes = -1
        var keys = -1, objects = -1, firstObject = -1, base = -1, relative = -1
        let start: Int
        var count = 0
    }

    /// What an object read once holds: a Foundation object counts it again each time it is met
    /// again (a tree of values copies it); an object of a class tells the model decoder what a
    /// copy of it costs (``InputIndex/copyCosts``).
    private struct Expansion {
        var values = 0
        var bytes = 0
        var isObject = false
    }

    private let table: BinaryPropertyListTable
    /// Whether the pass follows paths, to locate an error.
    private let followsPaths: Bool
    /// The steps from the root to the value being read, when following paths.
    private var steps: [ModelPath.Component] = []
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
    /// Child node numbers of the containers being read, innermost last: the first
    /// ``pendingCount`` entries (the array keeps its length, so closing a container is a copy and
    /// a new count, not a removal).
    private var pending: [Int32] = []
    private var pendingCount = 0
    /// The key and value references of the objects being read (see ``Fields``), innermost last.
    private var scratch: [Int32] = []
    /// How many entries of ``scratch`` are in use (the array keeps its length, as ``pending``).
    private var scratchCount = 0

    /// Per entry of `$objects`: its node once met (also while its contents are read), or -1.
    private var objectNodes: [Int32] = []
    /// Per entry of `$objects` read as an object: what it holds (see ``Expansion``).
    private var expansions: [Expansion] = []
    /// The `first` of a container's node while its contents are read (its node is made before
    /// them): a container met again in that state holds itself (a cycle).
    private static let open: Int32 = -1
    /// Whether a container or object was met more than once, and whether inside itself.
    private var sharesObjects = false
    private var hasCycles = false
    /// The copy costs of the objects met more than once, by node.
    private var copyCosts: [Int32: Int] = [:]
    /// Per entry of `$objects`: the number of its class description in ``descriptions``, or -1.
    private var descriptionNumbers: [Int32] = []
    private var descriptions: [Description] = []
    /// Per class of the index: the references of its keys, to match the next object's.
    private var shapeKeys: [[Int32]] = []
    /// Per property-list reference: which key of the archive's structure it spells, once asked.
    private var keys: [Key]

    private static let format = ModelFormat.keyedArchive.rawValue

    /// A pass over the archive whose object table is `table`, of `byteCount` bytes.
    init(table: BinaryPropertyListTable, byteCount: Int, followsPaths: Bool) {
        self.table = table
        self.followsPaths = followsPaths
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
    /// - Throws: ``Failure`` for an archive that is not valid.
    mutating func build() throws(Failure) -> InputIndex {
        let archive = table.entries[table.layout.topObject]
        guard archive.kind == .dictionary else {
            throw located(.typeMismatch(expected: "a keyed archive (a dictionary)", found: kindName(archive)))
        }
        let archiver = try required(.archiver, "$archiver", in: archive)
        guard case .string("NSKeyedArchiver")? = scalar(archiver) else {
            throw located(
                .unsupported("the archiver \(excerpt(table.entries[archiver])); only NSKeyedArchiver archives are read"),
                at: [.key("$archiver")])
        }
        let version = try required(.version, "$version", in: archive)
        guard case .integer(100_000)? = scalar(version) else {
            throw located(.unsupported("archive version \(excerpt(table.entries[version])); only 100000 is read"), at: [.key("$version")])
        }
        let objects = try required(.objects, "$objects", in: archive)
        guard table.entries[objects].kind == .array else {
            throw located(.typeMismatch(expected: "array", found: kindName(table.entries[objects])), at: [.key("$objects")])
        }
        let topField = try required(.top, "$top", in: archive)
        let top = table.entries[topField]
        guard top.kind == .dictionary, top.count > 0 else {
            throw located(.typeMismatch(expected: "a dictionary of UIDs", found: excerpt(top)), at: [.key("$top")])
        }
        objectList = table.entries[objects]
        let count = Int(objectList.count)
        objectNodes = Array(repeating: -1, count: count)
        expansions = Array(repeating: Expansion(), count: count)
        descriptionNumbers = Array(repeating: -1, count: count)
        nodes.reserveCapacity(count + count / 2)
        children.reserveCapacity(count + count / 2)
        let root: Int32
        if let rootField = field(.root, in: top) {
            root = try topObject(rootField, key: "root", isRoot: true)
        } else if top.count == 1 {
            root = try topObject(table.reference(1, of: top), key: table.string(of: table.entries[table.reference(0, of: top)]), isRoot: true)
        } else {
            // Archives made with `encode(_:forKey:)` per value: a dictionary of all of them.
            let node = reserve(.dictionary)
            let start = pendingCount
            for position in 0..<Int(top.count) {
                let key = table.reference(position, of: top)
                let name = table.string(of: table.entries[key])
                add(Int32(truncatingIfNeeded: table.entries[key].payload))
                add(try topObject(table.reference(Int(top.count) + position, of: top), key: name, isRoot: false))
            }
            closeDictionary(node, from: start)
            root = node
        }
        let index = InputIndex(nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: root)
        // Most archives share nothing: the graph need not count its references to say so.
        if !sharesObjects { index.sharing = InputIndex.Sharing(nodes: nil) }
        if !copyCosts.isEmpty { index.copyCosts = copyCosts }
        index.hasCycles = hasCycles
        return index
    }

    /// The value of the archive key `key` (`name`).
    private mutating func required(_ key: Key, _ name: String, in archive: Entry) throws(Failure) -> Int {
        guard let value = field(key, in: archive) else { throw located(.missingValue(expected: "the archive key \(name)"), at: [.key(name)]) }
        return value
    }

    /// The object a `$top` entry names: the root, or the value under `key` of a root made of
    /// several top-level values.
    private mutating func topObject(_ field: Int, key: String, isRoot: Bool) throws(Failure) -> Int32 {
        let entry = table.entries[field]
        guard entry.kind == .uid else {
            throw located(.typeMismatch(expected: "UID", found: kindName(entry)), at: [.key("$top"), .key(key)])
        }
        if !isRoot { push(.key(key)) }
        defer { if !isRoot { pop() } }
        return try object(entry.payload, depth: 0)
    }

    // MARK: - Values and objects

    /// A field of an archived object: a UID is resolved to its object; anything else is a value
    /// stored inline (`encodeInt:forKey:` and friends, or an inline array of UIDs).
    private mutating func value(_ field: Int, depth: Int) throws(Failure) -> Int32 {
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
        case .array, .dictionary:
            return try inlineContainer(entry, depth: depth)
        case .unreached:
            try fail(.malformed("a reference to an object the property list does not hold"))
        default:
            if entry.kind == .string || entry.kind == .data { try countBytes(Int(entry.count)) }
            return scalar(entry)
        }
    }

    /// An array or dictionary stored inline in an object (not through a UID).
    @inline(never)
    private mutating func inlineContainer(_ entry: Entry, depth: Int) throws(Failure) -> Int32 {
        try checkDepth(depth)
        let start = pendingCount
        let count = Int(entry.count)
        if entry.kind == .array {
            let node = reserve(.array)
            for position in 0..<count {
                push(.index(position))
                let element = try value(table.reference(position, of: entry), depth: depth + 1)
                pop()
                add(element)
            }
            close(node, from: start, count: count)
            return node
        }
        let node = reserve(.dictionary)
        for position in 0..<count {
            let key = table.reference(position, of: entry)
            if followsPaths { pushKey(at: key) }
            let element = try value(table.reference(count + position, of: entry), depth: depth + 1)
            pop()
            add(Int32(truncatingIfNeeded: table.entries[key].payload))
            add(element)
        }
        closeDictionary(node, from: start)
        return node
    }

    /// The object `$objects[uid]`: the node it was read to before, or read now.
    private mutating func object(_ uid: UInt64, depth: Int) throws(Failure) -> Int32 {
        guard uid < UInt64(objectList.count) else { try outOfRange(uid) }
        let index = Int(uid)
        let known = objectNodes[index]
        if known >= 0 {
            if nodes[Int(known)].kind.isContainer { try metAgain(index, node: known) }
            return known
        }
        let entry = table.entries[table.reference(index, of: objectList)]
        let node: Int32
        switch entry.kind {
        case .dictionary: return try archivedObject(index, entry, depth: depth)
        // Scalars here; `$null` (a string of 5) and malformed entries out of line.
        case .integer, .real, .bool, .unsigned, .date, .data: node = scalar(entry)
        case .string where entry.count != 5: node = scalar(entry)
        default: node = try plainObject(index, entry)
        }
        objectNodes[index] = node
        return node
    }

    /// An entry of `$objects` that is no archived object and no scalar read inline: `$null`, a
    /// string of its length, or a malformed entry.
    @inline(never)
    private mutating func plainObject(_ index: Int, _ entry: Entry) throws(Failure) -> Int32 {
        switch entry.kind {
        case .array, .uid:
            try fail(.malformed("$objects[\(index)] is a bare \(kindName(entry)), not an object"))
        case .unreached:
            try fail(.malformed("a reference to an object the property list does not hold"))
        case .string where entry.count == 5 && table.string(of: entry) == "$null":
            return append(.null)
        default:
            return scalar(entry)
        }
    }

    /// A container or object met again: a Foundation collection counts what a tree of values
    /// would copy; an object tells the model decoder what a copy of it costs.
    @inline(never)
    private mutating func metAgain(_ index: Int, node: Int32) throws(Failure) {
        sharesObjects = true
        if nodes[Int(node)].first == Self.open { hasCycles = true }
        let again = expansions[index]
        if again.isObject {
            copyCosts[node] = again.values + 1
        } else if again.values > 0 {
            try countCopy(again)
        }
    }

    @inline(never)
    private func outOfRange(_ uid: UInt64) throws(Failure) -> Never {
        try fail(.malformed("UID \(uid) is out of range ($objects has \(objectList.count) entries)"))
    }

    private mutating func archivedObject(_ index: Int, _ entry: Entry, depth: Int) throws(Failure) -> Int32 {
        try checkDepth(depth)
        var fields = scan(entry)
        // `fields` itself is not captured: a captured variable is copied to every call it is passed to.
        let start = fields.start
        defer { scratchCount = start }
        let number = try description(of: fields)
        let values = valueCount, bytes = stringBytes
        // The description's role and forms, not a copy of it (its name and shapes).
        guard let role = descriptions[number].role else {
            let node = try typedObject(index, &fields, description: number, depth: depth)
            expansions[index] = Expansion(values: valueCount - values, bytes: stringBytes - bytes, isObject: true)
            return node
        }
        let flags = descriptions[number].flags
        let node: Int32
        switch role {
        case .dictionary: node = try dictionary(index, fields, flags: flags, depth: depth)
        case .array: node = try elements(index, fields, flags: flags, variant: descriptions[number].variant, depth: depth)
        default: node = try foundationValue(role, fields, flags: flags, depth: depth)
        }
        objectNodes[index] = node
        expansions[index] = Expansion(values: valueCount - values, bytes: stringBytes - bytes)
        return node
    }

    /// An object of a Foundation class that holds one value: a string, null, a date, data, a
    /// UUID or a URL.
    @inline(never)
    private mutating func foundationValue(_ role: KeyedArchiveFoundationClass, _ fields: Fields, flags: GraphFlags, depth: Int) throws(Failure) -> Int32 {
        switch role {
        case .string: return try string(fields, flags: flags, depth: depth)
        case .date: return try date(fields)
        case .data:
            guard fields.data >= 0 else { try fail(.missingValue(expected: "NS.data")) }
            let blob = try resolved(fields.data)
            guard blob.kind == .data else { try fail(.typeMismatch(expected: "data NS.data", found: kindName(blob))) }
            return append(.data, payload: blob.payload, flags: flags)
        case .uuid: return try uuid(fields)
        case .url: return try url(fields, depth: depth)
        default: return append(.null)
        }
    }

    /// An object of a class of its own: its values, in the order of its keys.
    private mutating func typedObject(_ index: Int, _ fields: inout Fields, description number: Int, depth: Int) throws(Failure) -> Int32 {
        let shape = shape(of: &fields, description: number)
        let node = reserve(.object, payload: UInt64(shape))
        objectNodes[index] = node
        let start = pendingCount
        for position in 0..<fields.count {
            if followsPaths { pushKey(at: Int(scratch[fields.start + 2 * position])) }
            let element = try value(Int(scratch[fields.start + 2 * position + 1]), depth: depth + 1)
            pop()
            add(element)
        }
        close(node, from: start, count: fields.count)
        return node
    }

    /// An NSString or NSMutableString: `NS.string`, or UTF-8 `NS.bytes`.
    private mutating func string(_ fields: Fields, flags: GraphFlags, depth: Int) throws(Failure) -> Int32 {
        if fields.string >= 0 {
            let text = nodes[Int(try value(fields.string, depth: depth + 1))]
            guard text.kind == .string else {
                try fail(.typeMismatch(expected: "string NS.string", found: kindName(table.entries[fields.string])))
            }
            return append(.string, payload: text.payload, flags: flags)
        }
        guard fields.bytes >= 0 else { try fail(.missingValue(expected: "NS.bytes")) }
        let bytes = try resolved(fields.bytes)
        guard bytes.kind == .data, let text = String(bytes: table.data[Int(bytes.payload)], encoding: .utf8) else {
            try fail(.typeMismatch(expected: "UTF-8 NS.bytes", found: "other bytes"))
        }
        return append(.string, payload: UInt64(newString(text)), flags: flags)
    }

    /// An NSDate: `NS.time`, seconds since 2001.
    private mutating func date(_ fields: Fields) throws(Failure) -> Int32 {
        guard fields.time >= 0 else { try fail(.missingValue(expected: "NS.time")) }
        let time = try resolved(fields.time)
        switch time.kind {
        case .real: return append(.date, payload: time.payload)
        case .integer: return append(.date, payload: Double(Int64(bitPattern: time.payload)).bitPattern)
        default: try fail(.typeMismatch(expected: "real NS.time", found: kindName(time)))
        }
    }

    /// An NSUUID: its uppercase string.
    private mutating func uuid(_ fields: Fields) throws(Failure) -> Int32 {
        guard fields.uuidBytes >= 0 else { try fail(.missingValue(expected: "NS.uuidbytes")) }
        let bytes = try resolved(fields.uuidBytes)
        guard bytes.kind == .data, bytes.count == 16 else {
            try fail(.typeMismatch(expected: "16 bytes of NS.uuidbytes", found: excerpt(bytes)))
        }
        let b = [UInt8](table.data[Int(bytes.payload)])
        let uuid = UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        return append(.string, payload: UInt64(newString(uuid.uuidString)))
    }

    /// An NSURL: `NS.relative` resolved against `NS.base` (an NSURL or `$null`), as its absolute
    /// string.
    private mutating func url(_ fields: Fields, depth: Int) throws(Failure) -> Int32 {
        guard fields.relative >= 0 else { try fail(.missingValue(expected: "NS.relative")) }
        let relative = nodes[Int(try value(fields.relative, depth: depth + 1))]
        guard relative.kind == .string else { try fail(.typeMismatch(expected: "string NS.relative", found: "another kind")) }
        var text = strings[relative.index]
        if fields.base >= 0 {
            let base = nodes[Int(try value(fields.base, depth: depth + 1))]
            switch base.kind {
            case .null: break
            case .string: text = URL(string: text, relativeTo: URL(string: strings[base.index]))?.absoluteString ?? text
            default: try fail(.typeMismatch(expected: "NSURL NS.base", found: kindName(base)))
            }
        }
        return append(.string, payload: UInt64(newString(text)), variant: .url)
    }

    /// The elements of an array, set or ordered set: `NS.objects`, or `NS.object.0`,
    /// `NS.object.1` … (ordered sets).
    private mutating func elements(_ index: Int, _ fields: Fields, flags: GraphFlags, variant: GraphVariant, depth: Int) throws(Failure) -> Int32 {
        if fields.objects >= 0, table.entries[fields.objects].kind != .array {
            try fail(.typeMismatch(expected: "an array of UIDs in NS.objects", found: kindName(table.entries[fields.objects])))
        }
        let node = reserve(.array, flags: flags, variant: variant)
        objectNodes[index] = node
        let start = pendingCount
        if fields.objects >= 0 {
            let list = table.entries[fields.objects]
            for position in 0..<Int(list.count) {
                push(.index(position))
                let element = try value(table.reference(position, of: list), depth: depth + 1)
                pop()
                add(element)
            }
        } else if fields.firstObject >= 0 {
            try orderedSetElements(fields, depth: depth)
        }
        close(node, from: start, count: pendingCount - start)
        return node
    }

    /// The elements of an ordered set written with one key per element (`NS.object.0` …), as
    /// pending children.
    @inline(never)
    private mutating func orderedSetElements(_ fields: Fields, depth: Int) throws(Failure) {
        var references: [String: Int] = [:]
        for position in 0..<fields.count {
            references[table.string(of: table.entries[Int(scratch[fields.start + 2 * position])])] = Int(scratch[fields.start + 2 * position + 1])
        }
        let start = pendingCount
        while let reference = references["NS.object.\(pendingCount - start)"] {
            push(.index(pendingCount - start))
            let element = try value(reference, depth: depth + 1)
            pop()
            add(element)
        }
    }

    /// The entries of an NSDictionary: string keys, and number keys as their decimal text; a key
    /// that repeats keeps its first place and its last value.
    private mutating func dictionary(_ index: Int, _ fields: Fields, flags: GraphFlags, depth: Int) throws(Failure) -> Int32 {
        guard fields.keys >= 0 else { try fail(.missingValue(expected: "NS.keys")) }
        let keyList = table.entries[fields.keys]
        guard keyList.kind == .array else {
            try fail(.typeMismatch(expected: "arrays of UIDs in NS.keys and NS.objects", found: "another kind"))
        }
        guard fields.objects >= 0 else { try fail(.missingValue(expected: "NS.objects")) }
        let objectList = table.entries[fields.objects]
        guard objectList.kind == .array else {
            try fail(.typeMismatch(expected: "arrays of UIDs in NS.keys and NS.objects", found: "another kind"))
        }
        guard keyList.count == objectList.count else {
            try fail(.malformed("\(keyList.count) NS.keys for \(objectList.count) NS.objects"))
        }
        let node = reserve(.dictionary, flags: flags)
        objectNodes[index] = node
        let start = pendingCount
        for position in 0..<Int(keyList.count) {
            let name = try keyName(nodes[Int(try value(table.reference(position, of: keyList), depth: depth + 1))])
            if followsPaths { push(.key(strings[Int(name)])) }
            let element = try value(table.reference(position, of: objectList), depth: depth + 1)
            pop()
            add(name)
            add(element)
        }
        closeDictionary(node, from: start)
        return node
    }

    /// The string number of a dictionary key: a string's own, or a number's decimal text.
    @inline(never)
    private mutating func keyName(_ key: InputIndex.Node) throws(Failure) -> Int32 {
        switch key.kind {
        case .string: return Int32(key.index)
        case .integer: return newString(String(key.integer))
        case .unsignedInteger: return newString(String(key.payload))
        case .double: return newString(String(key.double))
        default: try fail(.typeMismatch(expected: "a string or number dictionary key", found: kindName(key)), excerpt: excerpt(key))
        }
    }

    // MARK: - Classes

    /// The number of the class description an object's `$class` names, read the first time.
    private mutating func description(of fields: Fields) throws(Failure) -> Int {
        guard fields.classReference >= 0 else {
            let names = (0..<min(fields.count, 4)).map { table.string(of: table.entries[Int(scratch[fields.start + 2 * $0])]) }
            try fail(.missingValue(expected: "$class (a UID of the object's class)"), excerpt: "{\(names.joined(separator: ", "))}")
        }
        let reference = table.entries[fields.classReference]
        guard reference.kind == .uid else {
            try fail(.typeMismatch(expected: "UID", found: kindName(reference)), at: .key(TypedTree.classKey), excerpt: excerpt(reference))
        }
        guard reference.payload < UInt64(objectList.count) else {
            try fail(
                .malformed("UID \(reference.payload) is out of range ($objects has \(objectList.count) entries)"), at: .key(TypedTree.classKey))
        }
        let index = Int(reference.payload)
        if descriptionNumbers[index] >= 0 { return Int(descriptionNumbers[index]) }
        let entry = table.entries[table.reference(index, of: objectList)]
        guard entry.kind == .dictionary else {
            try fail(.typeMismatch(expected: "a class description", found: kindName(entry)), at: .key(TypedTree.classKey), excerpt: excerpt(entry))
        }
        guard let name = field(.className, in: entry), table.entries[name].kind == .string else {
            try fail(.missingValue(expected: "$classname in the class description"), at: .key(TypedTree.classKey))
        }
        let className = table.string(of: table.entries[name])
        let description: Description
        if let (role, flags, variant) = KeyedArchiveFoundationClass.role(of: className) {
            description = Description(role: role, flags: flags, variant: variant, typeName: className)
        } else {
            description = Description(role: nil, flags: [], variant: .plain, typeName: KeyedArchiveClassName.typeName(className))
        }
        descriptions.append(description)
        descriptionNumbers[index] = Int32(descriptions.count - 1)
        return descriptions.count - 1
    }

    /// The class of the index for an object of class description `number` with these keys:
    /// one made before for the same keys, or a new one. A key that repeats keeps its first place
    /// and its last value.
    private mutating func shape(of fields: inout Fields, description number: Int) -> Int {
        for shape in descriptions[number].shapes where hasKeys(shapeKeys[shape], fields) { return shape }
        var names: [String] = []
        var references: [Int32] = []
        var positions: [String: Int] = [:]
        names.reserveCapacity(fields.count)
        references.reserveCapacity(fields.count)
        for position in 0..<fields.count {
            let key = scratch[fields.start + 2 * position]
            let text = table.string(of: table.entries[Int(key)])
            guard positions.updateValue(names.count, forKey: text) == nil else {
                removeRepeatedKeys(&fields)
                return shape(of: &fields, description: number)
            }
            names.append(text)
            references.append(key)
        }
        classes.append(InputIndex.ClassInfo(name: descriptions[number].typeName, keys: names, positions: positions))
        shapeKeys.append(references)
        descriptions[number].shapes.append(classes.count - 1)
        return classes.count - 1
    }

    /// Keeps the first place and the last value of each key of an object.
    private mutating func removeRepeatedKeys(_ fields: inout Fields) {
        var places: [String: Int] = [:]
        var end = fields.start
        for position in 0..<fields.count {
            let key = scratch[fields.start + 2 * position]
            let value = scratch[fields.start + 2 * position + 1]
            let text = table.string(of: table.entries[Int(key)])
            if let place = places[text] {
                scratch[place + 1] = value
                continue
            }
            places[text] = end
            scratch[end] = key
            scratch[end + 1] = value
            end += 2
        }
        fields.count = (end - fields.start) / 2
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
        var fields = Fields(start: scratchCount)
        let count = Int(entry.count)
        for position in 0..<count {
            let key = table.reference(position, of: entry)
            let value = table.reference(count + position, of: entry)
            switch role(ofKey: key) {
            case .classReference:
                fields.classReference = value
                continue
            case .nsString: fields.string = value
            case .nsBytes: fields.bytes = value
            case .nsTime: fields.time = value
            case .nsData: fields.data = value
            case .nsUUIDBytes: fields.uuidBytes = value
            case .nsKeys: fields.keys = value
            case .nsObjects: fields.objects = value
            case .nsFirstObject: fields.firstObject = value
            case .nsBase: fields.base = value
            case .nsRelative: fields.relative = value
            default: break
            }
            addScratch(Int32(truncatingIfNeeded: key))
            addScratch(Int32(truncatingIfNeeded: value))
        }
        fields.count = (scratchCount - fields.start) / 2
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

    /// The value of the last entry of dictionary `entry` whose key is `key` (a repeated key
    /// keeps its last value).
    private mutating func field(_ key: Key, in entry: Entry) -> Int? {
        var found: Int?
        for position in 0..<Int(entry.count) where role(ofKey: table.reference(position, of: entry)) == key {
            found = table.reference(Int(entry.count) + position, of: entry)
        }
        return found
    }

    /// The entry at `reference`, or the object a UID there names.
    private func resolved(_ reference: Int) throws(Failure) -> Entry {
        let entry = table.entries[reference]
        guard entry.kind == .uid else { return entry }
        guard entry.payload < UInt64(objectList.count) else {
            try fail(.malformed("UID \(entry.payload) is out of range ($objects has \(objectList.count) entries)"))
        }
        return table.entries[table.reference(Int(entry.payload), of: objectList)]
    }

    private func scalar(_ reference: Int) -> PropertyListObject? { table.scalar(of: table.entries[reference]) }

    // MARK: - Nodes

    /// The node of a scalar entry.
    private mutating func scalar(_ entry: Entry) -> Int32 {
        switch entry.kind {
        case .string: return append(.string, payload: entry.payload)
        case .integer: return append(.integer, payload: entry.payload)
        case .unsigned: return append(.unsignedInteger, payload: entry.payload)
        case .real: return append(.double, payload: entry.payload)
        case .bool: return append(.bool, payload: entry.payload)
        case .date: return append(.date, payload: entry.payload)
        default: return append(.data, payload: entry.payload)
        }
    }

    private mutating func newString(_ text: String) -> Int32 {
        strings.append(text)
        return Int32(strings.count - 1)
    }

    @inline(__always)
    private mutating func append(
        _ kind: InputIndex.Kind, payload: UInt64 = 0, flags: GraphFlags = [], variant: GraphVariant = .plain
    ) -> Int32 {
        nodes.append(InputIndex.Node(kind: kind, flags: flags, variant: variant, count: 0, first: 0, payload: payload))
        return Int32(nodes.count - 1)
    }

    /// A container's node, before its children are read (so that they may name it), open until
    /// ``close(_:from:count:)``.
    @inline(__always)
    private mutating func reserve(
        _ kind: InputIndex.Kind, payload: UInt64 = 0, flags: GraphFlags = [], variant: GraphVariant = .plain
    ) -> Int32 {
        nodes.append(InputIndex.Node(kind: kind, flags: flags, variant: variant, count: 0, first: Self.open, payload: payload))
        return Int32(nodes.count - 1)
    }

    /// Gives container `node` the pending children from `start` on.
    private mutating func close(_ node: Int32, from start: Int, count: Int) {
        // The node written once (one uniqueness check of the array), not field by field.
        var closed = nodes[Int(node)]
        closed.first = Int32(truncatingIfNeeded: children.count)
        closed.count = Int32(truncatingIfNeeded: count)
        nodes[Int(node)] = closed
        children.append(contentsOf: pending[start..<pendingCount])
        pendingCount = start
    }

    /// Adds a key or value reference of the object being scanned.
    @inline(__always)
    private mutating func addScratch(_ reference: Int32) {
        if scratchCount < scratch.count { scratch[scratchCount] = reference } else { scratch.append(reference) }
        scratchCount &+= 1
    }

    /// Adds a child to the container being read.
    @inline(__always)
    private mutating func add(_ node: Int32) {
        if pendingCount < pending.count { pending[pendingCount] = node } else { pending.append(node) }
        pendingCount &+= 1
    }

    /// Gives dictionary `node` the pending (key, value) pairs from `start` on; a key that
    /// repeats keeps its first place and its last value.
    private mutating func closeDictionary(_ node: Int32, from start: Int) {
        let count = (pendingCount - start) / 2
        if count > 1 {
            var seen = Set<String>(minimumCapacity: count)
            for position in stride(from: start, to: pendingCount, by: 2) where !seen.insert(strings[Int(pending[position])]).inserted {
                return close(node, from: start, count: keepingLastValues(from: start))
            }
        }
        close(node, from: start, count: count)
    }

    /// Removes repeated keys from the pending pairs from `start` on, each keeping its first
    /// place and its last value; gives the number of pairs left.
    private mutating func keepingLastValues(from start: Int) -> Int {
        var places: [String: Int] = [:]
        var end = start
        for position in stride(from: start, to: pendingCount, by: 2) {
            let key = strings[Int(pending[position])]
            if let place = places[key] {
                pending[place + 1] = pending[position + 1]
                continue
            }
            places[key] = end
            pending[end] = pending[position]
            pending[end + 1] = pending[position + 1]
            end += 2
        }
        pendingCount = end
        return (end - start) / 2
    }

    // MARK: - Paths and errors

    @inline(__always)
    private mutating func push(_ component: ModelPath.Component) {
        if followsPaths { steps.append(component) }
    }

    /// Follows the key at `reference` (a string of the table).
    @inline(never)
    private mutating func pushKey(at reference: Int) {
        steps.append(.key(table.string(of: table.entries[reference])))
    }

    @inline(__always)
    private mutating func pop() {
        if followsPaths { steps.removeLast() }
    }

    /// An error at the value being read (one `component` further when given); without a path
    /// unless the pass follows paths.
    private func failure(_ reason: ModelError.Reason, at component: ModelPath.Component? = nil, excerpt: String? = nil) -> Failure {
        var components = followsPaths ? steps : []
        if followsPaths, let component { components.append(component) }
        return Failure(error: ModelError(reason, path: ModelPath(components), excerpt: excerpt, format: Self.format), located: followsPaths)
    }

    /// Throws the error at the value being read (see ``failure(_:at:excerpt:)``).
    @inline(never)
    private func fail(_ reason: ModelError.Reason, at component: ModelPath.Component? = nil, excerpt: String? = nil) throws(Failure) -> Never {
        throw failure(reason, at: component, excerpt: excerpt)
    }

    /// An error of the archive's structure, at `path`.
    private func located(_ reason: ModelError.Reason, at path: ModelPath = .root) -> Failure {
        Failure(error: ModelError(reason, path: path, format: Self.format), located: true)
    }

    /// The kind of an entry, as error messages name it.
    private func kindName(_ entry: Entry) -> String {
        switch entry.kind {
        case .string: "string"
        case .integer, .unsigned: "integer"
        case .real: "real"
        case .bool: "bool"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        case .uid: "UID"
        case .unreached: "nothing"
        }
    }

    /// A short rendering of an entry for error excerpts.
    private func excerpt(_ entry: Entry) -> String {
        switch entry.kind {
        case .array: "[… \(entry.count) elements]"
        case .dictionary: "{… \(entry.count) keys}"
        case .unreached: "nothing"
        default: table.scalar(of: entry)?.excerpt ?? ""
        }
    }

    /// The kind of a node, as error messages name it.
    private func kindName(_ node: InputIndex.Node) -> String {
        switch node.kind {
        case .null: "null"
        case .bool: "bool"
        case .integer, .unsignedInteger: "integer"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .array: "array"
        case .dictionary, .object: "dictionary"
        }
    }

    /// A short rendering of a node for error excerpts.
    private func excerpt(_ node: InputIndex.Node) -> String {
        switch node.kind {
        case .null: ModelValue.null.excerpt
        case .bool: ModelValue.bool(node.payload != 0).excerpt
        case .integer: ModelValue.integer(node.integer).excerpt
        case .unsignedInteger: ModelValue.unsignedInteger(node.payload).excerpt
        case .double: ModelValue.double(node.double).excerpt
        case .string: ModelValue.string(strings[node.index]).excerpt
        case .data: ModelValue.data(data[node.index]).excerpt
        case .date: ModelValue.date(Date(timeIntervalSinceReferenceDate: node.double)).excerpt
        case .array: "[… \(node.count) elements]"
        case .dictionary: "{… \(node.count) keys}"
        case .object: "{… \(node.count + 1) keys}"
        }
    }

    // MARK: - Limits

    @inline(__always)
    private func checkDepth(_ depth: Int) throws(Failure) {
        if depth >= maximumDepth { try fail(DecodingLimits.depthExceeded(maximumDepth)) }
    }

    @inline(__always)
    private mutating func countValue() throws(Failure) {
        valueCount += 1
        if valueCount > maximumValues { try fail(DecodingLimits.valuesExceeded(maximumValues)) }
    }

    private mutating func countBytes(_ count: Int) throws(Failure) {
        stringBytes += count
        guard stringBytes <= maximumStringBytes else { try fail(DecodingLimits.stringBytesExceeded(maximumStringBytes)) }
    }

    /// Counts what a Foundation object met again holds, as its copy in a tree of values would.
    private mutating func countCopy(_ again: Expansion) throws(Failure) {
        valueCount += again.values
        guard valueCount <= maximumValues else { try fail(DecodingLimits.valuesExceeded(maximumValues)) }
        try countBytes(again.bytes)
    }
}
