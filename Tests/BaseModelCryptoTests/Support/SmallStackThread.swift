import Foundation

/// Runs work on a thread whose stack is as small as the ones Apple platforms give secondary
/// threads and Dispatch workers (512 KiB), and waits for it.
enum SmallStackThread {
    static let size = 512 * 1024

    static func run<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }

    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }
}
