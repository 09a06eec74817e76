import Foundation

/// The chunks of Foundation values and foreign objects: URLs, geometry values, index sets,
/// decimals, NSCoded objects and embedded keyed archives (see ``FastIndex`` for what each
/// becomes).
extension FastGraphBuilder {
    // MARK: - URLs

    /// A URL: its relative string, then its base (a URL) or nil; cached in the string cache
    /// after both. The node is its absolute string, of variant ``GraphVariant/url``.
    mutating func readURL(start: Int, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, start: start)
        let relativeStart = reader.offset
        let relative = try readValue(depth: depth &+ 1)
        guard let relative, nodes[Int(relative)].kind == .string, nodes[Int(relative)].variant != .url else {
            throw reader.failure(.malformed("a URL whose relative string is \(kindName(relative))"), at: relativeStart)
        }
        let baseStart = reader.offset
        var text = strings[nodes[Int(relative)].index]
        if let base = try readValue(depth: depth &+ 1) {
            guard nodes[Int(base)].kind == .string, nodes[Int(base)].variant == .url else {
                throw reader.failure(.malformed("a URL whose base is \(kindName(base))"), at: baseStart)
            }
            text = FastURL.resolve(text, against: strings[nodes[Int(base)].index])
        }
        let number = addString(text)
        cachedStrings.append(~number)
        reader.cacheURL()
        return append(.string, variant: .url, payload: UInt64(number))
    }

    // MARK: - Geometry, index sets, decimals

    /// A point, size, rect, range, vector or transform: a dictionary of its numbers (doubles, a
    /// range's integers), of variant ``GraphVariant/geometry``. Not cached.
    mutating func readGeometry(_ tag: FastTag, start: Int, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, start: start)
        let value = try reader.readGeometry(tag)
        let base = pendingCount
        if case .range(let location, let length) = value {
            push(keyNumber(ofString: Int(name("location"))))
            push(append(.integer, payload: UInt64(location)))
            push(keyNumber(ofString: Int(name("length"))))
            push(append(.integer, payload: UInt64(length)))
        } else {
            for (key, number) in zip(value.keyNames, value.components) {
                push(keyNumber(ofString: Int(name(key))))
                push(append(.double, payload: number.bitPattern))
            }
        }
        let count = (pendingCount &- base) / 2
        let first = closeChildren(from: base)
        return append(.dictionary, variant: .geometry, first: first, count: count)
    }

    /// An index set: an array of its runs, each `{"location", "length"}`, of variant
    /// ``GraphVariant/indexSet``; cached once read.
    mutating func readIndexSet(mutable: Bool, start: Int, depth: Int) throws(ModelError) -> Int32 {
        // Its runs are dictionaries inside it.
        try checkDepth(depth &+ 1, start: start)
        let ranges = try reader.readIndexRanges()
        let base = pendingCount
        for range in ranges {
            let runBase = pendingCount
            push(keyNumber(ofString: Int(name("location"))))
            push(append(.integer, payload: UInt64(range.location)))
            push(keyNumber(ofString: Int(name("length"))))
            push(append(.integer, payload: UInt64(range.length)))
            let first = closeChildren(from: runBase)
            push(append(.dictionary, first: first, count: 2))
        }
        let first = closeChildren(from: base)
        return cache(append(.array, flags: mutable ? .mutable : [], variant: .indexSet, first: first, count: ranges.count))
    }

    /// A decimal number: an integer when whole and within 64 bits, otherwise the nearest double,
    /// of variant ``GraphVariant/decimal``. Not cached.
    mutating func readDecimal() throws(ModelError) -> Int32 {
        let value = try reader.readDecimal().modelValue
        switch value {
        case .integer(let number): return append(.integer, variant: .decimal, payload: UInt64(bitPattern: number))
        case .unsignedInteger(let number): return append(.unsignedInteger, variant: .decimal, payload: number)
        case .double(let number): return append(.double, variant: .decimal, payload: number.bitPattern)
        default: return append(.double, variant: .decimal, payload: Double.nan.bitPattern)
        }
    }

    // MARK: - Foreign objects

    /// An NSCoded object: its class name (a string), then (value, key) pairs up to a nil; an
    /// object of a class of its own keys in file order, of variant ``GraphVariant/codedObject``.
    /// Cached after its values.
    mutating func readCodedObject(start: Int, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, start: start)
        let nameStart = reader.offset
        let nameNode = try readValue(depth: depth &+ 1)
        guard let nameNode, Self.isPlainString(nodes[Int(nameNode)]) else {
            throw reader.failure(.malformed("an NSCoded object whose class name is not a string"), at: nameStart)
        }
        let className = strings[nodes[Int(nameNode)].index]
        var keys: [String] = []
        let base = pendingCount
        while true {
            // A value comes before its key: an error inside it is at the object.
            let value: Int32?
            do {
                value = try readValue(depth: depth &+ 1)
            } catch {
                throw Self.atContainer(error)
            }
            guard let value else { break }
            let keyStart = reader.offset
            let key: Int32?
            do {
                key = try readValue(depth: depth &+ 1)
            } catch {
                throw Self.atContainer(error)
            }
            guard let key, Self.isPlainString(nodes[Int(key)]) else {
                throw reader.failure(.malformed("an NSCoded object whose key is \(kindName(key)), not a string"), at: keyStart)
            }
            keys.append(strings[nodes[Int(key)].index])
            push(value)
        }
        let first = closeChildren(from: base)
        let node = append(.object, variant: .codedObject, payload: UInt64(otherClass(className, keys: keys)), first: first, count: keys.count)
        otherObjects.append(node)
        return cache(node)
    }

    /// Whether `node` is a string chunk's string (not a mutable string or a URL).
    private static func isPlainString(_ node: Node) -> Bool {
        node.kind == .string && node.flags.isEmpty && node.variant == .plain
    }

    /// The number among ``otherClasses`` of the class `name` with `keys`, added if new.
    private mutating func otherClass(_ name: String, keys: [String]) -> Int {
        let key = OtherClass(name: name, keys: keys)
        if let known = otherClassNumbers[key] { return known }
        var positions: [String: Int] = [:]
        for (position, key) in keys.enumerated() { positions[key] = position }
        otherClasses.append(InputIndex.ClassInfo(name: name, keys: keys, positions: positions))
        otherClassNumbers[key] = otherClasses.count - 1
        return otherClasses.count - 1
    }

    /// An embedded keyed archive: a data chunk (cached), read once with ``KeyedArchiveCodec``
    /// within what is left of this decode's limits, one level below the containers that hold it;
    /// its graph is grafted here, its root of variant ``GraphVariant/keyedArchive`` and cached.
    mutating func readKeyedArchive(start: Int, depth: Int) throws(ModelError) -> Int32 {
        let dataStart = reader.offset
        guard try reader.readTag() == .data else {
            throw reader.failure(.malformed("a keyed archive that is not followed by a data chunk"), at: dataStart)
        }
        let archive = try reader.readData()
        data.append(archive)
        _ = cache(append(.data, payload: UInt64(data.count &- 1)))
        let limits = DecodingLimits.current
        let values = limits.values(forInputOf: byteCount)
        let stringBytes = limits.stringBytes(forInputOf: byteCount)
        let tree: ModelValue
        do {
            tree = try DecodingLimits.decodeNested(
                depth: depth, values: (nodes.count, values), stringBytes: (archiveStringBytes, stringBytes), format: FastReader.format
            ) { () throws(ModelError) -> ModelValue in
                try KeyedArchiveCodec().decodeTree(from: archive)
            }
        } catch {
            var wrapped = error
            wrapped.format = .fast
            if wrapped.offset == nil || error.format != .fast { wrapped.offset = start }
            throw wrapped
        }
        var graft = FastArchiveGraft(root: tree)
        let root = try graft.node(of: tree, into: &self)
        nodes[Int(root)].variant = .keyedArchive
        guard nodes.count <= values else { throw reader.failure(DecodingLimits.valuesExceeded(values), at: start) }
        archiveStringBytes += tree.stringByteCount
        guard archiveStringBytes <= stringBytes else {
            throw reader.failure(DecodingLimits.stringBytesExceeded(stringBytes), at: start)
        }
        archiveBytes += archive.count
        return cache(root)
    }
}
