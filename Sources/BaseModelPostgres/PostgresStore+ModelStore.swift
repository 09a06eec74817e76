import Foundation
import PostgresNIO

extension PostgresStore {
    /// Saves `models` in one transaction: every process sees all of them or none, and one
    /// conflict or failure writes none. Each saved row notifies the change feed on commit.
    ///
    /// - Throws: `ModelError` when a model cannot be encoded (before anything is written), a
    ///   row changed since this store read it (`ModelError.Reason.conflict(_:)`), or the write fails (the
    ///   transaction is rolled back).
    public func save<M: IdentifiedModel>(_ models: [M]) async throws(ModelError) {
        guard !models.isEmpty else { return }
        try await saveRows(models)
    }

    /// The model of `type` stored under `id`, or `nil`.
    ///
    /// - Throws: `ModelError` when the row cannot be read or no longer decodes as `type`.
    package func fetchStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> M? {
        try await fetchWithVersion(M.self, key: RowKey(type: M.typeName, id: id.modelIdentifier))?.0
    }

    /// The model of `type` stored under `id`, read on the calling thread for the identity map.
    ///
    /// Cost: one round trip to the server on the store's own connection, blocking the calling
    /// thread (never call it on a NIO event loop; app code in async contexts should call
    /// ``fetch(_:id:)``). Concurrent calls queue on that one connection.
    ///
    /// - Throws: `ModelError` as ``fetch(_:id:)``, and when called on an event loop.
    public func fetchSynchronously<M: IdentifiedModel>(_ type: M.Type, id: M.ID) throws(ModelError) -> M? {
        let key = RowKey(type: M.typeName, id: id.modelIdentifier)
        let query: PostgresQuery =
            "SELECT \(unescaped: StoredRow.columns) FROM basemodel_model WHERE type = \(key.type) AND integer_id = \(key.isInteger) AND id = \(key.idText)"
        let rows = try blockingQuery(query, action: "fetch \(key.type) \(id)")
        let row: StoredRow?
        do {
            row = try rows.first.map { StoredRow(try $0.decode((String, Bool, String, String?, ByteBuffer?, Int64).self)) }
        } catch {
            throw ModelError(.unsupported("cannot fetch \(key.type) \(id): \(String(reflecting: error))"), format: "postgres")
        }
        return try model(M.self, from: row, key: key)
    }

    /// Every stored model of `type`, ordered by identifier. A row that does not decode is
    /// reported in `StoreFetchResult.failures` as `"<typeName>-<id>"`; the others are returned.
    ///
    /// - Throws: `ModelError` only when the table cannot be read.
    public func fetchAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> StoreFetchResult<M> {
        let typeName = M.typeName
        return try await fetchRows(M.self, action: "fetch every \(typeName)") {
            "SELECT \(unescaped: StoredRow.columns) FROM basemodel_model WHERE type = \(typeName) ORDER BY integer_id, id"
        }
    }

    /// Removes the row of `type` stored under `id`; the change feed reports it.
    ///
    /// - Returns: Whether there was one.
    /// - Throws: `ModelError` when the database cannot be written.
    @discardableResult
    public func delete<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        let key = RowKey(type: M.typeName, id: id.modelIdentifier)
        let count = try await Self.database("delete \(key.type) \(id)") {
            try await client.query(
                "DELETE FROM basemodel_model WHERE type = \(key.type) AND integer_id = \(key.isInteger) AND id = \(key.idText) RETURNING 1"
            ).collect().count
        }
        _ = versions.withLock { $0.removeValue(forKey: key) }
        return count > 0
    }

    /// Removes every row of `type`; the change feed reports each.
    ///
    /// - Returns: How many were removed.
    /// - Throws: `ModelError` when the database cannot be written.
    @discardableResult
    public func deleteAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> Int {
        let typeName = M.typeName
        let count = try await Self.database("delete every \(typeName)") {
            try await client.query("DELETE FROM basemodel_model WHERE type = \(typeName) RETURNING 1").collect().count
        }
        versions.withLock { $0 = $0.filter { $0.key.type != typeName } }
        return count
    }

    /// Whether a row of `type` is stored under `id`.
    ///
    /// - Throws: `ModelError` when the database cannot be read.
    package func containsStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        let key = RowKey(type: M.typeName, id: id.modelIdentifier)
        return try await Self.database("look up \(key.type) \(id)") {
            var found = false
            for try await exists in try await client.query(
                "SELECT EXISTS (SELECT 1 FROM basemodel_model WHERE type = \(key.type) AND integer_id = \(key.isInteger) AND id = \(key.idText))"
            ).decode(Bool.self) {
                found = exists
            }
            return found
        }
    }

    // MARK: Rows

    /// Runs a query selecting ``StoredRow/columns`` and decodes each row, a failure per bad row.
    ///
    /// With `judge`, the query selects one more column, whether SQL matched the row, and a row
    /// it did not is decoded only when `judge` keeps it.
    func fetchRows<M: IdentifiedModel>(
        _ type: M.Type, action: String, judging judge: ((StoredRow) throws(ModelError) -> Bool)? = nil,
        _ query: () throws(ModelError) -> PostgresQuery
    ) async throws(ModelError) -> StoreFetchResult<M> {
        let typeName = M.typeName
        let query = try query()
        let judged = judge != nil
        let rows = try await Self.database(action) {
            try await client.query(query).collect().map { row in
                guard judged else { return StoredRow(try row.decode((String, Bool, String, String?, ByteBuffer?, Int64).self)) }
                let (id, isInteger, format, json, body, version, matched) =
                    try row.decode((String, Bool, String, String?, ByteBuffer?, Int64, Bool).self)
                var stored = StoredRow((id, isInteger, format, json, body, version))
                stored.isMatched = matched
                return stored
            }
        }
        var result = StoreFetchResult<M>()
        result.models.reserveCapacity(rows.count)
        var read: [RowKey: Int64] = [:]
        var unreadable: [RowKey] = []
        for row in rows {
            do {
                if let judge, !row.isMatched, try !judge(row) { continue }
                let model = try decodeRow(M.self, row)
                result.models.append(model)
                read[RowKey(type: typeName, id: model.id.modelIdentifier)] = row.version
            } catch {
                result.failures[row.location(typeName: typeName)] = error
                unreadable.append(row.key(typeName: typeName))
            }
        }
        // A row that does not decode is not read: a later save of its key must not replace it.
        versions.withLock { versions in
            versions.merge(read) { _, new in new }
            for key in unreadable { versions.removeValue(forKey: key) }
        }
        return result
    }

    /// Decodes `row` (when there is one) and remembers its version for the next save.
    private func model<M: IdentifiedModel>(_ type: M.Type, from row: StoredRow?, key: RowKey) throws(ModelError) -> M? {
        guard let row else {
            _ = versions.withLock { $0.removeValue(forKey: key) }
            return nil
        }
        do {
            let model = try decodeRow(M.self, row)
            versions.withLock { $0[key] = row.version }
            return model
        } catch {
            // Not read: a later save of this key must not replace the row.
            _ = versions.withLock { $0.removeValue(forKey: key) }
            throw error
        }
    }

    /// Encodes `models` and writes their rows in one transaction (one model: one statement, which
    /// is a transaction of its own), checking each row's version.
    func saveRows<M: IdentifiedModel>(_ models: [M]) async throws(ModelError) {
        var rows: [EncodedRow] = []
        rows.reserveCapacity(models.count)
        for model in models { rows.append(try encodeRow(model)) }
        let encoded = rows
        if policy != .overwrite, let newer = newerRows.withLock({ newer in encoded.compactMap { newer[$0.key] }.first }) {
            throw ModelError(.newerVersion(found: newer, known: M.schemaVersion), format: "postgres")
        }
        let known = versions.withLock { versions in
            encoded.reduce(into: [RowKey: Int64]()) { known, row in known[row.key] = versions[row.key] }
        }
        let format = format.rawValue
        let policy = policy
        let written = try await Self.database("save \(M.typeName)") {
            // One model: one statement, atomic on its own, no BEGIN and COMMIT round trips.
            if encoded.count == 1 {
                return try await client.withConnection { connection in
                    try await writeRows(encoded, known: known, policy: policy, format: format, on: connection)
                }
            }
            return try await client.withTransaction(logger: Self.logger) { connection in
                // A batch of distinct keys goes as arrays in one or two statements; a batch
                // naming one key twice, row by row.
                if Set(encoded.map(\.key)).count == encoded.count {
                    return try await writeBatch(encoded, known: known, policy: policy, format: format, on: connection)
                }
                return try await writeRows(encoded, known: known, policy: policy, format: format, on: connection)
            }
        }
        versions.withLock { $0.merge(written) { _, new in new } }
    }

    /// Writes `rows` one statement each on `connection`, checking each row's version as
    /// ``saveRows(_:)`` describes; a row not written is a conflict, thrown.
    ///
    /// - Returns: The new version of every row.
    func writeRows(
        _ encoded: [EncodedRow], known: [RowKey: Int64], policy: ConflictPolicy, format: String,
        on connection: PostgresConnection
    ) async throws -> [RowKey: Int64] {
        var expected = known
        for row in encoded {
            let key = row.key
            let query: PostgresQuery
            if policy == .overwrite {
                query = """
                    INSERT INTO basemodel_model (type, id, integer_id, format, json, body)
                    VALUES (\(key.type), \(key.idText), \(key.isInteger), \(format), \(row.json)::jsonb, \(row.body))
                    ON CONFLICT (type, integer_id, id) DO UPDATE
                    SET format = excluded.format, json = excluded.json, body = excluded.body,
                        version = basemodel_model.version + 1
                    RETURNING version
                    """
            } else if let version = expected[key] {
                query = """
                    UPDATE basemodel_model SET format = \(format), json = \(row.json)::jsonb, body = \(row.body),
                        version = version + 1
                    WHERE type = \(key.type) AND integer_id = \(key.isInteger) AND id = \(key.idText)
                        AND version = \(version)
                    RETURNING version
                    """
            } else {
                query = """
                    INSERT INTO basemodel_model (type, id, integer_id, format, json, body)
                    VALUES (\(key.type), \(key.idText), \(key.isInteger), \(format), \(row.json)::jsonb, \(row.body))
                    ON CONFLICT (type, integer_id, id) DO NOTHING
                    RETURNING version
                    """
            }
            var newVersion: Int64?
            for try await version in try await connection.query(query, logger: Self.logger).decode(Int64.self) {
                newVersion = version
            }
            guard let newVersion else { throw Self.conflict(key, expected: expected[key]) }
            expected[key] = newVersion
        }
        return expected
    }

    /// The conflict error for `key`: the row is not at the version this store read.
    static func conflict(_ key: RowKey, expected: Int64?) -> ModelError {
        let why =
            expected.map { "\(key.type) \(key.id) is no longer at version \($0): another writer saved or deleted it" }
            ?? "\(key.type) \(key.id) was saved by another writer since this store last read it"
        return ModelError(.conflict("\(why); fetch it again, then save"), format: "postgres")
    }
}
