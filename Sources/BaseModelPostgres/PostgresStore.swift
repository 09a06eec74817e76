import Foundation
import PostgresNIO

/// A `ModelStore` in a PostgreSQL database, through vapor/postgres-nio: the same contract as the
/// SQLite store, shared by every process that opens the database, with optimistic concurrency
/// and a change feed that keeps identity maps in step across processes.
///
/// ```swift
/// let store = try await PostgresStore(url: "postgres://app:secret@db.local/app")
/// try await store.save(users)                                   // one transaction
/// let ada = try await store.fetchAll(User.self, where: ["screenName": "ada"])   // JSONB containment
/// let map = IdentityMap(store: store)
/// let sync = store.attach(map, for: User.self)                  // other processes' saves merge in
/// ```
///
/// Connections: the store owns a `PostgresClient` pool (up to 20 connections) and runs it in a
/// task of its own from `init` until ``close()``; two more connections are its own, one held
/// in `LISTEN` for the change feed and one for ``fetchSynchronously(_:id:)``. Call ``close()``
/// when done.
///
/// Schema: opening takes `pg_advisory_lock` and applies the library's migrations it has not
/// applied yet (recorded in `basemodel_schema`), so two processes may open at once. Every model
/// type lives in one table, `basemodel_model(type, id, integer_id, format, json, body, version)`:
/// a model saved in the `json` format is a `jsonb` value (GIN-indexed, queryable in SQL), any
/// other format a `bytea`; each row keeps the format it was written in. A query by field
/// (`ModelStore`'s `fetchAll(_:where:)`) is a JSONB containment in SQL (`json @> $2`).
///
/// Optimistic concurrency: every row has a `version`, raised by each save. The store remembers
/// the version of each row it read or wrote; a save updates the row only if it still has that
/// version, and a save of a row it never read inserts only when there is none. Otherwise the
/// save throws a conflict (`ModelError.Reason.conflict(_:)`) and writes nothing: reread, merge, save
/// again. ``ConflictPolicy/overwrite`` makes saves last-writer-wins instead. The check is
/// between stores (processes): tasks sharing one store share its remembered versions, so for
/// read-modify-write from concurrent tasks call ``update(_:id:attempts:_:)``, which checks the
/// version it read itself and reapplies the change to the newer model on a conflict.
///
/// Saved-data rules: a row that does not decode counts as not read, so the version check keeps
/// any save from replacing it; a row of an older `Model.schemaVersion` is migrated on fetch
/// and the next save writes the current version (`$schemaVersion` in the body); a row of a
/// newer version is read, and a save of it throws `ModelError.Reason.newerVersion(found:known:)`
/// unless the policy is ``ConflictPolicy/overwrite``.
///
/// ## Topics
///
/// ### Opening and closing
/// - ``init(url:format:onConflict:context:)``
/// - ``close()``
///
/// ### Conflicts
/// - ``ConflictPolicy``
/// - ``update(_:id:attempts:_:)``
///
/// ### The change feed
/// - ``changes(of:)``
/// - ``attach(_:for:)``
public final class PostgresStore: ModelStore, StoreShortcuts {
    /// What a save does when the row changed since this store read it.
    public enum ConflictPolicy: Sendable, Hashable {
        /// Throw a conflict error and write nothing (the default).
        case fail
        /// Write anyway: the last writer wins.
        case overwrite
    }

    /// The format new saves encode models in: `json` (the default) is stored as `jsonb`.
    let format: ModelFormat

    let client: PostgresClient
    let settings: PostgresSettings
    let feed: ChangeFeed
    let policy: ConflictPolicy
    private let runner: Task<Void, Never>
    private let blockingConnection: Locked<PostgresConnection?>
    /// The version of each row this store last read or wrote.
    let versions = Locked<[RowKey: Int64]>([:])
    /// Rows last read at a schema version above their model's: a save of them is refused
    /// (`ModelError.Reason.newerVersion(found:known:)`) unless the policy is ``ConflictPolicy/overwrite``.
    let newerRows = Locked<[RowKey: Int]>([:])
    let codec: any FormatCodec
    let context: ModelContext

    /// The app's logger (see `PersistenceLog`), taken when used: PostgresNIO's connection and
    /// query events go where the app's other lines go, and nowhere when it gave none.
    static var logger: Logger { PersistenceLog.logger }

    /// Opens the store at `url` (`postgres://user:password@host:port/database?sslmode=disable`),
    /// or without a URL the one the `PG*` variables of the environment name (`PGHOST`, `PGPORT`,
    /// `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`), as `psql` would; migrates the schema
    /// when needed.
    ///
    /// ```swift
    /// let store = try await PostgresStore(url: "postgres://app:secret@db.local:5432/app")
    /// let fromEnvironment = try await PostgresStore()
    /// ```
    ///
    /// - Parameters:
    ///   - url: The server and database; `nil` (the default): the `PG*` environment variables.
    ///   - format: The format models are saved in; `json` rows are `jsonb`.
    ///   - onConflict: What a save does when another writer changed the row first.
    ///   - context: The codecs (rows in any registered format can be read), the type names of
    ///     formats that store types, and the identity map `Live` properties resolve through.
    /// - Throws: ``PostgresStoreError``: `unreachable`, `authenticationFailed`, `missingDatabase`,
    ///   `invalidConfiguration` (a bad URL, environment or format), or `server`.
    public convenience init(
        url: String? = nil, format: ModelFormat = .json, onConflict: ConflictPolicy = .fail,
        context: ModelContext = ModelContext()
    ) async throws(PostgresStoreError) {
        let settings: PostgresSettings
        if let url {
            settings = try PostgresSettings(url: url)
        } else {
            settings = try PostgresSettings(environment: ProcessInfo.processInfo.environment)
        }
        try await self.init(settings: settings, format: format, policy: onConflict, context: context)
    }

    init(
        settings: PostgresSettings, format: ModelFormat, policy: ConflictPolicy, context: ModelContext
    ) async throws(PostgresStoreError) {
        do {
            codec = try context.formats.codec(for: format)
        } catch {
            throw PostgresStoreError(.invalidConfiguration, "no codec for the format \(format.rawValue): \(error)")
        }
        self.format = format
        self.settings = settings
        self.policy = policy
        self.context = context
        // The pool runs from here on, so that it is running by the first query.
        let client = PostgresClient(configuration: try settings.clientConfiguration(), backgroundLogger: Self.logger)
        let runner = Task { await client.run() }
        self.client = client
        self.runner = runner
        let feed = ChangeFeed(settings: settings)
        self.feed = feed
        let connection: PostgresConnection
        do {
            connection = try await Self.connect(settings)
        } catch {
            runner.cancel()
            throw error
        }
        do {
            try await PostgresSchema.migrate(connection, logger: Self.logger)
            try await feed.start()
        } catch {
            runner.cancel()
            await feed.stop()
            await Self.closeQuietly(connection)
            throw settings.openError(error)
        }
        blockingConnection = Locked(connection)
    }

    deinit {
        // A store dropped without close(): release its connections without waiting.
        runner.cancel()
        feed.stopWithoutWaiting()
        blockingConnection.withLock { connection in
            if let connection { let closing: EventLoopFuture<Void> = connection.close(); _ = closing }
            connection = nil
        }
    }

    /// Stops the pool, the change feed (its streams finish) and the store's own connections.
    /// Later calls throw.
    public func close() async {
        await feed.stop()
        runner.cancel()
        let connection = blockingConnection.withLock { connection in
            defer { connection = nil }
            return connection
        }
        if let connection { await Self.closeQuietly(connection) }
    }

    // MARK: Connections

    static func connect(_ settings: PostgresSettings) async throws(PostgresStoreError) -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(
                configuration: try settings.connectionConfiguration(), id: Int.random(in: 1...Int.max), logger: logger)
        } catch {
            throw settings.openError(error)
        }
    }

    static func closeQuietly(_ connection: PostgresConnection) async {
        do {
            try await connection.close()
        } catch {
            // Already closed: nothing to release.
        }
    }

    /// Runs `query` on the store's own connection, blocking the calling thread; calls queue on
    /// that connection one at a time. A connection lost since the last call (the server
    /// restarted, the connection dropped) is replaced and the query run once more.
    ///
    /// - Throws: `ModelError` when called on a NIO event loop (it would deadlock), when no
    ///   connection can be made, or when the query fails.
    func blockingQuery(_ query: PostgresQuery, action: String) throws(ModelError) -> [PostgresRow] {
        guard MultiThreadedEventLoopGroup.currentEventLoop == nil else {
            throw ModelError(
                .unsupported("cannot \(action): fetchSynchronously was called on a NIO event loop; use fetch"),
                format: "postgres")
        }
        let settings = settings
        return try blockingConnection.withLock { (slot) throws(ModelError) -> [PostgresRow] in
            var attempt = 0
            while true {
                attempt += 1
                do {
                    let connection: PostgresConnection
                    if let current = slot, !current.isClosed {
                        connection = current
                    } else {
                        slot = nil
                        connection = try PostgresConnection.connect(
                            on: PostgresConnection.defaultEventLoopGroup.any(),
                            configuration: try settings.connectionConfiguration(),
                            id: Int.random(in: 1...Int.max), logger: Self.logger
                        ).wait()
                        slot = connection
                    }
                    return try connection.query(query, logger: Self.logger).wait().rows
                } catch {
                    let lost = slot?.isClosed ?? true
                    if lost, attempt < 2 { continue }
                    throw ModelError(
                        .unsupported("cannot \(action): \(settings.openError(error))"), format: "postgres")
                }
            }
        }
    }

    // MARK: Bodies

    /// The model's encoded bytes, as the `json` text or the `body` bytes of its row.
    func encodeRow<M: IdentifiedModel>(_ model: M) throws(ModelError) -> EncodedRow {
        let data = try context.withLimits { () throws(ModelError) -> Data in
            try model.storedData(codec: codec, encoder: context.encoder)
        }
        let key = RowKey(type: M.typeName, id: model.id.modelIdentifier)
        if format == .json {
            return EncodedRow(key: key, json: String(decoding: data, as: UTF8.self), body: nil)
        }
        return EncodedRow(key: key, json: nil, body: ByteBuffer(bytes: data))
    }

    /// Decodes a row's body, written in the format the row names, migrating older schema
    /// versions; remembers a row of a newer version, which a save must not replace.
    func decodeRow<M: IdentifiedModel>(_ type: M.Type, _ row: StoredRow) throws(ModelError) -> M {
        let rowCodec =
            row.format == codec.format.rawValue ? codec : try context.formats.codec(for: ModelFormat(rawValue: row.format))
        let data: Data
        if let json = row.json {
            data = Data(json.utf8)
        } else if let body = row.body {
            data = Data(body.readableBytesView)
        } else {
            throw ModelError(.malformed("the row has no body"), format: "postgres")
        }
        let (model, version) = try M.fromStoredData(data, codec: rowCodec, context: context)
        let key = RowKey(type: M.typeName, id: model.id.modelIdentifier)
        if version > M.schemaVersion || newerRows.withLock({ !$0.isEmpty }) {
            newerRows.withLock { $0[key] = version > M.schemaVersion ? version : nil }
        }
        return model
    }

    /// Runs database calls, turning their errors into `ModelError` (a `ModelError` thrown
    /// inside, such as a conflict, passes through).
    static func database<T>(_ action: String, _ body: () async throws -> T) async throws(ModelError) -> T {
        do {
            return try await body()
        } catch let error as ModelError {
            throw error
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError as? ModelError { throw inner }
            let cause = error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError
            throw ModelError(
                .unsupported("cannot \(action): \(cause.map { String(reflecting: $0) } ?? "transaction failed")"),
                format: "postgres")
        } catch {
            throw ModelError(.unsupported("cannot \(action): \(String(reflecting: error))"), format: "postgres")
        }
    }
}
