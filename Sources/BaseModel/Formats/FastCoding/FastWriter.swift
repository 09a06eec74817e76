import Foundation

/// Writes FastCoding 3.3 bytes, one chunk at a time, keeping the three caches as the original
/// writer did, so that FastCoding's reader (and ``FastReader``) find every alias.
///
/// The writer is a streaming API: a caller walks its own values (``FastTapeReplay`` replays
/// what a model, a tree or a graph wrote to a ``FastModelWriter``) and calls one method per value. Containers and
/// objects are opened, filled with further calls, and (for collections) closed:
///
/// ```swift
/// var writer = FastWriter()
/// let list = try writer.beginCollection(.dictionary, mutable: false, count: 1)
/// writer.writeInteger(1)          // the value …
/// try writer.writeString("a")     // … then its key
/// writer.endCollection(list)
/// let bytes = writer.finish()     // the 32 bytes of {"a": 1}
/// ```
///
/// ## Cache timing (FastCoding §5.4), which the reader must mirror
///
/// - Mutable collections, mutable index sets and objects enter the object cache *before* their
///   children (``beginCollection(_:mutable:count:)`` and ``beginObject(className:keys:reuse:)``
///   return their index), so a child can alias an ancestor: cycles work through them.
/// - Immutable collections and index sets, NSCoded objects and keyed archives enter it *after*
///   their children (``endCollection(_:count:)`` and ``endCodedObject()`` return the index).
/// - Data, dates and mutable strings enter it when written.
/// - Immutable strings are deduplicated by value in the string cache (a repeat becomes a string
///   alias); URLs enter the string cache after their two children.
/// - Numbers, null, booleans, decimals and geometry values are never cached. (The original
///   cached geometry values on write but not on read; not caching them keeps the files readable
///   by the original reader.)
///
/// Every multi-byte field is aligned to its size from the start of the file, decimals to 20.
/// Integers take the smallest width that holds them; 0 and 1 are ``FastTag/zero`` and
/// ``FastTag/one``, kept apart from the booleans. Integers above `Int64.max`, which the original
/// could not write, are stored as decimal numbers (see ``writeUnsignedInteger(_:)``).
///
/// Complexity: each call is O(size of what it writes), plus one hash lookup for strings, URLs
/// and class definitions.
struct FastWriter: ~Copyable {
    /// What a collection chunk holds; the tag follows from the kind and mutability.
    enum CollectionKind: Sendable, Hashable {
        /// An array (count elements).
        case array
        /// A set (count elements).
        case set
        /// An ordered set (count elements).
        case orderedSet
        /// A dictionary (count value-key pairs).
        case dictionary
    }

    /// An open collection: pass it back to ``endCollection(_:count:)``.
    struct CollectionMark: Sendable {
        /// The collection's object-cache index when it is mutable (cached before its children).
        let objectIndex: Int?
        let countOffset: Int
        let mutable: Bool
    }

    /// How ``beginObject(className:keys:reuse:)`` treats an earlier definition of the class.
    enum DefinitionReuse: Sendable, Hashable {
        /// Reuse it when it lists every given key (the object's missing keys are then written as
        /// ``FastTag/nil``); otherwise emit a wider definition (``widened(_:with:)``). This is
        /// FastCoding's rule for `$class` dictionaries, except where the new keys go: the
        /// original appended them; here each goes where the object has it, so that the next
        /// objects of a model, which leave out their nil optionals, fit the definition in order
        /// (the original's readers read the keys from the definition, so they read either).
        case widening
        /// Reuse it only when its keys are exactly the given keys, in order; otherwise emit a new
        /// definition. Used to rewrite documents byte for byte.
        case exact
    }

    /// An object just begun: write one value per key of ``keys``, in order.
    struct ObjectStart: Sendable, Hashable {
        /// The object's object-cache index (objects are cached before their values).
        let objectIndex: Int
        /// The index of the class definition used.
        let classIndex: Int
        /// The keys of that definition: the values to write next, in this order.
        let keys: [String]
        /// Whether this call wrote a new class definition.
        let wroteDefinition: Bool
    }

    private struct Definition: Sendable {
        let index: Int
        let keys: [String]
        /// The keys as a set, for classes with more keys than a linear search suits.
        let keySet: Set<String>?

        init(index: Int, keys: [String]) {
            self.index = index
            self.keys = keys
            keySet = keys.count > 16 ? Set(keys) : nil
        }
    }

    /// The bytes so far, header included (its counts are filled in by ``finish()``).
    private var bytes: GrowingBytes
    /// The number of object-cache entries so far.
    private(set) var objectCount = 0
    /// The number of class definitions so far.
    private(set) var classCount = 0
    /// The string cache's strings, by their bytes, and its URLs: numbered together.
    private var strings = ExactStringTable()
    private var urls: [FastURL: Int] = [:]
    /// The number of string-cache entries (strings and URLs) so far.
    private(set) var stringCount = 0
    private var definitions: [String: Definition] = [:]

    /// Creates a writer whose buffer starts with a version 3.3 header.
    ///
    /// - Parameter capacity: Bytes to reserve up front (a hint).
    init(capacity: Int = 256) {
        bytes = GrowingBytes(capacity: max(capacity, FastHeader.size))
        bytes.append(contentsOf: FastHeader().bytes)
    }

    /// Makes room in the string cache for `count` strings, so that it does not grow while written.
    mutating func reserveStrings(_ count: Int) { strings.reserveCapacity(count) }

    /// The finished file: the bytes with the header's counts filled in (in place: a copy of the
    /// buffer to change its first bytes would cost as much as the file).
    mutating func finish() -> Data {
        let header = FastHeader(objectCount: UInt32(clamping: objectCount), classCount: UInt32(clamping: classCount), stringCount: UInt32(clamping: stringCount))
        for (offset, byte) in header.bytes.enumerated() { bytes[offset] = byte }
        return bytes.data
    }

    // MARK: - Scalars

    /// Writes ``FastTag/nil``: an absent property value, or the end of an NSCoded object.
    mutating func writeNil() { bytes.append(FastTag.nil.rawValue) }

    /// Writes ``FastTag/null`` (`NSNull`).
    mutating func writeNull() { bytes.append(FastTag.null.rawValue) }

    /// Writes a boolean as ``FastTag/true`` or ``FastTag/false``.
    mutating func writeBool(_ value: Bool) { bytes.append(value ? FastTag.true.rawValue : FastTag.false.rawValue) }

    /// Writes an integer in the smallest chunk that holds it: ``FastTag/zero``, ``FastTag/one``,
    /// then Int8, Int16, Int32 or Int64 (aligned to its size).
    mutating func writeInteger(_ value: Int64) {
        switch value {
        case 0: bytes.append(FastTag.zero.rawValue)
        case 1: bytes.append(FastTag.one.rawValue)
        case Int64(Int8.min)...Int64(Int8.max):
            bytes.append(FastTag.int8.rawValue)
            bytes.append(UInt8(bitPattern: Int8(value)))
        case Int64(Int16.min)...Int64(Int16.max):
            appendTagged(FastTag.int16.rawValue, UInt16(bitPattern: Int16(value)))
        case Int64(Int32.min)...Int64(Int32.max):
            appendTagged(FastTag.int32.rawValue, UInt32(bitPattern: Int32(value)))
        default:
            appendTagged(FastTag.int64.rawValue, UInt64(bitPattern: value))
        }
    }

    /// Writes an unsigned integer: as ``writeInteger(_:)`` up to `Int64.max`; above it, as a
    /// ``FastTag/decimalNumber`` holding the exact value.
    ///
    /// FastCoding 3.3 wrote no bytes at all for these numbers (their `CFNumber` type matched no
    /// case), which corrupted the rest of the stream. A decimal keeps the value exactly, and the
    /// original reader reads it as an `NSDecimalNumber` of that value.
    mutating func writeUnsignedInteger(_ value: UInt64) {
        if value <= UInt64(Int64.max) { writeInteger(Int64(value)) } else { writeDecimal(FastDecimal(value)) }
    }

    /// Writes a ``FastTag/float32``.
    mutating func writeFloat(_ value: Float) {
        appendTagged(FastTag.float32.rawValue, value.bitPattern)
    }

    /// Writes a ``FastTag/float64``.
    mutating func writeDouble(_ value: Double) {
        appendTagged(FastTag.float64.rawValue, value.bitPattern)
    }

    /// Writes a ``FastTag/decimalNumber``: its 20 bytes, aligned to 20. Not cached.
    mutating func writeDecimal(_ value: FastDecimal) {
        bytes.append(FastTag.decimalNumber.rawValue)
        pad(to: FastDecimal.size)
        bytes.append(contentsOf: value.bytes)
    }

    /// Writes a geometry value (point, size, rect, range, vector, transform). Not cached.
    ///
    /// - Throws: ``ModelError`` when a transform has the wrong number of values.
    mutating func writeGeometry(_ value: FastGeometry) throws(ModelError) {
        bytes.append(value.tag.rawValue)
        if case .range(let location, let length) = value {
            appendAligned(location)
            appendAligned(length)
            return
        }
        let values = value.components
        guard values.count == FastGeometry.doubleCount(for: value.tag) else {
            throw failure(.invalidValue("a \(value.tag) needs \(FastGeometry.doubleCount(for: value.tag) ?? 0) values, not \(values.count)"))
        }
        for component in values { appendAligned(component.bitPattern) }
    }

    // MARK: - Strings, data, dates

    /// Writes an immutable string: a ``FastTag/string`` chunk the first time this exact string
    /// (by UTF-8 bytes) is written, a string alias afterwards.
    ///
    /// - Throws: ``ModelError`` for a string holding a NUL character, which the format's
    ///   NUL-terminated strings cannot hold (the original silently cut the string there).
    mutating func writeString(_ value: String) throws(ModelError) {
        // The bytes are reached once, for the hash and the copy: each access to a borrowed
        // string's bytes retains and releases its storage.
        var text = value
        let written = text.withUTF8 { utf8 in
            // One lookup that also inserts: a new string takes the next index, and is taken out
            // again if it cannot be written.
            if let index = strings.number(of: value, hash: ByteHash.hash(UnsafeRawBufferPointer(utf8)), orAdd: stringCount) {
                writeIndex(index, tags: (.stringAlias8, .stringAlias16, .stringAlias32))
                return true
            }
            guard appendCString(utf8, tag: .string) else {
                strings.removeLast()
                return false
            }
            stringCount += 1
            return true
        }
        if !written { throw nulFailure(value) }
    }

    /// Writes a mutable string (``FastTag/mutableString``), cached in the object cache.
    ///
    /// - Returns: Its object-cache index.
    /// - Throws: ``ModelError`` for a string holding a NUL character.
    @discardableResult
    mutating func writeMutableString(_ value: String) throws(ModelError) -> Int {
        bytes.append(FastTag.mutableString.rawValue)
        try appendCString(value)
        return cacheObject()
    }

    /// Writes bytes (``FastTag/data`` or ``FastTag/mutableData``), padded to 4, cached.
    ///
    /// - Returns: Its object-cache index.
    /// - Throws: ``ModelError`` for data longer than `UInt32.max` bytes.
    @discardableResult
    mutating func writeData(_ value: Data, mutable: Bool = false) throws(ModelError) -> Int {
        guard let length = UInt32(exactly: value.count) else { throw failure(.unsupported("data longer than 4 GiB")) }
        bytes.append(mutable ? FastTag.mutableData.rawValue : FastTag.data.rawValue)
        appendAligned(length)
        bytes.append(contentsOf: value)
        pad(to: 4)
        return cacheObject()
    }

    /// Writes a ``FastTag/date``: seconds since 2001-01-01 as an aligned `Float64`, cached.
    ///
    /// - Returns: Its object-cache index.
    @discardableResult
    mutating func writeDate(_ value: Date) -> Int {
        writeDate(sinceReferenceDate: value.timeIntervalSinceReferenceDate)
    }

    /// Writes a ``FastTag/date`` from its stored seconds since 2001-01-01, cached.
    ///
    /// - Returns: Its object-cache index.
    @discardableResult
    mutating func writeDate(sinceReferenceDate seconds: Double) -> Int {
        appendTagged(FastTag.date.rawValue, seconds.bitPattern)
        return cacheObject()
    }

    /// Writes a ``FastTag/legacyDate`` (seconds since 1970), cached. FastCoding 3.3 only reads
    /// this tag; it exists here to rewrite older files byte for byte.
    ///
    /// - Returns: Its object-cache index.
    @discardableResult
    mutating func writeLegacyDate(since1970 seconds: Double) -> Int {
        appendTagged(FastTag.legacyDate.rawValue, seconds.bitPattern)
        return cacheObject()
    }

    // MARK: - Collections

    /// Opens a collection of `count` elements (pairs, for a dictionary). Write the elements
    /// next (a dictionary's value before its key), then call ``endCollection(_:count:)``.
    ///
    /// A mutable collection is cached now, so its children may alias it (a cycle).
    ///
    /// - Parameter count: The element count, or an estimate to correct in
    ///   ``endCollection(_:count:)``.
    /// - Throws: ``ModelError`` for a count above `UInt32.max`.
    mutating func beginCollection(_ kind: CollectionKind, mutable: Bool, count: Int) throws(ModelError) -> CollectionMark {
        guard let stored = UInt32(exactly: count) else { throw failure(.unsupported("a collection of \(count) elements")) }
        let tag: FastTag = switch (kind, mutable) {
        case (.array, false): .array
        case (.array, true): .mutableArray
        case (.set, false): .set
        case (.set, true): .mutableSet
        case (.orderedSet, false): .orderedSet
        case (.orderedSet, true): .mutableOrderedSet
        case (.dictionary, false): .dictionary
        case (.dictionary, true): .mutableDictionary
        }
        let index = mutable ? cacheObject() : nil
        appendTagged(tag.rawValue, stored)
        return CollectionMark(objectIndex: index, countOffset: bytes.count - 4, mutable: mutable)
    }

    /// Closes a collection; an immutable one is cached now, after its children.
    ///
    /// - Parameter count: The real element count when it differs from the one given to
    ///   ``beginCollection(_:mutable:count:)``; the stored count is patched.
    /// - Returns: The collection's object-cache index.
    @discardableResult
    mutating func endCollection(_ mark: CollectionMark, count: Int? = nil) -> Int {
        if let count {
            let stored = UInt32(clamping: count)
            for shift in 0..<4 { bytes[mark.countOffset + shift] = UInt8(truncatingIfNeeded: stored >> (8 * shift)) }
        }
        // Not `mark.objectIndex ?? cacheObject()`: a mutating autoclosure copies the buffer.
        if let index = mark.objectIndex { return index }
        return cacheObject()
    }

    /// Writes an index set (ranges of indexes), cached: before its ranges when mutable, after
    /// them otherwise (the same slot either way, as it has no children).
    ///
    /// - Returns: Its object-cache index.
    /// - Throws: ``ModelError`` for more than `UInt32.max` ranges.
    @discardableResult
    mutating func writeIndexSet(_ ranges: [FastIndexRange], mutable: Bool) throws(ModelError) -> Int {
        guard let count = UInt32(exactly: ranges.count) else { throw failure(.unsupported("an index set of \(ranges.count) ranges")) }
        bytes.append(mutable ? FastTag.mutableIndexSet.rawValue : FastTag.indexSet.rawValue)
        appendAligned(count)
        for range in ranges {
            appendAligned(range.location)
            appendAligned(range.length)
        }
        return cacheObject()
    }

    // MARK: - Objects

    /// Begins an object of class `className`: writes its class definition when the class has
    /// none yet (or, per `reuse`, none that fits), then the ``FastTag/object8`` /
    /// ``FastTag/object16`` / ``FastTag/object32`` chunk head. The object is cached now,
    /// before its values, so they may alias it. Write one value per key of the returned
    /// ``ObjectStart/keys`` next, ``writeNil()`` for a missing one.
    ///
    /// A model writer that always passes the same keys for a type gets one definition per type.
    ///
    /// - Throws: ``ModelError`` for a class or key name holding a NUL character or a key count
    ///   above `UInt32.max`.
    mutating func beginObject(className: String, keys: [String], reuse: DefinitionReuse = .widening) throws(ModelError) -> ObjectStart {
        var definition = definitions[className]
        var wrote = false
        if let existing = definition {
            switch reuse {
            case .exact where existing.keys != keys:
                definition = nil
            case .widening where existing.keys != keys:
                // Most models have a few keys: a linear search beats hashing them per object.
                let extra = keys.filter { key in !(existing.keySet?.contains(key) ?? existing.keys.contains(key)) }
                if !extra.isEmpty { definition = try writeDefinition(className, keys: Self.widened(existing.keys, with: keys)) ; wrote = true }
            default:
                break
            }
        }
        if definition == nil {
            definition = try writeDefinition(className, keys: keys)
            wrote = true
        }
        let used = definition!
        let objectIndex = cacheObject()
        writeIndex(used.index, tags: (.object8, .object16, .object32))
        return ObjectStart(objectIndex: objectIndex, classIndex: used.index, keys: used.keys, wroteDefinition: wrote)
    }

    /// Begins an object of the class whose current definition is `classIndex` (an earlier
    /// ``ObjectStart/classIndex``) when the object's keys are exactly that definition's keys:
    /// the bytes ``beginObject(className:keys:reuse:)`` writes then, without comparing the keys.
    ///
    /// - Returns: The object's object-cache index.
    mutating func beginObject(ofDefinition classIndex: Int) -> Int {
        let objectIndex = cacheObject()
        writeIndex(classIndex, tags: (.object8, .object16, .object32))
        return objectIndex
    }

    /// The keys of a definition widened by an object's `keys`: `existing` in its order, with each
    /// new key placed where the object has it, so that later objects written in the same order (a
    /// model's, which leaves out its nil optionals) fit the definition key for key. A gap where
    /// both lists have keys the other lacks takes the existing ones first.
    ///
    /// Linear in the keys: each is found by hashing, not by a search, so a `$class` dictionary
    /// of many keys (which a converted file may hold) cannot make a write quadratic.
    static func widened(_ existing: [String], with keys: [String]) -> [String] {
        let positions = Dictionary(zip(existing, existing.indices), uniquingKeysWith: { first, _ in first })
        var result: [String] = []
        result.reserveCapacity(existing.count + keys.count)
        var next = 0
        var pending: [String] = []
        for key in keys {
            guard let position = positions[key] else {
                pending.append(key)
                continue
            }
            // A key the definition has before the last one placed is out of order: already in.
            guard position >= next else { continue }
            result.append(contentsOf: existing[next..<position])
            result.append(contentsOf: pending)
            pending.removeAll()
            result.append(key)
            next = position + 1
        }
        result.append(contentsOf: existing[next...])
        result.append(contentsOf: pending)
        return result
    }

    private mutating func writeDefinition(_ className: String, keys: [String]) throws(ModelError) -> Definition {
        guard let count = UInt32(exactly: keys.count) else { throw failure(.unsupported("a class with \(keys.count) keys")) }
        bytes.append(FastTag.classDefinition.rawValue)
        try appendCString(className)
        appendAligned(count)
        for key in keys { try appendCString(key) }
        let definition = Definition(index: classCount, keys: keys)
        classCount += 1
        definitions[className] = definition
        return definition
    }

    /// Writes an alias to the object-cache entry `index` (one, two or four bytes, by size).
    ///
    /// - Throws: ``ModelError`` when no object has that index yet.
    mutating func writeObjectAlias(_ index: Int) throws(ModelError) {
        guard index >= 0, index < objectCount else {
            throw failure(.invalidValue("object alias \(index) is out of range (\(objectCount) objects written)"))
        }
        writeIndex(index, tags: (.objectAlias8, .objectAlias16, .objectAlias32))
    }

    /// Begins an NSCoded object (``FastTag/codedObject``). Write its class name (a string),
    /// then (value, key) pairs, then call ``endCodedObject()``.
    mutating func beginCodedObject() { bytes.append(FastTag.codedObject.rawValue) }

    /// Ends an NSCoded object with ``FastTag/nil`` and caches it, after its children.
    ///
    /// - Returns: Its object-cache index.
    @discardableResult
    mutating func endCodedObject() -> Int {
        writeNil()
        return cacheObject()
    }

    /// Writes an object stored as an NSKeyedArchiver archive: ``FastTag/keyedArchive``, then the
    /// archive as a ``FastTag/data`` chunk (cached when written), then the object is cached.
    ///
    /// - Returns: The object's object-cache index (the data's is one less).
    /// - Throws: ``ModelError`` for an archive longer than `UInt32.max` bytes.
    @discardableResult
    mutating func writeKeyedArchive(_ archive: Data) throws(ModelError) -> Int {
        bytes.append(FastTag.keyedArchive.rawValue)
        try writeData(archive)
        return cacheObject()
    }

    // MARK: - URLs

    /// Writes a string alias for `url` when an equal URL was written before.
    ///
    /// - Returns: Whether it did; when not, write the URL with ``beginURL()``, its relative
    ///   string, its base (a URL or ``writeNil()``) and ``endURL(_:)``.
    mutating func writeURLAlias(_ url: FastURL) -> Bool {
        guard let index = urls[url] else { return false }
        writeIndex(index, tags: (.stringAlias8, .stringAlias16, .stringAlias32))
        return true
    }

    /// Writes the ``FastTag/url`` tag; its two children follow.
    mutating func beginURL() { bytes.append(FastTag.url.rawValue) }

    /// Adds the URL just written to the string cache, after its children.
    mutating func endURL(_ url: FastURL) {
        if urls[url] == nil {
            urls[url] = stringCount
            stringCount += 1
        }
    }

    /// Writes a whole URL: an alias when it was written before, otherwise the chunk with its
    /// relative string and base.
    ///
    /// - Throws: ``ModelError`` for strings holding NUL characters.
    mutating func writeURL(_ url: FastURL) throws(ModelError) {
        if writeURLAlias(url) { return }
        beginURL()
        try writeString(url.relative)
        if let base = url.base { try writeURL(base) } else { writeNil() }
        endURL(url)
    }

    // MARK: - Bytes

    private mutating func cacheObject() -> Int {
        objectCount += 1
        return objectCount - 1
    }

    private mutating func writeIndex(_ index: Int, tags: (FastTag, FastTag, FastTag)) {
        if index <= Int(UInt8.max) {
            bytes.append(tags.0.rawValue)
            bytes.append(UInt8(index))
        } else if index <= Int(UInt16.max) {
            appendTagged(tags.1.rawValue, UInt16(index))
        } else {
            appendTagged(tags.2.rawValue, UInt32(truncatingIfNeeded: index))
        }
    }

    private mutating func pad(to alignment: Int) {
        let remainder = bytes.count % alignment
        guard remainder != 0 else { return }
        bytes.append(0, repeated: alignment - remainder)
    }

    /// Appends `value` little-endian, after the zeros that align it to its size.
    private mutating func appendAligned<T: FixedWidthInteger & UnsignedInteger>(_ value: T) {
        appendPadded(prefix: nil, value)
    }

    /// Appends a tag byte, then `value` aligned to its size: one append for the three parts,
    /// which a number's chunk is.
    @inline(__always)
    private mutating func appendTagged<T: FixedWidthInteger & UnsignedInteger>(_ tag: UInt8, _ value: T) {
        appendPadded(prefix: tag, value)
    }

    @inline(__always)
    private mutating func appendPadded<T: FixedWidthInteger & UnsignedInteger>(prefix: UInt8?, _ value: T) {
        let size = MemoryLayout<T>.size
        let start = prefix == nil ? 0 : 1
        let padding = (size - (bytes.count + start) % size) % size
        // One check for room, then the parts without checks.
        bytes.reserve(start + padding + size)
        if let prefix { bytes.appendUnchecked(prefix) }
        for _ in 0..<padding { bytes.appendUnchecked(0) }
        withUnsafeBytes(of: value.littleEndian) { raw in
            bytes.appendUnchecked(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: size)
        }
    }

    private mutating func appendCString(_ value: String) throws(ModelError) {
        var text = value
        guard text.withUTF8({ appendCString($0) }) else { throw nulFailure(value) }
    }

    /// Appends `tag` (if any), the bytes of `utf8` and a NUL, in one copy once `memchr` has found
    /// no NUL among them; `false`, with nothing appended, when it has.
    private mutating func appendCString(_ utf8: UnsafeBufferPointer<UInt8>, tag: FastTag? = nil) -> Bool {
        if let base = utf8.baseAddress, memchr(base, 0, utf8.count) != nil { return false }
        if let tag { bytes.append(tag.rawValue) }
        bytes.append(contentsOf: utf8)
        bytes.append(0)
        return true
    }

    /// The error for `value`, a string with a NUL character.
    private func nulFailure(_ value: String) -> ModelError {
        failure(.unsupported("a string with a NUL character, which FastCoding's NUL-terminated strings cannot hold"), excerpt: ModelValue.string(value).excerpt)
    }

    private func failure(_ reason: ModelError.Reason, excerpt: String? = nil) -> ModelError {
        ModelError(reason, excerpt: excerpt, format: FastReader.format, offset: bytes.count)
    }
}
