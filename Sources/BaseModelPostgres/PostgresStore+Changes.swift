extension PostgresStore {
    /// The changes to models of `type` made by any client of the database (this store
    /// included), from now on, as PostgreSQL delivers them on commit: the identifier saved or
    /// deleted, never the body. After the feed's connection drops it reconnects and yields
    /// ``PostgresChange/resync``: changes made meanwhile were missed. The stream ends at
    /// ``close()`` or when dropped.
    public func changes<M: IdentifiedModel>(of type: M.Type) -> AsyncStream<PostgresChange<M.ID>> {
        let (stream, continuation) = AsyncStream<PostgresChange<M.ID>>.makeStream(bufferingPolicy: .unbounded)
        let typeName = M.typeName
        let token = feed.subscribe { event in
            switch event {
            case .finished:
                continuation.finish()
            case .resync:
                continuation.yield(.resync)
            case .change(let changedType, let id, let deleted):
                guard changedType == typeName, let id = M.ID(treeValue: id.treeValue, lenient: false) else { return }
                continuation.yield(deleted ? .deleted(id) : .saved(id))
            }
        }
        continuation.onTermination = { [feed] _ in feed.unsubscribe(token) }
        return stream
    }

    /// Keeps the live instances of `type` in `map` in step with the database: when any process
    /// saves a model that has a live instance in `map`, the stored model is fetched and replaces
    /// its value (`IdentityMap.insert(_:)`), which the map's change streams announce. On a
    /// resync every live instance of `type` is fetched again. Deletions leave live instances
    /// as they are. Models with no live instance are not fetched.
    ///
    /// Cost: one `fetch` (a round trip) per change to a live instance, on the attaching task's
    /// executor; a value the map announces is the whole stored model (`IdentityMap.insert(_:)`
    /// replaces, it does not merge), so a live instance's changes not yet saved are replaced by
    /// another process's save. A change made by this store comes back too, and refetches the
    /// same value.
    ///
    /// - Returns: The task doing it; cancel it to detach (``close()`` ends it too).
    @discardableResult
    public func attach<M: IdentifiedModel>(_ map: IdentityMap, for type: M.Type) -> Task<Void, Never> {
        let changes = changes(of: M.self)
        return Task { [weak map] in
            for await change in changes {
                guard let map else { return }
                let ids: [M.ID]
                switch change {
                case .saved(let id): ids = map.existing(M.self, id: id) == nil ? [] : [id]
                case .deleted: ids = []
                case .resync: ids = map.existingInstances(M.self).map(\.id)
                }
                for id in ids {
                    // Right after a reconnect the pool may still hand out a dead connection:
                    // try three times. A row that no longer decodes leaves the live instance
                    // as it was; the next change or resync fetches it again.
                    for attempt in 0..<3 {
                        do {
                            if let model = try await fetch(M.self, id: id) { map.insert(model) }
                            break
                        } catch {
                            if attempt < 2 { try? await Task.sleep(for: .milliseconds(100)) }
                        }
                    }
                }
            }
        }
    }
}
