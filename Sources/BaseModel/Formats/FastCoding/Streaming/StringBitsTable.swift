/// Numbers for `String` values found by the value's bits (its storage, or a small string's
/// bytes) instead of its text: a writer handed the same `String` again (a model's key, a type's
/// name) finds its number without hashing or comparing the text. Equal texts in different
/// storage are different entries here; the caller maps texts to numbers in its own table on a
/// miss, and adds the new `String` with that number.
///
/// The table holds each `String` it was given, so the storage its bits name cannot be freed and
/// reused for another text while the entry exists. Open addressing with linear probing, at most
/// half full: a lookup is one multiply and, nearly always, one comparison.
struct StringBitsTable {
    /// A string's bits and its number; `number` is `-1` in an empty slot. Nothing to count
    /// references of, so a lookup retains nothing.
    private struct Slot {
        var bits: (UInt64, UInt64)
        var number: Int
    }

    private static let empty = Slot(bits: (0, 0), number: -1)
    private var slots: [Slot]
    /// The strings added, which keeps the storage their bits name alive.
    private var texts: [String] = []

    /// An empty table with room for `capacity` strings before it grows.
    init(capacity: Int = 64) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: Self.empty, count: size)
    }

    /// The number given with `text`'s `String` value, if it was added.
    @inline(__always)
    func number(of text: String) -> Int? {
        let bits = Self.bits(of: text)
        let mask = slots.count - 1
        var index = Self.slot(of: bits, mask: mask)
        while true {
            let slot = slots[index]
            if slot.number < 0 { return nil }
            if slot.bits == bits { return slot.number }
            index = (index + 1) & mask
        }
    }

    /// Adds `text` (not in the table) with `number` (zero or more).
    mutating func add(_ text: String, number: Int) {
        if 2 * (texts.count + 1) > slots.count { grow() }
        insert(Slot(bits: Self.bits(of: text), number: number))
        texts.append(text)
    }

    private mutating func insert(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Self.slot(of: slot.bits, mask: mask)
        while slots[index].number >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.empty, count: old.count * 2)
        for slot in old where slot.number >= 0 { insert(slot) }
    }

    @inline(__always)
    private static func slot(of bits: (UInt64, UInt64), mask: Int) -> Int {
        Int(truncatingIfNeeded: ((bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 32) & mask
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
