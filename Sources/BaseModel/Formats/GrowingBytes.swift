import Foundation

/// An output buffer for the byte writers: appends without the uniqueness and capacity checks of
/// `[UInt8]`'s generic `append(contentsOf:)`, which cost more than the copy itself for the short
/// runs a writer appends (a key, a number, a string between escapes).
///
/// Not copyable: it owns its storage (a copy would share it), and a struct, so appending to
/// one held in a class costs no retain of it. Appends grow the storage by doubling;
/// ``reserve(_:)`` then ``appendUnchecked(_:)`` lets a caller that knows its size check once for
/// several bytes.
struct GrowingBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    // MARK: Appending

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if _slowPath(capacity &- count < extra) { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var newCapacity = capacity &* 2
        while newCapacity < needed { newCapacity &*= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        appendUnchecked(byte)
    }

    /// Appends one byte into room made by ``reserve(_:)``.
    @inline(__always)
    mutating func appendUnchecked(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    /// Appends `count` bytes from `start`.
    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        appendUnchecked(start, count: length)
    }

    /// Appends `count` bytes from `start` into room made by ``reserve(_:)``.
    @inline(__always)
    mutating func appendUnchecked(_ start: UnsafePointer<UInt8>, count length: Int) {
        (base + count).update(from: start, count: length)
        count &+= length
    }

    /// Appends the bytes of `buffer`.
    @inline(__always)
    mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        append(start, count: buffer.count)
    }

    /// Appends the bytes of `bytes`.
    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if copied == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// Appends `byte` `count` times.
    @inline(__always)
    mutating func append(_ byte: UInt8, repeated length: Int) {
        reserve(length)
        (base + count).update(repeating: byte, count: length)
        count &+= length
    }

    // MARK: Reading and taking back

    /// The byte at `offset`, which must be below ``count``.
    subscript(offset: Int) -> UInt8 {
        get {
            precondition(offset >= 0 && offset < count)
            return base[offset]
        }
        set {
            precondition(offset >= 0 && offset < count)
            base[offset] = newValue
        }
    }

    /// Reverses the bytes from `start` to the end.
    func reverseTail(from start: Int) {
        var tail = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        tail.reverse()
    }

    /// Forgets the bytes from `start` on.
    mutating func removeTail(from start: Int) {
        precondition(start >= 0 && start <= count)
        count = start
    }

    /// A copy of the bytes from `start` to the end.
    func bytes(from start: Int = 0) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// A copy of every byte as `Data`.
    var data: Data {
        Data(bytes: base, count: count)
    }
}
