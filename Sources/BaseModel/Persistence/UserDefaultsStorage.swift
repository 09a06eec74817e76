import Foundation

/// The ``ModelFormat/userDefaults`` format's place in shared-instance load and save: one defaults
/// key per codable property (its remote top-level key) in the type's
/// ``SharedModel/userDefaultsSuite``, as BaseModel's `save` did. A ``SharedInstanceStorage`` like the
/// keychain's, registered by the core.
///
/// Unlike BaseModel, saving removes the keys of properties that are now `nil`, and loading reads
/// only the model's own keys, never the rest of the domain. A ``Model/schemaVersion`` other than 1
/// is kept under `<typeName>.$schemaVersion`.
struct UserDefaultsStorage: SharedInstanceStorage {
    /// The tree of the type's keys found in its defaults, or `nil` when it has none.
    ///
    /// - Throws: ``ModelError`` when the suite cannot be opened or a value is not a tree value.
    func load<M: SharedModel>(_ type: M.Type) throws(ModelError) -> ModelValue? {
        let defaults = try Self.defaults(for: type)
        var entries: [String: Any] = [:]
        for key in M.storedPropertyKeys + M.migratedAwayKeys {
            if let value = defaults.object(forKey: key) { entries[key] = value }
        }
        if let version = defaults.object(forKey: Self.versionKey(of: type)) { entries[TypedTree.schemaVersionKey] = version }
        return entries.isEmpty ? nil : try ModelValue(foundation: entries)
    }

    /// Stores one key per property (encoded with `context`) and removes the keys of `nil`
    /// properties, then synchronizes (on Linux nothing is written otherwise).
    ///
    /// - Throws: ``ModelError`` when the model cannot be encoded or the suite opened.
    func save<M: SharedModel>(_ model: M, context: ModelContext) throws(ModelError) {
        let defaults = try Self.defaults(for: M.self)
        guard case .dictionary(let entries) = try context.plainEncoder.encode(model) else {
            throw ModelError(.unsupported("\(M.typeName) does not encode to a dictionary"), format: ModelFormat.userDefaults.rawValue)
        }
        for key in M.storedPropertyKeys {
            if let value = entries[key], !value.isNull {
                defaults.set(value.foundationValue, forKey: key)
            } else {
                defaults.removeObject(forKey: key)
            }
        }
        for key in M.migratedAwayKeys { defaults.removeObject(forKey: key) }
        if M.schemaVersion != 1 {
            defaults.set(M.schemaVersion, forKey: Self.versionKey(of: M.self))
        } else {
            defaults.removeObject(forKey: Self.versionKey(of: M.self))
        }
        defaults.synchronize()
    }

    /// The key of the type's schema version, `<typeName>.$schemaVersion`, absent for version 1.
    static func versionKey<M: SharedModel>(of type: M.Type) -> String { "\(M.typeName).\(TypedTree.schemaVersionKey)" }

    /// Moves the type's keys into one dictionary under `<typeName>.<tag>` in the same defaults
    /// (`TodoList.unreadable-20261125T063513Z`), values untouched, and removes them; one
    /// `synchronize()` writes both changes.
    ///
    /// - Throws: ``ModelError`` when the suite cannot be opened.
    func quarantine<M: SharedModel>(_ type: M.Type, tag: String) throws(ModelError) -> String? {
        let defaults = try Self.defaults(for: type)
        var entries: [String: Any] = [:]
        for key in M.storedPropertyKeys + M.migratedAwayKeys + [Self.versionKey(of: type)] {
            if let value = defaults.object(forKey: key) { entries[key] = value }
        }
        guard !entries.isEmpty else { return nil }
        let quarantineKey = "\(M.typeName).\(tag)"
        defaults.set(entries, forKey: quarantineKey)
        for key in entries.keys { defaults.removeObject(forKey: key) }
        defaults.synchronize()
        return "user defaults key \(quarantineKey)"
    }

    /// The defaults `type` saves into: its ``SharedModel/userDefaultsSuite``, or the standard defaults.
    static func defaults<M: SharedModel>(for type: M.Type) throws(ModelError) -> UserDefaults {
        guard let suite = M.userDefaultsSuite else { return .standard }
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw ModelError(.unsupported("cannot open the user-defaults suite \"\(suite)\""), format: ModelFormat.userDefaults.rawValue)
        }
        return defaults
    }
}
