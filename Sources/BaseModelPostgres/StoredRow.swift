import PostgresNIO

/// A row as read back: its identifier, format, body and version.
struct StoredRow: Sendable {
    let id: String
    let isInteger: Bool
    let format: String
    let json: String?
    let body: ByteBuffer?
    let version: Int64
    /// Whether the query's SQL matched the row; a row it could not judge (another format, an
    /// older schema version) is matched after reading.
    var isMatched = true

    /// The columns every read selects, in the order of ``init(_:)``'s tuple.
    static let columns = "id, integer_id, format, json::text, body, version"

    init(_ columns: (String, Bool, String, String?, ByteBuffer?, Int64)) {
        (id, isInteger, format, json, body, version) = columns
    }

    /// `"<typeName>-<id>"`, the location of a failure.
    func location(typeName: String) -> String { "\(typeName)-\(id)" }

    /// The row's key as a model of `typeName` names it.
    func key(typeName: String) -> RowKey {
        RowKey(type: typeName, id: isInteger ? Int64(id).map(ModelIdentifier.integer) ?? .string(id) : .string(id))
    }
}
