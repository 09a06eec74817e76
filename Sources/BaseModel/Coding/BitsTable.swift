/// Numbers kept by 128 bits of identity (a `String` value's bits, a type's address), found with
/// one multiply and, nearly always, one comparison: no `Hasher`, which costs more than the rest
/// of a lookup for keys this small. Open addressing with linear probing, at most half full.
///
/// The slot is picked with the process's ``ByteHash/key``, random as `Hasher`'s seed is: a small
/// string's bits are its bytes, which an input chooses (the keys of a decoded dictionary), and
/// without a key an input could pick thousands that share one run of slots.
struct BitsTable {
    /// A key and its number; `number` is `-1` in an empty slot. Nothing to count references of,
    /// so a lookup retains nothing.
    private struct Slot {
        var bits: (UInt64, UInt64)
        var number: Int
    }

    private static let empty = Slot(bits: (0, 0), number: -1)
    private var slots: [Slot]
    private(set) var count = 0
    /// ``ByteHash/key``, held here so that a lookup does not check that it is made.
    private let key = ByteHash.key

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int = 64) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: Self.empty, count: size)
    }

    /// The number added with `bits`, if any.
    @inline(__always)
    func number(of bits: (UInt64, UInt64)) -> Int? {
        let mask = slots.count - 1
        var index = slot(of: bits, mask: mask)
        while true {
            let slot = slots[index]
            if slot.number < 0 { return nil }
            if slot.bits == bits { return slot.number }
            index = (index + 1) & mask
        }
    }

    /// Adds `bits` (not in the table) with `number` (zero or more).
    mutating func add(_ bits: (UInt64, UInt64), number: Int) {
        if 2 * (count + 1) > slots.count { grow() }
        insert(Slot(bits: bits, number: number))
        count += 1
    }

    private mutating func insert(_ slot: Slot) {
        let mask = slots.count - 1
        var index = self.slot(of: slot.bits, mask: mask)
        while slots[index].number >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.empty, count: old.count * 2)
        for slot in old where slot.number >= 0 { insert(slot) }
    }

    /// The most slots in a row that are taken: a lookup of a key that is absent reads them all.
    var longestRun: Int {
        var longest = 0, run = 0
        // Twice round, so that a run which wraps past the end is counted whole.
        for index in 0..<2 * slots.count {
            run = slots[index & (slots.count - 1)].number < 0 ? 0 : run + 1
            longest = max(longest, min(run, slots.count))
        }
        return longest
    }

    /// The key of `type`: the address of its metadata, which lives as long as the program.
    @inline(__always)
    static func bits(of type: Any.Type) -> (UInt64, UInt64) {
        (UInt64(UInt(bitPattern: ObjectIdentifier(type))), 0)
    }

    /// The keyed key, multiplied in full and both halves folded: every bit of the key moves the
    /// low bits that pick the slot. (The middle bits of a plain product depend only on the key's
    /// lower bits, so small strings that differ only in bytes 6 and 7, like citm's ids
    /// "138586341" and "138586371", fell into one run of slots.)
    @inline(__always)
    private func slot(of bits: (UInt64, UInt64), mask: Int) -> Int {
        let product = (bits.0 ^ key.0).multipliedFullWidth(by: bits.1 ^ key.1)
        return Int(truncatingIfNeeded: product.high ^ product.low) & mask
    }
}
