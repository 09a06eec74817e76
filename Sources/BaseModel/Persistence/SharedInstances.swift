import Foundation

/// The shared instance of each model type, and the streams that hear about replacements.
///
/// One slot per concrete type, so every subclass has its own (BaseModel kept one per class).
/// Instances are held as `Any` behind a lock: the library never touches them concurrently, it only
/// hands them out; whether a class model may be mutated from several tasks is the model's concern
/// (see the article Shared instances and migrations).
enum SharedInstances {
    /// An instance handed across the lock. Models need not be `Sendable`; the library only stores
    /// and returns them, never uses them from two places at once.
    struct Box: @unchecked Sendable {
        let value: Any
    }

    /// What the last load of a type's saved data found, kept beside its instance: it outlives
    /// replacements of the instance, since it describes the save file, not the instance.
    struct SavedState: Sendable {
        /// The last load's failure, until a load succeeds.
        var failure: SharedInstanceFailure?
        /// Why ``SharedModel/save(overwriting:)`` must not write: data it could not move aside, or data of a
        /// newer version. `nil` when saving is safe.
        var saveRefusal: ModelError?
        /// The schema version of the saved data last read; `nil` when there was none.
        var version: Int?
        /// The saved data's entries the model does not know, written back on save.
        var unknownEntries: [(String, ModelValue)] = []
    }

    private struct Slot: Sendable {
        var instance: Box?
        var listeners: [UUID: @Sendable (SharedInstanceUpdate) -> Void] = [:]
        var saved = SavedState()
    }

    private static let slots = Locked<[ObjectIdentifier: Slot]>([:])
    /// One lock per type for saves, so concurrent saves write one after another.
    private static let saveLocks = Locked<[ObjectIdentifier: NSLock]>([:])


    static func instance(of type: Any.Type) -> Any? {
        slots.withLock { $0[ObjectIdentifier(type)]?.instance }?.value
    }

    /// Stores `instance` unless one is there already, and returns the one that is stored.
    static func storeIfAbsent(_ instance: Box, for type: Any.Type) -> Any {
        slots.withLock { slots in
            let id = ObjectIdentifier(type)
            if let existing = slots[id]?.instance { return existing }
            slots[id, default: Slot()].instance = instance
            return instance
        }.value
    }

    /// Replaces the instance; returns the old one and the listeners to tell.
    static func replace(
        with instance: Box?, for type: Any.Type
    ) -> (old: Any?, listeners: [@Sendable (SharedInstanceUpdate) -> Void]) {
        let (old, listeners) = slots.withLock { slots in
            let id = ObjectIdentifier(type)
            let old = slots[id]?.instance
            slots[id, default: Slot()].instance = instance
            return (old, Array(slots[id]!.listeners.values))
        }
        return (old?.value, listeners)
    }

    /// What the last load of `type`'s saved data found.
    static func savedState(of type: Any.Type) -> SavedState {
        slots.withLock { $0[ObjectIdentifier(type)]?.saved } ?? SavedState()
    }

    /// Records what a load of `type`'s saved data found; returns the listeners to tell.
    static func setSavedState(_ state: SavedState, for type: Any.Type) -> [@Sendable (SharedInstanceUpdate) -> Void] {
        slots.withLock { slots in
            let id = ObjectIdentifier(type)
            slots[id, default: Slot()].saved = state
            return Array(slots[id]!.listeners.values)
        }
    }

    /// Forgets a save refusal: the saved data is now what a save wrote, in `version`.
    static func recordSave(of type: Any.Type, version: Int) {
        slots.withLock { slots in
            slots[ObjectIdentifier(type), default: Slot()].saved.saveRefusal = nil
            slots[ObjectIdentifier(type), default: Slot()].saved.version = version
        }
    }

    static func addListener(for type: ObjectIdentifier, _ listener: @escaping @Sendable (SharedInstanceUpdate) -> Void) -> UUID {
        let token = UUID()
        slots.withLock { $0[type, default: Slot()].listeners[token] = listener }
        return token
    }

    static func removeListener(_ token: UUID, for type: ObjectIdentifier) {
        _ = slots.withLock { $0[type]?.listeners.removeValue(forKey: token) }
    }

    static func saveLock(for type: Any.Type) -> NSLock {
        saveLocks.withLock { locks in
            if let lock = locks[ObjectIdentifier(type)] { return lock }
            let lock = NSLock()
            locks[ObjectIdentifier(type)] = lock
            return lock
        }
    }
}
