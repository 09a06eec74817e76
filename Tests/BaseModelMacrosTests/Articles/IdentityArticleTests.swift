import BaseModelMacros
import Foundation
import Testing

/// The article "Identity and stores", compiled and run: every Swift block of it that needs only
/// `BaseModel` appears here line for line (`DocumentationCodeTests` checks that); the SQLite and
/// PostgreSQL blocks are in their targets' tests.
enum IdentityArticle {
    @Model struct User: IdentifiedModel {
        var id: Int64 = 0
        var name = ""
        var followers = 0
    }

    @Model struct Tweet: IdentifiedModel {
        @Key("tweet_id") var id = ""
        var text = ""
        @Key("user") var author: Live<User>?                        // resolved through the map
    }
}

@Suite("Article: Identity and stores") struct IdentityArticleTests {
    typealias User = IdentityArticle.User
    typealias Tweet = IdentityArticle.Tweet

    @Test func oneLiveInstancePerIdentifier() throws {
        let map = IdentityMap()                                         // or IdentityMap.shared
        let tweet = try Tweet.live(object: ["tweet_id": "t1", "text": "hi", "user": ["id": 7, "name": "Ada"]], in: map)
        let ada = try User.live(object: ["id": 7, "followers": 12], in: map)   // merged into the same user
        let same = tweet.author === ada                                 // true
        let name = ada.name                                             // "Ada": kept, the payload did not say
        let found = map.existing(User.self, id: 7)                      // lookup only, never creates
        #expect(same && name == "Ada" && found === ada && ada.followers == 12)
    }

    @Test func aStoreRevivesOnFirstUse() async throws {
        let cachesURL = FileManager.default.temporaryDirectory.appendingPathComponent("IdentityArticle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cachesURL) }
        let ada = try User.live(object: ["id": 7, "name": "Ada", "followers": 12], in: IdentityMap())
        let store = try ModelStores.directory(cachesURL, format: .binaryPropertyList)
        try await store.save(ada.value)
        let map = IdentityMap(store: store)               // consulted before a new instance is made
        let revived = try User.live(object: ["id": 7, "followers": 13], in: map)   // name from the file
        #expect(revived.name == "Ada" && revived.followers == 13)
    }
}
