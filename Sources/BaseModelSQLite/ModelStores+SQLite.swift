import Foundation

extension ModelStores {
    /// A store in one SQLite database file, through GRDB: every model type in one table, a batch
    /// saved in one transaction, and the file in WAL mode so reads never wait for a write. Opens
    /// the file at `path`, creating it and its folder when missing, and applies the migrations it
    /// has not had yet.
    ///
    /// ```swift
    /// let store = try ModelStores.sqlite(path: "Models.sqlite")   // relative: application support
    /// try await store.save(allGames)                              // one transaction
    /// ```
    ///
    /// Open one store per file in a process and share it.
    ///
    /// - Parameters:
    ///   - path: The database file: absolute, or relative to `ModelLocations.applicationSupport`.
    ///   - format: The format models are saved in. Default: `.binaryPropertyList`,
    ///     compact, exact for dates and data. Rows keep their format, so any registered one reads.
    ///   - context: The codecs and the type names of formats that store types; its
    ///     application-support folder resolves a relative `path`.
    /// - Throws: `ModelError` when the format has no codec, or the file cannot be opened or
    ///   migrated (not a database, read-only folder).
    public static func sqlite(
        path: String, format: ModelFormat = .binaryPropertyList, context: ModelContext = ModelContext()
    ) throws(ModelError) -> any ModelStore {
        try SQLiteStore(path: path, format: format, context: context)
    }

    /// A store in the SQLite database file at `url`, as ``sqlite(path:format:context:)``.
    ///
    /// - Parameters:
    ///   - url: The database file, created with its folder when missing.
    ///   - format: The format models are saved in. Default: `.binaryPropertyList`.
    ///   - context: The codecs and the type names of formats that store types.
    /// - Throws: `ModelError` when the format has no codec, or the file cannot be opened or
    ///   migrated.
    public static func sqlite(
        url: URL, format: ModelFormat = .binaryPropertyList, context: ModelContext = ModelContext()
    ) throws(ModelError) -> any ModelStore {
        try SQLiteStore(url: url, format: format, context: context)
    }

    /// The application's embedded default store: `Models.sqlite` in
    /// `ModelLocations.applicationSupport` (on Linux `~/.local/share/<app>/`), opened on first
    /// use and then shared, so every caller in the process uses one connection pool. Moving
    /// `ModelLocations.applicationSupport` (tests do) gives the store in the new folder.
    ///
    /// ```swift
    /// let map = IdentityMap(store: try ModelStores.embeddedSQLite())
    /// ```
    ///
    /// - Parameter format: The format new saves use when this call opens the store; a store
    ///   already open keeps its format.
    /// - Throws: `ModelError` when the file cannot be created, opened or migrated.
    public static func embeddedSQLite(format: ModelFormat = .binaryPropertyList) throws(ModelError) -> any ModelStore {
        try SQLiteStore.embedded(format: format)
    }
}
