import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives a decode or encode the stack its deepest accepted input needs.
///
/// Readers, writers and the model coders recurse once per nested container, and a level costs
/// kilobytes of stack (more in debug builds; `BENCHMARKS.md` has the numbers per path). Apple
/// platforms give secondary threads and Dispatch workers 512 KiB, too little for
/// ``DecodingLimits/maximumDepth`` levels, so ``run(_:)`` runs the work inline when the calling
/// thread has the room and otherwise on a thread of its own with a big enough stack, waiting for
/// it: the caller sees the same result or error either way. The current ``DecodingLimits`` and
/// ``ModelRegistry/inUse`` go with the work.
package enum StackReserve {
    /// The most stack one level of nesting takes in any path, with room to spare.
    #if DEBUG || BASEMODEL_SANITIZED
    static let bytesPerLevel = 32 * 1024
    #else
    static let bytesPerLevel = 6 * 1024
    #endif
    /// Stack for everything but the levels: the entry points, Foundation, the error paths.
    static let baseBytes = 256 * 1024

    /// The stack a decode within `limits` may need.
    static func bytesNeeded(for limits: DecodingLimits) -> Int {
        baseBytes + max(0, min(limits.maximumDepth, 1 << 16)) * bytesPerLevel
    }

    /// Runs `body` where the stack has room for ``bytesNeeded(for:)`` with the current limits:
    /// here, or on a new thread with that much stack while this one waits.
    package static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let limits = DecodingLimits.current
        let needed = bytesNeeded(for: limits)
        if let remaining = remainingStack(), remaining >= needed { return try body() }
        return try withoutActuallyEscaping(body) { body throws(E) -> T in
            let job = Job<T, E>(limits: limits, registry: ModelRegistry.inUse, body: body)
            job.start(stackSize: needed + baseBytes)
            return try job.result!.get()
        }
    }

    /// The bytes of stack left below this point on the current thread, or `nil` when the
    /// platform does not say.
    package static func remainingStack() -> Int? {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        guard let low = stackLowAddress(), here > low else { return nil }
        return Int(here - low)
    }

    /// The lowest address of the current thread's stack.
    private static func stackLowAddress() -> UInt? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        return top - UInt(pthread_get_stacksize_np(thread))
        #elseif canImport(Glibc)
        // glibc works the main thread's stack out from /proc/self/maps: do that once.
        if Thread.isMainThread { return mainThreadLow }
        return currentThreadLow()
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    /// Worked out on the main thread (the only thread that asks for it).
    private static let mainThreadLow: UInt? = currentThreadLow()

    /// glibc's `pthread_getattr_np`, which Swift does not import (it needs `_GNU_SOURCE`).
    private static let getAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()

    private static func currentThreadLow() -> UInt? {
        guard let getAttributes else { return nil }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        // Leave the guard page out.
        var guardSize = 0
        pthread_attr_getguardsize(&attributes, &guardSize)
        return UInt(bitPattern: address) + UInt(guardSize)
    }
    #endif

    /// The work handed to the thread with the big stack, and its result.
    fileprivate final class Job<T, E: Error>: @unchecked Sendable {
        let limits: DecodingLimits
        let registry: ModelRegistry?
        let body: () throws(E) -> T
        var result: Result<T, E>?

        init(limits: DecodingLimits, registry: ModelRegistry?, body: @escaping () throws(E) -> T) {
            self.limits = limits
            self.registry = registry
            self.body = body
        }

        func run() {
            result = DecodingLimits.$current.withValue(limits) {
                ModelRegistry.$inUse.withValue(registry) { Result { () throws(E) -> T in try body() } }
            }
        }

        /// Runs ``run()`` on a new thread with `stackSize` bytes of stack and waits for it.
        func start(stackSize: Int) {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            pthread_attr_setstacksize(&attributes, (stackSize + page - 1) / page * page)
            let context = Unmanaged.passRetained(self).toOpaque()
            #if canImport(Glibc)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let created = pthread_create(&thread, &attributes, { context in
                let job = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Runnable
                job.runJob()
                return nil
            }, context)
            guard created == 0 else {
                // No thread to be had: run here and let the depth limit do what it can.
                Unmanaged<Job>.fromOpaque(context).release()
                run()
                return
            }
            #if canImport(Glibc)
            pthread_join(thread, nil)
            #else
            pthread_join(thread!, nil)
            #endif
        }
    }
}

/// A ``StackReserve`` job as its thread sees it.
private protocol Runnable: AnyObject {
    func runJob()
}

extension StackReserve.Job: Runnable {
    func runJob() { run() }
}
