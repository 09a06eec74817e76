import Foundation
import PostgresNIO

/// The store's `LISTEN` connection: receives the trigger's notifications and hands them to the
/// subscribers of ``PostgresStore/changes(of:)``; reconnects (every 250 ms) after the connection
/// drops and then announces a resync.
final class ChangeFeed: Sendable {
    enum Event: Sendable {
        case change(type: String, id: ModelIdentifier, deleted: Bool)
        case resync
        case finished
    }

    private struct State {
        var subscribers: [Int: @Sendable (Event) -> Void] = [:]
        var nextToken = 0
        var connection: PostgresConnection?
        var task: Task<Void, Never>?
        var stopped = false
    }

    private let settings: PostgresSettings
    private let state = Locked(State())

    init(settings: PostgresSettings) {
        self.settings = settings
    }

    /// Connects and listens; returns once `LISTEN` is in effect.
    func start() async throws(PostgresStoreError) {
        let outcome = await withCheckedContinuation { (ready: CheckedContinuation<PostgresStoreError?, Never>) in
            let task = Task { [weak self] in
                guard let self else { return ready.resume(returning: nil) }
                await self.run(ready: ready)
            }
            state.withLock { $0.task = task }
        }
        if let outcome { throw outcome }
    }

    func stop() async {
        let (task, connection, subscribers) = state.withLock { state in
            state.stopped = true
            defer { state.subscribers = [:] }
            return (state.task, state.connection, Array(state.subscribers.values))
        }
        task?.cancel()
        if let connection { await PostgresStore.closeQuietly(connection) }
        for subscriber in subscribers { subscriber(.finished) }
    }

    /// Stops as ``stop()`` does, closing the connection in the background (for `deinit`).
    func stopWithoutWaiting() {
        let (task, connection, subscribers) = state.withLock { state in
            state.stopped = true
            defer { state.subscribers = [:] }
            return (state.task, state.connection, Array(state.subscribers.values))
        }
        task?.cancel()
        if let connection { let closing: EventLoopFuture<Void> = connection.close(); _ = closing }
        for subscriber in subscribers { subscriber(.finished) }
    }

    func subscribe(_ handler: @escaping @Sendable (Event) -> Void) -> Int {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.subscribers[token] = handler
            return token
        }
    }

    func unsubscribe(_ token: Int) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: token) }
    }

    /// Listens until stopped: the first `LISTEN` answers `ready`; after a dropped connection it
    /// reconnects every 250 ms and announces a resync once listening again.
    private func run(ready: CheckedContinuation<PostgresStoreError?, Never>) async {
        var waiting: CheckedContinuation<PostgresStoreError?, Never>? = ready
        while !Task.isCancelled, !state.withLock({ $0.stopped }) {
            var connection: PostgresConnection?
            do {
                let current = try await PostgresStore.connect(settings)
                connection = current
                let stopped = state.withLock { state in
                    state.connection = current
                    return state.stopped
                }
                if stopped {
                    await PostgresStore.closeQuietly(current)
                    break
                }
                try await current.listen(on: PostgresSchema.channel) { notifications in
                    if let first = waiting {
                        waiting = nil
                        first.resume(returning: nil)
                    } else {
                        deliver(.resync)
                    }
                    for try await notification in notifications {
                        if let event = Self.event(notification.payload) { deliver(event) }
                    }
                }
            } catch {
                if let first = waiting {
                    if let connection { await PostgresStore.closeQuietly(connection) }
                    first.resume(returning: settings.openError(error))
                    return
                }
                // The connection dropped: reconnect below.
                PersistenceLog.logger.warning("PostgreSQL change feed lost its connection (\(error)); reconnecting")
            }
            if let connection { await PostgresStore.closeQuietly(connection) }
            do {
                try await Task.sleep(for: .milliseconds(250))
            } catch {
                break
            }
        }
        waiting?.resume(returning: PostgresStoreError(.server, "the change feed stopped before it started"))
    }

    private func deliver(_ event: Event) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber(event) }
    }

    /// The event in a trigger's payload, `{"type":…,"id":…,"integer":…,"op":…}`.
    static func event(_ payload: String) -> Event? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
            let type = object["type"] as? String, let text = object["id"] as? String,
            let isInteger = object["integer"] as? Bool, let operation = object["op"] as? String,
            let id = RowKey.identifier(text: text, isInteger: isInteger)
        else { return nil }
        return .change(type: type, id: id, deleted: operation == "delete")
    }
}
