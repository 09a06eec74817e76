import PostgresNIO

/// The store's schema and its migrations, applied on open under an advisory lock.
///
/// ```sql
/// CREATE TABLE basemodel_model (
///     type       text    NOT NULL,  -- Model.typeName
///     id         text    NOT NULL,  -- the identifier as text
///     integer_id boolean NOT NULL,  -- so the integer 42 and the string "42" stay two keys
///     format     text    NOT NULL,  -- ModelFormat.rawValue of the row
///     json       jsonb,             -- the body of rows in the json format (GIN-indexed)
///     body       bytea,             -- the body of rows in every other format
///     version    bigint  NOT NULL DEFAULT 1,  -- +1 on each save: optimistic concurrency
///     PRIMARY KEY (type, integer_id, id),
///     CHECK ((json IS NULL) <> (body IS NULL))
/// )
/// ```
///
/// A row trigger sends `pg_notify('basemodel_changes', '{"type":…,"id":…,"integer":…,"op":…}')`
/// on every insert, update and delete, from any client; PostgreSQL delivers it on commit.
/// `basemodel_schema(version)` records the migrations applied.
enum PostgresSchema {
    /// The channel the trigger notifies.
    static let channel = "basemodel_changes"

    /// The key of the advisory lock held while migrating (any constant; "BaseModel" in ASCII).
    static let lockKey: Int64 = 0x42_61_73_65_4D_6F_64

    /// The migrations, in order; the index + 1 is the version. Never edit one: add a new one.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE basemodel_model (
                type text NOT NULL,
                id text NOT NULL,
                integer_id boolean NOT NULL,
                format text NOT NULL,
                json jsonb,
                body bytea,
                version bigint NOT NULL DEFAULT 1,
                PRIMARY KEY (type, integer_id, id),
                CHECK ((json IS NULL) <> (body IS NULL))
            )
            """,
            "CREATE INDEX basemodel_model_json ON basemodel_model USING GIN (json jsonb_path_ops)",
            """
            CREATE FUNCTION basemodel_notify() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                changed basemodel_model;
            BEGIN
                IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
                PERFORM pg_notify('basemodel_changes', json_build_object(
                    'type', changed.type, 'id', changed.id, 'integer', changed.integer_id,
                    'op', lower(TG_OP))::text);
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER basemodel_model_notify AFTER INSERT OR UPDATE OR DELETE ON basemodel_model
            FOR EACH ROW EXECUTE FUNCTION basemodel_notify()
            """,
        ],
        [
            // Queries by field read the rows that SQL cannot match (bodies in another format,
            // models of an older schema version) and match them after decoding: these find them
            // without scanning a type's rows. The second costs each json row one B-tree entry.
            "CREATE INDEX basemodel_model_body ON basemodel_model (type) WHERE json IS NULL",
            "CREATE INDEX basemodel_model_schema_version ON basemodel_model (type, (json -> '$schemaVersion')) WHERE json IS NOT NULL",
        ],
    ]

    /// Applies the migrations the database has not had yet, holding the advisory lock so that
    /// two processes opening at once migrate one after the other. Idempotent.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
        do {
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS basemodel_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: logger)
            var applied = 0
            for try await version in try await connection.query(
                "SELECT coalesce(max(version), 0) FROM basemodel_schema", logger: logger
            ).decode(Int.self) {
                applied = version
            }
            for (index, statements) in migrations.enumerated() where index + 1 > applied {
                let version = index + 1
                try await connection.withTransaction(logger: logger) { connection in
                    for statement in statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query("INSERT INTO basemodel_schema (version) VALUES (\(version))", logger: logger)
                }
            }
        } catch {
            try await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
            throw error
        }
        try await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
    }
}
