import PostgresNIO

/// A model encoded for its row: `json` text for the json format, `body` bytes for the others.
struct EncodedRow: Sendable {
    let key: RowKey
    let json: String?
    let body: ByteBuffer?
}
