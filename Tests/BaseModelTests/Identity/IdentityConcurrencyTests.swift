@testable import BaseModel
import Foundation
import Testing

/// A model with one field per writing task, so a lost update shows as a stale value.
struct Tally: IdentifiedModel {
    var id = 0
    var lastWriter = -1
    var field0 = -1, field1 = -1, field2 = -1, field3 = -1, field4 = -1, field5 = -1, field6 = -1, field7 = -1

    func field(_ task: Int) -> Int {
        [field0, field1, field2, field3, field4, field5, field6, field7][task]
    }
}

/// Many tasks merging overlapping payloads into one map: one instance per identifier and no
/// lost field. Runs under the thread sanitizer in CI, with the other concurrent suites (see the
/// thread-sanitizer step of `.ci/run`).
///
/// The package's locks are ``Locked`` (a pthread mutex), which the sanitizer sees; it did not see
/// the futex-based `Synchronization.Mutex` used before, which is why each test still decodes once
/// on one thread before its tasks start (filling the process-wide caches).
@Suite(.serialized) struct IdentityConcurrencyTests {
    static let tasks = 8
    static let payloadsPerTask = 1_000
    static let identifiers = 50

    @Test func eightTasksOfOverlappingPayloadsEndWithOneInstancePerIdentifier() async throws {
        _ = try Tally.live(object: ["id": 0, "field0": 0, "lastWriter": 0], in: IdentityMap())
        let map = IdentityMap()
        // Each task writes only its own field, in increasing order, so the final value of
        // field t of every instance must be the last value task t wrote for that identifier.
        let held = try await withThrowingTaskGroup(of: [Live<Tally>].self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    var lives: [Live<Tally>] = []
                    for index in 0..<Self.payloadsPerTask {
                        let id = (index * 7 + task) % Self.identifiers
                        let payload: [String: Any] = ["id": id, "field\(task)": index, "lastWriter": task]
                        lives.append(try Tally.live(object: payload, in: map))
                    }
                    return lives
                }
            }
            var all: [Live<Tally>] = []
            for try await lives in group { all += lives }
            return all
        }

        #expect(held.count == Self.tasks * Self.payloadsPerTask)
        var instances: [Int: ObjectIdentifier] = [:]
        for live in held {
            let known = instances[live.id, default: ObjectIdentifier(live)]
            #expect(known == ObjectIdentifier(live), "two instances for id \(live.id)")
            instances[live.id] = known
        }
        #expect(instances.count == Self.identifiers)
        #expect(map.existingInstances(Tally.self).count == Self.identifiers)

        for id in 0..<Self.identifiers {
            let value = try #require(map.existing(Tally.self, id: id)).value
            #expect((0..<Self.tasks).contains(value.lastWriter))
            for task in 0..<Self.tasks {
                let written = (0..<Self.payloadsPerTask).filter { ($0 * 7 + task) % Self.identifiers == id }
                #expect(value.field(task) == written.last, "id \(id) field\(task)")
            }
        }
    }

    @Test func readersAndUpdatersRunBesideMerges() async throws {
        let map = IdentityMap()
        let counter = try Tally.live(object: ["id": 1], in: map)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for _ in 0..<250 { counter.update { $0.field0 += 1 } }
                    _ = counter.value.field1
                    _ = try? Tally.live(object: ["id": 1, "field\(task + 2)": task], in: map)
                }
            }
        }
        #expect(counter.field0 == 999)
        #expect(counter.field2 == 0 && counter.field5 == 3)
    }
}
