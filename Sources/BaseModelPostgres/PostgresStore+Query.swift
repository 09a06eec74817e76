import Foundation
import PostgresNIO

extension PostgresStore {
    /// The stored models of `type` whose fields contain `fields`, by JSONB containment:
    ///
    /// ```sql
    /// SELECT … FROM basemodel_model WHERE type = $1 AND json @> $2::jsonb ORDER BY integer_id, id
    /// ```
    ///
    /// with `$2` the JSON of `fields` (so `["user": ["screen_name": "ada"]]` matches nested
    /// objects, and the GIN index on `json` serves the lookup). Values are bind parameters, never
    /// SQL text. Only rows saved in the `json` format match. Keys are the stored (encoded) keys.
    ///
    /// ```swift
    /// let ada = try await store.fetchAll(User.self, where: ["screen_name": "ada"])
    /// ```
    ///
    /// - Throws: `ModelError` when `fields` is not JSON (`invalidValue`) or the table cannot be
    ///   read; rows that do not decode are failures in the result.
    public func fetchAll<M: IdentifiedModel>(
        _ type: M.Type, where fields: [String: any Sendable]
    ) async throws(ModelError) -> StoreFetchResult<M> {
        let typeName = M.typeName
        return try await fetchRows(M.self, action: "query \(typeName)") { () throws(ModelError) -> PostgresQuery in
            guard JSONSerialization.isValidJSONObject(fields) else {
                throw ModelError(.invalidValue("the fields to match are not JSON values: \(fields)"), format: "postgres")
            }
            let pattern: String
            do {
                pattern = String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
            } catch {
                throw ModelError(.invalidValue("the fields to match are not JSON values: \(error)"), format: "postgres")
            }
            return
                "SELECT \(unescaped: StoredRow.columns) FROM basemodel_model WHERE type = \(typeName) AND json @> \(pattern)::jsonb ORDER BY integer_id, id"
        }
    }
}
