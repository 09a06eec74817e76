/// Numbers kept by 128 bits of identity (a `String` value's bits, a type's address), found with
/// one multiply and, nearly always, one comparison: no `Hasher`, which costs more than the rest
/// of a lookup for keys this small. Open addressing with linear probing, at most half full.
///
/// Only for keys that cannot be chosen by an input: the bits of values a program holds (see
/// ``StringBitsTable``) and types. A table keyed by text an input chooses uses `Hasher`.
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
        var index = Self.slot(of: bits, mask: mask)
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
        var index = Self.slot(of: slot.bits, mask: mask)
        while slots[index].number >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.empty, count: old.count * 2)
        for slot in old where slot.number >= 0 { insert(slot) }
    }

    /// The key of `type`: the address of its metadata, which lives as long as the program.
    @inline(__always)
    static func bits(of type: Any.Type) -> (UInt64, UInt64) {
        (UInt64(UInt(bitPattern: ObjectIdentifier(type))), 0)
    }

    @inline(__always)
    private static func slot(of bits: (UInt64, UInt64), mask: Int) -> Int {
        Int(truncatingIfNeeded: ((bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 32) & mask
    }
}
