@testable import BaseModelPostgres
import Foundation
import Testing

/// Two processes on one database: this test process and `postgres-child`, each with its own
/// store (and identity map), as two instances of an app would be.
@Suite(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"), .timeLimit(.minutes(2)))
struct TwoProcessTests {
    /// The longest a save in one process may take to reach the other's live instance.
    static let bound: Duration = .seconds(15)  // generous: CI runs every suite at once on 2 cores

    @Test func aSaveHereChangesTheLiveInstanceInTheOtherProcess() async throws {
        try await TestServer.withDatabase { settings in
            let store = try await TestServer.store(settings)
            try await store.save(ChildRecord(id: 1, generation: 0))
            let child = try PostgresChild(["follow", settings.url, "1"])
            let ready = await LineWaiter.first(in: child.lines, within: .seconds(30)) { $0.hasPrefix("ready") }
            try #require(ready == "ready 0", "the child did not start: \(ready ?? "no line")")
            let clock = ContinuousClock()
            for generation in 1...5 {
                let start = clock.now
                try await store.save(ChildRecord(id: 1, generation: generation))
                let seen = await LineWaiter.first(in: child.lines, within: Self.bound) { $0 == "value \(generation)" }
                #expect(seen != nil, "generation \(generation) did not reach the other process within \(Self.bound)")
                print("TwoProcessTests: generation \(generation) reached the other process's live instance in \(clock.now - start)")
            }
            await child.finish()
            await store.close()
        }
    }

    /// 8 tasks in each of 2 processes add 1 to the counters of 4 records, 16 times per task;
    /// every conflict is merged (`update`) or reported and retried (`save`), none is lost.
    @Test(arguments: ["update", "save"])
    func racingProcessesLoseNoUpdate(mode: String) async throws {
        try await TestServer.withDatabase("race\(mode)") { settings in
            let store = try await TestServer.store(settings)
            let ids = 4, tasks = 8, increments = 16
            try await store.save((0..<ids).map { ChildRecord(id: $0, generation: 0) })
            let children = try (0..<2).map { _ in
                try PostgresChild(["race", settings.url, mode, String(tasks), String(increments), String(ids)])
            }
            var conflicts = 0
            for child in children {
                let done = await LineWaiter.first(in: child.lines, within: .seconds(90)) { $0.hasPrefix("done") }
                let fields = try #require(done, "a racing child did not finish").split(separator: " ")
                #expect(fields.count == 3 && fields[1] == "\(tasks * increments)")
                conflicts += Int(fields.last ?? "") ?? 0
                await child.finish()
                #expect(child.process.terminationStatus == 0)
            }
            let records = try await store.fetchAll(ChildRecord.self)
            #expect(records.failures.isEmpty)
            #expect(records.models.map(\.counter).reduce(0, +) == 2 * tasks * increments)
            #expect(records.models.allSatisfy { $0.isWhole })
            print("TwoProcessTests (\(mode)): \(2 * tasks * increments) increments from 2 processes, none lost; \(conflicts) conflicts reported and retried")
            await store.close()
        }
    }

    /// A child saving 16 records per batch is killed with SIGKILL at random moments; the
    /// database then holds one whole generation of the 16, never part of a batch.
    @Test func aWriterKilledMidBatchLeavesWholeBatches() async throws {
        try await TestServer.withDatabase { settings in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-kill-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try await TestServer.store(settings)
            var random = SystemRandomNumberGenerator()
            var generation = 1
            var lastSeen = 0
            for round in 0..<4 {
                let readyFile = folder.appendingPathComponent("ready-\(round)")
                let child = try PostgresChild(["batches", settings.url, String(generation), readyFile.path])
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(30)
                while !FileManager.default.fileExists(atPath: readyFile.path), child.process.isRunning, clock.now < deadline {
                    try await Task.sleep(for: .milliseconds(10))
                }
                try #require(child.process.isRunning, "the child exited early with status \(child.process.terminationStatus)")
                try await Task.sleep(for: .microseconds(Int.random(in: 0..<100_000, using: &random)))
                kill(child.process.processIdentifier, SIGKILL)
                child.process.waitUntilExit()
                #expect(child.process.terminationReason == .uncaughtSignal)

                let records = try await store.fetchAll(ChildRecord.self)
                #expect(records.failures.isEmpty, "round \(round): \(records.failures)")
                #expect(records.models.count == 16, "round \(round)")
                #expect(records.models.allSatisfy { $0.isWhole }, "round \(round): a torn record")
                let generations = Set(records.models.map(\.generation))
                #expect(generations.count == 1, "round \(round): part of a batch was saved: \(generations.sorted())")
                #expect((generations.min() ?? 0) >= lastSeen, "round \(round): went back in time")
                lastSeen = generations.max() ?? lastSeen
                generation = lastSeen + 1
            }
            await store.close()
        }
    }
}
