import Foundation
import PostgresNIO

extension PostgresStore {
    /// The stored models of `type` that `query` matches, by JSONB containment in SQL:
    ///
    /// ```sql
    /// SELECT … FROM basemodel_model WHERE type = $1 AND json @> $2::jsonb
    /// UNION ALL SELECT … WHERE type = $1 AND json IS NULL      -- rows in other formats
    /// ORDER BY integer_id, id
    /// ```
    ///
    /// with `$2` the query's JSON (stored keys; the GIN index on `json` serves the lookup).
    /// Values are bind parameters, never SQL text. Rows SQL cannot judge are read and matched
    /// here, on their trees: rows kept as `bytea` in another format (found by a partial index,
    /// so a store of `json` rows reads none), and, for a model whose `schemaVersion` is above 1,
    /// rows written by an older version (by an index on `json -> '$schemaVersion'`), matched
    /// after their migration so a renamed field is found under its new key.
    ///
    /// - Throws: ``ModelError`` when the table cannot be read; rows that do not decode are
    ///   failures in the result.
    package func fetchStored<M: IdentifiedModel>(_ type: M.Type, matching query: StoreQuery) async throws(ModelError) -> StoreFetchResult<M> {
        let typeName = M.typeName
        let pattern = query.json
        let columns = StoredRow.columns
        return try await fetchRows(M.self, action: "query \(typeName)", judging: { row throws(ModelError) in
            try query.matches(M.self, stored: self.rowData(row), codec: self.rowCodec(row))
        }) { () throws(ModelError) -> PostgresQuery in
            guard M.schemaVersion > 1 else {
                return """
                    SELECT \(unescaped: columns), true FROM basemodel_model WHERE type = \(typeName) AND json @> \(pattern)::jsonb
                    UNION ALL SELECT \(unescaped: columns), false FROM basemodel_model WHERE type = \(typeName) AND json IS NULL
                    ORDER BY integer_id, id
                    """
            }
            // `$schemaVersion` is written for every version but 1; a row without it is version 1.
            let current = String(M.schemaVersion)
            return """
                SELECT \(unescaped: columns), true FROM basemodel_model
                    WHERE type = \(typeName) AND json @> \(pattern)::jsonb AND (json -> '$schemaVersion') >= \(current)::jsonb
                UNION ALL SELECT \(unescaped: columns), false FROM basemodel_model WHERE type = \(typeName) AND json IS NULL
                UNION ALL SELECT \(unescaped: columns), false FROM basemodel_model
                    WHERE type = \(typeName) AND json IS NOT NULL AND (json -> '$schemaVersion') IS NULL
                UNION ALL SELECT \(unescaped: columns), false FROM basemodel_model
                    WHERE type = \(typeName) AND json IS NOT NULL AND (json -> '$schemaVersion') < \(current)::jsonb
                ORDER BY integer_id, id
                """
        }
    }

    /// A row's stored bytes.
    private func rowData(_ row: StoredRow) throws(ModelError) -> Data {
        if let json = row.json { return Data(json.utf8) }
        if let body = row.body { return Data(body.readableBytesView) }
        throw ModelError(.malformed("the row has no body"), format: "postgres")
    }

    /// The codec of the format a row names.
    private func rowCodec(_ row: StoredRow) throws(ModelError) -> any FormatCodec {
        row.format == codec.format.rawValue ? codec : try context.formats.codec(for: ModelFormat(rawValue: row.format))
    }
}
