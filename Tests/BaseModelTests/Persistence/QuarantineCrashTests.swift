@testable import BaseModel
import Foundation
import Testing

/// `shared-instance-crash-child` moves unreadable save files aside (or migrates and saves them)
/// one folder after another and is killed with SIGKILL part-way; afterwards every file's bytes
/// are under its own name or its quarantined name (both only while a move was cut short), never
/// neither, and a migrated file is the old version or the whole new one.
@Suite(.serialized) struct QuarantineCrashTests {
    static let folderCount = 1000
    /// How long after the child has done its first folder it is killed, per round.
    static let delays: [Duration] = [.zero, .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20)]

    @Test func aKillWhileQuarantiningNeverLosesAFile() async throws {
        let executable = try #require(SiblingExecutable.url(named: "shared-instance-crash-child"), "run swift build first")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bm-quarantine-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var interrupted = 0
        for (round, delay) in Self.delays.enumerated() {
            let folder = root.appendingPathComponent("round-\(round)")
            var originals: [Data] = []
            for index in 0..<Self.folderCount {
                let place = folder.appendingPathComponent(String(index))
                try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
                let bytes = Data("{\"title\": \"journal \(index)\", \"count\": ".utf8)   // cut short: unreadable
                try bytes.write(to: place.appendingPathComponent("Journal.json"))
                originals.append(bytes)
            }
            try await Self.runAndKill(executable, folder: folder, after: delay, mode: "quarantine")

            var moved = 0
            for (index, original) in originals.enumerated() {
                let place = folder.appendingPathComponent(String(index))
                let names = try FileManager.default.contentsOfDirectory(atPath: place.path).sorted()
                let holders = try names.filter { try Data(contentsOf: place.appendingPathComponent($0)) == original }
                #expect(!holders.isEmpty, "round \(round), folder \(index): the bytes are gone (\(names))")
                #expect(holders.count == names.count, "round \(round), folder \(index): another file appeared (\(names))")
                #expect(names.allSatisfy { $0 == "Journal.json" || ($0.hasPrefix("Journal.unreadable-") && $0.hasSuffix(".json")) })
                if names.contains(where: { $0.hasPrefix("Journal.unreadable-") }) { moved += 1 }
            }
            if moved > 0 && moved < Self.folderCount { interrupted += 1 }
        }
        // At least one kill landed part-way through the folders, so the test saw real interruptions.
        #expect(interrupted > 0)
    }

    @Test func aKillWhileMigratingLeavesTheOldOrTheNewVersion() async throws {
        let executable = try #require(SiblingExecutable.url(named: "shared-instance-crash-child"), "run swift build first")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bm-migrate-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var interrupted = 0
        for (round, delay) in Self.delays.enumerated() {
            let folder = root.appendingPathComponent("round-\(round)")
            var originals: [Data] = []
            for index in 0..<Self.folderCount {
                let place = folder.appendingPathComponent(String(index))
                try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
                let bytes = Data("{\"name\": \"journal \(index)\", \"count\": \(index)}".utf8)
                try bytes.write(to: place.appendingPathComponent("Journal.json"))
                originals.append(bytes)
            }
            try await Self.runAndKill(executable, folder: folder, after: delay, mode: "migrate")

            var migrated = 0
            var cutShort = 0
            for (index, original) in originals.enumerated() {
                let place = folder.appendingPathComponent(String(index))
                // A write cut short leaves its temporary file beside it, under the library's name.
                let names = try FileManager.default.contentsOfDirectory(atPath: place.path).sorted()
                #expect(names == ["Journal.json"] || names == [".Journal.json.basemodel-tmp", "Journal.json"],
                        "round \(round), folder \(index): \(names)")
                if names.count == 2 { cutShort += 1 }
                let bytes = try Data(contentsOf: place.appendingPathComponent("Journal.json"))
                if bytes == original { continue }
                migrated += 1
                let tree = try ModelValue(data: bytes)
                #expect(tree == ["title": .string("journal \(index)"), "count": .integer(Int64(index)), "$schemaVersion": 2],
                        "round \(round), folder \(index): \(tree)")
            }
            if migrated > 0 && migrated < Self.folderCount { interrupted += 1 }

            // The next save of each file, uninterrupted, removes what a killed one left.
            if cutShort > 0 {
                try await Self.runToTheEnd(executable, folder: folder, mode: "migrate")
                for index in 0..<Self.folderCount {
                    let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(String(index)).path)
                    #expect(names == ["Journal.json"], "round \(round), folder \(index) after another save: \(names)")
                }
            }
        }
        #expect(interrupted > 0)
    }

    /// Starts the child on `folder`, waits (at most 30 s) until it has changed the first folder,
    /// so a loaded machine's slow start does not eat the delay, lets it run for `delay`, then
    /// kills it with SIGKILL.
    ///
    /// The waiting and the kill run on a thread of their own: on the cooperative pool, which the
    /// other suites keep busy, a sleep of a millisecond came back so late that the child had done
    /// every folder before the kill in all six rounds (CI, 26 Nov 2026).
    static func runAndKill(_ executable: URL, folder: URL, after delay: Duration, mode: String) async throws {
        let started = folder.appendingPathComponent("started")
        let child = Process()
        child.executableURL = executable
        child.arguments = [folder.path, String(folderCount), started.path, mode]
        try child.run()
        let first = folder.appendingPathComponent("0")
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                waitForTheFirstFolder(first, of: child, mode: mode)
                let (seconds, attoseconds) = delay.components
                let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
                if microseconds > 0 { usleep(UInt32(microseconds)) }
                kill(child.processIdentifier, SIGKILL)
                child.waitUntilExit()
                finished.resume()
            }
        }
    }

    /// Runs the child on `folder` to its end, on a thread of its own.
    static func runToTheEnd(_ executable: URL, folder: URL, mode: String) async throws {
        let child = Process()
        child.executableURL = executable
        child.arguments = [folder.path, String(folderCount), folder.appendingPathComponent("started").path, mode]
        try child.run()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                child.waitUntilExit()
                finished.resume()
            }
        }
        #expect(child.terminationStatus == 0)
    }

    /// Blocks until the child has quarantined (or migrated) the file in `first`, has exited, or
    /// 30 seconds have passed, looking every 100 microseconds.
    static func waitForTheFirstFolder(_ first: URL, of child: Process, mode: String) {
        func firstFolderDone() -> Bool {
            if mode == "migrate" {
                let bytes = (try? Data(contentsOf: first.appendingPathComponent("Journal.json"))) ?? Data()
                return String(decoding: bytes, as: UTF8.self).contains("$schemaVersion")
            }
            return ((try? FileManager.default.contentsOfDirectory(atPath: first.path)) ?? []).contains { $0.contains(".unreadable-") }
        }
        let deadline = Date().addingTimeInterval(30)
        while !firstFolderDone(), child.isRunning, Date() < deadline {
            usleep(100)
        }
    }
}
