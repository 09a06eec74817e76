import Foundation

extension SQLiteStore {
    /// The file name of the embedded store inside ``ModelLocations/applicationSupport``.
    static let embeddedFileName = "Models.sqlite"

    private static let embeddedStores = Locked<[String: SQLiteStore]>([:])

    /// The application's embedded default store: `Models.sqlite` in
    /// ``ModelLocations/applicationSupport`` (on Linux `~/.local/share/<app>/`), opened on first
    /// use and then shared, so every caller in the process uses one connection pool.
    ///
    /// Moving ``ModelLocations/applicationSupport`` (tests do) gives the store in the new folder.
    ///
    /// - Parameter format: The format new saves use when this call opens the store; a store
    ///   already open keeps its format.
    /// - Throws: ``ModelError`` when the file cannot be created, opened or migrated.
    package static func embedded(format: ModelFormat = .binaryPropertyList) throws(ModelError) -> SQLiteStore {
        let url = ModelLocations.applicationSupport.appendingPathComponent(embeddedFileName)
        let key = url.standardizedFileURL.path
        return try embeddedStores.withLock { (stores) throws(ModelError) -> SQLiteStore in
            if let store = stores[key] { return store }
            let store = try SQLiteStore(url: url, format: format)
            stores[key] = store
            return store
        }
    }
}
