import Foundation

/// The one pass over a FastCoding file that fills its graph (see ``FastIndex``), taking
/// object-cache slots where FastCoding takes them: mutable containers and objects before their
/// children (their node is made first, so an alias to one still being read is a cycle), the
/// rest after.
///
/// The common chunks of a model file (numbers, strings and their aliases, data, dates, arrays,
/// dictionaries, objects and object aliases) are read here; the rarer ones (URLs, geometry,
/// index sets, decimals, NSCoded objects, keyed archives) in `FastGraphBuilder+Foundation.swift`.
struct FastGraphBuilder {
    typealias Node = InputIndex.Node
    typealias Kind = InputIndex.Kind

    var nodes: [Node] = []
    var children: [Int32] = []
    var strings: [String] = []
    var data: [Data] = []
    /// The classes of the file's class definitions, in the file's order (an object's payload is
    /// its definition's index).
    var classes: [InputIndex.ClassInfo] = []
    /// The classes of NSCoded objects and of objects of embedded archives, numbered after the
    /// definitions once the file is read (``otherObjects`` are renumbered then).
    var otherClasses: [InputIndex.ClassInfo] = []
    /// The number of each of ``otherClasses`` by its name and keys.
    var otherClassNumbers: [OtherClass: Int] = [:]
    /// The object nodes of ``otherClasses``.
    var otherObjects: [Int32] = []
    var reader: FastReader
    let byteCount: Int
    let maximumDepth = DecodingLimits.current.maximumDepth
    /// The node cached in each object-cache slot (for a mutable container or an object, the node
    /// made before its children).
    var slots: [Int32] = []
    /// Child node numbers of the containers being read, innermost last: the first
    /// ``pendingCount`` entries (the array keeps its length, so closing a container is a copy
    /// and a new count, not a removal).
    private var pending: [Int32] = []
    private(set) var pendingCount = 0
    /// Per string-cache entry of the file (in the reader's order): its number in ``strings``, so
    /// a string alias is the entry's string itself, not a copy; a URL's entry is the complement
    /// (`~number`) of its absolute string's number.
    var cachedStrings: [Int32] = []
    /// Dictionary keys are interned: each distinct key is one string, whose number ``keyNumbers``
    /// gives and which every dictionary holding the key names (a key found among a dictionary's
    /// entries by number, see ``InputIndex/value(of:forKeyNumber:from:)``).
    private(set) var keyNumbers: [String: Int32] = [:]
    /// Per string number: its key number once it was read as a dictionary key, −1 before.
    private var keyNumberOfString: [Int32] = []
    /// Per key number: the last dictionary (by ``dictionaryCount``) that held it, for finding a
    /// key twice in one dictionary.
    private var lastDictionary: [UInt32] = []
    private var dictionaryCount: UInt32 = 0
    /// Whether every key is interned by its exact bytes. A key equal to an interned one (as
    /// `String`s are) in other bytes keeps its own spelling; the index then has no key numbers
    /// (keys are compared as `String`s), and its dictionaries are checked for such keys twice.
    private var exactKeys = true
    /// The strings this reader names itself (the keys of geometry values and index-set runs).
    private var names: [String: Int32] = [:]
    /// Whether some alias named a node read before (the graph then has shared nodes).
    var hasAliases = false
    /// Whether some alias named a node still being read (a cycle).
    var hasCycles = false
    /// The `first` of a container's node while its children are read (cached before them).
    static let open = -1
    /// Whether some alias named a node that a reader copying shared values would copy (a
    /// container that is not an object, data, a date, a mutable string): the budget of such a
    /// reading is checked once the file is read.
    var aliasesValues = false
    /// The bytes of strings and data the embedded archives built, for their limits.
    var archiveStringBytes = 0
    /// The bytes of the embedded archives themselves, which are no values of the file.
    var archiveBytes = 0

    init(reader: FastReader, byteCount: Int) {
        self.reader = reader
        self.byteCount = byteCount
        nodes.reserveCapacity(byteCount / 6)
        children.reserveCapacity(byteCount / 6)
    }

    /// A class other than a definition's, by what tells it apart.
    struct OtherClass: Hashable {
        let name: String
        let keys: [String]
    }

    /// Reads the file.
    mutating func build() throws(ModelError) -> InputIndex {
        let start = reader.offset
        guard let root = try readValue(depth: 0) else { throw reader.failure(.malformed("the root value is nil"), at: start) }
        guard reader.isAtEnd else {
            throw reader.failure(.malformed("\(reader.remaining) bytes after the root value"))
        }
        if !otherClasses.isEmpty {
            let offset = UInt64(classes.count)
            for node in otherObjects { nodes[Int(node)].payload += offset }
            classes += otherClasses
        }
        if !exactKeys { dropRepeatedKeys() }
        try checkExplicitLimits()
        let index = InputIndex(
            nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: root,
            keyNumbers: exactKeys ? keyNumbers : nil)
        // Most files alias nothing but class instances, or nothing at all: no node is counted then.
        if !hasAliases { index.sharing = InputIndex.Sharing(nodes: nil) }
        index.hasCycles = hasCycles
        if aliasesValues { try index.checkCopies(byteCount: byteCount, format: FastReader.format) }
        return index
    }

    /// The limits a context set below what a file of this size may hold: the graph's values and
    /// bytes of strings and data (the defaults are never reached by a file's own chunks).
    private func checkExplicitLimits() throws(ModelError) {
        let limits = DecodingLimits.current
        let values = limits.values(forInputOf: byteCount)
        if nodes.count > values {
            throw reader.failure(DecodingLimits.valuesExceeded(values), at: byteCount)
        }
        guard limits.maximumStringBytes != nil else { return }
        let budget = limits.stringBytes(forInputOf: byteCount)
        var total = 0
        for text in strings { total += text.utf8.count }
        for bytes in data { total += bytes.count }
        total -= archiveBytes
        if total > budget { throw reader.failure(DecodingLimits.stringBytesExceeded(budget), at: byteCount) }
    }

    // MARK: - Nodes and strings

    @inline(__always)
    mutating func append(
        _ kind: Kind, flags: GraphFlags = [], variant: GraphVariant = .plain, payload: UInt64 = 0, first: Int = 0, count: Int = 0
    ) -> Int32 {
        nodes.append(Node(
            kind: kind, flags: flags, variant: variant, count: Int32(truncatingIfNeeded: count),
            first: Int32(truncatingIfNeeded: first), payload: payload))
        return Int32(truncatingIfNeeded: nodes.count &- 1)
    }

    /// Adds `text` to the strings; returns its number.
    mutating func addString(_ text: String) -> Int32 {
        strings.append(text)
        keyNumberOfString.append(-1)
        return Int32(truncatingIfNeeded: strings.count &- 1)
    }

    /// A string node for a string chunk, which takes the next string-cache entry.
    private mutating func string(_ text: String) -> Int32 {
        let number = addString(text)
        cachedStrings.append(number)
        return append(.string, payload: UInt64(number))
    }

    /// The number of a string the reader names itself (a key of a geometry value), one string
    /// per name.
    mutating func name(_ text: String) -> Int32 {
        if let known = names[text] { return known }
        let number = addString(text)
        names[text] = number
        return number
    }

    /// Takes the next object-cache slot for `node`.
    @inline(__always)
    mutating func cache(_ node: Int32) -> Int32 {
        _ = reader.reserveObjectSlot()
        slots.append(node)
        return node
    }

    /// Adds a child to the container being read.
    @inline(__always)
    mutating func push(_ node: Int32) {
        if pendingCount < pending.count { pending[pendingCount] = node } else { pending.append(node) }
        pendingCount &+= 1
    }

    /// Moves the pending children from `start` on into ``children``; returns where they start.
    mutating func closeChildren(from start: Int) -> Int {
        let first = children.count
        guard pendingCount > start else { return first }
        pending.withUnsafeBufferPointer { children.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<pendingCount])) }
        pendingCount = start
        return first
    }

    // MARK: - Values

    /// Reads one value; `nil` for a nil chunk.
    mutating func readValue(depth: Int) throws(ModelError) -> Int32? {
        let tag = try reader.readTag()
        // A tag is one byte: a chunk's offset, for its errors, is the one before.
        var start: Int { reader.offset &- 1 }
        switch tag {
        case .nil: return nil
        case .null: return append(.null)
        case .true: return append(.bool, payload: 1)
        case .false: return append(.bool, payload: 0)
        case .one: return append(.integer, payload: 1)
        case .zero: return append(.integer, payload: 0)
        case .int8, .int16, .int32, .int64:
            return append(.integer, payload: UInt64(bitPattern: try reader.readInteger(tag)))
        case .float32: return append(.double, flags: .float32, payload: Double(try reader.readFloat32()).bitPattern)
        case .float64: return append(.double, payload: try reader.readFloat64().bitPattern)
        case .string: return string(try reader.readString())
        case .stringAlias8, .stringAlias16, .stringAlias32:
            let number = cachedStrings[try reader.readStringAliasIndex(tag)]
            if number < 0 { return append(.string, variant: .url, payload: UInt64(~number)) }
            return append(.string, payload: UInt64(number))
        case .mutableString:
            let text = try reader.readRawString()
            return cache(append(.string, flags: .mutable, payload: UInt64(addString(text))))
        case .data, .mutableData:
            data.append(try reader.readData())
            return cache(append(.data, flags: tag == .mutableData ? .mutable : [], payload: UInt64(data.count &- 1)))
        case .date:
            return cache(append(.date, payload: try reader.readFloat64().bitPattern))
        case .legacyDate:
            let date = Date(timeIntervalSince1970: try reader.readFloat64())
            return cache(append(.date, variant: .legacyDate, payload: date.timeIntervalSinceReferenceDate.bitPattern))
        case .array: return try readArray(flags: [], variant: .plain, start: start, depth: depth)
        case .mutableArray: return try readArray(flags: .mutable, variant: .plain, start: start, depth: depth)
        case .set: return try readArray(flags: [], variant: .set, start: start, depth: depth)
        case .mutableSet: return try readArray(flags: .mutable, variant: .set, start: start, depth: depth)
        case .orderedSet: return try readArray(flags: [], variant: .orderedSet, start: start, depth: depth)
        case .mutableOrderedSet: return try readArray(flags: .mutable, variant: .orderedSet, start: start, depth: depth)
        case .dictionary: return try readDictionary(mutable: false, start: start, depth: depth)
        case .mutableDictionary: return try readDictionary(mutable: true, start: start, depth: depth)
        case .classDefinition:
            try defineClass()
            let objectStart = reader.offset
            let next = try reader.readTag()
            guard next == .object8 || next == .object16 || next == .object32 else {
                throw reader.failure(.malformed("a class definition followed by \(next), not by an object"), at: objectStart)
            }
            return try readObject(next, start: objectStart, depth: depth)
        case .object8, .object16, .object32:
            return try readObject(tag, start: start, depth: depth)
        case .objectAlias8, .objectAlias16, .objectAlias32:
            let node = slots[try reader.readObjectAlias(tag)]
            hasAliases = true
            let target = nodes[Int(node)]
            if target.kind != .object { aliasesValues = true }
            if Int(target.first) == Self.open { hasCycles = true }
            return node
        case .url: return try readURL(start: start, depth: depth)
        case .point, .size, .rect, .range, .vector, .affineTransform, .transform3D:
            return try readGeometry(tag, start: start, depth: depth)
        case .indexSet: return try readIndexSet(mutable: false, start: start, depth: depth)
        case .mutableIndexSet: return try readIndexSet(mutable: true, start: start, depth: depth)
        case .decimalNumber: return try readDecimal()
        case .codedObject: return try readCodedObject(start: start, depth: depth)
        case .keyedArchive: return try readKeyedArchive(start: start, depth: depth)
        }
    }

    /// Refuses a container `depth` containers deep at or past the depth limit.
    @inline(__always)
    func checkDepth(_ depth: Int, start: Int) throws(ModelError) {
        guard depth < maximumDepth else { throw depthExceeded(at: start) }
    }

    @inline(never)
    private func depthExceeded(at start: Int) -> ModelError {
        reader.failure(DecodingLimits.depthExceeded(maximumDepth), at: start)
    }

    private mutating func readArray(flags: GraphFlags, variant: GraphVariant, start: Int, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, start: start)
        let count = try reader.readCount(minimumBytes: 1)
        // A mutable array is cached before its elements, which may name it (a cycle).
        let mutable = flags.contains(.mutable)
        let node = mutable ? cache(append(.array, first: Self.open)) : -1
        let base = pendingCount
        for position in 0..<count {
            let element: Int32?
            do {
                element = try readValue(depth: depth &+ 1)
            } catch {
                throw Self.prefixing(error, .index(position))
            }
            guard let element else {
                throw reader.failure(.malformed("nil inside a collection"), at: reader.offset &- 1, path: [.index(position)])
            }
            push(element)
        }
        let first = closeChildren(from: base)
        if mutable {
            nodes[Int(node)] = Node(
                kind: .array, flags: flags, variant: variant, count: Int32(truncatingIfNeeded: count),
                first: Int32(truncatingIfNeeded: first), payload: 0)
            return node
        }
        return cache(append(.array, flags: flags, variant: variant, first: first, count: count))
    }

    private mutating func readDictionary(mutable: Bool, start: Int, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, start: start)
        var count = try reader.readCount(minimumBytes: 2)
        let node = mutable ? cache(append(.dictionary, first: Self.open)) : -1
        let base = pendingCount
        for _ in 0..<count {
            // A value comes before its key: an error inside it is at the dictionary.
            let value: Int32?
            do {
                value = try readValue(depth: depth &+ 1)
            } catch {
                throw Self.atContainer(error)
            }
            guard let value else { throw reader.failure(.malformed("nil inside a collection"), at: reader.offset &- 1) }
            let keyStart = reader.offset
            let key: Int32?
            do {
                key = try readValue(depth: depth &+ 1)
            } catch {
                throw Self.atContainer(error)
            }
            guard let key, nodes[Int(key)].kind == .string, nodes[Int(key)].variant != .url else { throw keyFailure(key, at: keyStart) }
            push(keyNumber(ofString: nodes[Int(key)].index))
            push(value)
        }
        if count > 1, hasRepeatedKey(from: base, count: count) { count = keepLastValues(from: base, count: count) }
        let first = closeChildren(from: base)
        if mutable {
            nodes[Int(node)] = Node(
                kind: .dictionary, flags: .mutable, count: Int32(truncatingIfNeeded: count),
                first: Int32(truncatingIfNeeded: first), payload: 0)
            return node
        }
        return cache(append(.dictionary, first: first, count: count))
    }

    @inline(never)
    private func keyFailure(_ key: Int32?, at start: Int) -> ModelError {
        reader.failure(.unsupported("a dictionary key that is \(kindName(key)); dictionaries have string keys only"), at: start)
    }

    /// A short name of a node's kind for error messages.
    func kindName(_ node: Int32?) -> String {
        guard let node else { return "nil" }
        let value = nodes[Int(node)]
        switch value.kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .unsignedInteger, .double: return "a number"
        case .string: return value.variant == .url ? "a URL" : "a string"
        case .data: return "data"
        case .date: return "a date"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .object: return "an object of class \(classes.indices.contains(value.index) ? classes[value.index].name : "?")"
        }
    }

    // MARK: - Keys

    /// The key number of string `string` read as a dictionary key: interned by its text the
    /// first time the string is a key (a string alias is the same string, so a file that stores
    /// each key once interns each key once).
    @inline(__always)
    mutating func keyNumber(ofString string: Int) -> Int32 {
        let known = keyNumberOfString[string]
        if known >= 0 { return known }
        return internKey(ofString: string)
    }

    @inline(never)
    private mutating func internKey(ofString string: Int) -> Int32 {
        let text = strings[string]
        var number = Int32(truncatingIfNeeded: string)
        if let interned = keyNumbers[text] {
            if ExactString.same(strings[Int(interned)], text) {
                number = interned
            } else {
                // The same key for `String`, other bytes: it keeps its own.
                exactKeys = false
            }
        } else {
            keyNumbers[text] = number
        }
        keyNumberOfString[string] = number
        return number
    }

    /// Whether the dictionary whose (key, value) pairs start at `start` in ``pending`` holds a
    /// key twice (keys are interned, so equal keys have equal numbers).
    private mutating func hasRepeatedKey(from start: Int, count: Int) -> Bool {
        if count <= 8 {
            for later in 1..<count {
                let key = pending[start &+ 2 &* later]
                for earlier in 0..<later where pending[start &+ 2 &* earlier] == key { return true }
            }
            return false
        }
        dictionaryCount &+= 1
        if lastDictionary.count < strings.count {
            lastDictionary.append(contentsOf: repeatElement(0, count: strings.count &- lastDictionary.count))
        }
        for entry in 0..<count {
            let key = Int(pending[start &+ 2 &* entry])
            if lastDictionary[key] == dictionaryCount { return true }
            lastDictionary[key] = dictionaryCount
        }
        return false
    }

    /// Merges the entries of a key met twice in the dictionary at `start` in ``pending``, as a
    /// dictionary of the tree does: the key keeps its first place and takes its last value.
    /// Returns the number of entries left.
    private mutating func keepLastValues(from start: Int, count: Int) -> Int {
        var places: [Int32: Int] = [:]
        var kept = 0
        for entry in 0..<count {
            let key = pending[start &+ 2 &* entry], value = pending[start &+ 2 &* entry &+ 1]
            if let place = places[key] {
                pending[start &+ 2 &* place &+ 1] = value
                continue
            }
            places[key] = kept
            pending[start &+ 2 &* kept] = key
            pending[start &+ 2 &* kept &+ 1] = value
            kept += 1
        }
        pendingCount = start &+ 2 &* kept
        return kept
    }

    /// For a file whose keys are not all interned by their bytes: merges the keys of each
    /// dictionary that are equal as `String`s (first place, last value), as the tree does.
    private mutating func dropRepeatedKeys() {
        for position in nodes.indices where nodes[position].kind == .dictionary && nodes[position].count > 1 {
            let node = nodes[position]
            var places: [String: Int] = [:]
            var kept = 0
            let first = Int(node.first)
            for entry in 0..<Int(node.count) {
                let key = children[first + 2 * entry], value = children[first + 2 * entry + 1]
                if let place = places[strings[Int(key)]] {
                    children[first + 2 * place + 1] = value
                    continue
                }
                places[strings[Int(key)]] = kept
                children[first + 2 * kept] = key
                children[first + 2 * kept + 1] = value
                kept += 1
            }
            nodes[position].count = Int32(kept)
        }
    }

    // MARK: - Objects

    private mutating func defineClass() throws(ModelError) {
        let index = try reader.readClassDefinition()
        let definition = reader.definitions[index]
        var positions: [String: Int] = [:]
        positions.reserveCapacity(definition.keys.count)
        // A key listed twice reads its last value, as a tree's dictionary keeps it.
        for (position, key) in definition.keys.enumerated() { positions[key] = position }
        classes.append(InputIndex.ClassInfo(name: definition.className, keys: definition.keys, positions: positions))
    }

    private mutating func readObject(_ tag: FastTag, start: Int, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, start: start)
        let classIndex = try reader.readObjectClassIndex(tag)
        let keyCount = reader.keyCount(ofClass: classIndex)
        // Cached before its values, which may name it (a cycle).
        let node = cache(append(.object, payload: UInt64(classIndex), first: Self.open))
        let base = pendingCount
        for position in 0..<keyCount {
            do {
                push(try readValue(depth: depth &+ 1) ?? InputIndex.absent)
            } catch {
                throw Self.prefixing(error, .key(classes[classIndex].keys[position]))
            }
        }
        let first = closeChildren(from: base)
        nodes[Int(node)] = Node(
            kind: .object, count: Int32(truncatingIfNeeded: keyCount), first: Int32(truncatingIfNeeded: first), payload: UInt64(classIndex))
        return node
    }

    // MARK: - Errors

    /// `error` one step further from the root.
    static func prefixing(_ error: ModelError, _ component: ModelPath.Component) -> ModelError {
        var error = error
        error.path = ModelPath([component] + error.path.components)
        return error
    }

    /// `error`, from inside a value whose key is not read yet, at its container.
    static func atContainer(_ error: ModelError) -> ModelError {
        var error = error
        error.path = .root
        return error
    }
}
