import GRDB

/// The store's schema and its migrations, applied through GRDB's `DatabaseMigrator`.
///
/// One typed key-value table holds every model type:
///
/// ```sql
/// CREATE TABLE model (
///     type   TEXT NOT NULL,   -- the registered type name (Model.typeName)
///     id          NOT NULL,   -- no declared type: integers stay integers, text stays text
///     format TEXT NOT NULL,   -- the format the body is in (ModelFormat.rawValue)
///     body   BLOB NOT NULL,   -- the encoded model
///     PRIMARY KEY (type, id)
/// ) WITHOUT ROWID
/// ```
///
/// Why one table and not one per type: the models are stored encoded, so a table per type would
/// hold the same four columns under another name and need a `CREATE TABLE` the first time a type
/// is saved (DDL inside ordinary saves, and one more migration to track per type). One table keeps
/// the schema fixed, so migrations are the library's alone; the composite primary key is the index
/// that every lookup (`type = ? AND id = ?`) and every per-type scan (`type = ?`) uses.
///
/// The `id` column has no declared type, so SQLite keeps each value's own storage class: the
/// integer id `42` and the string id `"42"` are two keys, as FDModel kept `@42` and `@"42"` apart.
/// Each row names its format, so a store whose default format changes still reads older rows.
///
/// A save never replaces a row it cannot decode: in the same transaction the old row is copied,
/// bytes untouched, into `model_unreadable(type, id, format, body, error, moved_at)` (the error
/// message, the UTC time). To get one back, copy its `type, id, format, body` into `model`.
enum SQLiteSchema {
    /// The table name.
    static let table = "model"

    /// The migrations, in order. Never edit a registered migration: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: model table") { db in
            try db.execute(sql: """
                CREATE TABLE model (
                    type TEXT NOT NULL,
                    id NOT NULL,
                    format TEXT NOT NULL,
                    body BLOB NOT NULL,
                    PRIMARY KEY (type, id)
                ) WITHOUT ROWID
                """)
        }
        // Rows a save would have replaced although they no longer decode, kept as they were.
        migrator.registerMigration("v2: unreadable rows") { db in
            try db.execute(sql: """
                CREATE TABLE model_unreadable (
                    type TEXT NOT NULL,
                    id NOT NULL,
                    format TEXT NOT NULL,
                    body BLOB NOT NULL,
                    error TEXT NOT NULL,
                    moved_at TEXT NOT NULL
                )
                """)
        }
        return migrator
    }
}
