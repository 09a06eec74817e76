/// Numbers for `String` values found by the value's bits (its storage, or a small string's
/// bytes) instead of its text: a writer handed the same `String` again (a model's key, a type's
/// name) finds its number without hashing or comparing the text. Equal texts in different
/// storage are different entries here; the caller maps texts to numbers in its own table on a
/// miss, and adds the new `String` with that number.
///
/// The table holds each `String` it was given, so the storage its bits name cannot be freed and
/// reused for another text while the entry exists.
struct StringBitsTable {
    private var table: BitsTable
    /// The strings added, which keeps the storage their bits name alive.
    private var texts: [String] = []

    /// An empty table with room for `capacity` strings before it grows.
    init(capacity: Int = 64) {
        table = BitsTable(capacity: capacity)
    }

    /// The number given with `text`'s `String` value, if it was added.
    @inline(__always)
    func number(of text: String) -> Int? {
        table.number(of: Self.bits(of: text))
    }

    /// Adds `text` (not in the table) with `number` (zero or more).
    mutating func add(_ text: String, number: Int) {
        table.add(Self.bits(of: text), number: number)
        texts.append(text)
    }

    /// The bits of a `String` value (16 bytes on 64-bit platforms, 12 on 32-bit ones).
    @inline(__always)
    static func bits(of text: String) -> (UInt64, UInt64) {
        #if _pointerBitWidth(_64)
        unsafeBitCast(text, to: (UInt64, UInt64).self)
        #else
        withUnsafeBytes(of: text) { raw in
            var high: UInt64 = 0
            withUnsafeMutableBytes(of: &high) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[8...])) }
            return (raw.loadUnaligned(as: UInt64.self), high)
        }
        #endif
    }
}
