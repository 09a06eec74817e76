import Foundation

/// Strings compared by their Unicode scalars: unlike `String`'s own equality, canonically
/// equivalent strings ("é" and "e\u{301}") stay apart. Writers that store each distinct string
/// once (``ExactStringTable``) compare with it, so that no string reads back as another.
enum ExactString {
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
