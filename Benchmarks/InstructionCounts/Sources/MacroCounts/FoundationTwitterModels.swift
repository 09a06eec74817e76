import Foundation

// Written by twins.sh from `EqualTwitterModels.swift` (edit that file, then run twins.sh):
// the same models as plain `Codable` structs (prefix F instead of E) for Foundation's coders,
// with the same fields and `CodingKeys` and conformances that the compiler synthesizes.

struct FTwitterSearch: Codable, Equatable, Sendable {
    var statuses: [FStatus] = []
    var searchMetadata = FSearchMetadata()

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

struct FSearchMetadata: Codable, Equatable, Sendable {
    var completedIn: Double = 0
    var maxId: Int64 = 0
    var maxIdStr = ""
    var nextResults = ""
    var query = ""
    var refreshUrl = ""
    var count = 0
    var sinceId: Int64 = 0
    var sinceIdStr = ""

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxId = "max_id"
        case maxIdStr = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshUrl = "refresh_url"
        case count
        case sinceId = "since_id"
        case sinceIdStr = "since_id_str"
    }
}

struct FStatus: Codable, Equatable, Sendable {
    var metadata = FStatusMetadata()
    var createdAt = ""
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
    var user = FUser()
    var geo: FPoint?
    var coordinates: FPoint?
    var place: FPlace?
    var contributors: [Int64]?
    var retweetedStatus: FRetweetedStatus?
    var retweetCount = 0
    var favoriteCount = 0
    var entities = FEntities()
    var favorited = false
    var retweeted = false
    var possiblySensitive: Bool?
    var lang = ""

    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idStr = "id_str"
        case text
        case source
        case truncated
        case inReplyToStatusId = "in_reply_to_status_id"
        case inReplyToStatusIdStr = "in_reply_to_status_id_str"
        case inReplyToUserId = "in_reply_to_user_id"
        case inReplyToUserIdStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case geo
        case coordinates
        case place
        case contributors
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities
        case favorited
        case retweeted
        case possiblySensitive = "possibly_sensitive"
        case lang
    }
}

@dynamicMemberLookup
struct FRetweetedStatus: Codable, Equatable, Sendable {
    private final class Storage: Sendable {
        let status: FStatus
        init(_ status: FStatus) { self.status = status }
    }

    private let storage: Storage

    var status: FStatus { storage.status }

    init(_ status: FStatus) {
        storage = Storage(status)
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<FStatus, Value>) -> Value {
        storage.status[keyPath: keyPath]
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        storage = Storage(try container.decode(FStatus.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storage.status)
    }

    static func == (lhs: FRetweetedStatus, rhs: FRetweetedStatus) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.status == rhs.storage.status
    }
}

/// A point (`geo`, `coordinates`): null in every status of the file.
struct FPoint: Codable, Equatable, Sendable {
    var type = ""
    var coordinates: [Double] = []
}

/// A place: null in every status of the file.
struct FPlace: Codable, Equatable, Sendable {
    var id = ""
    var url = ""
    var placeType = ""
    var name = ""
    var fullName = ""
    var countryCode = ""
    var country = ""

    enum CodingKeys: String, CodingKey {
        case id
        case url
        case placeType = "place_type"
        case name
        case fullName = "full_name"
        case countryCode = "country_code"
        case country
    }
}

struct FStatusMetadata: Codable, Equatable, Sendable {
    var resultType = ""
    var isoLanguageCode = ""

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }
}

struct FUser: Codable, Equatable, Sendable {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var entities = FUserEntities()
    var protected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = ""
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled = false
    var verified = false
    var statusesCount = 0
    var lang = ""
    var contributorsEnabled = false
    var isTranslator = false
    var isTranslationEnabled = false
    var profileBackgroundColor = ""
    var profileBackgroundImageUrl = ""
    var profileBackgroundImageUrlHttps = ""
    var profileBackgroundTile = false
    var profileImageUrl = ""
    var profileImageUrlHttps = ""
    var profileBannerUrl: String?
    var profileLinkColor = ""
    var profileSidebarBorderColor = ""
    var profileSidebarFillColor = ""
    var profileTextColor = ""
    var profileUseBackgroundImage = false
    var defaultProfile = false
    var defaultProfileImage = false
    var following = false
    var followRequestSent = false
    var notifications = false

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case name
        case screenName = "screen_name"
        case location
        case description
        case url
        case entities
        case protected
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case verified
        case statusesCount = "statuses_count"
        case lang
        case contributorsEnabled = "contributors_enabled"
        case isTranslator = "is_translator"
        case isTranslationEnabled = "is_translation_enabled"
        case profileBackgroundColor = "profile_background_color"
        case profileBackgroundImageUrl = "profile_background_image_url"
        case profileBackgroundImageUrlHttps = "profile_background_image_url_https"
        case profileBackgroundTile = "profile_background_tile"
        case profileImageUrl = "profile_image_url"
        case profileImageUrlHttps = "profile_image_url_https"
        case profileBannerUrl = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case profileSidebarBorderColor = "profile_sidebar_border_color"
        case profileSidebarFillColor = "profile_sidebar_fill_color"
        case profileTextColor = "profile_text_color"
        case profileUseBackgroundImage = "profile_use_background_image"
        case defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image"
        case following
        case followRequestSent = "follow_request_sent"
        case notifications
    }
}

struct FUserEntities: Codable, Equatable, Sendable {
    var url: FURLEntities?
    var description = FURLEntities()

    enum CodingKeys: String, CodingKey {
        case url
        case description
    }
}

struct FURLEntities: Codable, Equatable, Sendable {
    var urls: [FURLEntity] = []

    enum CodingKeys: String, CodingKey {
        case urls
    }
}

struct FEntities: Codable, Equatable, Sendable {
    var hashtags: [FHashtag] = []
    var symbols: [FHashtag] = []
    var urls: [FURLEntity] = []
    var userMentions: [FUserMention] = []
    var media: [FMedia]?

    enum CodingKeys: String, CodingKey {
        case hashtags
        case symbols
        case urls
        case userMentions = "user_mentions"
        case media
    }
}

struct FHashtag: Codable, Equatable, Sendable {
    var text = ""
    var indices: [Int] = []

    enum CodingKeys: String, CodingKey {
        case text
        case indices
    }
}

struct FURLEntity: Codable, Equatable, Sendable {
    var url = ""
    var expandedUrl = ""
    var displayUrl = ""
    var indices: [Int] = []

    enum CodingKeys: String, CodingKey {
        case url
        case expandedUrl = "expanded_url"
        case displayUrl = "display_url"
        case indices
    }
}

struct FUserMention: Codable, Equatable, Sendable {
    var screenName = ""
    var name = ""
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name
        case id
        case idStr = "id_str"
        case indices
    }
}

struct FMedia: Codable, Equatable, Sendable {
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []
    var mediaUrl = ""
    var mediaUrlHttps = ""
    var url = ""
    var displayUrl = ""
    var expandedUrl = ""
    var type = ""
    var sizes = FMediaSizes()
    var sourceStatusId: Int64?
    var sourceStatusIdStr: String?

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case indices
        case mediaUrl = "media_url"
        case mediaUrlHttps = "media_url_https"
        case url
        case displayUrl = "display_url"
        case expandedUrl = "expanded_url"
        case type
        case sizes
        case sourceStatusId = "source_status_id"
        case sourceStatusIdStr = "source_status_id_str"
    }
}

struct FMediaSizes: Codable, Equatable, Sendable {
    var thumb = FMediaSize()
    var small = FMediaSize()
    var medium = FMediaSize()
    var large = FMediaSize()

    enum CodingKeys: String, CodingKey {
        case thumb
        case small
        case medium
        case large
    }
}

struct FMediaSize: Codable, Equatable, Sendable {
    var width = 0
    var height = 0
    var resize = ""

    enum CodingKeys: String, CodingKey {
        case width = "w"
        case height = "h"
        case resize
    }
}
