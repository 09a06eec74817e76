/// Cheaper answers a store of this package gives to ``ModelStore``'s `fetch(_:id:)` and
/// `contains(_:id:)`, which are built on the protocol's requirements for any other store: an
/// asynchronous read that does not block a thread, an existence check that decodes nothing.
package protocol StoreShortcuts: ModelStore {
    /// The model of `type` stored under `id`, read without blocking the calling thread.
    func fetchStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> M?

    /// Whether a model of `type` is stored under `id`, without reading or decoding it.
    func containsStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool

    /// The models of `type` that `query` matches, matched where the store keeps them (in SQL,
    /// on stored trees) rather than after decoding every model.
    func fetchStored<M: IdentifiedModel>(_ type: M.Type, matching query: StoreQuery) async throws(ModelError) -> StoreFetchResult<M>
}

extension StoreShortcuts {
    /// Reads through ``ModelStore/fetchSynchronously(_:id:)``, for a store whose reads are
    /// cheap enough not to need an asynchronous path.
    package func fetchStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> M? {
        try fetchSynchronously(type, id: id)
    }
}
