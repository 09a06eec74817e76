import BaseModelSQLite
import Benchmark
import Foundation
import Synchronization

/// The user payloads of twitter.json, as trees: every status's `user` and every retweeted
/// status's `user`, in file order, so authors repeat as they do in the file.
enum UserPayloads {
    static let all: [ModelValue] = {
        do {
            let tree = try ModelValue(data: Corpus.data(named: "twitter.json"))
            guard case .array(let statuses)? = tree["statuses"] else { fatalError("StoreBench: no statuses") }
            var payloads: [ModelValue] = []
            for status in statuses {
                if let user = status["user"] { payloads.append(user) }
                if let user = status["retweeted_status"]?["user"] { payloads.append(user) }
            }
            return payloads
        } catch {
            fatalError("StoreBench: twitter.json does not parse: \(error)")
        }
    }()

    /// The users' identifiers, in payload order.
    static let ids: [Int64] = all.map { payload in
        guard case .integer(let id)? = payload["id"] else { fatalError("StoreBench: a user without an integer id") }
        return id
    }

    /// Small updates: the identifier and a new followers count, as a change feed sends them.
    static let partial: [ModelValue] = all.map { payload in
        ["id": payload["id"] ?? .null, "followers_count": 1_000_000]
    }
}

/// What a user writes without an identity map: a dictionary of boxes behind a lock.
final class LockedUsers: Sendable {
    final class Box: Sendable {
        let value: Mutex<User>
        init(_ user: User) { value = Mutex(user) }
    }

    private let boxes = Mutex<[Int64: Box]>([:])

    /// The box for `id`, created with the defaults when missing.
    func box(id: Int64) -> Box {
        boxes.withLock { boxes in
            if let box = boxes[id] { return box }
            var user = User()
            user.id = id
            let box = Box(user)
            boxes[id] = box
            return box
        }
    }

    /// Decodes the payload whole and replaces the box's value (no merge: a plain dictionary
    /// cannot keep the fields a payload leaves out without decoding into the old value).
    func replace(with payload: ModelValue) throws -> Box {
        let user = try User(object: payload)
        let box = box(id: user.id)
        box.value.withLock { $0 = user }
        return box
    }

    /// Applies a partial payload by hand: the one field a change feed sends, written under the
    /// box's lock. The lower bound of a merge, with code written for one field of one type.
    func applyFollowers(_ payload: ModelValue) throws -> Box {
        guard case .integer(let id)? = payload["id"], case .integer(let followers)? = payload["followers_count"] else {
            throw ModelError(.malformed("not a followers update"))
        }
        let box = box(id: id)
        box.value.withLock { $0.followersCount = Int(followers) }
        return box
    }
}

func registerIdentityBenchmarks() {
    let rounds = 10
    let label = "identity \(UserPayloads.all.count * rounds) payloads (\(Set(UserPayloads.ids).count) ids):"

    Benchmark("\(label) get-or-create IdentityMap.instance(id:)") { benchmark in
        let ids = UserPayloads.ids
        for _ in benchmark.scaledIterations {
            let map = IdentityMap()
            var held: [Live<User>] = []   // the map holds weakly: keep the instances alive
            held.reserveCapacity(ids.count * rounds)
            for _ in 0..<rounds {
                for id in ids { held.append(try User.live(id: id, in: map)) }
            }
            blackHole(held)
        }
    }

    Benchmark("\(label) get-or-create Mutex<[Int64: Box]>") { benchmark in
        let ids = UserPayloads.ids
        for _ in benchmark.scaledIterations {
            let users = LockedUsers()
            var held: [LockedUsers.Box] = []
            held.reserveCapacity(ids.count * rounds)
            for _ in 0..<rounds {
                for id in ids { held.append(users.box(id: id)) }
            }
            blackHole(held)
        }
    }

    Benchmark("\(label) merge full payloads IdentityMap.instance(object:)") { benchmark in
        let payloads = UserPayloads.all
        let map = IdentityMap()
        let held = try payloads.map { try User.live(object: $0, in: map) }
        for _ in benchmark.scaledIterations {
            for _ in 0..<rounds {
                for payload in payloads { blackHole(try User.live(object: payload, in: map)) }
            }
        }
        blackHole(held)
    }

    Benchmark("\(label) merge full payloads decode + replace under Mutex") { benchmark in
        let payloads = UserPayloads.all
        let users = LockedUsers()
        for _ in benchmark.scaledIterations {
            for _ in 0..<rounds {
                for payload in payloads { blackHole(try users.replace(with: payload)) }
            }
        }
    }

    Benchmark("\(label) merge partial payloads IdentityMap.instance(object:)") { benchmark in
        let map = IdentityMap()
        let held = try UserPayloads.all.map { try User.live(object: $0, in: map) }
        let partial = UserPayloads.partial
        for _ in benchmark.scaledIterations {
            for _ in 0..<rounds {
                for payload in partial { blackHole(try User.live(object: payload, in: map)) }
            }
        }
        blackHole(held)
    }

    Benchmark("\(label) merge partial payloads hand-written field write under Mutex") { benchmark in
        let users = LockedUsers()
        for payload in UserPayloads.all { _ = try users.replace(with: payload) }
        let partial = UserPayloads.partial
        for _ in benchmark.scaledIterations {
            for _ in 0..<rounds {
                for payload in partial { blackHole(try users.applyFollowers(payload)) }
            }
        }
    }
}
