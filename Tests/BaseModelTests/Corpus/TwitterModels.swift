import BaseModel
import Foundation

// Models for the Twitter search response in `shared/corpus/json/twitter.json`.
//
// This file is shared with the benchmark package, so it imports only BaseModel and Foundation
// and holds no test code. The same types decode with BaseModel and with Foundation's
// `JSONDecoder` (see `TwitterSearch.makeJSONDecoder()`):
//
// - Property names are the camel-case forms of the snake-case keys, spelled so that BaseModel's
//   `.snakeCase` and `JSONDecoder`'s `.convertFromSnakeCase` agree on them: `profileImageUrl`,
//   never `profileImageURL` (which `.snakeCase` would write `profile_image_url` but
//   `.convertFromSnakeCase` would never produce).
// - No `keyPaths`: `JSONDecoder` would not see them. The only keys that are not the snake case of
//   a good property name (`w`/`h` of a media size) are renamed with `CodingKeys`, which both
//   decoders honour.
// - Dates: BaseModel reads `created_at` through a `.date(format:)` transformer; `JSONDecoder`
//   uses a `.formatted` date strategy with the same format.
// - Keys that are absent from some objects of the file are optionals, because `JSONDecoder`
//   requires every non-optional key. BaseModel would keep the `init()` default instead.
// - Some keys of the file are left out on purpose (always-null `geo`, `coordinates`, `place`,
//   `contributors`, and the users' profile colours and flags); they show up as unused keys in a
//   `ModelReport`.

/// The `DateFormatter` format of Twitter's `created_at` strings: `Sun Aug 31 00:29:15 +0000 2014`.
let twitterDateFormat = "EEE MMM dd HH:mm:ss Z yyyy"

/// The top level of a search response.
struct TwitterSearch: Model, Equatable, Sendable {
    var statuses: [Status] = []
    var searchMetadata = SearchMetadata()

    static var keyCase: KeyCase { .snakeCase }

    /// A `JSONDecoder` that decodes these types from the same JSON: snake-case keys and Twitter's
    /// date format. A new decoder each call, because `DateFormatter` is not `Sendable`.
    static func makeJSONDecoder() -> JSONDecoder {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = twitterDateFormat
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .formatted(formatter)
        return decoder
    }
}

/// `search_metadata`.
struct SearchMetadata: Model, Equatable, Sendable {
    var completedIn: Double = 0
    var maxId: Int64 = 0
    var maxIdStr = ""
    var nextResults = ""
    var query = ""
    var refreshUrl = ""
    var count = 0
    var sinceId: Int64 = 0
    var sinceIdStr = ""

    static var keyCase: KeyCase { .snakeCase }
}

/// A tweet. A retweet holds the original tweet, another `Status`, in `retweetedStatus`.
struct Status: Model, Equatable, Sendable {
    var metadata = StatusMetadata()
    var createdAt = Date(timeIntervalSince1970: 0)
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var source = ""
    var truncated = false
    var inReplyToStatusId: Int64?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user = User()
    var retweetedStatus: RetweetedStatus?
    var retweetCount = 0
    var favoriteCount = 0
    var entities = Entities()
    var favorited = false
    var retweeted = false
    var possiblySensitive: Bool?
    var lang = ""

    static var keyCase: KeyCase { .snakeCase }
    static let transformers: [String: ModelTransformer] = ["createdAt": .date(format: twitterDateFormat)]
}

/// The retweeted original of a `Status`: a `Status` kept on the heap, so that `Status` can hold one.
///
/// It encodes and decodes as the status itself, through a single-value container: BaseModel then
/// decodes a `Status` model (with its key case and transformers) at the same path, and
/// `JSONDecoder` decodes a `Status` as usual. Its members read through to the status:
/// `status.retweetedStatus?.user.screenName`.
@dynamicMemberLookup
struct RetweetedStatus: Codable, Equatable, Sendable {
    private final class Storage: Sendable {
        let status: Status
        init(_ status: Status) { self.status = status }
    }

    private let storage: Storage

    /// The retweeted status.
    var status: Status { storage.status }

    init(_ status: Status) {
        storage = Storage(status)
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<Status, Value>) -> Value {
        storage.status[keyPath: keyPath]
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        storage = Storage(try container.decode(Status.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storage.status)
    }

    static func == (lhs: RetweetedStatus, rhs: RetweetedStatus) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.status == rhs.storage.status
    }
}

/// A status's `metadata`.
struct StatusMetadata: Model, Equatable, Sendable {
    var resultType = ""
    var isoLanguageCode = ""

    static var keyCase: KeyCase { .snakeCase }
}

/// The author of a status.
struct User: Model, Equatable, Sendable {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var entities = UserEntities()
    var protected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = Date(timeIntervalSince1970: 0)
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled = false
    var verified = false
    var statusesCount = 0
    var lang = ""
    var profileImageUrl = ""
    var profileImageUrlHttps = ""
    var profileBannerUrl: String?
    var defaultProfile = false
    var defaultProfileImage = false
    var following = false
    var followRequestSent = false
    var notifications = false

    static var keyCase: KeyCase { .snakeCase }
    static let transformers: [String: ModelTransformer] = ["createdAt": .date(format: twitterDateFormat)]
}

/// A user's `entities`: the links in the profile's URL and description.
struct UserEntities: Model, Equatable, Sendable {
    var url: URLEntities?
    var description = URLEntities()

    static var keyCase: KeyCase { .snakeCase }
}

/// `{"urls": [...]}` in a user's entities.
struct URLEntities: Model, Equatable, Sendable {
    var urls: [URLEntity] = []

    static var keyCase: KeyCase { .snakeCase }
}

/// A status's `entities`.
struct Entities: Model, Equatable, Sendable {
    var hashtags: [Hashtag] = []
    /// Cashtags (`$AAPL`) have the shape of hashtags; the file has none.
    var symbols: [Hashtag] = []
    var urls: [URLEntity] = []
    var userMentions: [UserMention] = []
    var media: [Media]?

    static var keyCase: KeyCase { .snakeCase }
}

/// A hashtag, without its `#`, and where it is in the text.
struct Hashtag: Model, Equatable, Sendable {
    var text = ""
    var indices: [Int] = []

    static var keyCase: KeyCase { .snakeCase }
}

/// A link in a text.
struct URLEntity: Model, Equatable, Sendable {
    var url = ""
    var expandedUrl = ""
    var displayUrl = ""
    var indices: [Int] = []

    static var keyCase: KeyCase { .snakeCase }
}

/// An `@mention` in a text.
struct UserMention: Model, Equatable, Sendable {
    var screenName = ""
    var name = ""
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []

    static var keyCase: KeyCase { .snakeCase }
}

/// An attached photo.
struct Media: Model, Equatable, Sendable {
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []
    var mediaUrl = ""
    var mediaUrlHttps = ""
    var url = ""
    var displayUrl = ""
    var expandedUrl = ""
    var type = ""
    var sizes = MediaSizes()
    var sourceStatusId: Int64?
    var sourceStatusIdStr: String?

    static var keyCase: KeyCase { .snakeCase }
}

/// The sizes a photo is served in.
struct MediaSizes: Model, Equatable, Sendable {
    var thumb = MediaSize()
    var small = MediaSize()
    var medium = MediaSize()
    var large = MediaSize()

    static var keyCase: KeyCase { .snakeCase }
}

/// One size of a photo: `{"w": 150, "h": 150, "resize": "crop"}`.
struct MediaSize: Model, Equatable, Sendable {
    var width = 0
    var height = 0
    var resize = ""

    static var keyCase: KeyCase { .snakeCase }

    /// `w` and `h` are not the snake case of any good name; coding keys rename them for both
    /// BaseModel and `JSONDecoder`.
    enum CodingKeys: String, CodingKey {
        case width = "w"
        case height = "h"
        case resize
    }
}
