import BaseModelPostgres
import BaseModelSQLite
import Foundation

/// `postgres-child bench`: the PostgreSQL store against the SQLite store on the distinct users
/// of twitter.json, concurrent writers, and the change feed's latency. Build in release:
///
///     swift run -c release postgres-child bench "$BASEMODEL_POSTGRES_URL" ../shared/corpus/json/twitter.json
///
/// Every figure is the median of `rounds` runs (best in brackets); results: BENCHMARKS.md.
enum PostgresBench {
    static func run(url: String, corpus: String, rounds: Int) async throws {
        let users = try loadUsers(corpus)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = try SQLiteStore(url: folder.appendingPathComponent("users.sqlite"), format: .json)
        let postgres = try await PostgresStore(url: url)
        _ = try await postgres.deleteAll(BenchUser.self)
        print("\(users.count) distinct users of \(corpus), JSON bodies in both stores, \(rounds) rounds")
        print("")
        print("| operation | SQLiteStore | PostgresStore | ratio (PG / SQLite) |")
        print("|---|---|---|---|")

        func compare(_ name: String, unit: String, per: Int, _ body: (any ModelStore) async throws -> Void) async throws {
            let lite = try await measure(rounds) { try await body(sqlite) }
            let pg = try await measure(rounds) { try await body(postgres) }
            let scale = unit == "ms" ? 1e3 : 1e6
            let (liteMedian, liteBest) = (lite.median * scale / Double(per), lite.best * scale / Double(per))
            let (pgMedian, pgBest) = (pg.median * scale / Double(per), pg.best * scale / Double(per))
            print(String(
                format: "| %@ | %.2f %@ (%.2f) | %.2f %@ (%.2f) | %.1f× |",
                name, liteMedian, unit, liteBest, pgMedian, unit, pgBest, pgMedian / liteMedian))
        }

        try await compare("save, batch of \(users.count) (1 transaction)", unit: "ms", per: 1) { try await $0.save(users) }
        try await compare("save, one by one, per model", unit: "µs", per: users.count) { store in
            for user in users { try await store.save(user) }
        }
        try await compare("fetch by id, per model", unit: "µs", per: users.count) { store in
            for user in users { _ = try await store.fetch(BenchUser.self, id: user.id) }
        }
        try await compare("fetchSynchronously by id, per model", unit: "µs", per: users.count) { store in
            for user in users { _ = try store.fetchSynchronously(BenchUser.self, id: user.id) }
        }
        try await compare("fetchAll \(users.count)", unit: "ms", per: 1) { store in
            let all = try await store.fetchAll(BenchUser.self)
            guard all.models.count == users.count, all.failures.isEmpty else { throw BenchError("fetchAll read \(all.models.count)") }
        }

        print("")
        print("Concurrent writers, each saving its own copies of the users one by one (one transaction each), 2 s:")
        print("")
        print("| writers | SQLiteStore saves/s | PostgresStore saves/s |")
        print("|---|---|---|")
        for writers in [1, 4, 16] {
            let lite = try await throughput(sqlite, users: users, writers: writers)
            let pg = try await throughput(postgres, users: users, writers: writers)
            print(String(format: "| %d | %.0f | %.0f |", writers, lite, pg))
        }

        print("")
        try await feedLatency(url: url, users: users)
        _ = try await postgres.deleteAll(BenchUser.self)
        await postgres.close()
        try sqlite.close()
    }

    /// Runs `body` `rounds` times after one warm-up; seconds.
    static func measure(_ rounds: Int, _ body: () async throws -> Void) async throws -> (median: Double, best: Double) {
        try await body()
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(1, rounds) {
            let start = clock.now
            try await body()
            times.append(seconds(clock.now - start))
        }
        times.sort()
        return (times[times.count / 2], times[0])
    }

    /// Saves per second with `writers` tasks sharing `store`, each on its own identifiers.
    static func throughput(_ store: any ModelStore, users: [BenchUser], writers: Int) async throws -> Double {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        let start = clock.now
        let saved = try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<writers {
                let copies = users.map { user in
                    var copy = user
                    copy.id = Int64(writer + 1) * 10_000_000_000_000 + user.id % 10_000_000_000_000
                    return copy
                }
                group.addTask {
                    var index = 0
                    while clock.now < deadline {
                        try await store.save(copies[index % copies.count])
                        index += 1
                    }
                    return index
                }
            }
            return try await group.reduce(0, +)
        }
        return Double(saved) / seconds(clock.now - start)
    }

    /// Time from the start of a save in one store to (a) the change reaching another store's
    /// `changes(of:)` and (b) the other store's attached identity map changing its live instance.
    static func feedLatency(url: String, users: [BenchUser]) async throws {
        // The writer overwrites: the rows exist from the comparison above, which it never read.
        let writer = try await PostgresStore(url: url, onConflict: .overwrite)
        let reader = try await PostgresStore(url: url)
        let samples = 200
        var user = users[0]
        try await writer.save(user)
        let map = IdentityMap(store: reader)
        let live = try BenchUser.live(id: user.id, in: map)
        let sync = reader.attach(map, for: BenchUser.self)
        var feedIterator = reader.changes(of: BenchUser.self).makeAsyncIterator()
        var liveIterator = live.changes.makeAsyncIterator()
        var feed: [Double] = []
        var identity: [Double] = []
        let clock = ContinuousClock()
        for sample in 0..<samples + 10 {
            user.followersCount = sample + 1
            let start = clock.now
            try await writer.save(user)
            while let change = await feedIterator.next(), change != .saved(user.id) {}
            let reached = clock.now
            while let value = await liveIterator.next(), value.followersCount != user.followersCount {}
            let merged = clock.now
            if sample >= 10 {  // the first ones warm up
                feed.append(seconds(reached - start) * 1e3)
                identity.append(seconds(merged - start) * 1e3)
            }
        }
        feed.sort()
        identity.sort()
        func percentile(_ values: [Double], _ p: Double) -> Double { values[min(values.count - 1, Int(Double(values.count) * p))] }
        print("Change feed, \(samples) saves in one store seen by another (ms from the start of the save):")
        print("")
        print("| | p50 | p99 | max |")
        print("|---|---|---|---|")
        print(String(format: "| changes(of:) yields | %.2f | %.2f | %.2f |", percentile(feed, 0.5), percentile(feed, 0.99), feed.last ?? 0))
        print(String(format: "| attached map's live instance changed | %.2f | %.2f | %.2f |",
                     percentile(identity, 0.5), percentile(identity, 0.99), identity.last ?? 0))
        sync.cancel()
        _ = try await writer.deleteAll(BenchUser.self)
        await writer.close()
        await reader.close()
    }

    /// The distinct users of twitter.json: each status's author and its retweeted status's author.
    static func loadUsers(_ path: String) throws -> [BenchUser] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        guard let statuses = (object as? [String: Any])?["statuses"] as? [[String: Any]] else {
            throw BenchError("\(path) has no statuses")
        }
        var seen = Set<Int64>()
        var users: [BenchUser] = []
        for status in statuses {
            let authors = [status["user"], (status["retweeted_status"] as? [String: Any])?["user"]].compactMap { $0 }
            for author in authors {
                let user = try BenchUser(object: author)
                if seen.insert(user.id).inserted { users.append(user) }
            }
        }
        return users
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
