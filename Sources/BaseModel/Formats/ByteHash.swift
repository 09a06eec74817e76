import Foundation

/// A 64-bit hash of bytes, keyed per process, for the tables in which writers keep each distinct
/// string once (``ExactStringTable``, ``FastStringKey``): a table picks its slot from this one
/// number, or its `Hasher` is fed it, instead of every byte. `Hasher` costs a few instructions
/// per byte; this takes 16 bytes per multiply.
///
/// The key is random per process, as `Hasher`'s seed is, so that strings cannot be chosen
/// ahead to collide and slow a table down; it is fixed when `SWIFT_DETERMINISTIC_HASHING` is
/// set, as `Hasher`'s seed is then.
enum ByteHash {
    /// The process's key: ``BitsTable`` picks its slots with it too.
    static let key: (UInt64, UInt64) = {
        if getenv("SWIFT_DETERMINISTIC_HASHING") != nil { return (0x2D35_8DCC_AA6C_78A5, 0x8BB8_4B93_962E_ACC9) }
        var generator = SystemRandomNumberGenerator()
        return (generator.next() | 1, generator.next() | 1)
    }()

    /// The hash of `bytes`.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let (first, second) = key
        let count = bytes.count
        let length = UInt64(truncatingIfNeeded: count)
        var state = first ^ length
        // Two words that, with the length, cover every byte not folded into `state` yet.
        let low: UInt64, high: UInt64
        if count > 16 {
            var offset = 0
            while count - offset > 16 {
                state = mix(
                    bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ second,
                    bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ state)
                offset += 16
            }
            low = bytes.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            high = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 8 {
            low = bytes.loadUnaligned(as: UInt64.self)
            high = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            low = UInt64(bytes.loadUnaligned(as: UInt32.self))
            high = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else if count > 0 {
            low = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
            high = 0
        } else {
            (low, high) = (0, 0)
        }
        return mix(second ^ length, mix(low ^ second, high ^ state))
    }

    /// The hash of the UTF-8 bytes of `text`.
    static func hash(of text: String) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) { return hash }
        return Array(text.utf8).withUnsafeBytes { hash($0) }
    }

    /// Both halves of the full product, folded.
    @inline(__always)
    private static func mix(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        let product = lhs.multipliedFullWidth(by: rhs)
        return product.high ^ product.low
    }
}
