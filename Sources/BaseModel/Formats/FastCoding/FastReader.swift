import Foundation

/// Reads FastCoding 3.3 bytes chunk by chunk: the pull side of ``FastWriter``.
///
/// The reader checks every read against the end of the input and keeps the cache bookkeeping
/// that the format needs: the class definitions, and the *number* of string-cache entries and
/// object-cache slots. Its caller (`FastIndex`, which builds the file's graph) keeps its own
/// table of the values, and reserves a slot with ``reserveObjectSlot()`` at the moment the
/// format caches one (see ``FastWriter`` for the timing rules), so that alias indices agree.
///
/// ```swift
/// var reader = try FastReader(data: bytes)
/// switch try reader.readTag() {
/// case .string: let text = try reader.readString()       // cached in the string cache
/// case .int8, .int16, .int32, .int64: let n = try reader.readInteger(tag)
/// …
/// }
/// ```
///
/// Every failure is a ``ModelError`` with format `fast` and the byte offset: input that ends
/// early (``ModelError/Reason/truncated``), an unknown tag, an alias or class index out of
/// range, a count larger than the remaining bytes could hold, invalid UTF-8
/// (``ModelError/Reason/malformed(_:)``), and, in safe mode, a tag that makes objects of named
/// classes (``ModelError/Reason/unsupported(_:)``). No allocation is sized by a count before
/// the count is checked against the remaining input.
struct FastReader: Sendable {
    /// The format name in errors: `fast`.
    static let format = "fast"

    /// A class definition: a class name and its keys.
    struct ClassDefinition: Sendable, Hashable {
        /// The class name.
        let className: String
        /// The keys, in the order of the values of every object of this definition.
        let keys: [String]
    }

    /// The header read from the first 20 bytes.
    let header: FastHeader
    /// Whether tags that create objects of named classes are refused (see
    /// ``FastTag/isUnsafe``).
    let safe: Bool
    /// The offset of the next byte to read.
    private(set) var offset = FastHeader.size
    /// The number of object-cache slots reserved so far.
    private(set) var objectCount = 0
    /// The class definitions read so far, by class index.
    private(set) var definitions: [ClassDefinition] = []
    /// The number of string-cache entries (strings and URLs) so far.
    private(set) var stringCount = 0
    private let bytes: [UInt8]

    /// Reads the header of `data` and positions the reader at the root chunk.
    ///
    /// - Parameter safe: Refuse ``FastTag/nil``, class definitions, objects, NSCoded objects and
    ///   keyed archives, as FastCoding's `propertyListWithData:` does for untrusted input.
    /// - Throws: ``ModelError`` as ``FastHeader/init(reading:)``.
    init(data: Data, safe: Bool = false) throws(ModelError) {
        self.bytes = [UInt8](data)
        self.header = try FastHeader(reading: bytes)
        self.safe = safe
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// How many bytes are left.
    var remaining: Int { bytes.count - offset }

    // MARK: - Tags and scalars

    /// Reads a chunk's tag.
    ///
    /// - Throws: ``ModelError`` at the end of the input, for a byte that is no tag, and in safe
    ///   mode for an unsafe tag.
    @inline(__always)
    mutating func readTag() throws(ModelError) -> FastTag {
        let start = offset
        let byte = try readByte()
        guard let tag = FastTag(rawValue: byte) else { throw unknownTag(byte, at: start) }
        if safe, tag.isUnsafe { throw unsafeTag(tag, at: start) }
        return tag
    }

    /// The error of a byte that is no tag (out of line, as the errors below: they spell messages).
    @inline(never)
    private func unknownTag(_ byte: UInt8, at start: Int) -> ModelError {
        failure(.malformed("unknown type tag \(byte)"), at: start)
    }

    /// The error of a tag that safe mode refuses.
    @inline(never)
    private func unsafeTag(_ tag: FastTag, at start: Int) -> ModelError {
        failure(.unsupported("a \(tag) chunk, which safe mode does not read (it would create an object of a named class)"), at: start)
    }

    /// Reads the payload of an integer chunk (``FastTag/int8`` … ``FastTag/int64``).
    ///
    /// - Throws: ``ModelError`` at the end of the input, or for another tag.
    @inline(__always)
    mutating func readInteger(_ tag: FastTag) throws(ModelError) -> Int64 {
        switch tag {
        case .int8: Int64(Int8(bitPattern: try readByte()))
        case .int16: Int64(Int16(bitPattern: try readAligned(UInt16.self)))
        case .int32: Int64(Int32(bitPattern: try readAligned(UInt32.self)))
        case .int64: Int64(bitPattern: try readAligned(UInt64.self))
        default: throw notAnIntegerTag(tag)
        }
    }

    /// The error of a tag that carries no integer.
    @inline(never)
    private func notAnIntegerTag(_ tag: FastTag) -> ModelError {
        failure(.malformed("\(tag) is not an integer tag"), at: offset)
    }

    /// Reads an aligned `Float32` payload.
    mutating func readFloat32() throws(ModelError) -> Float { Float(bitPattern: try readAligned(UInt32.self)) }

    /// Reads an aligned `Float64` payload (floats, dates).
    mutating func readFloat64() throws(ModelError) -> Double { Double(bitPattern: try readAligned(UInt64.self)) }

    /// Reads a decimal payload: 20 bytes aligned to 20.
    mutating func readDecimal() throws(ModelError) -> FastDecimal {
        try skipPadding(to: FastDecimal.size)
        try need(FastDecimal.size)
        let value = FastDecimal(bytes: Array(bytes[offset..<offset + FastDecimal.size]))!
        offset += FastDecimal.size
        return value
    }

    /// Reads the payload of a geometry chunk (``FastTag/point`` … ``FastTag/transform3D``).
    mutating func readGeometry(_ tag: FastTag) throws(ModelError) -> FastGeometry {
        if tag == .range {
            let location = try readAligned(UInt32.self)
            return .range(location: location, length: try readAligned(UInt32.self))
        }
        guard let count = FastGeometry.doubleCount(for: tag) else {
            throw failure(.malformed("\(tag) is not a geometry tag"), at: offset)
        }
        try skipPadding(to: 8)
        try need(count * 8)
        var values: [Double] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readFloat64()) }
        return FastGeometry.make(tag, values)!
    }

    // MARK: - Strings

    /// Reads a NUL-terminated UTF-8 string without caching it (class names and keys).
    ///
    /// - Throws: ``ModelError`` when no NUL follows or the bytes are not UTF-8.
    mutating func readRawString() throws(ModelError) -> String {
        let start = offset
        // Through a buffer pointer: `String(validating:as:)` on a slice is a generic call that
        // looks up two metadata per string.
        let text = bytes.withUnsafeBufferPointer { all -> String?? in
            guard start < all.count, let nul = memchr(all.baseAddress! + start, 0, all.count &- start) else { return nil }
            let content = UnsafeBufferPointer(
                start: all.baseAddress! + start, count: UnsafeRawPointer(nul) - UnsafeRawPointer(all.baseAddress! + start))
            return .some(JSONReader.validUTF8String(content))
        }
        guard let text else { throw failure(.truncated, at: start, excerpt: "a string without its NUL terminator") }
        guard let text else { throw failure(.malformed("a string that is not valid UTF-8"), at: start) }
        offset = start + text.utf8.count + 1
        return text
    }

    /// Reads the payload of a ``FastTag/string`` chunk and adds it to the string cache.
    mutating func readString() throws(ModelError) -> String {
        let text = try readRawString()
        stringCount &+= 1
        return text
    }

    /// Reads the index of a string alias (``FastTag/stringAlias8`` …): the number of a
    /// string-cache entry read before, counting from 0 (the caller keeps its own table of the
    /// entries and looks it up there).
    ///
    /// - Throws: ``ModelError`` for an index beyond the entries read so far.
    mutating func readStringAliasIndex(_ tag: FastTag) throws(ModelError) -> Int {
        let start = offset
        let index = try readIndex(tag, small: .stringAlias8, medium: .stringAlias16, large: .stringAlias32)
        guard index < stringCount else {
            throw failure(.malformed("string alias \(index) is out of range (\(stringCount) strings read)"), at: start)
        }
        return index
    }

    /// Adds a URL to the string cache, once its two children have been read.
    mutating func cacheURL() { stringCount &+= 1 }

    // MARK: - Counts, data, index sets

    /// Reads an aligned `UInt32` count of elements, each at least `minimumBytes` long, and checks
    /// that the rest of the input could hold them.
    ///
    /// - Throws: ``ModelError`` when the count is larger than the remaining bytes allow.
    @inline(__always)
    mutating func readCount(minimumBytes: Int = 1) throws(ModelError) -> Int {
        try skipPadding(to: 4)
        let start = offset
        let count = Int(try readAligned(UInt32.self))
        guard count <= remaining / max(minimumBytes, 1) else { throw countTooLarge(count, at: start) }
        return count
    }

    /// The error of a count the rest of the input cannot hold (out of line: it spells a message).
    @inline(never)
    private func countTooLarge(_ count: Int, at start: Int) -> ModelError {
        failure(.malformed("a count of \(count) larger than the \(remaining) bytes left could hold"), at: start)
    }

    /// Reads the payload of a ``FastTag/data`` or ``FastTag/mutableData`` chunk: the length, the
    /// bytes and the padding to 4.
    mutating func readData() throws(ModelError) -> Data {
        let start = offset
        let length = Int(try readAligned(UInt32.self))
        let padded = (length + 3) & ~3
        guard length <= remaining else {
            throw failure(.truncated, at: start, excerpt: "data of \(length) bytes")
        }
        let value = Data(bytes[offset..<offset + length])
        offset += length
        // The original reader required the padding too; a file cut inside it is truncated.
        try need(padded - length)
        offset += padded - length
        return value
    }

    /// Reads the ranges of an index-set chunk.
    mutating func readIndexRanges() throws(ModelError) -> [FastIndexRange] {
        let count = try readCount(minimumBytes: 8)
        var ranges: [FastIndexRange] = []
        ranges.reserveCapacity(count)
        for _ in 0..<count {
            let location = try readAligned(UInt32.self)
            ranges.append(FastIndexRange(location: location, length: try readAligned(UInt32.self)))
        }
        return ranges
    }

    // MARK: - Objects and caches

    /// Reserves the next object-cache slot; call it where the format caches a value.
    ///
    /// - Returns: The slot's index.
    mutating func reserveObjectSlot() -> Int {
        objectCount += 1
        return objectCount - 1
    }

    /// Reads the index of an object alias (``FastTag/objectAlias8`` …).
    ///
    /// - Throws: ``ModelError`` for an index of a slot not reserved yet.
    mutating func readObjectAlias(_ tag: FastTag) throws(ModelError) -> Int {
        let start = offset
        let index = try readIndex(tag, small: .objectAlias8, medium: .objectAlias16, large: .objectAlias32)
        guard index < objectCount else {
            throw failure(.malformed("object alias \(index) is out of range (\(objectCount) objects read)"), at: start)
        }
        return index
    }

    /// Reads the payload of a ``FastTag/classDefinition`` chunk and stores the definition.
    ///
    /// - Returns: The definition's class index.
    mutating func readClassDefinition() throws(ModelError) -> Int {
        let className = try readRawString()
        let count = try readCount(minimumBytes: 1)
        var keys: [String] = []
        keys.reserveCapacity(count)
        for _ in 0..<count { keys.append(try readRawString()) }
        definitions.append(ClassDefinition(className: className, keys: keys))
        return definitions.count - 1
    }

    /// Reads the class index of an object chunk (``FastTag/object8`` …). The caller then
    /// reserves the object's slot (objects are cached before their values) and reads one value
    /// per key of the class (``keyCount(ofClass:)``).
    ///
    /// - Throws: ``ModelError`` for a class index beyond the definitions read so far.
    @inline(__always)
    mutating func readObjectClassIndex(_ tag: FastTag) throws(ModelError) -> Int {
        let start = offset
        let index = try readIndex(tag, small: .object8, medium: .object16, large: .object32)
        guard index < definitions.count else { throw classIndexOutOfRange(index, at: start) }
        return index
    }

    /// The error of an object whose class is not defined yet (out of line: it spells a message).
    @inline(never)
    private func classIndexOutOfRange(_ index: Int, at start: Int) -> ModelError {
        failure(.malformed("class index \(index) is out of range (\(definitions.count) classes defined)"), at: start)
    }

    /// How many keys (values per object) class `index` has.
    func keyCount(ofClass index: Int) -> Int { definitions[index].keys.count }

    // MARK: - Errors

    /// An error at `offset` (the current offset by default), with format `fast`.
    func failure(_ reason: ModelError.Reason, at offset: Int? = nil, path: ModelPath = .root, excerpt: String? = nil) -> ModelError {
        ModelError(reason, path: path, excerpt: excerpt, format: Self.format, offset: offset ?? self.offset)
    }

    // MARK: - Bytes

    private mutating func readIndex(_ tag: FastTag, small: FastTag, medium: FastTag, large: FastTag) throws(ModelError) -> Int {
        switch tag {
        case small: Int(try readByte())
        case medium: Int(try readAligned(UInt16.self))
        case large: Int(try readAligned(UInt32.self))
        default: throw failure(.malformed("\(tag) carries no \(small) index"), at: offset)
        }
    }

    @inline(__always)
    private mutating func readByte() throws(ModelError) -> UInt8 {
        try need(1)
        offset &+= 1
        return bytes[offset &- 1]
    }

    @inline(__always)
    private mutating func readAligned<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws(ModelError) -> T {
        let size = MemoryLayout<T>.size
        try skipPadding(to: size)
        try need(size)
        let start = offset
        let value = bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: T.self)) }
        offset &+= size
        return value
    }

    @inline(__always)
    private mutating func skipPadding(to alignment: Int) throws(ModelError) {
        let remainder = offset % alignment
        guard remainder != 0 else { return }
        try need(alignment &- remainder)
        offset &+= alignment &- remainder
    }

    @inline(__always)
    private func need(_ count: Int) throws(ModelError) {
        guard count <= bytes.count &- offset else { throw truncated() }
    }

    @inline(never)
    private func truncated() -> ModelError { failure(.truncated, at: offset) }
}
