import BaseModelSQLite
import Benchmark
import Foundation
import Synchronization

// Issue 6: the identity map against a plain dictionary behind a lock, and the SQLite store
// against the directory store on the users of twitter.json (Tests/BaseModelTests/Corpus, linked).
//
//   identity  get-or-create  N ids, repeating, through IdentityMap vs Mutex<[ID: Box]>
//   identity  merge full     whole payloads merged into live instances vs decode + replace under the lock
//   identity  merge partial  {id, followers_count} merged vs that one field written by hand under the lock
//   store     save / fetch / fetchAll, SQLite (batch and one by one) vs directory store, binary plist and JSON
//
// Results and the command: BENCHMARKS.md (Identity map and stores) at the root of the package.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 500
    )
    registerStoreBenchmarks()
    registerIdentityBenchmarks()
}

extension User: IdentifiedModel {}

/// The distinct users of twitter.json (authors and retweeted authors), decoded once.
enum TwitterUsers {
    static let all: [User] = {
        do {
            let search = try TwitterSearch(json: Corpus.data(named: "twitter.json"))
            var seen = Set<Int64>()
            var users: [User] = []
            for status in search.statuses {
                for user in [status.user, status.retweetedStatus?.user].compactMap({ $0 }) where seen.insert(user.id).inserted {
                    users.append(user)
                }
            }
            return users
        } catch {
            fatalError("StoreBench: twitter.json does not decode: \(error)")
        }
    }()
}

/// A store in a fresh temporary folder, holding the twitter users.
final class StoreFixture: @unchecked Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storebench-\(UUID().uuidString)")
    let format: ModelFormat

    init(format: ModelFormat) {
        self.format = format
        Self.made.withLock { $0.append(folder) }
    }

    /// The folders of every fixture, removed when the benchmark process exits (the plugin runs
    /// each benchmark in a process of its own, so a teardown would close stores still in use).
    private static let made: Mutex<[URL]> = {
        atexit {
            for folder in StoreFixture.made.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
        }
        return Mutex([])
    }()

    lazy var sqlite: any ModelStore = {
        do { return try ModelStores.sqlite(url: folder.appendingPathComponent("users.sqlite"), format: format) } catch {
            fatalError("StoreBench: cannot open the SQLite store: \(error)")
        }
    }()

    lazy var directory: any ModelStore = {
        do { return try ModelStores.directory(folder.appendingPathComponent("users"), format: format) } catch {
            fatalError("StoreBench: cannot open the directory store: \(error)")
        }
    }()

    /// Fills both stores once and checks they read back what was saved.
    func fill() async throws {
        let users = TwitterUsers.all
        try await sqlite.save(users)
        try await directory.save(users)
        let fromSQLite = try await sqlite.fetchAll(User.self)
        let fromDirectory = try await directory.fetchAll(User.self)
        guard fromSQLite.failures.isEmpty, fromDirectory.failures.isEmpty,
              Set(fromSQLite.models.map(\.id)) == Set(users.map(\.id)),
              Set(fromDirectory.models.map(\.id)) == Set(users.map(\.id))
        else { fatalError("StoreBench: the stores do not read back the users") }
    }
}

func registerStoreBenchmarks() {
    for format in [ModelFormat.binaryPropertyList, .json] {
        let fixture = StoreFixture(format: format)
        let label = "store \(format.rawValue) \(TwitterUsers.all.count) users:"

        func add(_ name: String, _ body: @escaping (Benchmark, [User]) async throws -> Void) {
            Benchmark("\(label) \(name)", closure: { benchmark in try await body(benchmark, TwitterUsers.all) },
                      setup: { try await fixture.fill() })
        }

        add("save  sqlite batch (1 transaction)") { benchmark, users in
            for _ in benchmark.scaledIterations { try await fixture.sqlite.save(users) }
        }
        add("save  sqlite one by one") { benchmark, users in
            for _ in benchmark.scaledIterations {
                for user in users { try await fixture.sqlite.save(user) }
            }
        }
        add("save  directory (1 file each)") { benchmark, users in
            for _ in benchmark.scaledIterations { try await fixture.directory.save(users) }
        }
        add("fetch sqlite by id") { benchmark, users in
            for _ in benchmark.scaledIterations {
                for user in users { blackHole(try await fixture.sqlite.fetch(User.self, id: user.id)) }
            }
        }
        add("fetch sqlite by id, fetchSynchronously (no async hop)") { benchmark, users in
            for _ in benchmark.scaledIterations {
                for user in users { blackHole(try fixture.sqlite.fetchSynchronously(User.self, id: user.id)) }
            }
        }
        add("fetch directory by id") { benchmark, users in
            for _ in benchmark.scaledIterations {
                for user in users { blackHole(try await fixture.directory.fetch(User.self, id: user.id)) }
            }
        }
        add("fetchAll sqlite") { benchmark, _ in
            for _ in benchmark.scaledIterations { blackHole(try await fixture.sqlite.fetchAll(User.self)) }
        }
        add("fetchAll directory") { benchmark, _ in
            for _ in benchmark.scaledIterations { blackHole(try await fixture.directory.fetchAll(User.self)) }
        }
    }
}
