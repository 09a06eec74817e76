import Foundation
import Observation

/// The one live instance of an identified model in an ``IdentityMap``: a reference that every
/// holder shares, whose value later payloads for the same identifier merge into.
///
/// Read it like the model (`user.name`, through dynamic member lookup) or take a snapshot with
/// ``value``; change it with ``update(_:)``; watch it with ``changes``. Other models hold it as a
/// property (`var user: Live<User>?`), and decoding them resolves it through the map, so a user
/// referenced by ten tweets is one `Live<User>`.
///
/// ```swift
/// let user = try User.live(object: ["id": 7, "name": "Ada"], in: map)
/// user.name                                   // "Ada"
/// try user.update { $0.name = "Ada L." }      // everyone holding `user` sees it
/// for await value in user.changes { print(value.name) }
/// ```
///
/// It is `Sendable`: reads, updates and merges may come from any task. The value sits behind a
/// lock; merges and updates also hold the map's writer lock, so an update never loses a merge
/// that ran at the same time, and the reverse.
///
/// It is `Observable`: in SwiftUI or inside `withObservationTracking`, reading `user.name`
/// registers that property, and a merge or update notifies its observers only when `name`
/// changed (for a property type that is `Equatable`; otherwise on every change). Reading
/// ``value`` registers the whole value.
@dynamicMemberLookup
public final class Live<Value: IdentifiedModel>: Sendable, Observable {
    /// The identifier, fixed for the instance's life (users read it as `live.id`, through
    /// dynamic member lookup).
    let id: Value.ID
    /// The map this instance belongs to; `nil` for a detached instance.
    let map: IdentityMap?
    private let state: Locked<State>
    private let registrar = ObservationRegistrar()

    private struct State {
        var value: Value
        var observers: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextObserver = 0
        /// The properties read through dynamic member lookup, which Observation may be tracking.
        var observedMembers: [AnyKeyPath: ObservedMember] = [:]
    }

    /// A property of the value that has been read through the instance: how to tell whether a
    /// new value changed it, and how to tell Observation.
    private struct ObservedMember {
        let hasChanged: @Sendable (Value, Value) -> Bool
        let willSet: @Sendable (Live) -> Void
        let didSet: @Sendable (Live) -> Void
    }

    /// Creates a detached instance, in no map: it is not found by identifier and nothing merges
    /// into it. Use it for a default value (`var user = Live(User())`); decoded instances come
    /// from a map.
    public convenience init(_ value: Value) {
        self.init(value, map: nil)
    }

    init(_ value: Value, map: IdentityMap?) {
        self.id = value.id
        self.map = map
        self.state = Locked(State(value: value))
    }

    /// A snapshot of the current value.
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return currentValue
    }

    /// The value, without telling Observation it was read.
    private var currentValue: Value {
        state.withLock { $0.value }
    }

    /// Reads a property of the current value.
    public subscript<T>(dynamicMember keyPath: KeyPath<Value, T> & Sendable) -> T {
        registrar.access(self, keyPath: \.[dynamicMember: keyPath])
        return state.withLock { state in
            if state.observedMembers[keyPath] == nil {
                state.observedMembers[keyPath] = Self.observedMember(keyPath)
            }
            return state.value[keyPath: keyPath]
        }
    }

    private static func observedMember<T>(_ keyPath: KeyPath<Value, T> & Sendable) -> ObservedMember {
        ObservedMember(
            hasChanged: { old, new in !Self.areEqual(old[keyPath: keyPath], new[keyPath: keyPath]) },
            willSet: { live in live.registrar.willSet(live, keyPath: \.[dynamicMember: keyPath]) },
            didSet: { live in live.registrar.didSet(live, keyPath: \.[dynamicMember: keyPath]) })
    }

    /// Whether two values of a property are equal; values of a type that is not `Equatable`
    /// count as different.
    private static func areEqual<T>(_ old: T, _ new: T) -> Bool {
        guard let old = old as? any Equatable else { return false }
        return old.isEqual(to: new)
    }

    /// Changes the value in place and announces the change like a merge (``changes``,
    /// ``IdentityMap/changes(of:)``, Observation).
    ///
    /// The identifier cannot change: an `id` set inside `body` is put back.
    ///
    /// ```swift
    /// try user.update { $0.followers += 1 }
    /// ```
    ///
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the value is then unchanged.
    @discardableResult
    public func update<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let map else {
            detachedUpdates.lock()
            var value = currentValue
            let result: Result
            do {
                result = try body(&value)
            } catch {
                detachedUpdates.unlock()
                throw error
            }
            let changed = restoringIdentifier(value)
            replace(with: changed)
            detachedUpdates.unlock()
            announce(changed)
            return result
        }
        return try map.withWriter { () throws(Failure) -> Result in
            var value = currentValue
            let result = try body(&value)
            let changed = restoringIdentifier(value)
            replace(with: changed)
            map.enqueueChange(of: self, value: changed)
            return result
        }
    }

    private func restoringIdentifier(_ value: Value) -> Value {
        guard value.id != id else { return value }
        var restored = value
        restored = (try? restored.withIdentifier(id)) ?? currentValue
        return restored
    }

    /// Every value this instance takes from now on, one element per merge or update that
    /// changed it. Each access makes a new stream; it ends when the stream is dropped.
    public var changes: AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let token = state.withLock { state in
            let token = state.nextObserver
            state.nextObserver += 1
            state.observers[token] = continuation
            return token
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: token) }
        }
        return stream
    }

    /// Sets the value (the caller holds the writer lock when the instance is in a map), telling
    /// Observation about the value and each property read through the instance that changed.
    func replace(with value: Value) {
        let (old, members) = state.withLock { ($0.value, Array($0.observedMembers.values)) }
        let changed = members.filter { $0.hasChanged(old, value) }
        registrar.willSet(self, keyPath: \.value)
        for member in changed { member.willSet(self) }
        state.withLock { $0.value = value }
        for member in changed { member.didSet(self) }
        registrar.didSet(self, keyPath: \.value)
    }

    /// Yields `value` to the instance's observers.
    func announce(_ value: Value) {
        let observers = state.withLock { Array($0.observers.values) }
        for observer in observers { observer.yield(value) }
    }

    deinit {
        for observer in state.withLock({ Array($0.observers.values) }) { observer.finish() }
    }
}

/// Serialises the updates of detached instances, which have no map and so no writer lock.
private let detachedUpdates = NSLock()

extension Live: Encodable {
    /// Encodes the current value, as the model itself would be.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension IdentifiedModel {
    /// This value with its identifier set to `id`, through the tree: the identifier property
    /// may be a `let`.
    func withIdentifier(_ id: ID) throws(ModelError) -> Self {
        var tree = try TreeEncoder.encodePlain(self)
        guard case .dictionary(var entries) = tree else { return self }
        entries[Self.identifierKey] = id.modelIdentifier.treeValue
        tree = .dictionary(entries)
        return try TreeDecoder.decode(Self.self, from: tree, plain: true, report: nil)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
