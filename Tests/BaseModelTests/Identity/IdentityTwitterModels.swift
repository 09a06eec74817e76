@testable import BaseModel

// twitter.json mapped with identity: statuses and users are live instances, so a user who
// tweets and is retweeted is one object. (Tests/BaseModelTests/Corpus/TwitterModels.swift stays
// identity-free for the benchmarks.)

/// The search response, holding live statuses.
struct LiveTwitterSearch: Model {
    var statuses: [Live<LiveStatus>] = []
    static var keyCase: KeyCase { .snakeCase }
}

/// A status; a retweet holds the retweeted status, itself live.
struct LiveStatus: IdentifiedModel {
    var id: Int64 = 0
    var text = ""
    var retweetCount = 0
    var user: Live<LiveUser>?
    var retweetedStatus: Live<LiveStatus>?
    static var keyCase: KeyCase { .snakeCase }
}

/// A user.
struct LiveUser: IdentifiedModel {
    var id: Int64 = 0
    var name = ""
    var screenName = ""
    var followersCount = 0
    static var keyCase: KeyCase { .snakeCase }
}
