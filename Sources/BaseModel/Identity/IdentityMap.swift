import Foundation

/// One live instance per (type, identifier): FDModel's identity map, for Swift concurrency.
///
/// The first payload for an identifier creates its ``Live`` instance; later payloads merge into
/// it in place — keys present overwrite, missing keys keep their values, an explicit `null`
/// clears an optional — and everyone holding it sees the change. Models nested in a payload
/// resolve through the same map when their property is a `Live` (`var user: Live<User>?`), and a
/// bare string or integer there is a reference by identifier (a stub when unknown).
///
/// ```swift
/// let map = IdentityMap()
/// let tweet = try Tweet.live(object: payload, in: map)
/// let author = map.existing(User.self, id: 7)     // no creation
/// ```
///
/// The map holds instances **weakly**: once nobody holds one it is gone, and a later payload
/// creates a new one (from the attached store when it has the identifier). The entries of
/// instances that are gone are dropped as new ones arrive, so the map never grows beyond about
/// twice what is live. ``shared`` is
/// the process-wide map; create your own for a scope (a test, an account, a document).
///
/// Thread safety: every method may be called from any task. Merges and ``Live/update(_:)`` run
/// one at a time under the map's writer lock (FDModel's recursive modification lock), so N tasks
/// parsing overlapping payloads end with one instance per identifier and no lost field; reads of
/// a live value only take that instance's own lock. Changes are announced after the lock is
/// released, on the task that merged.
///
/// ## Topics
///
/// ### Creating and merging
/// - ``init(store:)``
/// - ``insert(_:)``
///
/// ### Looking up
/// - ``existing(_:id:)``
/// - ``existingInstances(_:)``
///
/// ### Watching
/// - ``changes(of:)``
public final class IdentityMap: Sendable {
    /// The process-wide map, used by decodes that name no map.
    public static let shared = IdentityMap()

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let id: ModelIdentifier
    }

    private struct Entry {
        weak var object: AnyObject?
    }

    /// A change waiting for the writer lock to be released.
    struct PendingChange: Sendable {
        let post: @Sendable () -> Void
    }

    private struct Table {
        /// The fewest entries at which adopting an instance first drops the dead ones.
        static let smallestPurgeCount = 1024

        var entries: [Key: Entry] = [:]
        /// Adopting an instance drops the dead entries once there are this many: twice what was
        /// left after the last purge, so the work is constant per adoption on average.
        var purgeCount = Table.smallestPurgeCount
        var writerDepth = 0
        var pending: [PendingChange] = []
        var typeObservers: [ObjectIdentifier: [Int: @Sendable (AnyObject) -> Void]] = [:]
        var nextObserver = 0

        /// Drops the entries of instances nobody holds any more; returns how many.
        @discardableResult
        mutating func purge() -> Int {
            let before = entries.count
            entries = entries.filter { $0.value.object != nil }
            purgeCount = max(Table.smallestPurgeCount, entries.count * 2)
            return before - entries.count
        }
    }

    private let table = Locked(Table())
    private let storage = Locked<(any ModelStore)?>(nil)
    /// Serialises merges and updates; recursive because a merge decodes nested models, which
    /// merge too, and because user code run inside a merge (a transformer) may use the map.
    private let writer = NSRecursiveLock()

    /// Creates an empty map.
    ///
    /// - Parameters:
    /// - Parameter store: Consulted when a model is created by identifier and no instance is live.
    public init(store: (any ModelStore)? = nil) {
        storage.withLock { $0 = store }
    }

    /// The store consulted before a new instance is made for an identifier (FDModel's model
    /// store): when it holds the identifier, the stored model is revived and the payload merged
    /// into it. `nil`: no store.
    var store: (any ModelStore)? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    // MARK: Looking up

    /// The live instance of `type` for `id`, or `nil`: no creation, no store (FDModel's
    /// `existingModelWithIdentifier:`).
    public func existing<M: IdentifiedModel>(_ type: M.Type, id: M.ID) -> Live<M>? {
        let key = Key(type: ObjectIdentifier(M.self), id: id.modelIdentifier)
        return table.withLock { $0.entries[key]?.object as? Live<M> }
    }

    /// Every live instance of `type`, in no particular order (FDModel's `existingModels`).
    public func existingInstances<M: IdentifiedModel>(_ type: M.Type) -> [Live<M>] {
        let typeKey = ObjectIdentifier(M.self)
        return table.withLock { table in
            table.entries.compactMap { $0.key.type == typeKey ? $0.value.object as? Live<M> : nil }
        }
    }

    /// How many instances are live, of every type.
    var count: Int {
        table.withLock { $0.entries.values.count { $0.object != nil } }
    }

    /// Drops the entries of instances nobody holds any more (``adopt(_:)`` does it as the table
    /// grows).
    ///
    /// - Returns: How many entries were dropped.
    @discardableResult
    func purge() -> Int {
        table.withLock { $0.purge() }
    }

    // MARK: Creating and merging

    /// The live instance for the model in `object`, creating it or merging `object` into it.
    ///
    /// `object` is what ``Model/init(object:)`` takes: a `[String: Any]`, a ``ModelValue``, JSON
    /// `Data`/`String`; a bare string or integer is a reference by identifier (as
    /// ``instance(_:id:)``).
    ///
    /// ```swift
    /// let game = try map.instance(Game.self, object: ["game_id": "93", "GameTitle": "Okami"])
    /// ```
    ///
    /// - Throws: ``ModelError`` when the identifier is missing or of the wrong kind (the path names
    ///   its key), or a value does not fit; the live instance is then unchanged.
    func instance<M: IdentifiedModel>(_ type: M.Type, object: Any) throws(ModelError) -> Live<M> {
        try TreeDecoder.decode(
            Live<M>.self, from: UntypedInput(object).tree(), plain: false, report: nil, identityMap: self)
    }

    /// The live instances for the elements of `array`, each created or merged as
    /// ``instance(_:object:)`` does; `null` elements are skipped.
    ///
    /// - Throws: ``ModelError`` for the first element that does not fit (the path names its index).
    func instances<M: IdentifiedModel>(_ type: M.Type, array: Any) throws(ModelError) -> [Live<M>] {
        let value = try UntypedInput(array).tree()
        guard case .array(let elements) = value else {
            throw ModelError(.typeMismatch(expected: "array", found: value.kindName), excerpt: value.excerpt)
        }
        var instances: [Live<M>] = []
        instances.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() where !element.isNull {
            do {
                instances.append(try TreeDecoder.decode(Live<M>.self, from: element, plain: false, report: nil, identityMap: self))
            } catch {
                var located = error
                located.path = ModelPath([.index(index)]).appending(error.path)
                throw located
            }
        }
        return instances
    }

    /// The live instance of `type` for `id`: the existing one, else the stored one, else a stub
    /// holding the defaults of `init()` and the identifier (FDModel's `modelWithIdentifier:`).
    ///
    /// - Throws: ``ModelError`` when the store cannot read its copy.
    func instance<M: IdentifiedModel>(_ type: M.Type, id: M.ID) throws(ModelError) -> Live<M> {
        try withWriter { () throws(ModelError) -> Live<M> in
            if let live = existing(M.self, id: id) { return live }
            if let stored = try store?.fetchSynchronously(M.self, id: id) { return adopt(stored) }
            return adopt(try M().withIdentifier(id))
        }
    }

    /// Makes `value` the value of the live instance for its identifier, replacing the old value
    /// whole (no merge), or creates the instance.
    ///
    /// - Returns: The live instance.
    @discardableResult
    public func insert<M: IdentifiedModel>(_ value: M) -> Live<M> {
        withWriter { () -> Live<M> in
            guard let live = existing(M.self, id: value.id) else { return adopt(value) }
            live.replace(with: value)
            enqueueChange(of: live, value: value)
            return live
        }
    }

    /// Registers a new live instance for `value`; the caller holds the writer lock and has
    /// checked that none is live.
    func adopt<M: IdentifiedModel>(_ value: M) -> Live<M> {
        let live = Live(value, map: self)
        let key = Key(type: ObjectIdentifier(M.self), id: value.id.modelIdentifier)
        table.withLock { table in
            table.entries[key] = Entry(object: live)
            if table.entries.count >= table.purgeCount { table.purge() }
        }
        return live
    }

    // MARK: Writer lock and notifications

    /// Runs `body` holding the writer lock, then posts the changes it queued once the outermost
    /// call releases the lock.
    func withWriter<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        writer.lock()
        table.withLock { $0.writerDepth += 1 }
        let outcome: Swift.Result<Result, Failure>
        do {
            outcome = .success(try body())
        } catch {
            outcome = .failure(error)
        }
        let ready = table.withLock { table -> [PendingChange] in
            table.writerDepth -= 1
            guard table.writerDepth == 0 else { return [] }
            defer { table.pending = [] }
            return table.pending
        }
        writer.unlock()
        for change in ready { change.post() }
        return try outcome.get()
    }

    /// Queues the announcement of `live`'s new value until the writer lock is released.
    func enqueueChange<M: IdentifiedModel>(of live: Live<M>, value: M) {
        let change = PendingChange { [self] in announce(live, value: value) }
        table.withLock { $0.pending.append(change) }
    }

    private func announce<M: IdentifiedModel>(_ live: Live<M>, value: M) {
        live.announce(value)
        let observers = table.withLock { $0.typeObservers[ObjectIdentifier(M.self)].map { Array($0.values) } ?? [] }
        for observer in observers { observer(live) }
    }

    /// The instances of `type` that merges and updates change, from now on, one element per
    /// change. Each call makes a new stream; it ends when the stream is dropped.
    ///
    /// ```swift
    /// for await user in map.changes(of: User.self) { refresh(user.id) }
    /// ```
    public func changes<M: IdentifiedModel>(of type: M.Type) -> AsyncStream<Live<M>> {
        let (stream, continuation) = AsyncStream<Live<M>>.makeStream(bufferingPolicy: .unbounded)
        let typeKey = ObjectIdentifier(M.self)
        let token = table.withLock { table in
            let token = table.nextObserver
            table.nextObserver += 1
            table.typeObservers[typeKey, default: [:]][token] = { object in
                if let live = object as? Live<M> { continuation.yield(live) }
            }
            return token
        }
        continuation.onTermination = { [weak self] _ in
            self?.table.withLock { _ = $0.typeObservers[typeKey]?.removeValue(forKey: token) }
        }
        return stream
    }
}
