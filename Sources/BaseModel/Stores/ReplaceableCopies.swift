import Foundation

/// The stored copies a store knows a save may replace without reading them again: per model
/// type and identifier, a hash of the bytes the store last wrote, or read and decoded as that
/// type at its schema version or an older one.
///
/// A save must not replace a copy it cannot read (it is moved aside first) nor one of a newer
/// version (refused), which takes a decode of the copy; a copy this store wrote or read is
/// known to be neither, so a save over it costs a hash of its bytes instead (16 bytes a
/// multiply). Bytes that changed since, written by another process, another store or another
/// type of the same name, hash differently and are read again. Hashes are keyed per process
/// (``ByteHash``), so no file can be made to collide with one ahead of time.
///
/// Holds at most ``capacity`` copies, forgetting all of them when full; forgetting costs a
/// decode at the next save of each, never a check.
package final class ReplaceableCopies: Sendable {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let id: ModelIdentifier
    }

    /// How many copies are remembered at most.
    static let capacity = 4096

    private let hashes = Locked<[Key: UInt64]>([:])

    /// Creates an empty memory.
    package init() {}

    /// Remembers `bytes` as the replaceable copy of the model of `type` with identifier `id`.
    package func remember<M: IdentifiedModel>(_ bytes: Data, of type: M.Type, id: M.ID) {
        let hash = Self.hash(bytes)
        let key = Key(type: ObjectIdentifier(M.self), id: id.modelIdentifier)
        hashes.withLock { hashes in
            if hashes.count >= Self.capacity, hashes[key] == nil { hashes.removeAll(keepingCapacity: true) }
            hashes[key] = hash
        }
    }

    /// Forgets the copy of the model of `type` with identifier `id`.
    package func forget<M: IdentifiedModel>(_ type: M.Type, id: M.ID) {
        let key = Key(type: ObjectIdentifier(M.self), id: id.modelIdentifier)
        _ = hashes.withLock { $0.removeValue(forKey: key) }
    }

    /// Whether `bytes` are the copy remembered for the model of `type` with identifier `id`.
    package func vouches<M: IdentifiedModel>(for bytes: Data, of type: M.Type, id: M.ID) -> Bool {
        let key = Key(type: ObjectIdentifier(M.self), id: id.modelIdentifier)
        guard let known = hashes.withLock({ $0[key] }) else { return false }
        return Self.hash(bytes) == known
    }

    private static func hash(_ bytes: Data) -> UInt64 {
        bytes.withUnsafeBytes { ByteHash.hash($0) }
    }
}
