extension Model {
    /// The version `tree` was saved with, the key removed, and the tree brought up to
    /// ``schemaVersion`` by the ``migrations``; a tree of a newer version is returned as it is.
    /// With `announcing`, a migration is logged (a notice): what a shared instance's or a store's
    /// saved data goes through once, not every payload a direct read migrates.
    ///
    /// - Throws: ``ModelError/Reason/migrationFailed(fromVersion:step:name:message:)`` naming the
    ///   failing step, or a type mismatch when the recorded version is not a positive integer.
    static func migrated(_ tree: ModelValue, announcing: Bool = true) throws(ModelError) -> (tree: ModelValue, version: Int) {
        guard case .dictionary(var entries) = tree else { return (tree, 1) }
        var version = 1
        if let recorded = entries.removeValue(forKey: TypedTree.schemaVersionKey) {
            guard case .integer(let number) = recorded, number >= 1, number <= Int64(Int32.max) else {
                throw ModelError(
                    .typeMismatch(expected: "a schema version (a positive integer)", found: recorded.kindName),
                    path: ModelPath([.key(TypedTree.schemaVersionKey)]), excerpt: recorded.excerpt)
            }
            version = Int(number)
        }
        var migrated = ModelValue.dictionary(entries)
        guard version < schemaVersion else { return (migrated, version) }
        let steps = migrations
        for from in version..<schemaVersion {
            for (index, step) in (steps[from] ?? []).enumerated() {
                do {
                    try step.apply(to: &migrated)
                } catch {
                    throw ModelError(.migrationFailed(fromVersion: from, step: index + 1, name: step.name, message: "\(error)"))
                }
            }
        }
        if announcing {
            PersistenceLog.logger.notice("\(typeName): saved data of version \(version) migrated to version \(schemaVersion)")
        }
        return (migrated, version)
    }

    /// `tree`, read by one of the direct reads (``init(data:context:)``, ``init(object:context:)``
    /// and the others), brought up to ``schemaVersion``: the shared instance's versions and
    /// migrations (``migrated(_:announcing:)``), except that data of a newer version is refused,
    /// since nothing would keep a later write from dropping what the newer version added.
    ///
    /// Only a dictionary has a version: a bare value that the type builds itself from
    /// (``make(from:)``) is read as it is. A version-1 type pays one look-up for a
    /// `$schemaVersion` it does not expect.
    ///
    /// - Throws: ``ModelError/Reason/newerVersion(found:known:)``, and the errors of
    ///   ``migrated(_:announcing:)``.
    static func readable(_ tree: ModelValue) throws(ModelError) -> ModelValue {
        guard case .dictionary(let entries) = tree, schemaVersion != 1 || entries[TypedTree.schemaVersionKey] != nil else {
            return tree
        }
        let (migrated, version) = try migrated(tree, announcing: false)
        guard version <= schemaVersion else { throw ModelError(.newerVersion(found: version, known: schemaVersion)) }
        return migrated
    }

    /// `tree` (an encoded instance) with ``schemaVersion`` recorded, when it is not 1, and the
    /// `unknown` entries added where the instance has no value of its own.
    static func stamped(_ tree: ModelValue, unknown: [(String, ModelValue)] = []) -> ModelValue {
        guard schemaVersion != 1 || !unknown.isEmpty, case .dictionary(var entries) = tree else { return tree }
        for (key, value) in unknown where entries[key] == nil { entries[key] = value }
        if schemaVersion != 1 { entries[TypedTree.schemaVersionKey] = .integer(Int64(schemaVersion)) }
        return .dictionary(entries)
    }

    /// The entries of a saved (migrated) tree that no codable property of this type reads.
    static func unknownEntries(of tree: ModelValue) -> [(String, ModelValue)] {
        guard keepsUnknownKeys, case .dictionary(let entries) = tree else { return [] }
        let known = readKeys.union([TypedTree.classKey, TypedTree.schemaVersionKey])
        return entries.filter { !known.contains($0.key) }.map { ($0.key, $0.value) }
    }

    /// The top-level keys of saved data that a codable property of this type reads.
    static var readKeys: Set<String> { Set(storedPropertyKeys) }
}
