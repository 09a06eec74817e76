import Foundation

/// Builds an ``InputIndex`` value by value, for the readers that make one as they parse
/// (property lists, the HR formats): scalars as they come, a container's node taken when it
/// opens (so a child may name it: a cycle) and its children moved into one run when it closes.
///
/// Dictionary keys are interned by their exact bytes (``addKey(_:)``): each distinct key is one
/// string, and a key met twice in one dictionary keeps its first place and takes the last value
/// (what a tree of ordered dictionaries does). An object is a dictionary closed with its class
/// name (``closeObject(className:)``); objects with the same name and keys share a
/// ``InputIndex/ClassInfo``.
///
/// Complexity: O(1) amortized per value; closing a dictionary of *n* entries costs O(*n*)
/// (O(*n*²) below 16 entries, where that is cheaper than a table).
struct GraphBuilder {
    typealias Node = InputIndex.Node
    typealias Kind = InputIndex.Kind

    private(set) var nodes: [Node] = []
    private(set) var children: [Int32] = []
    private(set) var strings: [String]
    private(set) var data: [Data]
    private(set) var classes: [InputIndex.ClassInfo] = []
    private var classNumbers: [ClassKey: Int] = [:]
    /// Children of the open containers, innermost last: elements, or (key, value) pairs.
    private var pending: [Int32] = []
    /// Per open container: its node and where its children start in ``pending``.
    private var frames: [(node: Int32, start: Int)] = []
    /// Interned keys by their bytes, and their string numbers in order.
    private var keyTable = ExactStringTable()
    private var internedKeys: [Int32] = []
    /// Key numbers given with the strings (``init(strings:data:keyNumbers:)``).
    private let givenKeyNumbers: [String: Int32]?

    private struct ClassKey: Hashable {
        let name: String
        let keys: [String]
    }

    /// An empty builder.
    init() {
        strings = []
        data = []
        givenKeyNumbers = nil
    }

    /// A builder whose string and data tables start as another index's, for a graph made from
    /// that index (its keys are then given by number, ``addKey(number:)``, and `keyNumbers` are
    /// that index's).
    init(strings: [String], data: [Data], keyNumbers: [String: Int32]?) {
        self.strings = strings
        self.data = data
        givenKeyNumbers = keyNumbers
    }

    /// How many nodes were made.
    var nodeCount: Int { nodes.count }

    /// How many containers are open.
    var depth: Int { frames.count }

    // MARK: Scalars

    mutating func append(_ kind: Kind, payload: UInt64 = 0, flags: GraphFlags = [], variant: GraphVariant = .plain) -> Int32 {
        nodes.append(Node(kind: kind, flags: flags, variant: variant, count: 0, first: 0, payload: payload))
        return Int32(truncatingIfNeeded: nodes.count - 1)
    }

    mutating func null() -> Int32 { append(.null) }
    mutating func bool(_ value: Bool) -> Int32 { append(.bool, payload: value ? 1 : 0) }

    /// An integer: ``InputIndex/Kind/integer`` up to `Int64.max`, else ``InputIndex/Kind/unsignedInteger``.
    mutating func unsigned(_ value: UInt64) -> Int32 {
        value <= UInt64(Int64.max) ? append(.integer, payload: value) : append(.unsignedInteger, payload: value)
    }

    mutating func integer(_ value: Int64) -> Int32 { append(.integer, payload: UInt64(bitPattern: value)) }
    mutating func double(_ value: Double, flags: GraphFlags = []) -> Int32 { append(.double, payload: value.bitPattern, flags: flags) }

    mutating func date(_ value: Date) -> Int32 {
        append(.date, payload: value.timeIntervalSinceReferenceDate.bitPattern)
    }

    mutating func string(_ text: String, flags: GraphFlags = [], variant: GraphVariant = .plain) -> Int32 {
        strings.append(text)
        return append(.string, payload: UInt64(strings.count - 1), flags: flags, variant: variant)
    }

    mutating func data(_ bytes: Data, flags: GraphFlags = []) -> Int32 {
        data.append(bytes)
        return append(.data, payload: UInt64(data.count - 1), flags: flags)
    }

    /// A copy of `node` of `index`, a scalar whose strings and data this builder shares
    /// (``init(strings:data:keyNumbers:)``).
    mutating func copyScalar(_ node: Node) -> Int32 {
        nodes.append(Node(kind: node.kind, flags: node.flags, variant: node.variant, count: 0, first: 0, payload: node.payload))
        return Int32(truncatingIfNeeded: nodes.count - 1)
    }

    /// The nodes of a tree: a plain graph of it (a `$class` or `$alias` key is a key like any
    /// other). The tree's depth is the caller's to bound (the parser that made it did).
    mutating func add(tree: ModelValue) -> Int32 {
        switch tree {
        case .null: return null()
        case .bool(let value): return bool(value)
        case .integer(let value): return integer(value)
        case .unsignedInteger(let value): return unsigned(value)
        case .double(let value): return double(value)
        case .string(let text): return string(text)
        case .data(let bytes): return data(bytes)
        case .date(let value): return date(value)
        case .array(let elements):
            let node = open(.array)
            for element in elements { add(add(tree: element)) }
            close()
            return node
        case .dictionary(let entries):
            let node = open(.dictionary)
            for (key, value) in entries {
                addKey(key)
                add(add(tree: value))
            }
            close()
            return node
        }
    }

    // MARK: Containers

    /// Opens an array, a dictionary or (closed by ``closeObject(className:)``) an object; its
    /// node is taken now.
    mutating func open(_ kind: Kind, flags: GraphFlags = [], variant: GraphVariant = .plain) -> Int32 {
        let node = append(kind, flags: flags, variant: variant)
        frames.append((node, pending.count))
        return node
    }

    /// Adds an element to the open array, or a value after its key to the open dictionary. A
    /// negative child is kept as it is (a placeholder the caller replaces, ``replaceChildren(_:)``).
    mutating func add(_ child: Int32) { pending.append(child) }

    /// Adds a key to the open dictionary, interned by its bytes.
    mutating func addKey(_ key: String) { pending.append(keyNumber(key)) }

    /// The string number of `key` as a dictionary key, interned by its bytes on first sight.
    mutating func keyNumber(_ key: String) -> Int32 {
        if let known = keyTable.number(of: key, orAdd: strings.count) { return Int32(truncatingIfNeeded: known) }
        strings.append(key)
        let number = Int32(truncatingIfNeeded: strings.count - 1)
        internedKeys.append(number)
        return number
    }

    /// Adds the key with string number `number` to the open dictionary.
    mutating func addKey(number: Int32) { pending.append(number) }

    /// Closes the open array or dictionary and gives its node.
    @discardableResult
    mutating func close() -> Int32 {
        let (node, start) = frames.removeLast()
        let first = children.count
        if nodes[Int(node)].kind == .dictionary {
            appendEntries(from: start)
        } else {
            children.append(contentsOf: pending[start...])
        }
        pending.removeSubrange(start...)
        finish(node, first: first, step: nodes[Int(node)].kind == .dictionary ? 2 : 1)
        return node
    }

    /// Closes the open dictionary as an object of class `className` (its keys become the class's).
    @discardableResult
    mutating func closeObject(className: String) -> Int32 {
        let (node, start) = frames.removeLast()
        var keys: [String] = []
        keys.reserveCapacity((pending.count - start) / 2)
        var position = start
        while position < pending.count {
            keys.append(strings[Int(pending[position])])
            position += 2
        }
        let key = ClassKey(name: className, keys: keys)
        let classIndex: Int
        if let known = classNumbers[key] {
            classIndex = known
        } else {
            var positions: [String: Int] = [:]
            for (offset, name) in keys.enumerated() where positions[name] == nil { positions[name] = offset }
            classes.append(InputIndex.ClassInfo(name: className, keys: keys, positions: positions))
            classIndex = classes.count - 1
            classNumbers[key] = classIndex
        }
        let first = children.count
        position = start + 1
        while position < pending.count {
            children.append(pending[position])
            position += 2
        }
        pending.removeSubrange(start...)
        nodes[Int(node)].kind = .object
        nodes[Int(node)].payload = UInt64(classIndex)
        nodes[Int(node)].first = Int32(truncatingIfNeeded: first)
        nodes[Int(node)].count = Int32(truncatingIfNeeded: keys.count)
        return node
    }

    private mutating func finish(_ node: Int32, first: Int, step: Int) {
        nodes[Int(node)].first = Int32(truncatingIfNeeded: first)
        nodes[Int(node)].count = Int32(truncatingIfNeeded: (children.count - first) / step)
    }

    /// Moves the (key, value) pairs from `start` on into ``children``: a key met again keeps its
    /// first place and takes the later value.
    private mutating func appendEntries(from start: Int) {
        let count = (pending.count - start) / 2
        let first = children.count
        if count <= 16 {
            for entry in 0..<count {
                let key = pending[start + 2 * entry], value = pending[start + 2 * entry + 1]
                var replaced = false
                var position = first
                while position < children.count {
                    if children[position] == key {
                        children[position + 1] = value
                        replaced = true
                        break
                    }
                    position += 2
                }
                if !replaced {
                    children.append(key)
                    children.append(value)
                }
            }
            return
        }
        var places: [Int32: Int] = [:]
        places.reserveCapacity(count)
        for entry in 0..<count {
            let key = pending[start + 2 * entry], value = pending[start + 2 * entry + 1]
            if let place = places[key] {
                children[place + 1] = value
            } else {
                places[key] = children.count
                children.append(key)
                children.append(value)
            }
        }
    }

    /// Adds `flags` to those of `node`.
    mutating func setFlags(_ flags: GraphFlags, of node: Int32) { nodes[Int(node)].flags.formUnion(flags) }

    /// Sets the variant of `node`.
    mutating func setVariant(_ variant: GraphVariant, of node: Int32) { nodes[Int(node)].variant = variant }

    /// Whether closed dictionary `node` holds only `CF$UID` with a non-negative integer: what
    /// CoreFoundation reads as a UID.
    func isUIDDictionary(_ node: Int32) -> Bool {
        let dictionary = nodes[Int(node)]
        guard dictionary.kind == .dictionary, dictionary.count == 1 else { return false }
        let first = Int(dictionary.first)
        let value = nodes[Int(children[first + 1])]
        return strings[Int(children[first])] == PropertyListObject.uidKey && value.kind == .integer && value.integer >= 0
    }

    // MARK: The index

    /// Replaces every child below `-1` (a placeholder) by `replacement(child)`.
    mutating func replaceChildren(_ replacement: (Int32) -> Int32) {
        for position in children.indices where children[position] < InputIndex.absent {
            children[position] = replacement(children[position])
        }
    }

    /// The index, its root `root`. Keys interned here are numbered for look-ups by number unless
    /// two of them differ in bytes only (canonically equivalent spellings, which Swift's
    /// `String` compares equal).
    func index(root: Int32) -> InputIndex {
        var keyNumbers = givenKeyNumbers
        if givenKeyNumbers == nil {
            var numbers: [String: Int32] = [:]
            numbers.reserveCapacity(internedKeys.count)
            for number in internedKeys { numbers[strings[Int(number)]] = number }
            keyNumbers = numbers.count == internedKeys.count ? numbers : nil
        }
        return InputIndex(
            nodes: nodes, children: children, strings: strings, data: data, classes: classes, root: root, keyNumbers: keyNumbers)
    }
}
