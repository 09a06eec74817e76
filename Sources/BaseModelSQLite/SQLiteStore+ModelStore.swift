import Foundation
import GRDB

extension SQLiteStore {
    // Lookups by identifier use cached (prepared once per connection) statements.
    private static let selectOne = "SELECT format, body FROM model WHERE type = ? AND id = ?"

    /// Saves `models` in one transaction: a reader, or the file after a crash, has all of them
    /// or none. Much faster than saving one by one, which commits each.
    ///
    /// - Throws: ``ModelError`` when a model cannot be encoded (before anything is written) or
    ///   the rows cannot be written (the transaction is rolled back).
    package func save<M: IdentifiedModel>(_ models: [M]) async throws(ModelError) {
        guard !models.isEmpty else { return }
        try await saveRows(models)
    }

    /// The model of `type` stored under `id`, or `nil`.
    ///
    /// - Throws: ``ModelError`` when the row cannot be read or no longer decodes as `type`.
    package func fetchStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> M? {
        let typeName = M.typeName
        let key = id.modelIdentifier.databaseValue
        let row = try await Self.asyncDatabase("fetch \(typeName) \(id)") {
            try await pool.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.selectOne), arguments: [typeName, key]).map(StoredRow.init)
            }
        }
        guard let row else { return nil }
        return try decodeRow(M.self, row)
    }

    /// The model of `type` stored under `id`, read on the calling thread (for the identity map).
    ///
    /// - Throws: ``ModelError`` as ``fetch(_:id:)``.
    package func fetchSynchronously<M: IdentifiedModel>(_ type: M.Type, id: M.ID) throws(ModelError) -> M? {
        let typeName = M.typeName
        let key = id.modelIdentifier.databaseValue
        let row = try Self.database("fetch \(typeName) \(id)") {
            try pool.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.selectOne), arguments: [typeName, key]).map(StoredRow.init)
            }
        }
        guard let row else { return nil }
        return try decodeRow(M.self, row)
    }

    /// Every stored model of `type`, ordered by identifier. A row that does not decode is
    /// reported in ``StoreFetchResult/failures`` as `"<typeName>-<id>"` with its error; the
    /// other rows are still returned.
    ///
    /// - Throws: ``ModelError`` only when the table cannot be read.
    package func fetchAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> StoreFetchResult<M> {
        let typeName = M.typeName
        let rows = try await Self.asyncDatabase("fetch every \(typeName)") {
            try await pool.read { db in
                try Row.fetchAll(db, sql: "SELECT id, format, body FROM model WHERE type = ? ORDER BY id", arguments: [typeName])
                    .map(StoredRow.init)
            }
        }
        var result = StoreFetchResult<M>()
        result.models.reserveCapacity(rows.count)
        for row in rows {
            do {
                result.models.append(try decodeRow(M.self, row))
            } catch {
                result.failures[row.location(typeName: typeName)] = error
            }
        }
        return result
    }

    /// Removes the row of `type` stored under `id`.
    ///
    /// - Returns: Whether there was one.
    /// - Throws: ``ModelError`` when the database cannot be written.
    @discardableResult
    package func delete<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        let typeName = M.typeName
        let key = id.modelIdentifier.databaseValue
        return try await Self.asyncDatabase("delete \(typeName) \(id)") {
            try await pool.write { db in
                try db.execute(sql: "DELETE FROM model WHERE type = ? AND id = ?", arguments: [typeName, key])
                return db.changesCount > 0
            }
        }
    }

    /// Removes every row of `type`.
    ///
    /// - Returns: How many were removed.
    /// - Throws: ``ModelError`` when the database cannot be written.
    @discardableResult
    package func deleteAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> Int {
        let typeName = M.typeName
        return try await Self.asyncDatabase("delete every \(typeName)") {
            try await pool.write { db in
                try db.execute(sql: "DELETE FROM model WHERE type = ?", arguments: [typeName])
                return db.changesCount
            }
        }
    }

    /// Whether a row of `type` is stored under `id`.
    ///
    /// - Throws: ``ModelError`` when the database cannot be read.
    package func containsStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        let typeName = M.typeName
        let key = id.modelIdentifier.databaseValue
        return try await Self.asyncDatabase("look up \(typeName) \(id)") {
            try await pool.read { db in
                try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM model WHERE type = ? AND id = ?)"),
                    arguments: [typeName, key]) ?? false
            }
        }
    }

    private func decodeRow<M: IdentifiedModel>(_ type: M.Type, _ row: StoredRow) throws(ModelError) -> M {
        guard let format = row.format, let body = row.body else {
            throw ModelError(.malformed("the row has no format or body"), format: "sqlite")
        }
        return try decode(M.self, format: format, body: body)
    }
}
