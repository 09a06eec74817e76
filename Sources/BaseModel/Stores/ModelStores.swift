import Foundation

/// The stores of this module, made by what they keep models in: ``memory(context:)`` and
/// ``directory(_:format:context:)``. Each returns a ``ModelStore``; `BaseModelSQLite` adds
/// `sqlite(path:)`, `sqlite(url:)` and `embeddedSQLite()`, and `BaseModelPostgres` has its class.
///
/// ```swift
/// let cache = ModelStores.memory()
/// let store = try ModelStores.directory(ModelLocations.applicationSupport.appendingPathComponent("Games"))
/// try await store.save(game)
/// let map = IdentityMap(store: store)
/// ```
public enum ModelStores {
    /// A store in memory: models are kept as encoded trees, so a fetch returns a fresh value that
    /// shares nothing with what was saved. For tests, previews and caches that need not outlive
    /// the process. A batch is saved at once: a reader sees all of it or none.
    ///
    /// The trees are typed (`$class`, `$alias`), as a keyed archive's are: a class instance held
    /// twice comes back as one instance, and a subclass in a property of its base class as that
    /// subclass.
    ///
    /// - Parameter context: The model types the trees name classes with, the identity map
    ///   `Live` properties of fetched models resolve through, and the decode limits.
    public static func memory(context: ModelContext = ModelContext()) -> any ModelStore {
        MemoryStore(context: context)
    }

    /// A store of files: one file per model, in any format of the context's registry, written
    /// atomically (FDModel's archived-file store), in `directory` (created on first save).
    ///
    /// A model of type `Game` with identifier `93` lives at `<directory>/Game/<name>`, where
    /// `<name>` is the lowercase hex SHA-256 of `"Game-93"` plus the format's extension. Files are
    /// read by content, so a folder may mix formats. A save writes a temporary file and renames
    /// it over the old one, so a reader, or a process restarted after a crash, finds the old model
    /// or the new one, never a torn file. A save never replaces a file it cannot read: one that
    /// does not decode is first moved aside as `<name>.unreadable-<UTC time>.<extension>`, which
    /// ``ModelStore/fetchAll(_:)`` no longer lists; one written by a newer
    /// ``Model/schemaVersion`` is refused.
    ///
    /// - Parameters:
    ///   - directory: The folder holding a folder per model type.
    ///   - format: The format files are written in. Default: a binary property list.
    ///   - context: The codecs for writing and for reading files back by content, and the model
    ///     types of formats that store types.
    /// - Throws: ``ModelError`` when the context has no codec for `format`.
    public static func directory(
        _ directory: URL, format: ModelFormat = .binaryPropertyList, context: ModelContext = ModelContext()
    ) throws(ModelError) -> any ModelStore {
        try DirectoryStore(directory: directory, format: format, context: context)
    }
}
