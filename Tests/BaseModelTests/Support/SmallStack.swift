import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a thread of its own whose stack has a chosen size (Apple platforms give
/// secondary threads and Dispatch workers 512 KiB), and measures how much of that stack the work
/// used.
///
/// The stack is memory of ours: filled with a pattern before the thread starts, and scanned
/// afterwards for the deepest byte that changed (the high-water mark). A page below it is
/// protected, so running off the end stops the process with a signal instead of writing over
/// other memory.
enum SmallStack {
    /// What Apple platforms give secondary threads and Dispatch workers.
    static let appleThreadSize = 512 * 1024

    /// Runs `body` on a new thread with a `size`-byte stack and waits for it.
    ///
    /// - Returns: `body`'s result and the bytes of stack used at the deepest point (the thread's
    ///   own start-up included).
    static func run<T>(size: Int = appleThreadSize, _ body: @escaping () -> T) -> (result: T, used: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let region = mmap(nil, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
        precondition(region != MAP_FAILED, "cannot map a stack")
        defer { munmap(region, size + page) }
        mprotect(region, page, PROT_NONE)
        let stack = region + page
        memset(stack, Int32(pattern), size)

        let job = Job(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstack(&attributes, stack, size)
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let context = Unmanaged.passRetained(job).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let job = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Runnable
            job.run()
            return nil
        }, context)
        precondition(created == 0, "cannot start a thread: \(created)")
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        pthread_join(thread!, nil)
        #endif

        let bytes = stack.assumingMemoryBound(to: UInt8.self)
        var untouched = 0
        while untouched < size, bytes[untouched] == pattern { untouched += 1 }
        return (job.result!, size - untouched)
    }

    private static let pattern: UInt8 = 0xA5

    private protocol Runnable: AnyObject { func run() }

    private final class Job<T>: Runnable {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
        func run() { result = body() }
    }
}
