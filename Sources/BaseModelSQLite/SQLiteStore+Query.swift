import Foundation
import GRDB

extension SQLiteStore {
    /// The models of `type` that `query` matches. Rows keep their bodies in the store's format
    /// (a binary property list by default), which SQLite's JSON functions cannot read, so each
    /// row of the type is read into a tree, migrated to the current schema version and matched;
    /// only matches are decoded, from that tree. The cost is that of ``fetchAll(_:)`` less the
    /// decoding of the rows that do not match: one scan of the type's rows (the primary key
    /// `(type, id)` finds them) and one parse per row.
    ///
    /// - Throws: ``ModelError`` only when the table cannot be read; a row that cannot be read,
    ///   or that matches and does not decode, is a failure in the result.
    package func fetchStored<M: IdentifiedModel>(_ type: M.Type, matching query: StoreQuery) async throws(ModelError) -> StoreFetchResult<M> {
        let typeName = M.typeName
        let rows = try await Self.asyncDatabase("query \(typeName)") {
            try await pool.read { db in
                try Row.fetchAll(db, sql: "SELECT id, format, body FROM model WHERE type = ? ORDER BY id", arguments: [typeName])
                    .map(StoredRow.init)
            }
        }
        var result = StoreFetchResult<M>()
        for row in rows {
            do throws(ModelError) {
                guard let format = row.format, let body = row.body else {
                    throw ModelError(.malformed("the row has no format or body"), format: "sqlite")
                }
                let rowCodec = format == codec.format.rawValue ? codec : try context.formats.codec(for: ModelFormat(rawValue: format))
                if let model = try query.model(M.self, stored: body, codec: rowCodec, context: context) {
                    result.models.append(model)
                }
            } catch {
                result.failures[row.location(typeName: typeName)] = error
            }
        }
        return result
    }
}
