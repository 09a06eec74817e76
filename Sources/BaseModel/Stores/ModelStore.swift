/// Where identified models are kept between runs: save, fetch by identifier, fetch all, delete.
///
/// A store keys each model by its type's ``Model/typeName`` and its identifier (a string or an integer), so one
/// store holds many types. Every method is `async` for app code; ``fetchSynchronously(_:id:)``
/// is the one blocking read, used by an ``IdentityMap`` the store is attached to when a decode
/// meets an identifier with no live instance (FDModel revives models from its store this way).
///
/// ```swift
/// let store = try ModelStores.directory(cachesURL, format: .binaryPropertyList)
/// try await store.save(game)
/// let again = try await store.fetch(Game.self, id: "93")
/// let all = try await store.fetchAll(Game.self)      // all.models, all.failures
/// let okami = try await store.fetchAll(Game.self, where: [\.name: "Okami"])   // by field
/// ```
///
/// Implementations: ``ModelStores/memory(context:)``, ``ModelStores/directory(_:format:context:)``, and the
/// SQLite and PostgreSQL stores of the `BaseModelSQLite` and `BaseModelPostgres` targets. All are
/// safe to share between tasks.
///
/// Stores that keep bytes (files, rows) follow the rules of saved data: an entry of an older
/// ``Model/schemaVersion`` is migrated on fetch and written in the current version by the next
/// save; an entry that does not decode is never replaced by a save that did not read it (it is
/// moved aside first); an entry of a newer version is read but not replaced
/// (``ModelError/Reason/newerVersion(found:known:)``).
///
/// ## Topics
///
/// ### Writing
/// - ``save(_:)-(M)``
/// - ``save(_:)-([M])``
/// - ``delete(_:id:)``
/// - ``deleteAll(_:)``
///
/// ### Reading
/// - ``fetch(_:id:)``
/// - ``fetchAll(_:)``
/// - ``contains(_:id:)``
/// - ``fetchSynchronously(_:id:)``
///
/// A store implements the five requirements; ``save(_:)-(M)``, ``fetch(_:id:)`` and
/// ``contains(_:id:)`` are built on them (the stores of this package answer the last two with
/// a cheaper query of their own).
public protocol ModelStore: Sendable {
    /// Saves several models of one type, each under its identifier, replacing what was stored
    /// for it, as one batch where the store can (a transaction). A reader never sees a
    /// half-written model: it finds the old one or the new one.
    ///
    /// - Throws: ``ModelError`` for the first model that cannot be encoded or written; its stored
    ///   copy is then untouched.
    func save<M: IdentifiedModel>(_ models: [M]) async throws(ModelError)

    /// Every stored model of `type`, in no particular order. An entry that fails to decode is
    /// reported in ``StoreFetchResult/failures`` under its location and does not stop the others.
    ///
    /// - Throws: ``ModelError`` only when the store itself cannot be read.
    func fetchAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> StoreFetchResult<M>

    /// Removes the model of `type` stored under `id`.
    ///
    /// - Returns: Whether there was one.
    /// - Throws: ``ModelError`` when the store cannot be changed.
    @discardableResult
    func delete<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool

    /// Removes every stored model of `type`.
    ///
    /// - Returns: How many were removed.
    /// - Throws: ``ModelError`` when the store cannot be changed.
    @discardableResult
    func deleteAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> Int

    /// The model of `type` stored under `id`, read without suspending: the identity map calls
    /// this from its synchronous decode. It blocks for the read (a file or a row), so app code
    /// in async contexts should call ``fetch(_:id:)``.
    ///
    /// - Throws: ``ModelError`` when the stored copy cannot be read or decoded.
    func fetchSynchronously<M: IdentifiedModel>(_ type: M.Type, id: M.ID) throws(ModelError) -> M?
}

extension ModelStore {
    /// Saves `model` under its identifier, replacing what was stored for it: a batch of one.
    ///
    /// - Throws: ``ModelError`` when the model cannot be encoded or written; the stored copy is
    ///   then untouched.
    public func save<M: IdentifiedModel>(_ model: M) async throws(ModelError) {
        try await save([model])
    }

    /// The model of `type` stored under `id`, or `nil` when there is none.
    ///
    /// - Throws: ``ModelError`` when the stored copy cannot be read or decoded.
    public func fetch<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> M? {
        if let shortcuts = self as? any StoreShortcuts {
            return try await shortcuts.fetchStored(type, id: id)
        }
        return try fetchSynchronously(type, id: id)
    }

    /// Whether a model of `type` is stored under `id`.
    ///
    /// - Throws: ``ModelError`` when the store cannot be read (a store of another package also
    ///   when the stored copy does not decode: it answers by fetching).
    public func contains<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        if let shortcuts = self as? any StoreShortcuts {
            return try await shortcuts.containsStored(type, id: id)
        }
        return try fetchSynchronously(type, id: id) != nil
    }
}
