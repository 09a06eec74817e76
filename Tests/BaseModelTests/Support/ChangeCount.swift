import Foundation
import Observation

/// The changes Observation reports to one tracking: ``track(_:)`` runs a read inside
/// `withObservationTracking` and counts the `onChange` calls (at most one per tracking).
///
/// Compiled into the core tests and, through a symbolic link, into the macro tests.
final class ChangeCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Tracks what `read` reads; the returned count goes up when one of those changes.
    static func track<T>(_ read: @escaping () -> T) -> ChangeCount {
        let changes = ChangeCount()
        _ = withObservationTracking(read, onChange: { changes.add() })
        return changes
    }

    private func add() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}
