import BaseModelPostgres
import Foundation

/// The modes the tests launch: each opens its own store, as a second process of an app would.
enum ChildModes {
    /// Prints `ready <generation>`, then `value <generation>` each time the live instance of
    /// record `id` changes (merged from another process's save by the attached map). Ends when
    /// standard input closes, or after 120 s.
    static func follow(url: String, id: Int) async throws {
        let store = try await PostgresStore(url: url)
        let map = IdentityMap(store: store)
        let live = try ChildRecord.live(id: id, in: map)  // revived from the store
        let sync = store.attach(map, for: ChildRecord.self)
        let changes = live.changes
        let watcher = Task {
            for await value in changes { say("value \(value.generation)") }
        }
        say("ready \(live.value.generation)")
        let stdin = Task.detached { () -> Void in
            while let line = readLine(), !line.isEmpty {}
        }
        let limit = Task { try? await Task.sleep(for: .seconds(120)) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await stdin.value }
            group.addTask { await limit.value }
            await group.next()
            group.cancelAll()
        }
        limit.cancel()
        watcher.cancel()
        sync.cancel()
        await store.close()
    }

    /// `tasks` tasks each add 1 to the `counter` of records `0..<ids` in turn, `increments`
    /// times. `update`: the tasks share one store and call ``PostgresStore/update(_:id:attempts:_:)``
    /// (conflicts merged by rereading). `save`: each task has a store of its own and does
    /// fetch, change, save, retrying when the save reports a conflict. Prints
    /// `done <increments> <conflicts reported>`.
    static func race(url: String, mode: String, tasks: Int, increments: Int, ids: Int) async throws {
        let shared = try await PostgresStore(url: url)
        let conflicts = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    let own = mode == "save" ? try await PostgresStore(url: url) : shared
                    var conflicts = 0
                    for step in 0..<increments {
                        let id = (task + step) % ids
                        if mode == "update" {
                            guard try await own.update(ChildRecord.self, id: id, { $0.counter += 1 }) != nil else {
                                throw ModelError(.invalidValue("record \(id) is missing"))
                            }
                            continue
                        }
                        while true {
                            guard var record = try await own.fetch(ChildRecord.self, id: id) else {
                                throw ModelError(.invalidValue("record \(id) is missing"))
                            }
                            record.counter += 1
                            do {
                                try await own.save(record)
                                break
                            } catch let error as ModelError {
                                guard case .conflict = error.reason else { throw error }
                                conflicts += 1
                            }
                        }
                    }
                    if own !== shared { await own.close() }
                    return conflicts
                }
            }
            return try await group.reduce(0, +)
        }
        await shared.close()
        say("done \(tasks * increments) \(conflicts)")
    }

    /// Saves records `0..<16` of one generation as one batch, then the next generation, until
    /// killed; creates `readyFile` once the first batch is saved. Writes with the `overwrite`
    /// policy: the test checks atomicity, not conflicts.
    static func batches(url: String, firstGeneration: Int, readyFile: String) async throws {
        let store = try await PostgresStore(url: url, onConflict: .overwrite)
        var generation = firstGeneration
        while true {
            try await store.save((0..<16).map { ChildRecord(id: $0, generation: generation) })
            if generation == firstGeneration {
                _ = FileManager.default.createFile(atPath: readyFile, contents: Data())
            }
            generation += 1
        }
    }

    /// Prints `line` and flushes, so the test reads it at once through its pipe.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
