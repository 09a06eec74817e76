extension ModelStore {
    /// The stored models of `type` whose fields have the given values, each field named by its
    /// Swift property name or by its stored key:
    ///
    /// ```swift
    /// let ada = try await store.fetchAll(User.self, where: ["screenName": "ada"])   // stored as screen_name
    /// ```
    ///
    /// A property name is mapped through the model's key paths and key case, so a property
    /// stored at `venue.address.city` matches nested dictionaries; a name that is neither a
    /// property nor a stored key of `type` throws, naming the stored keys. Values are JSON values
    /// (strings, numbers, booleans, `NSNull()`, arrays and dictionaries of them), matched by
    /// containment as PostgreSQL's `jsonb @>` does: a dictionary matches a stored dictionary
    /// holding at least its keys, an array a stored array holding each of its elements.
    ///
    /// Each store matches where it can: PostgreSQL in SQL (`json @> $2`, served by its GIN
    /// index); the memory store on the trees it keeps; SQLite and the directory store read each
    /// entry of the type into a tree, migrated to the current ``Model/schemaVersion``, and decode
    /// only the matches (about the cost of ``fetchAll(_:)`` less the decoding of the others).
    /// An entry that cannot be read, or that matches and does not decode, is in
    /// ``StoreFetchResult/failures``.
    ///
    /// - Throws: ``ModelError`` when a name is unknown, a value is not a JSON value, or the
    ///   store cannot be read.
    public func fetchAll<M: IdentifiedModel>(
        _ type: M.Type, where fields: [String: any Sendable]
    ) async throws(ModelError) -> StoreFetchResult<M> {
        try await fetchAll(M.self, matching: StoreQuery(M.self, fields: fields))
    }

    /// The stored models of `type` whose properties, each named by a key path, have the given
    /// values: `fetchAll(User.self, where: ["screenName": "ada"])` with the names checked by the
    /// compiler.
    ///
    /// ```swift
    /// let ada = try await store.fetchAll(User.self, where: [\.screenName: "ada"])
    /// ```
    ///
    /// A key path names one stored property (`\.screenName`, not `\.user.name` or a computed
    /// property). It is read through the type's reflection metadata, which Swift keeps unless a
    /// build turns it off (`-disable-reflection-metadata`); without it, pass property names.
    ///
    /// - Throws: ``ModelError`` as the form with names does, and when a key path is not one
    ///   stored property of `type`.
    public func fetchAll<M: IdentifiedModel>(
        _ type: M.Type, where fields: [PartialKeyPath<M>: any Sendable]
    ) async throws(ModelError) -> StoreFetchResult<M> {
        let query = try StoreQuery(M.self, keyPaths: fields)
        return try await fetchAll(M.self, matching: query)
    }

    private func fetchAll<M: IdentifiedModel>(_ type: M.Type, matching query: StoreQuery) async throws(ModelError) -> StoreFetchResult<M> {
        if let shortcuts = self as? any StoreShortcuts {
            return try await shortcuts.fetchStored(M.self, matching: query)
        }
        return try await fetchAllEncoded(M.self, matching: query)
    }

    /// Every model of `type`, kept when its encoded tree matches: the answer of a store that
    /// cannot match what it keeps. Only a store of another package comes here (the stores of
    /// this one match with their own context, ``StoreShortcuts``); the library knows no context
    /// of such a store, and needs none: the tree matched is a plain one, which names no types and
    /// reads nothing from a registry, an identity map or a folder.
    func fetchAllEncoded<M: IdentifiedModel>(_ type: M.Type, matching query: StoreQuery) async throws(ModelError) -> StoreFetchResult<M> {
        var result = try await fetchAll(M.self)
        var kept: [M] = []
        for model in result.models {
            do {
                if try query.matches(ModelEncoder().encode(model)) { kept.append(model) }
            } catch {
                result.failures["\(M.typeName)-\(model.id.modelIdentifier)"] = error
            }
        }
        result.models = kept
        return result
    }
}
