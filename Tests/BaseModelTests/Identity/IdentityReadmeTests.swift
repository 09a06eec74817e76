import BaseModel
import Foundation
import Testing

// The first README's "Identity and stores" example (the article's blocks are in the `Articles` tests), with the types renamed (the corpus models own
// `User`).

struct ReadmeUser: IdentifiedModel {
    var id: Int64 = 0
    var name = ""
    var followers = 0
}

struct ReadmeTweet: IdentifiedModel {
    var id = ""
    var text = ""
    var author: Live<ReadmeUser>?
    static let keyPaths: [String: RemoteKeyPath] = ["id": "tweet_id", "author": "user"]
}

@Suite struct IdentityReadmeTests {
    @Test func theReadmeExampleRuns() async throws {
        let map = IdentityMap()
        let tweet = try ReadmeTweet.live(
            object: ["tweet_id": "t1", "text": "hi", "user": ["id": 7, "name": "Ada"]], in: map)
        let ada = try ReadmeUser.live(object: ["id": 7, "followers": 12], in: map)
        #expect(tweet.author === ada)
        #expect(ada.name == "Ada")
        #expect(map.existing(ReadmeUser.self, id: 7) === ada)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ModelStores.directory(directory, format: .binaryPropertyList)
        try await store.save(ada.value)
        let revived = try ReadmeUser.live(object: ["id": 7, "followers": 13], in: IdentityMap(store: store))
        #expect(revived !== ada)
        #expect(revived.name == "Ada" && revived.followers == 13)
    }

    @Test func detachedInstancesUpdateAndAnnounce() async throws {
        let detached = Live(ReadmeUser(id: 1, name: "Solo"))
        var changes = detached.changes.makeAsyncIterator()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { for _ in 0..<100 { detached.update { $0.followers += 1 } } } }
        }
        #expect(detached.followers == 400)
        #expect(await changes.next()?.followers == 1)
        #expect(IdentityMap.shared.existing(ReadmeUser.self, id: 1) == nil)
    }
}
