import Foundation

/// The `ModelFormat.keychain` format's place in shared-instance load and save: one secret item
/// per codable property (named by its top-level remote key) in the type's secure store
/// (BaseModel 2.6's keychain save format).
///
/// Unlike BaseModel, saving removes the items of properties that are now `nil`, and writes the
/// whole model as one change where the store allows (the file vault). Values follow
/// ``SecureItemCoding``: strings as UTF-8, the rest (numbers, dates, nested models as
/// dictionaries, arrays) as binary plists. A `Model.schemaVersion` other than 1 is the item
/// `$schemaVersion`.
///
/// ``CryptoFormats/register(passwords:inner:in:)`` registers it.
struct KeychainStorage: SharedInstanceStorage {
    /// Creates the storage.
    init() {}

    /// The type's items as a tree of its top-level keys, or `nil` when it has none.
    ///
    /// - Throws: `ModelError` when the store cannot be read or an item is not a value.
    func load<M: SharedModel>(_ type: M.Type) throws(ModelError) -> ModelValue? {
        let store = SecureStores.store(for: type)
        var entries: [(String, ModelValue)] = []
        for key in M.storedPropertyKeys + M.migratedAwayKeys + [TypedTree.schemaVersionKey] {
            if let value = try store.value(for: key) { entries.append((key, value)) }
        }
        return entries.isEmpty ? nil : .dictionary(.init(uniqueKeysWithValues: entries))
    }

    /// Writes every property's item (encoded with `context`) and removes the items of `nil`
    /// properties.
    ///
    /// - Throws: `ModelError` when the model cannot be encoded or the store written.
    func save<M: SharedModel>(_ model: M, context: ModelContext) throws(ModelError) {
        guard case .dictionary(let entries) = try context.plainEncoder.encode(model) else {
            throw ModelError(.unsupported("\(M.typeName) does not encode to a dictionary"), format: ModelFormat.keychain.rawValue)
        }
        var changes: [String: Data?] = [:]
        for key in M.storedPropertyKeys {
            if let value = entries[key], !value.isNull {
                changes[key] = .some(try SecureItemCoding.encode(value))
            } else {
                changes[key] = .some(nil)
            }
        }
        for key in M.migratedAwayKeys { changes[key] = .some(nil) }
        changes[TypedTree.schemaVersionKey] = M.schemaVersion == 1
            ? .some(nil) : .some(try SecureItemCoding.encode(.integer(Int64(M.schemaVersion))))
        try SecureStores.store(for: M.self).update(changes)
    }

    /// Moves the type's items to accounts tagged with `tag` (see
    /// ``SecureItemStore/quarantine(accounts:tag:)``).
    ///
    /// - Throws: `ModelError` when the store cannot be changed.
    func quarantine<M: SharedModel>(_ type: M.Type, tag: String) throws(ModelError) -> String? {
        try SecureStores.store(for: type).quarantine(
            accounts: M.storedPropertyKeys + M.migratedAwayKeys + [TypedTree.schemaVersionKey], tag: tag)
    }
}
