@testable import BaseModel
import Foundation
import Testing

/// Issue 16: the package's one lock type, a pthread mutex the thread sanitizer sees.
@Suite struct LockedTests {
    @Test("increments from many threads are all counted")
    func concurrentIncrements() {
        let counts = Locked([String: Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<10_000 {
                counts.withLock { $0["total", default: 0] += 1 }
            }
            counts.withLock { $0["worker \(worker)"] = 1 }
        }
        #expect(counts.withLock { $0["total"] } == 80_000)
        #expect(counts.withLock { $0.count } == 9)
    }

    @Test("an error thrown inside leaves the lock free")
    func throwingBody() {
        let value = Locked(1)
        struct Refusal: Error {}
        #expect(throws: Refusal.self) { try value.withLock { (_: inout Int) throws(Refusal) in throw Refusal() } }
        #expect(value.withLock { $0 } == 1)
    }
}
