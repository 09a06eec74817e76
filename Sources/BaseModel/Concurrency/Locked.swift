import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: the package's one lock type.
///
/// A pthread mutex, because the thread sanitizer sees it on every platform; on Linux it does not
/// see `Synchronization.Mutex`, which waits on a futex, and reports every access it guards as a
/// race.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["saves", default: 0] += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock (not reentrant: `body` must not take it
    /// again).
    package func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
