@testable import BaseModel
import Foundation
import Testing

/// twitter.json through an identity map: one `LiveUser` per distinct user id in the file.
@Suite(.corpus) struct TwitterIdentityTests {
    /// Every (user id, path) in the raw file, statuses and retweeted statuses alike.
    static func userIDs(in tree: ModelValue) -> [Int64] {
        var ids: [Int64] = []
        func visit(_ status: ModelValue) {
            if case .integer(let id)? = status["user"]?["id"] { ids.append(id) }
            if let retweeted = status["retweeted_status"] { visit(retweeted) }
        }
        if case .array(let statuses)? = tree["statuses"] { statuses.forEach(visit) }
        return ids
    }

    @Test func distinctUsersAreDistinctInstancesAndRepeatedUsersAreShared() throws {
        let data = try ModelCorpus.json("twitter.json")
        let tree = try FormatRegistry.shared.codec(for: .json).decodeTree(from: data)
        let rawIDs = Self.userIDs(in: tree)
        let map = IdentityMap()
        let search = try ModelDecoder(identityMap: map).decode(LiveTwitterSearch.self, from: tree)
        #expect(search.statuses.count == 100)

        var users: [Live<LiveUser>] = []
        func collect(_ status: Live<LiveStatus>) {
            if let user = status.user { users.append(user) }
            if let retweeted = status.retweetedStatus { collect(retweeted) }
        }
        search.statuses.forEach(collect)
        #expect(users.count == rawIDs.count)   // 173 user references in the file
        let distinctInstances = Set(users.map(ObjectIdentifier.init))
        #expect(distinctInstances.count == Set(rawIDs).count)   // 115 distinct ids
        #expect(map.existingInstances(LiveUser.self).count == Set(rawIDs).count)

        // A user who is retweeted and also appears elsewhere is the same object everywhere.
        let retweetedAuthors = search.statuses.compactMap { $0.retweetedStatus?.user }
        let repeated = try #require(retweetedAuthors.first { author in users.filter { $0 === author }.count > 1 })
        let elsewhere = users.filter { $0.id == repeated.id }
        #expect(elsewhere.count > 1)
        #expect(elsewhere.allSatisfy { $0 === repeated })
        #expect(map.existing(LiveUser.self, id: repeated.id) === repeated)
    }

    @Test func aSecondPayloadForAUserUpdatesEveryStatusHoldingIt() throws {
        let data = try ModelCorpus.json("twitter.json")
        let map = IdentityMap()
        let search = try ModelDecoder(identityMap: map).decode(LiveTwitterSearch.self, from: FormatRegistry.shared.codec(for: .json).decodeTree(from: data))
        let user = try #require(search.statuses.first?.user)
        let before = user.screenName
        _ = try LiveUser.live(object: ["id": user.id, "followers_count": 123_456], in: map)
        #expect(search.statuses.first?.user?.followersCount == 123_456)
        #expect(search.statuses.first?.user?.screenName == before)
    }
}
