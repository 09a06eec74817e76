import Foundation

/// A string that equals another only when their Unicode scalars are the same: unlike `String`'s
/// own equality, canonically equivalent strings ("é" and "e\u{301}") stay apart. Writers that
/// store each distinct string once key their tables with it, so that no string reads back as
/// another.
struct ExactString: Hashable {
    let text: String

    static func == (lhs: ExactString, rhs: ExactString) -> Bool { same(lhs.text, rhs.text) }

    /// The hash of the UTF-8 bytes, which equality compares (their ``ByteHash``). (`String`'s
    /// own hash normalizes first, which costs more than the rest of a table lookup for a
    /// non-ASCII string.)
    func hash(into hasher: inout Hasher) {
        hasher.combine(ByteHash.hash(of: text))
    }

    /// Whether two strings have the same UTF-8 bytes (the same scalars), compared as two buffers.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        // The same value (one storage, or a small string's bytes inline) holds the same bytes.
        if StringBitsTable.bits(of: lhs) == StringBitsTable.bits(of: rhs) { return true }
        let lhs = lhs.utf8, rhs = rhs.utf8
        guard lhs.count == rhs.count else { return false }
        let compared = lhs.withContiguousStorageIfAvailable { left in
            rhs.withContiguousStorageIfAvailable { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
        return (compared ?? nil) ?? lhs.elementsEqual(rhs)
    }
}
