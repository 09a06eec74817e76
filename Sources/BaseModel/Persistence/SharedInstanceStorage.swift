/// A place other than a save file where a format keeps shared instances, plugged into
/// ``SharedModel/save(overwriting:)`` and shared-instance loading for one ``ModelFormat``.
///
/// The core registers one for ``ModelFormat/userDefaults`` (one defaults key per property) in
/// every registry, ``FormatRegistry/shared`` and those made with ``FormatRegistry/init(codecs:)``;
/// other targets plug in their own (the crypto target's keychain format stores one secret item
/// per property):
///
/// ```swift
/// FormatRegistry.shared.register(MyStorage(), for: .keychain)
/// struct Settings: SharedModel { var token = ""; static var saveFormat: ModelFormat { .keychain } }
/// try Settings.shared.save()          // calls MyStorage.save(_:context:)
/// ```
///
/// A model whose ``SharedModel/saveFormat`` has a storage (in its ``SharedModel/context``'s
/// codecs) is saved by the storage and, when its shared instance is built, the storage's layer
/// replaces the save file's (defaults ← resource file ← storage), decoded with that context.
package protocol SharedInstanceStorage: Sendable {
    /// The stored layer of `type`'s shared instance as a plain tree (remote keys, no `$class`),
    /// or `nil` when nothing is stored.
    ///
    /// - Throws: ``ModelError`` when the storage exists but cannot be read.
    func load<M: SharedModel>(_ type: M.Type) throws(ModelError) -> ModelValue?

    /// Stores `model`, the shared instance of its type, encoded with `context` (its type's
    /// ``SharedModel/context``). Called under the type's save lock, so saves of one type never
    /// overlap within a process.
    ///
    /// - Throws: ``ModelError`` when the model cannot be encoded or stored.
    func save<M: SharedModel>(_ model: M, context: ModelContext) throws(ModelError)

    /// Moves `type`'s stored entries aside, under names tagged with `tag`
    /// (`unreadable-20261125T063513Z`), so no later save replaces them: called when they exist
    /// but cannot be read or decoded. The move is one change where the storage allows.
    ///
    /// - Returns: Where the entries went, for a person; `nil` when nothing was stored.
    /// - Throws: ``ModelError`` when they cannot be moved (then they are where they were).
    func quarantine<M: SharedModel>(_ type: M.Type, tag: String) throws(ModelError) -> String?
}

extension Model {
    /// The top-level remote keys of the codable properties: what per-property stores (user
    /// defaults, the keychain) keep one entry for.
    package static var storedPropertyKeys: [String] {
        let schema = ModelSchema.of(Self.self)
        return codablePropertyKeys.compactMap { schema.remotePath(for: $0).primary.first?.key }
    }

    /// Keys older versions kept that the ``migrations`` move or drop: per-property stores load
    /// them for the steps, and remove them when they save.
    package static var migratedAwayKeys: [String] {
        let current = Set(storedPropertyKeys)
        var keys: [String] = []
        for version in migrations.keys.sorted() {
            for step in migrations[version] ?? [] {
                if let key = step.sourceKey, !current.contains(key), !keys.contains(key) { keys.append(key) }
            }
        }
        return keys
    }
}
