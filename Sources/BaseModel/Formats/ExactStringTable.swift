/// Numbers for strings by their exact UTF-8 bytes (as ``ExactString`` compares them), for the
/// writers that store each distinct string once (the fast writer's string cache, the keyed
/// archive's and the binary property list's strings): one ``ByteHash`` per lookup picks the slot,
/// where a `Dictionary` would also run `Hasher` over that hash (seeding, mixing and finalizing
/// cost more than the rest of a lookup) and hash again to insert.
///
/// Open addressing with linear probing, at most half full. The slot comes from the keyed
/// ``ByteHash``, so an input cannot choose strings that crowd one run of slots without knowing
/// the process's key, as with `Hasher`'s seed.
struct ExactStringTable {
    /// A string's hash and the place of its entry; `entry` is `-1` in an empty slot.
    private struct Slot {
        var hash: UInt64
        var entry: Int
    }

    private static let empty = Slot(hash: 0, entry: -1)
    private var slots: [Slot]
    /// The strings added, in order, and their numbers.
    private var texts: [String] = []
    private var numbers: [Int] = []

    /// The number of strings in the table.
    var count: Int { texts.count }

    /// An empty table with room for `capacity` strings before it grows.
    init(capacity: Int = 64) {
        slots = Array(repeating: Self.empty, count: Self.size(for: capacity))
    }

    /// Makes room for `capacity` strings in all, so that the table does not grow while they are
    /// added.
    mutating func reserveCapacity(_ capacity: Int) {
        let size = Self.size(for: capacity)
        if size > slots.count { rehash(size: size) }
        texts.reserveCapacity(capacity)
        numbers.reserveCapacity(capacity)
    }

    /// The number of a string with the bytes of `text`, if one was added; otherwise adds `text`
    /// with `number` and returns `nil`.
    mutating func number(of text: String, orAdd number: Int) -> Int? {
        self.number(of: text, hash: ByteHash.hash(of: text), orAdd: number)
    }

    /// As ``number(of:orAdd:)``, for a caller that has hashed `text`'s bytes (`hash` is
    /// `ByteHash.hash(of: text)`).
    mutating func number(of text: String, hash: UInt64, orAdd number: Int) -> Int? {
        let mask = slots.count - 1
        var index = Self.slot(of: hash, mask: mask)
        while true {
            let slot = slots[index]
            if slot.entry < 0 { break }
            if slot.hash == hash, ExactString.same(texts[slot.entry], text) { return numbers[slot.entry] }
            index = (index + 1) & mask
        }
        if 2 * (texts.count + 1) > slots.count {
            rehash(size: slots.count * 2)
            index = Self.slot(of: hash, mask: slots.count - 1)
            while slots[index].entry >= 0 { index = (index + 1) & (slots.count - 1) }
        }
        slots[index] = Slot(hash: hash, entry: texts.count)
        texts.append(text)
        numbers.append(number)
        return nil
    }

    /// Takes out the string added last, as if it had not been added.
    mutating func removeLast() {
        guard let text = texts.last else { return }
        let entry = texts.count - 1
        let mask = slots.count - 1
        var hole = Self.slot(of: ByteHash.hash(of: text), mask: mask)
        while slots[hole].entry != entry { hole = (hole + 1) & mask }
        // Backward-shift deletion: move up each later slot of the run that may sit in the hole.
        var next = hole
        while true {
            next = (next + 1) & mask
            let slot = slots[next]
            if slot.entry < 0 { break }
            let home = Self.slot(of: slot.hash, mask: mask)
            // The distance from its home to `next` covers the hole: it may move into it.
            if (next - home) & mask >= (next - hole) & mask {
                slots[hole] = slot
                hole = next
            }
        }
        slots[hole] = Self.empty
        texts.removeLast()
        numbers.removeLast()
    }

    private mutating func rehash(size: Int) {
        let old = slots
        slots = Array(repeating: Self.empty, count: size)
        let mask = size - 1
        for slot in old where slot.entry >= 0 {
            var index = Self.slot(of: slot.hash, mask: mask)
            while slots[index].entry >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// The number of slots for `capacity` strings: a power of two, at least twice as many.
    private static func size(for capacity: Int) -> Int {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        return size
    }

    @inline(__always)
    private static func slot(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash >> 32 ^ hash) & mask
    }
}
