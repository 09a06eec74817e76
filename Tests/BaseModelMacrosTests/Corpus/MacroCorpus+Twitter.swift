import BaseModelMacros
import Foundation

// `TwitterModels.swift` with the macro: the key case on the type, the date transformer on the
// property, and `w`/`h` of a media size by `@Key` instead of `CodingKeys`.

extension MacroCorpus {
    @Model(keyCase: .snakeCase) struct TwitterSearch: Equatable, Sendable {
        var statuses: [Status] = []
        var searchMetadata = SearchMetadata()
    }

    @Model(keyCase: .snakeCase) struct SearchMetadata: Equatable, Sendable {
        var completedIn: Double = 0
        var maxId: Int64 = 0
        var maxIdStr = ""
        var nextResults = ""
        var query = ""
        var refreshUrl = ""
        var count = 0
        var sinceId: Int64 = 0
        var sinceIdStr = ""
    }

    @Model(keyCase: .snakeCase) struct Status: Equatable, Sendable {
        var metadata = StatusMetadata()
        @Transform(.date(format: twitterDateFormat)) var createdAt = Date(timeIntervalSince1970: 0)
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
    }

    /// The retweeted original of a `Status`, on the heap, coded as the status itself (as
    /// `RetweetedStatus` of `TwitterModels.swift`).
    struct RetweetedStatus: Codable, Equatable, Sendable {
        private final class Storage: Sendable {
            let status: Status
            init(_ status: Status) { self.status = status }
        }

        private let storage: Storage

        var status: Status { storage.status }

        init(from decoder: any Decoder) throws {
            storage = Storage(try decoder.singleValueContainer().decode(Status.self))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(storage.status)
        }

        static func == (lhs: RetweetedStatus, rhs: RetweetedStatus) -> Bool {
            lhs.storage === rhs.storage || lhs.storage.status == rhs.storage.status
        }
    }

    @Model(keyCase: .snakeCase) struct StatusMetadata: Equatable, Sendable {
        var resultType = ""
        var isoLanguageCode = ""
    }

    @Model(keyCase: .snakeCase) struct User: Equatable, Sendable {
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
        @Transform(.date(format: twitterDateFormat)) var createdAt = Date(timeIntervalSince1970: 0)
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
    }

    @Model(keyCase: .snakeCase) struct UserEntities: Equatable, Sendable {
        var url: URLEntities?
        var description = URLEntities()
    }

    @Model(keyCase: .snakeCase) struct URLEntities: Equatable, Sendable {
        var urls: [URLEntity] = []
    }

    @Model(keyCase: .snakeCase) struct Entities: Equatable, Sendable {
        var hashtags: [Hashtag] = []
        var symbols: [Hashtag] = []
        var urls: [URLEntity] = []
        var userMentions: [UserMention] = []
        var media: [Media]?
    }

    @Model(keyCase: .snakeCase) struct Hashtag: Equatable, Sendable {
        var text = ""
        var indices: [Int] = []
    }

    @Model(keyCase: .snakeCase) struct URLEntity: Equatable, Sendable {
        var url = ""
        var expandedUrl = ""
        var displayUrl = ""
        var indices: [Int] = []
    }

    @Model(keyCase: .snakeCase) struct UserMention: Equatable, Sendable {
        var screenName = ""
        var name = ""
        var id: Int64 = 0
        var idStr = ""
        var indices: [Int] = []
    }

    @Model(keyCase: .snakeCase) struct Media: Equatable, Sendable {
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
    }

    @Model(keyCase: .snakeCase) struct MediaSizes: Equatable, Sendable {
        var thumb = MediaSize()
        var small = MediaSize()
        var medium = MediaSize()
        var large = MediaSize()
    }

    /// `{"w": 150, "h": 150, "resize": "crop"}`.
    @Model(keyCase: .snakeCase) struct MediaSize: Equatable, Sendable {
        @Key("w") var width = 0
        @Key("h") var height = 0
        var resize = ""
    }
}
