import PostgresNIO

extension PostgresStore {
    /// Reads the model of `type` stored under `id`, applies `change` to it and saves the result
    /// only if no other writer saved that row in between; when one did, reads the newer model and
    /// applies `change` again (up to `attempts` times). A read-modify-write that loses no update,
    /// whichever tasks, stores or processes write the row at once, and whatever the store's
    /// ``ConflictPolicy``.
    ///
    /// ```swift
    /// let ada = try await store.update(User.self, id: 7) { $0.followers += 1 }
    /// ```
    ///
    /// Cost: two round trips per attempt (a `SELECT` and an `UPDATE … WHERE version = $n`),
    /// outside any transaction; `change` may run more than once, so keep it free of side effects.
    /// Prefer it over ``fetch(_:id:)`` then ``save(_:)-(M)`` when tasks of one process share
    /// the store: those share the store's remembered versions, so only `update` tells their
    /// writes apart.
    ///
    /// - Returns: The model as saved, or `nil` when nothing is stored under `id` (nothing is
    ///   written then).
    /// - Throws: `ModelError` when the row cannot be read or decoded, `change` altered the
    ///   identifier (`invalidValue`), the write fails, or other writers won all `attempts`
    ///   (`ModelError.Reason.conflict(_:)`).
    @discardableResult
    public func update<M: IdentifiedModel>(
        _ type: M.Type, id: M.ID, attempts: Int = 100, _ change: (inout M) -> Void
    ) async throws(ModelError) -> M? {
        let key = RowKey(type: M.typeName, id: id.modelIdentifier)
        var lastVersion: Int64?
        for attempt in 0..<max(1, attempts) {
            if attempt > 0 {
                // Another writer won: back off a little (jittered) before reading again.
                try? await Task.sleep(for: .microseconds(Int.random(in: 0...(200 * min(attempt, 20)))))
            }
            guard let (model, version) = try await fetchWithVersion(M.self, key: key) else { return nil }
            var changed = model
            change(&changed)
            guard changed.id == id else {
                throw ModelError(
                    .invalidValue("update changed the identifier of \(key.type) \(id) to \(changed.id)"), format: "postgres")
            }
            let row = try encodeRow(changed)
            let format = format.rawValue
            let written = try await Self.database("update \(key.type) \(id)") {
                var newVersion: Int64?
                for try await saved in try await client.query(
                    """
                    UPDATE basemodel_model SET format = \(format), json = \(row.json)::jsonb, body = \(row.body),
                        version = version + 1
                    WHERE type = \(key.type) AND integer_id = \(key.isInteger) AND id = \(key.idText)
                        AND version = \(version)
                    RETURNING version
                    """
                ).decode(Int64.self) {
                    newVersion = saved
                }
                return newVersion
            }
            if let written {
                versions.withLock { $0[key] = written }
                return changed
            }
            lastVersion = version
        }
        throw Self.conflict(key, expected: lastVersion)
    }

    /// The model stored under `key` and its row's version, or `nil`; remembers the version.
    func fetchWithVersion<M: IdentifiedModel>(_ type: M.Type, key: RowKey) async throws(ModelError) -> (M, Int64)? {
        let rows = try await Self.database("fetch \(key.type) \(key.id)") {
            try await client.query(
                "SELECT \(unescaped: StoredRow.columns) FROM basemodel_model WHERE type = \(key.type) AND integer_id = \(key.isInteger) AND id = \(key.idText)"
            ).collect().map { StoredRow(try $0.decode((String, Bool, String, String?, ByteBuffer?, Int64).self)) }
        }
        guard let row = rows.first else {
            _ = versions.withLock { $0.removeValue(forKey: key) }
            return nil
        }
        do throws(ModelError) {
            let model = try decodeRow(M.self, row)
            versions.withLock { $0[key] = row.version }
            return (model, row.version)
        } catch {
            // Not read: a later save of this key must not replace the row.
            _ = versions.withLock { $0.removeValue(forKey: key) }
            throw error
        }
    }
}
