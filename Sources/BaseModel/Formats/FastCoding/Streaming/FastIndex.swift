import Foundation

/// Reads a FastCoding file into an ``InputIndex`` in one pass, for the model decoder.
///
/// The index covers the values a model file holds: nil, null, booleans, integers, floats, strings
/// (and string aliases), data, dates (both tags), arrays, dictionaries with string keys, objects
/// of class definitions, and object aliases to objects, data and dates. Anything else, and
/// anything that would make the typed-tree reader (``FastTreeReader``) fail or copy a container,
/// makes ``ofModelFile(_:)`` return `nil`, and the codec reads the file as a tree instead, before
/// any model code runs; so whatever the index accepts, the tree path would have read to the
/// same values.
enum FastIndex {
    /// The index of `data`, or `nil` when the file holds something the index leaves to the tree
    /// reader, or is malformed (the tree reader then words the error).
    static func ofModelFile(_ data: Data) -> InputIndex? {
        do { return try index(of: data) } catch { return nil }
    }

    /// Indexes `data`.
    ///
    /// - Throws: ``FastStreamFallback`` when the file holds something the index leaves to the
    ///   tree path, or ``ModelError`` when it is malformed (the tree path then reports it).
    static func index(of bytes: Data) throws -> InputIndex {
        var builder = try Builder(reader: FastReader(data: bytes, safe: false), byteCount: bytes.count)
        guard let root = try builder.readValue(depth: 0) else { throw FastStreamFallback(reason: "the root value is nil") }
        guard builder.reader.isAtEnd else { throw FastStreamFallback(reason: "bytes after the root value") }
        return InputIndex(
            nodes: builder.nodes, children: builder.children, strings: builder.strings, data: builder.data,
            classes: builder.classes, root: root, keyNumbers: builder.keyNumbers)
    }
}

/// The one pass over the bytes that fills an ``InputIndex``, taking object-cache slots where
/// FastCoding takes them (mutable containers and objects before their children, the rest after).
private struct Builder {
    typealias Node = InputIndex.Node
    typealias Kind = InputIndex.Kind

    var nodes: [Node] = []
    var children: [Int32] = []
    var strings: [String] = []
    var data: [Data] = []
    var classes: [InputIndex.ClassInfo] = []
    var reader: FastReader
    let maximumDepth = FastObject.maximumDepth
    /// The node cached in each object-cache slot, or ``absent`` for a container (an alias to one
    /// would make the tree reader copy it, which the index leaves to the tree path).
    private var slots: [Int32] = []
    /// Child node numbers of the containers being read, innermost last: the first
    /// ``pendingCount`` entries (the array keeps its length, so closing a container is a copy
    /// and a new count, not a removal).
    private var pending: [Int32] = []
    private var pendingCount = 0
    /// Per string-cache entry of the file (in the reader's order): its number in ``strings``, so
    /// a string alias is the entry's string itself, not a copy.
    private var cachedStrings: [Int32] = []
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

    init(reader: FastReader, byteCount: Int) {
        self.reader = reader
        nodes.reserveCapacity(byteCount / 6)
        children.reserveCapacity(byteCount / 6)
    }

    private mutating func append(_ kind: Kind, payload: UInt64 = 0, first: Int = 0, count: Int = 0) -> Int32 {
        nodes.append(Node(kind: kind, count: Int32(truncatingIfNeeded: count), first: Int32(truncatingIfNeeded: first), payload: payload))
        return Int32(nodes.count - 1)
    }

    /// A string node for a string chunk, which takes the next string-cache entry.
    private mutating func string(_ text: String) -> Int32 {
        strings.append(text)
        keyNumberOfString.append(-1)
        cachedStrings.append(Int32(truncatingIfNeeded: strings.count &- 1))
        return append(.string, payload: UInt64(strings.count &- 1))
    }

    /// Reads one value; `nil` for a nil chunk.
    mutating func readValue(depth: Int) throws -> Int32? {
        let tag = try reader.readTag()
        switch tag {
        case .array, .mutableArray, .dictionary, .mutableDictionary, .classDefinition, .object8, .object16, .object32:
            // Containers count towards the depth, as in the tree reader.
            guard depth < maximumDepth else { throw FastStreamFallback(reason: "nested too deep") }
        default:
            break
        }
        switch tag {
        case .nil: return nil
        case .null: return append(.null)
        case .true: return append(.bool, payload: 1)
        case .false: return append(.bool, payload: 0)
        case .one: return append(.integer, payload: 1)
        case .zero: return append(.integer, payload: 0)
        case .int8, .int16, .int32, .int64:
            return append(.integer, payload: UInt64(bitPattern: try reader.readInteger(tag)))
        case .float32: return append(.double, payload: Double(try reader.readFloat32()).bitPattern)
        case .float64: return append(.double, payload: try reader.readFloat64().bitPattern)
        case .string: return string(try reader.readString())
        case .stringAlias8, .stringAlias16, .stringAlias32:
            // Every entry of the cache is a string here: a URL chunk is left to the tree path.
            let entry = try reader.readStringAliasIndex(tag)
            return append(.string, payload: UInt64(cachedStrings[entry]))
        case .data, .mutableData:
            data.append(try reader.readData())
            return cache(append(.data, payload: UInt64(data.count - 1)))
        case .date, .legacyDate:
            let seconds = try reader.readFloat64()
            let date = tag == .date ? Date(timeIntervalSinceReferenceDate: seconds) : Date(timeIntervalSince1970: seconds)
            return cache(append(.date, payload: date.timeIntervalSinceReferenceDate.bitPattern))
        case .array, .mutableArray:
            return try readArray(mutable: tag == .mutableArray, depth: depth)
        case .dictionary, .mutableDictionary:
            return try readDictionary(mutable: tag == .mutableDictionary, depth: depth)
        case .classDefinition:
            try defineClass()
            let next = try reader.readTag()
            guard next == .object8 || next == .object16 || next == .object32 else {
                throw FastStreamFallback(reason: "a class definition not followed by an object")
            }
            return try readObject(next, depth: depth)
        case .object8, .object16, .object32:
            return try readObject(tag, depth: depth)
        case .objectAlias8, .objectAlias16, .objectAlias32:
            let slot = try reader.readObjectAlias(tag)
            guard slots[slot] != InputIndex.absent else { throw FastStreamFallback(reason: "an alias to a container or a cycle") }
            return slots[slot]
        default:
            throw FastStreamFallback(reason: "\(tag)")
        }
    }

    /// Takes the next object-cache slot for `node` (a value cached after it was read).
    private mutating func cache(_ node: Int32) -> Int32 {
        _ = reader.reserveObjectSlot()
        slots.append(node)
        return node
    }

    /// Takes the next object-cache slot for a container, which no alias may name here.
    private mutating func cacheContainer() {
        _ = reader.reserveObjectSlot()
        slots.append(InputIndex.absent)
    }

    /// Adds a child to the container being read.
    @inline(__always)
    private mutating func push(_ node: Int32) {
        if pendingCount < pending.count { pending[pendingCount] = node } else { pending.append(node) }
        pendingCount &+= 1
    }

    /// Moves the pending children from `start` on into ``children``; returns where they start.
    private mutating func closeChildren(from start: Int) -> Int {
        let first = children.count
        guard pendingCount > start else { return first }
        pending.withUnsafeBufferPointer { children.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<pendingCount])) }
        pendingCount = start
        return first
    }

    private mutating func readArray(mutable: Bool, depth: Int) throws -> Int32 {
        let count = try reader.readCount(minimumBytes: 1)
        if mutable { cacheContainer() }
        let start = pendingCount
        for _ in 0..<count {
            guard let element = try readValue(depth: depth + 1) else { throw FastStreamFallback(reason: "nil in an array") }
            push(element)
        }
        if !mutable { cacheContainer() }
        let first = closeChildren(from: start)
        return append(.array, first: first, count: count)
    }

    private mutating func readDictionary(mutable: Bool, depth: Int) throws -> Int32 {
        let count = try reader.readCount(minimumBytes: 2)
        if mutable { cacheContainer() }
        let start = pendingCount
        for _ in 0..<count {
            guard let value = try readValue(depth: depth + 1) else { throw FastStreamFallback(reason: "nil in a dictionary") }
            guard let key = try readValue(depth: depth + 1), nodes[Int(key)].kind == .string else {
                throw FastStreamFallback(reason: "a dictionary key that is not a string")
            }
            push(try keyNumber(ofString: nodes[Int(key)].index))
            push(value)
        }
        if !mutable { cacheContainer() }
        if count > 1 { try checkDistinctKeys(from: start, count: count) }
        let first = closeChildren(from: start)
        return append(.dictionary, first: first, count: count)
    }

    /// The key number of string `string` read as a dictionary key: interned by its text the
    /// first time the string is a key (a string alias is the same string, so a file that stores
    /// each key once interns each key once).
    ///
    /// - Throws: ``FastStreamFallback`` for a reserved key (`$class`, `$alias`), and for a key
    ///   equal to an interned one (as `String`s are) in other bytes: the index would give the
    ///   dictionary the other spelling.
    @inline(__always)
    private mutating func keyNumber(ofString string: Int) throws -> Int32 {
        let known = keyNumberOfString[string]
        if known >= 0 { return known }
        return try internKey(ofString: string)
    }

    @inline(never)
    private mutating func internKey(ofString string: Int) throws -> Int32 {
        let text = strings[string]
        let number: Int32
        if let interned = keyNumbers[text] {
            guard ExactString.same(strings[Int(interned)], text) else {
                throw FastStreamFallback(reason: "a dictionary key spelled in two ways")
            }
            number = interned
        } else {
            guard text != TypedTree.classKey, text != TypedTree.aliasKey else {
                throw FastStreamFallback(reason: "a reserved dictionary key")
            }
            number = Int32(truncatingIfNeeded: string)
            keyNumbers[text] = number
        }
        keyNumberOfString[string] = number
        return number
    }

    /// Falls back when the dictionary whose (key, value) pairs start at `start` in ``pending``
    /// holds a key twice (keys are interned, so equal keys have equal numbers).
    private mutating func checkDistinctKeys(from start: Int, count: Int) throws {
        if count <= 8 {
            for later in 1..<count {
                let key = pending[start &+ 2 &* later]
                for earlier in 0..<later where pending[start &+ 2 &* earlier] == key {
                    throw FastStreamFallback(reason: "a repeated dictionary key")
                }
            }
            return
        }
        dictionaryCount &+= 1
        if lastDictionary.count < strings.count {
            lastDictionary.append(contentsOf: repeatElement(0, count: strings.count &- lastDictionary.count))
        }
        for entry in 0..<count {
            let key = Int(pending[start &+ 2 &* entry])
            if lastDictionary[key] == dictionaryCount { throw FastStreamFallback(reason: "a repeated dictionary key") }
            lastDictionary[key] = dictionaryCount
        }
    }

    private mutating func defineClass() throws {
        let index = try reader.readClassDefinition()
        let definition = reader.definitions[index]
        var positions: [String: Int] = [:]
        for (position, key) in definition.keys.enumerated() {
            guard key != TypedTree.classKey, key != TypedTree.aliasKey, positions.updateValue(position, forKey: key) == nil else {
                throw FastStreamFallback(reason: "a reserved or repeated key in class \(definition.className)")
            }
        }
        classes.append(InputIndex.ClassInfo(name: definition.className, keys: definition.keys, positions: positions))
    }

    private mutating func readObject(_ tag: FastTag, depth: Int) throws -> Int32 {
        let classIndex = try reader.readObjectClassIndex(tag)
        let keyCount = reader.keyCount(ofClass: classIndex)
        _ = reader.reserveObjectSlot()
        let slot = slots.count
        slots.append(InputIndex.absent)  // open: an alias to it now is a cycle
        let start = pendingCount
        for _ in 0..<keyCount { push(try readValue(depth: depth + 1) ?? InputIndex.absent) }
        let first = closeChildren(from: start)
        let node = append(.object, payload: UInt64(classIndex), first: first, count: keyCount)
        slots[slot] = node
        return node
    }
}
