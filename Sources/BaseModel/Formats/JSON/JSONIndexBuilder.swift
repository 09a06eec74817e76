import Foundation

/// What ``JSONReader`` fills: the nodes, children and strings of an ``InputIndex``, the children
/// of the containers still open, and the table of interned keys.
///
/// Keys are interned by their bytes (after unescaping), so equal keys have equal string numbers
/// and a dictionary's keys are compared by number. Two rare cases need more, and cost nothing
/// when a document has none: a dictionary with a key twice keeps the last value at the first
/// key's place (``closeWithDuplicates(first:entries:)``), and keys that are not ASCII are also
/// compared as Swift strings, which treats canonically equivalent spellings (`"\u00e9"` and
/// `"e\u0301"`) as one key.
struct JSONIndexBuilder {
    typealias Node = InputIndex.Node

    var nodes: [Node] = []
    var children: [Int32] = []
    var strings: [String] = []
    /// Child node numbers of the open containers, innermost last: array elements, or
    /// (key string, value node) pairs of dictionaries.
    /// (Its first ``pendingCount`` entries: the array keeps its length, so closing a container
    /// is a copy and a new count, not a removal.)
    private(set) var pending: [Int32] = []
    private(set) var pendingCount = 0
    /// Per open container: where its children start in ``pending``, and whether it is a dictionary.
    var frames: [(pendingStart: Int, isObject: Bool)] = []

    /// Interned keys: an open-addressing table of key ordinals (−1 free), keyed by a hash of the
    /// key's bytes; per ordinal, the key's string number, its signature (length and first and
    /// last eight bytes, which are the whole key up to 16 bytes) and where its bytes are in
    /// ``keyBytes``.
    private var keyTable = [Int32](repeating: -1, count: 256)
    private var keyNumbers: [Int32] = []
    private var keySignatures: [KeySignature] = []
    private var keyOffsets: [Int] = []
    private var keyBytes: [UInt8] = []
    /// The string numbers of the interned keys that are not ASCII; empty in most documents.
    private var nonASCIIKeys: Set<Int32> = []

    /// A key's length and its first and last eight bytes (zero-padded below eight).
    struct KeySignature: Equatable {
        var length: Int
        var head: UInt64
        var tail: UInt64

        @inline(__always)
        init(_ bytes: UnsafeRawBufferPointer) {
            length = bytes.count
            if length >= 8 {
                head = bytes.loadUnaligned(as: UInt64.self)
                tail = bytes.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            } else {
                var word: UInt64 = 0
                for (offset, byte) in bytes.enumerated() { word |= UInt64(byte) &<< UInt64(offset &* 8) }
                head = word
                tail = 0
            }
        }

        /// Where to start looking in a table of `mask + 1` slots.
        @inline(__always)
        func slot(mask: Int) -> Int {
            var mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: length)
            mixed ^= mixed &>> 29
            return Int(truncatingIfNeeded: mixed &>> 7) & mask
        }
    }

    /// Per string number: the last dictionary (by ``closedDictionaries``) that held it as a key,
    /// for finding a key twice in one dictionary.
    private var lastDictionary: [UInt32] = []
    private var closedDictionaries: UInt32 = 0

    init(byteCount: Int) {
        nodes.reserveCapacity(byteCount / 8)
        children.reserveCapacity(byteCount / 8)
        pending.reserveCapacity(64)
    }

    /// The index of the document whose root is `root`.
    func index(root: Int32) -> InputIndex {
        InputIndex(nodes: nodes, children: children, strings: strings, data: [], classes: [], root: root, keyNumbers: keyNumbersByKey)
    }

    /// Every interned key's string number, by key; `nil` when two keys that are not the same
    /// bytes are equal as Swift strings (canonically equivalent spellings), which the decoder
    /// then finds by comparing strings.
    private var keyNumbersByKey: [String: Int32]? {
        guard !nonASCIIKeys.isEmpty else { return Dictionary(uniqueKeysWithValues: keyNumbers.map { (strings[Int($0)], $0) }) }
        var byKey: [String: Int32] = [:]
        byKey.reserveCapacity(keyNumbers.count)
        for number in keyNumbers where byKey.updateValue(number, forKey: strings[Int(number)]) != nil { return nil }
        return byKey
    }

    @inline(__always)
    mutating func append(_ kind: InputIndex.Kind, payload: UInt64 = 0, first: Int = 0, count: Int = 0) -> Int32 {
        nodes.append(Node(kind: kind, count: Int32(truncatingIfNeeded: count), first: Int32(truncatingIfNeeded: first), payload: payload))
        return Int32(truncatingIfNeeded: nodes.count &- 1)
    }

    @inline(__always)
    mutating func appendString(_ text: String) -> Int32 {
        strings.append(text)
        return append(.string, payload: UInt64(strings.count &- 1))
    }

    /// Adds a child to the innermost container.
    @inline(__always)
    mutating func push(_ node: Int32) {
        if pendingCount < pending.count { pending[pendingCount] = node } else { pending.append(node) }
        pendingCount &+= 1
    }

    /// Closes the innermost container: its children move to ``children`` in one run.
    @inline(__always)
    mutating func close() -> Int32 {
        let frame = frames.removeLast()
        let first = children.count
        let run = pendingCount &- frame.pendingStart
        if run > 0 {
            pending.withUnsafeBufferPointer { children.append(contentsOf: UnsafeBufferPointer(rebasing: $0[frame.pendingStart..<pendingCount])) }
            pendingCount = frame.pendingStart
        }
        if frame.isObject {
            if run > 2, !keysAreDistinct(first: first, entries: run &>> 1) { return closeWithDuplicates(first: first, entries: run &>> 1) }
            return append(.dictionary, first: first, count: run &>> 1)
        }
        return append(.array, first: first, count: run)
    }

    /// Whether the keys of the dictionary whose entries start at `first` in ``children`` are
    /// distinct: by string number (equal keys are interned once), and where a key is not ASCII,
    /// as Swift strings.
    @inline(__always)
    private mutating func keysAreDistinct(first: Int, entries: Int) -> Bool {
        if entries <= 8 {
            for later in 1..<entries {
                let key = children[first &+ 2 &* later]
                for earlier in 0..<later where children[first &+ 2 &* earlier] == key { return false }
            }
        } else {
            closedDictionaries &+= 1
            if lastDictionary.count < strings.count { lastDictionary.append(contentsOf: repeatElement(0, count: strings.count - lastDictionary.count)) }
            for entry in 0..<entries {
                let key = Int(children[first &+ 2 &* entry])
                if lastDictionary[key] == closedDictionaries { return false }
                lastDictionary[key] = closedDictionaries
            }
        }
        return nonASCIIKeys.isEmpty || stringsAreDistinct(first: first, entries: entries)
    }

    /// Whether the keys of a dictionary that may hold a key that is not ASCII are distinct as
    /// Swift strings (a key that is not ASCII may equal another spelled in other bytes).
    @inline(never)
    private func stringsAreDistinct(first: Int, entries: Int) -> Bool {
        let keys = (0..<entries).map { children[first &+ 2 &* $0] }
        guard keys.contains(where: nonASCIIKeys.contains) else { return true }
        return Set(keys.map { strings[Int($0)] }).count == entries
    }

    /// Closes a dictionary that holds a key more than once, as the tree of values holds it: the
    /// last value wins and the key keeps the place (and spelling) of its first occurrence. The
    /// values that lose stay in the index as nodes no container holds.
    @inline(never)
    private mutating func closeWithDuplicates(first: Int, entries: Int) -> Int32 {
        var places: [String: Int] = [:]
        var merged: [Int32] = []
        merged.reserveCapacity(2 * entries)
        for entry in 0..<entries {
            let key = children[first + 2 * entry]
            let value = children[first + 2 * entry + 1]
            if let place = places[strings[Int(key)]] {
                merged[2 * place + 1] = value
            } else {
                places[strings[Int(key)]] = merged.count / 2
                merged.append(key)
                merged.append(value)
            }
        }
        children.removeSubrange(first...)
        children.append(contentsOf: merged)
        return append(.dictionary, first: first, count: merged.count / 2)
    }

    /// The string number of the key with these bytes, interned on first sight. A key of up to
    /// 16 bytes is compared by its signature alone. `isASCII` must say whether every byte is
    /// below 0x80.
    @inline(__always)
    mutating func internKey(_ bytes: UnsafeRawBufferPointer, isASCII: Bool = true) -> Int32 {
        let signature = KeySignature(bytes)
        let mask = keyTable.count &- 1
        var slot = signature.slot(mask: mask)
        while true {
            let ordinal = Int(keyTable[slot])
            if ordinal < 0 { break }
            if keySignatures[ordinal] == signature, signature.length <= 16 || sameBytes(ordinal, bytes) {
                return keyNumbers[ordinal]
            }
            slot = (slot &+ 1) & mask
        }
        strings.append(String(decoding: bytes, as: UTF8.self))
        let number = Int32(truncatingIfNeeded: strings.count &- 1)
        keyTable[slot] = Int32(truncatingIfNeeded: keyNumbers.count)
        keyNumbers.append(number)
        keySignatures.append(signature)
        keyOffsets.append(keyBytes.count)
        keyBytes.append(contentsOf: bytes)
        if !isASCII { nonASCIIKeys.insert(number) }
        if keyNumbers.count &* 2 > keyTable.count { growKeyTable() }
        return number
    }

    /// Whether interned key `ordinal` has these bytes (its signature being equal).
    @inline(never)
    private func sameBytes(_ ordinal: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        keyBytes.withUnsafeBytes { memcmp($0.baseAddress! + keyOffsets[ordinal], bytes.baseAddress!, bytes.count) == 0 }
    }

    private mutating func growKeyTable() {
        var table = [Int32](repeating: -1, count: keyTable.count &* 2)
        let mask = table.count &- 1
        for ordinal in keyTable where ordinal >= 0 {
            var slot = keySignatures[Int(ordinal)].slot(mask: mask)
            while table[slot] >= 0 { slot = (slot &+ 1) & mask }
            table[slot] = ordinal
        }
        keyTable = table
    }

    // MARK: Errors

    /// The path of the value being read: per open container, the key whose value is being read
    /// or the position of the element; it stops at a dictionary between entries (an error at a
    /// key names the dictionary).
    func currentPath() -> ModelPath {
        var components: [ModelPath.Component] = []
        for (position, frame) in frames.enumerated() {
            let end = position + 1 < frames.count ? frames[position + 1].pendingStart : pendingCount
            let run = end - frame.pendingStart
            if frame.isObject {
                guard run & 1 == 1 else { break }
                components.append(.key(strings[Int(pending[end - 1])]))
            } else {
                components.append(.index(run))
            }
        }
        return ModelPath(components)
    }
}
