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

    @Model(keyCase: .snakeCase) struct Gig: IdentifiedModel {
        var id = 0
        var headlinerName = ""                                      // stored as headliner_name
        @Key("venue.address.city") var city = ""
        var tags: [String] = []
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

    @Test func queriesByFieldOnEveryStore() async throws {
        typealias Gig = IdentityArticle.Gig
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("IdentityArticle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gigs = [
            Gig(id: 1, headlinerName: "Nina", city: "Paris", tags: ["jazz", "late"]),
            Gig(id: 2, headlinerName: "Joan", city: "Lyon", tags: ["folk"]),
            Gig(id: 3, headlinerName: "Ella", city: "Paris", tags: ["jazz"]),
        ]
        let stores = try [ModelStores.memory(), ModelStores.directory(folder, format: .binaryPropertyList)]
        for store in stores {
            try await store.save(gigs)
            let paris = try await store.fetchAll(Gig.self, where: [\.city: "Paris"])          // a key path
            let nina = try await store.fetchAll(Gig.self, where: ["headlinerName": "Nina"])   // or a name
            let jazz = try await store.fetchAll(Gig.self, where: ["tags": ["jazz"]])          // arrays contain
            #expect(paris.models.map(\.id).sorted() == [1, 3])
            #expect(nina.models.map(\.id) == [1])
            #expect(jazz.models.map(\.id).sorted() == [1, 3])
            #expect(try await store.fetchAll(Gig.self, where: ["headliner_name": "Joan"]).models.map(\.id) == [2])
            let error = await #expect(throws: ModelError.self) { try await store.fetchAll(Gig.self, where: ["headliner": "Nina"]) }
            #expect(error?.description == "headliner: invalid value: Gig has no property or stored key of this name; its stored keys are id, headliner_name, venue, tags")
        }
    }
}
