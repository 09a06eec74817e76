import Foundation
import GRDB

/// One row of the model table, read out of GRDB's `Row` (which cannot leave the database
/// queue) without trapping: a value of the wrong storage class becomes `nil` and is reported
/// when the row is decoded.
struct StoredRow: Sendable {
    /// The identifier as stored, when selected.
    var id: DatabaseValue
    /// The format the body is in.
    var format: String?
    /// The encoded model.
    var body: Data?

    init(_ row: Row) {
        // GRDB's typed row subscripts trap on a failed conversion; go through DatabaseValue.
        id = row.hasColumn("id") ? row["id"] : .null
        let format: DatabaseValue = row["format"]
        let body: DatabaseValue = row["body"]
        self.format = String.fromDatabaseValue(format)
        self.body = Data.fromDatabaseValue(body)
    }

    /// `"<typeName>-<id>"`, the key of a row in `StoreFetchResult.failures`.
    func location(typeName: String) -> String {
        "\(typeName)-\(ModelIdentifier(databaseValue: id)?.description ?? id.description)"
    }
}
