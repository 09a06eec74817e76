import OrderedCollections

/// A ``ModelStore`` in memory: models are kept as encoded trees, so a fetch returns a fresh
/// value that shares nothing with what was saved. For tests, previews and caches that need not
/// outlive the process.
///
/// The trees are typed (see ``TypedTree``), written and read with the store's context: a class
/// instance held twice comes back as one instance, a subclass in a property of its base class
/// as that subclass (named by the context's model types), and `Live` properties resolve through
/// the context's identity map.
///
/// ```swift
/// let store = MemoryStore()
/// try await store.save(game)
/// let copy = try await store.fetch(Game.self, id: game.id)
/// ```
package final class MemoryStore: ModelStore, StoreShortcuts {
    private let entries = Locked<[String: OrderedDictionary<ModelIdentifier, ModelValue>]>([:])
    /// The model types, identity map and limits models are encoded and decoded with.
    private let context: ModelContext

    /// Creates an empty store that encodes and decodes models with `context`.
    package init(context: ModelContext = ModelContext()) {
        self.context = context
    }

    /// Saves every model at once: a reader sees all of them or none.
    ///
    /// - Throws: ``ModelError`` when a model cannot be encoded; nothing is saved then.
    package func save<M: IdentifiedModel>(_ models: [M]) async throws(ModelError) {
        try saveSynchronously(models)
    }

    private func saveSynchronously<M: IdentifiedModel>(_ models: [M]) throws(ModelError) {
        var trees: [(ModelIdentifier, ModelValue)] = []
        trees.reserveCapacity(models.count)
        let encoder = context.encoder
        for model in models { trees.append((model.id.modelIdentifier, try encoder.encode(model))) }
        entries.withLock { entries in
            for (id, tree) in trees { entries[M.typeName, default: [:]][id] = tree }
        }
    }

    /// The model stored under `id`, decoded anew.
    ///
    /// - Throws: ``ModelError`` when the stored tree no longer fits the type.
    package func fetchSynchronously<M: IdentifiedModel>(_ type: M.Type, id: M.ID) throws(ModelError) -> M? {
        guard let tree = entries.withLock({ $0[M.typeName]?[id.modelIdentifier] }) else { return nil }
        return try decode(M.self, tree)
    }

    /// Every stored model of `type`, in the order first saved; trees that no longer fit the
    /// type are reported as failures.
    package func fetchAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> StoreFetchResult<M> {
        decodeAll(M.self) { _ in true }
    }

    /// The models of `type` whose stored trees `query` matches; only those are decoded.
    package func fetchStored<M: IdentifiedModel>(_ type: M.Type, matching query: StoreQuery) async throws(ModelError) -> StoreFetchResult<M> {
        decodeAll(M.self, where: query.matches)
    }

    private func decodeAll<M: IdentifiedModel>(_ type: M.Type, where keep: (ModelValue) -> Bool) -> StoreFetchResult<M> {
        let stored = entries.withLock { $0[M.typeName] ?? [:] }
        var result = StoreFetchResult<M>()
        for (id, tree) in stored where keep(tree) {
            do {
                result.models.append(try decode(M.self, tree))
            } catch {
                result.failures["\(M.typeName)-\(id)"] = error
            }
        }
        return result
    }

    private func decode<M: IdentifiedModel>(_ type: M.Type, _ tree: ModelValue) throws(ModelError) -> M {
        try context.withLimits { () throws(ModelError) -> M in try context.decoder.decode(M.self, from: tree) }
    }

    /// Removes the model stored under `id`.
    @discardableResult
    package func delete<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        entries.withLock { $0[M.typeName]?.removeValue(forKey: id.modelIdentifier) != nil }
    }

    /// Removes every model of `type`.
    @discardableResult
    package func deleteAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> Int {
        entries.withLock { $0.removeValue(forKey: M.typeName)?.count ?? 0 }
    }

    /// Whether a model of `type` is stored under `id`.
    package func containsStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        entries.withLock { $0[M.typeName]?[id.modelIdentifier] != nil }
    }
}
