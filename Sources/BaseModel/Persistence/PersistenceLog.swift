package import Logging

/// The library's log, through apple/swift-log: an `error` line each time saved data cannot be
/// read and is moved aside, a `notice` when saved data is migrated, and the stores' connection
/// events.
///
/// A library should not choose where lines go, so nothing is written unless the app gives a
/// logger: lines go to the task-local `Logger.current` inside the app's `withLogger(_:_:)`
/// scope, and nowhere outside one (swift-log's default handler would print to standard error).
package enum PersistenceLog {
    /// The app's task-local logger when a `withLogger` scope is active (its label is not
    /// empty: swift-log's unbound default has the empty label), else one that drops every line.
    package static var logger: Logger {
        let current = Logger.current
        return current.label.isEmpty ? silent : current
    }

    /// A logger that writes nothing.
    package static let silent = Logger(label: "BaseModel", factory: { _ in SwiftLogNoOpLogHandler() })
}
