import Foundation
import GRDB

/// A ``ModelStore`` in one SQLite database file, through GRDB: every identified model type in one
/// typed key-value table, the model encoded in any registered format, batch saves in one
/// transaction, and the database in WAL mode so reads never wait for a write. Users make it with
/// `ModelStores.sqlite(path:format:context:)`, `ModelStores.sqlite(url:format:context:)` or
/// `ModelStores.embeddedSQLite(format:)`.
///
/// The table is `model(type, id, format, body)` with the primary key `(type, id)`, one table for
/// every type rather than one per type: models are stored encoded, so per-type tables would hold
/// the same columns under other names and need a `CREATE TABLE` inside the first save of each
/// type; one table keeps the schema fixed and the library's own. The primary key is the index of
/// every lookup and per-type scan. `id` has no declared type, so the integer `42` and the string
/// `"42"` stay two keys, as in FDModel. Opening a store applies the migrations it has not applied
/// yet (GRDB's `DatabaseMigrator`), so opening twice, or a file made by an older version, is fine.
///
/// Crash safety: a save commits or rolls back as a whole; a process killed in the middle of a
/// save (even of a batch) leaves the database as it was before that save. The WAL journal uses
/// SQLite's `synchronous=NORMAL`, which survives a process crash; a power loss may lose the last
/// committed transactions but never corrupts the file.
///
/// Open one store per file in a process and share it: it is `Sendable`, and its pool serialises
/// writers and runs readers concurrently.
package final class SQLiteStore: ModelStore, StoreShortcuts {
    /// The database file.
    let url: URL
    /// The format new saves encode models in. Rows keep the format they were written in, so a
    /// store opened with another format still reads them.
    let format: ModelFormat

    let pool: DatabasePool
    let codec: any FormatCodec
    let context: ModelContext
    /// The rows this store wrote or read in its own format, which a save replaces without
    /// decoding them again.
    let replaceable = ReplaceableCopies()

    /// Opens (creating when missing) the store at `path`: absolute, or relative to
    /// ``ModelLocations/applicationSupport``. The folder is created when missing.
    ///
    /// - Parameters:
    ///   - format: The format models are saved in. Default: ``ModelFormat/binaryPropertyList``,
    ///     compact, exact for dates and data.
    ///   - context: The codecs (rows in any registered format can be read) and the type names of
    ///     formats that store types; its application-support folder resolves a relative `path`.
    /// - Throws: ``ModelError`` when the format has no codec, or the file cannot be opened or
    ///   migrated (not a database, read-only folder).
    package convenience init(
        path: String, format: ModelFormat = .binaryPropertyList, context: ModelContext = ModelContext()
    ) throws(ModelError) {
        try self.init(url: context.url(for: path), format: format, context: context)
    }

    /// Opens (creating when missing) the store in the file at `url`.
    ///
    /// - Throws: ``ModelError`` as ``init(path:format:context:)``.
    package init(
        url: URL, format: ModelFormat = .binaryPropertyList, context: ModelContext = ModelContext()
    ) throws(ModelError) {
        self.url = url
        self.format = format
        self.context = context
        codec = try context.formats.codec(for: format)
        var configuration = Configuration()
        configuration.label = "BaseModelSQLite"
        // Another process (or a pool left open elsewhere) may hold the write lock for a moment.
        configuration.busyMode = .timeout(10)
        pool = try Self.database("open \(url.path)") {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try SQLiteSchema.migrator.migrate(pool)
            return pool
        }
    }

    /// The database's journal mode as SQLite reports it: `"wal"` for every store.
    ///
    /// - Throws: ``ModelError`` when the database cannot be read.
    func journalMode() throws(ModelError) -> String {
        try Self.database("read the journal mode") {
            try pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
        }
    }

    /// Closes the database. Later calls throw.
    ///
    /// - Throws: ``ModelError`` when a statement is still running.
    package func close() throws(ModelError) {
        try Self.database("close") { try pool.close() }
    }

    // MARK: Rows

    /// Encodes `models` and replaces their rows in one transaction.
    func saveRows<M: IdentifiedModel>(_ models: [M]) async throws(ModelError) {
        var encoded: [(key: DatabaseValue, id: M.ID, body: Data)] = []
        encoded.reserveCapacity(models.count)
        for model in models {
            encoded.append((model.id.modelIdentifier.databaseValue, model.id, try encode(model)))
        }
        let rows = encoded
        let type = M.typeName
        let format = format.rawValue
        try await Self.asyncDatabase("save \(type)") {
            try await pool.write { db in
                let existing = try db.cachedStatement(sql: "SELECT format, body FROM model WHERE type = ? AND id = ?")
                let statement = try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO model (type, id, format, body) VALUES (?, ?, ?, ?)")
                for row in rows {
                    if let old = try Row.fetchOne(existing, arguments: [type, row.key]) {
                        try moveAsideIfUnreadable(M.self, key: row.key, id: row.id, format: old[0], body: old[1], in: db)
                    }
                    try statement.execute(arguments: [type, row.key, format, row.body])
                }
            }
        }
        for row in rows { replaceable.remember(row.body, of: M.self, id: row.id) }
    }

    /// Copies the row about to be replaced into `model_unreadable` when it does not decode as
    /// `type` (a row in the store's format that this store wrote or read is known to, see
    /// ``ReplaceableCopies``), inside the saving transaction.
    ///
    /// - Throws: ``ModelError/Reason/newerVersion(found:known:)`` for a row of a newer version,
    ///   which rolls the save back.
    private func moveAsideIfUnreadable<M: IdentifiedModel>(
        _ type: M.Type, key: DatabaseValue, id: M.ID, format: String, body: Data, in db: Database
    ) throws {
        let formats = context.formats
        let storeCodec = codec
        let ownFormat = format == storeCodec.format.rawValue
        let rowCodec = { () throws(ModelError) -> any FormatCodec in
            ownFormat ? storeCodec : try formats.codec(for: ModelFormat(rawValue: format))
        }
        guard
            let reason = try M.unreadableReason(
                ofStored: body, id: id, codec: rowCodec, context: context, known: ownFormat ? replaceable : ReplaceableCopies())
        else { return }
        let tag = Quarantine.tag()
        try db.execute(
            sql: "INSERT INTO model_unreadable (type, id, format, body, error, moved_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [M.typeName, key, format, body, "\(reason)", String(tag.dropFirst("unreadable-".count))])
        PersistenceLog.logger.error("\(M.typeName) \(key) in \(url.path) does not decode (\(reason)); moved to model_unreadable")
    }

    /// The model's bytes in the store's format, with its schema version.
    func encode<M: IdentifiedModel>(_ model: M) throws(ModelError) -> Data {
        try context.withLimits { () throws(ModelError) -> Data in try model.storedData(codec: codec, encoder: context.encoder) }
    }

    /// Decodes a row's body, written in the format the row names, migrating older versions.
    func decode<M: IdentifiedModel>(_ type: M.Type, format: String, body: Data) throws(ModelError) -> M {
        let ownFormat = format == codec.format.rawValue
        let rowCodec = ownFormat ? codec : try context.formats.codec(for: ModelFormat(rawValue: format))
        let (model, version) = try M.fromStoredData(body, codec: rowCodec, context: context)
        if ownFormat, version <= M.schemaVersion { replaceable.remember(body, of: M.self, id: model.id) }
        return model
    }

    /// Runs a GRDB call, turning its errors into ``ModelError``.
    static func database<T>(_ action: String, _ body: () throws -> T) throws(ModelError) -> T {
        do {
            return try body()
        } catch let error as ModelError {
            throw error
        } catch {
            throw sqliteError(action, error)
        }
    }

    /// Runs an async GRDB call, turning its errors into ``ModelError``.
    static func asyncDatabase<T>(_ action: String, _ body: () async throws -> T) async throws(ModelError) -> T {
        do {
            return try await body()
        } catch let error as ModelError {
            throw error
        } catch {
            throw sqliteError(action, error)
        }
    }

    private static func sqliteError(_ action: String, _ error: any Error) -> ModelError {
        ModelError(.unsupported("cannot \(action): \(error)"), format: "sqlite")
    }
}

extension ModelIdentifier {
    /// The identifier as an SQLite value: text for strings, an integer for integers.
    var databaseValue: DatabaseValue {
        switch self {
        case .string(let string): string.databaseValue
        case .integer(let integer): integer.databaseValue
        }
    }

    /// The identifier an SQLite value holds, or `nil` for another storage class.
    init?(databaseValue: DatabaseValue) {
        switch databaseValue.storage {
        case .string(let string): self = .string(string)
        case .int64(let integer): self = .integer(integer)
        default: return nil
        }
    }
}
