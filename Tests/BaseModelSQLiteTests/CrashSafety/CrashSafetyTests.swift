@testable import BaseModelSQLite
import Foundation
import Testing

/// A child process saving in a loop is killed with SIGKILL at random moments; after each kill
/// the store must read back whole records only (each old or new, never torn), none going back in
/// time, and for SQLite whole batches only (the batch is one transaction).
@Suite(.serialized) struct CrashSafetyTests {
    static let rounds = 6
    static let recordCount = 16

    @Test(arguments: ["sqlite", "directory"])
    func aKilledSaverLeavesAConsistentStore(kind: String) async throws {
        let folder = StoreFolder("crash-\(kind)")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let storePath = kind == "sqlite" ? folder.database : folder.url.appendingPathComponent("records", isDirectory: true)
        var random = SplitMix64(seed: kind == "sqlite" ? 0x5EED_0001 : 0x5EED_0002)
        var lastSeen: [Int: Int] = [:]
        var generation = 1

        for round in 0..<Self.rounds {
            let readyFile = folder.url.appendingPathComponent("ready-\(round)")
            let child = try CrashChild.launch(kind: kind, path: storePath, generation: generation, readyFile: readyFile)
            // Wait (bounded) until the child has saved a whole generation, then let it write for a
            // random while and kill it, most likely in the middle of a save.
            var waited = 0
            while !FileManager.default.fileExists(atPath: readyFile.path), child.isRunning, waited < 3000 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 1
            }
            try #require(child.isRunning, "the child exited early with status \(child.terminationStatus)")
            try await Task.sleep(for: .microseconds(Int.random(in: 0..<150_000, using: &random)))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal)
            #expect(child.terminationStatus == SIGKILL)

            let records = try await Self.reload(kind: kind, path: storePath)
            #expect(records.failures.isEmpty, "round \(round): \(records.failures)")
            #expect(records.models.count == Self.recordCount, "round \(round)")
            for record in records.models {
                #expect(record.isWhole, "round \(round): record \(record.id) is torn")
                #expect(record.generation >= lastSeen[record.id, default: 0], "round \(round): record \(record.id) went back")
                lastSeen[record.id] = record.generation
            }
            let generations = Set(records.models.map(\.generation))
            if kind == "sqlite" {
                #expect(generations.count == 1, "round \(round): a batch was half saved: \(generations.sorted())")
            } else {
                // Files are saved one by one, in order: at most two generations side by side.
                #expect((generations.max() ?? 0) - (generations.min() ?? 0) <= 1, "round \(round): \(generations.sorted())")
            }
            generation = (generations.max() ?? generation) + 1
        }
    }

    /// Opens the store anew, as a relaunched app would, and reads every record.
    static func reload(kind: String, path: URL) async throws -> StoreFetchResult<CrashRecord> {
        if kind == "sqlite" {
            let store = try SQLiteStore(url: path)
            defer { try? store.close() }
            return try await store.fetchAll(CrashRecord.self)
        }
        return try await DirectoryStore(directory: path, format: .binaryPropertyList).fetchAll(CrashRecord.self)
    }
}
