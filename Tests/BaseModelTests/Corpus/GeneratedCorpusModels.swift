import BaseModel
import Foundation

// Copies of the corpus models (TwitterModels, CitmModels, CanadaModels) with the coding the
// model macro generates written out by hand (`GeneratedCoding`), prefixed with G. Made by
// a script from those files; the differential tests compare both forms, and the benchmarks
// measure both. Shared with the benchmark package: it imports only BaseModel and Foundation.

struct GTwitterSearch: GeneratedCoding, Equatable, Sendable {
    var statuses: [GStatus] = []
    var searchMetadata = GSearchMetadata()

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

extension GTwitterSearch {
    static var _fieldNames: [String] { ["statuses", "searchMetadata"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&statuses)
        try reader.read(&searchMetadata)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(statuses)
        try writer.write(searchMetadata)
    }
}

struct GSearchMetadata: GeneratedCoding, Equatable, Sendable {
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

extension GSearchMetadata {
    static var _fieldNames: [String] { ["completedIn", "maxId", "maxIdStr", "nextResults", "query", "refreshUrl", "count", "sinceId", "sinceIdStr"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&completedIn)
        try reader.read(&maxId)
        try reader.read(&maxIdStr)
        try reader.read(&nextResults)
        try reader.read(&query)
        try reader.read(&refreshUrl)
        try reader.read(&count)
        try reader.read(&sinceId)
        try reader.read(&sinceIdStr)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(completedIn)
        try writer.write(maxId)
        try writer.write(maxIdStr)
        try writer.write(nextResults)
        try writer.write(query)
        try writer.write(refreshUrl)
        try writer.write(count)
        try writer.write(sinceId)
        try writer.write(sinceIdStr)
    }
}

struct GStatus: GeneratedCoding, Equatable, Sendable {
    var metadata = GStatusMetadata()
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
    var user = GUser()
    var retweetedStatus: GRetweetedStatus?
    var retweetCount = 0
    var favoriteCount = 0
    var entities = GEntities()
    var favorited = false
    var retweeted = false
    var possiblySensitive: Bool?
    var lang = ""

    static var keyCase: KeyCase { .snakeCase }
    static let transformers: [String: ModelTransformer] = ["createdAt": .date(format: twitterDateFormat)]
}

extension GStatus {
    static var _fieldNames: [String] { ["metadata", "createdAt", "id", "idStr", "text", "source", "truncated", "inReplyToStatusId", "inReplyToStatusIdStr", "inReplyToUserId", "inReplyToUserIdStr", "inReplyToScreenName", "user", "retweetedStatus", "retweetCount", "favoriteCount", "entities", "favorited", "retweeted", "possiblySensitive", "lang"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&metadata)
        try reader.read(&createdAt)
        try reader.read(&id)
        try reader.read(&idStr)
        try reader.read(&text)
        try reader.read(&source)
        try reader.read(&truncated)
        try reader.read(&inReplyToStatusId)
        try reader.read(&inReplyToStatusIdStr)
        try reader.read(&inReplyToUserId)
        try reader.read(&inReplyToUserIdStr)
        try reader.read(&inReplyToScreenName)
        try reader.read(&user)
        try reader.read(&retweetedStatus)
        try reader.read(&retweetCount)
        try reader.read(&favoriteCount)
        try reader.read(&entities)
        try reader.read(&favorited)
        try reader.read(&retweeted)
        try reader.read(&possiblySensitive)
        try reader.read(&lang)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(metadata)
        try writer.write(createdAt)
        try writer.write(id)
        try writer.write(idStr)
        try writer.write(text)
        try writer.write(source)
        try writer.write(truncated)
        try writer.write(inReplyToStatusId)
        try writer.write(inReplyToStatusIdStr)
        try writer.write(inReplyToUserId)
        try writer.write(inReplyToUserIdStr)
        try writer.write(inReplyToScreenName)
        try writer.write(user)
        try writer.write(retweetedStatus)
        try writer.write(retweetCount)
        try writer.write(favoriteCount)
        try writer.write(entities)
        try writer.write(favorited)
        try writer.write(retweeted)
        try writer.write(possiblySensitive)
        try writer.write(lang)
    }
}

@dynamicMemberLookup
struct GRetweetedStatus: Codable, Equatable, Sendable {
    private final class Storage: Sendable {
        let status: GStatus
        init(_ status: GStatus) { self.status = status }
    }

    private let storage: Storage

    /// The retweeted status.
    var status: GStatus { storage.status }

    init(_ status: GStatus) {
        storage = Storage(status)
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<GStatus, Value>) -> Value {
        storage.status[keyPath: keyPath]
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        storage = Storage(try container.decode(GStatus.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storage.status)
    }

    static func == (lhs: GRetweetedStatus, rhs: GRetweetedStatus) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.status == rhs.storage.status
    }
}

struct GStatusMetadata: GeneratedCoding, Equatable, Sendable {
    var resultType = ""
    var isoLanguageCode = ""

    static var keyCase: KeyCase { .snakeCase }
}

extension GStatusMetadata {
    static var _fieldNames: [String] { ["resultType", "isoLanguageCode"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&resultType)
        try reader.read(&isoLanguageCode)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(resultType)
        try writer.write(isoLanguageCode)
    }
}

struct GUser: GeneratedCoding, Equatable, Sendable {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var entities = GUserEntities()
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

extension GUser {
    static var _fieldNames: [String] { ["id", "idStr", "name", "screenName", "location", "description", "url", "entities", "protected", "followersCount", "friendsCount", "listedCount", "createdAt", "favouritesCount", "utcOffset", "timeZone", "geoEnabled", "verified", "statusesCount", "lang", "profileImageUrl", "profileImageUrlHttps", "profileBannerUrl", "defaultProfile", "defaultProfileImage", "following", "followRequestSent", "notifications"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&id)
        try reader.read(&idStr)
        try reader.read(&name)
        try reader.read(&screenName)
        try reader.read(&location)
        try reader.read(&description)
        try reader.read(&url)
        try reader.read(&entities)
        try reader.read(&protected)
        try reader.read(&followersCount)
        try reader.read(&friendsCount)
        try reader.read(&listedCount)
        try reader.read(&createdAt)
        try reader.read(&favouritesCount)
        try reader.read(&utcOffset)
        try reader.read(&timeZone)
        try reader.read(&geoEnabled)
        try reader.read(&verified)
        try reader.read(&statusesCount)
        try reader.read(&lang)
        try reader.read(&profileImageUrl)
        try reader.read(&profileImageUrlHttps)
        try reader.read(&profileBannerUrl)
        try reader.read(&defaultProfile)
        try reader.read(&defaultProfileImage)
        try reader.read(&following)
        try reader.read(&followRequestSent)
        try reader.read(&notifications)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(id)
        try writer.write(idStr)
        try writer.write(name)
        try writer.write(screenName)
        try writer.write(location)
        try writer.write(description)
        try writer.write(url)
        try writer.write(entities)
        try writer.write(protected)
        try writer.write(followersCount)
        try writer.write(friendsCount)
        try writer.write(listedCount)
        try writer.write(createdAt)
        try writer.write(favouritesCount)
        try writer.write(utcOffset)
        try writer.write(timeZone)
        try writer.write(geoEnabled)
        try writer.write(verified)
        try writer.write(statusesCount)
        try writer.write(lang)
        try writer.write(profileImageUrl)
        try writer.write(profileImageUrlHttps)
        try writer.write(profileBannerUrl)
        try writer.write(defaultProfile)
        try writer.write(defaultProfileImage)
        try writer.write(following)
        try writer.write(followRequestSent)
        try writer.write(notifications)
    }
}

struct GUserEntities: GeneratedCoding, Equatable, Sendable {
    var url: GURLEntities?
    var description = GURLEntities()

    static var keyCase: KeyCase { .snakeCase }
}

extension GUserEntities {
    static var _fieldNames: [String] { ["url", "description"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&url)
        try reader.read(&description)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(url)
        try writer.write(description)
    }
}

struct GURLEntities: GeneratedCoding, Equatable, Sendable {
    var urls: [GURLEntity] = []

    static var keyCase: KeyCase { .snakeCase }
}

extension GURLEntities {
    static var _fieldNames: [String] { ["urls"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&urls)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(urls)
    }
}

struct GEntities: GeneratedCoding, Equatable, Sendable {
    var hashtags: [GHashtag] = []
    /// Cashtags (`$AAPL`) have the shape of hashtags; the file has none.
    var symbols: [GHashtag] = []
    var urls: [GURLEntity] = []
    var userMentions: [GUserMention] = []
    var media: [GMedia]?

    static var keyCase: KeyCase { .snakeCase }
}

extension GEntities {
    static var _fieldNames: [String] { ["hashtags", "symbols", "urls", "userMentions", "media"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&hashtags)
        try reader.read(&symbols)
        try reader.read(&urls)
        try reader.read(&userMentions)
        try reader.read(&media)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(hashtags)
        try writer.write(symbols)
        try writer.write(urls)
        try writer.write(userMentions)
        try writer.write(media)
    }
}

struct GHashtag: GeneratedCoding, Equatable, Sendable {
    var text = ""
    var indices: [Int] = []

    static var keyCase: KeyCase { .snakeCase }
}

extension GHashtag {
    static var _fieldNames: [String] { ["text", "indices"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&text)
        try reader.read(&indices)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(text)
        try writer.write(indices)
    }
}

struct GURLEntity: GeneratedCoding, Equatable, Sendable {
    var url = ""
    var expandedUrl = ""
    var displayUrl = ""
    var indices: [Int] = []

    static var keyCase: KeyCase { .snakeCase }
}

extension GURLEntity {
    static var _fieldNames: [String] { ["url", "expandedUrl", "displayUrl", "indices"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&url)
        try reader.read(&expandedUrl)
        try reader.read(&displayUrl)
        try reader.read(&indices)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(url)
        try writer.write(expandedUrl)
        try writer.write(displayUrl)
        try writer.write(indices)
    }
}

struct GUserMention: GeneratedCoding, Equatable, Sendable {
    var screenName = ""
    var name = ""
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []

    static var keyCase: KeyCase { .snakeCase }
}

extension GUserMention {
    static var _fieldNames: [String] { ["screenName", "name", "id", "idStr", "indices"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&screenName)
        try reader.read(&name)
        try reader.read(&id)
        try reader.read(&idStr)
        try reader.read(&indices)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(screenName)
        try writer.write(name)
        try writer.write(id)
        try writer.write(idStr)
        try writer.write(indices)
    }
}

struct GMedia: GeneratedCoding, Equatable, Sendable {
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []
    var mediaUrl = ""
    var mediaUrlHttps = ""
    var url = ""
    var displayUrl = ""
    var expandedUrl = ""
    var type = ""
    var sizes = GMediaSizes()
    var sourceStatusId: Int64?
    var sourceStatusIdStr: String?

    static var keyCase: KeyCase { .snakeCase }
}

extension GMedia {
    static var _fieldNames: [String] { ["id", "idStr", "indices", "mediaUrl", "mediaUrlHttps", "url", "displayUrl", "expandedUrl", "type", "sizes", "sourceStatusId", "sourceStatusIdStr"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&id)
        try reader.read(&idStr)
        try reader.read(&indices)
        try reader.read(&mediaUrl)
        try reader.read(&mediaUrlHttps)
        try reader.read(&url)
        try reader.read(&displayUrl)
        try reader.read(&expandedUrl)
        try reader.read(&type)
        try reader.read(&sizes)
        try reader.read(&sourceStatusId)
        try reader.read(&sourceStatusIdStr)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(id)
        try writer.write(idStr)
        try writer.write(indices)
        try writer.write(mediaUrl)
        try writer.write(mediaUrlHttps)
        try writer.write(url)
        try writer.write(displayUrl)
        try writer.write(expandedUrl)
        try writer.write(type)
        try writer.write(sizes)
        try writer.write(sourceStatusId)
        try writer.write(sourceStatusIdStr)
    }
}

struct GMediaSizes: GeneratedCoding, Equatable, Sendable {
    var thumb = GMediaSize()
    var small = GMediaSize()
    var medium = GMediaSize()
    var large = GMediaSize()

    static var keyCase: KeyCase { .snakeCase }
}

extension GMediaSizes {
    static var _fieldNames: [String] { ["thumb", "small", "medium", "large"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&thumb)
        try reader.read(&small)
        try reader.read(&medium)
        try reader.read(&large)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(thumb)
        try writer.write(small)
        try writer.write(medium)
        try writer.write(large)
    }
}

struct GMediaSize: GeneratedCoding, Equatable, Sendable {
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

extension GMediaSize {
    static var _fieldNames: [String] { ["w", "h", "resize"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&width)
        try reader.read(&height)
        try reader.read(&resize)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(width)
        try writer.write(height)
        try writer.write(resize)
    }
}

struct GCitmCatalog: GeneratedCoding, Equatable, Sendable {
    /// GArea names by area id.
    var areaNames: [String: String] = [:]
    /// Audience names by audience sub-category id.
    var audienceSubCategoryNames: [String: String] = [:]
    /// Block names by block id; empty in the file.
    var blockNames: [String: String] = [:]
    /// Events by event id.
    var events: [String: GEvent] = [:]
    var performances: [GPerformance] = []
    /// Seat category names by seat category id.
    var seatCategoryNames: [String: String] = [:]
    /// Sub-topic names by sub-topic id.
    var subTopicNames: [String: String] = [:]
    /// Subject names by subject code; empty in the file.
    var subjectNames: [String: String] = [:]
    /// Topic names by topic id.
    var topicNames: [String: String] = [:]
    /// The sub-topic ids of each topic, by topic id.
    var topicSubTopics: [String: [Int]] = [:]
    /// Venue names by venue code.
    var venueNames: [String: String] = [:]
}

extension GCitmCatalog {
    static var _fieldNames: [String] { ["areaNames", "audienceSubCategoryNames", "blockNames", "events", "performances", "seatCategoryNames", "subTopicNames", "subjectNames", "topicNames", "topicSubTopics", "venueNames"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&areaNames)
        try reader.read(&audienceSubCategoryNames)
        try reader.read(&blockNames)
        try reader.read(&events)
        try reader.read(&performances)
        try reader.read(&seatCategoryNames)
        try reader.read(&subTopicNames)
        try reader.read(&subjectNames)
        try reader.read(&topicNames)
        try reader.read(&topicSubTopics)
        try reader.read(&venueNames)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(areaNames)
        try writer.write(audienceSubCategoryNames)
        try writer.write(blockNames)
        try writer.write(events)
        try writer.write(performances)
        try writer.write(seatCategoryNames)
        try writer.write(subTopicNames)
        try writer.write(subjectNames)
        try writer.write(topicNames)
        try writer.write(topicSubTopics)
        try writer.write(venueNames)
    }
}

struct GEvent: GeneratedCoding, Equatable, Sendable {
    var id = 0
    var name = ""
    var description: String?
    var logo: String?
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

extension GEvent {
    static var _fieldNames: [String] { ["id", "name", "description", "logo", "subTopicIds", "subjectCode", "subtitle", "topicIds"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&id)
        try reader.read(&name)
        try reader.read(&description)
        try reader.read(&logo)
        try reader.read(&subTopicIds)
        try reader.read(&subjectCode)
        try reader.read(&subtitle)
        try reader.read(&topicIds)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(id)
        try writer.write(name)
        try writer.write(description)
        try writer.write(logo)
        try writer.write(subTopicIds)
        try writer.write(subjectCode)
        try writer.write(subtitle)
        try writer.write(topicIds)
    }
}

struct GPerformance: GeneratedCoding, Equatable, Sendable {
    var id = 0
    var eventId = 0
    var logo: String?
    var name: String?
    var prices: [GPrice] = []
    var seatCategories: [GSeatCategory] = []
    var seatMapImage: String?
    /// Milliseconds since 1970.
    var start: Int64 = 0
    var venueCode = ""
}

extension GPerformance {
    static var _fieldNames: [String] { ["id", "eventId", "logo", "name", "prices", "seatCategories", "seatMapImage", "start", "venueCode"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&id)
        try reader.read(&eventId)
        try reader.read(&logo)
        try reader.read(&name)
        try reader.read(&prices)
        try reader.read(&seatCategories)
        try reader.read(&seatMapImage)
        try reader.read(&start)
        try reader.read(&venueCode)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(id)
        try writer.write(eventId)
        try writer.write(logo)
        try writer.write(name)
        try writer.write(prices)
        try writer.write(seatCategories)
        try writer.write(seatMapImage)
        try writer.write(start)
        try writer.write(venueCode)
    }
}

struct GPrice: GeneratedCoding, Equatable, Sendable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

extension GPrice {
    static var _fieldNames: [String] { ["amount", "audienceSubCategoryId", "seatCategoryId"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&amount)
        try reader.read(&audienceSubCategoryId)
        try reader.read(&seatCategoryId)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(amount)
        try writer.write(audienceSubCategoryId)
        try writer.write(seatCategoryId)
    }
}

struct GSeatCategory: GeneratedCoding, Equatable, Sendable {
    var areas: [GArea] = []
    var seatCategoryId = 0
}

extension GSeatCategory {
    static var _fieldNames: [String] { ["areas", "seatCategoryId"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&areas)
        try reader.read(&seatCategoryId)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(areas)
        try writer.write(seatCategoryId)
    }
}

struct GArea: GeneratedCoding, Equatable, Sendable {
    var areaId = 0
    var blockIds: [Int] = []
}

extension GArea {
    static var _fieldNames: [String] { ["areaId", "blockIds"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&areaId)
        try reader.read(&blockIds)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(areaId)
        try writer.write(blockIds)
    }
}

struct GCanadaFeatureCollection: GeneratedCoding, Equatable, Sendable {
    /// `"FeatureCollection"`.
    var type = ""
    var features: [GCanadaFeature] = []
}

extension GCanadaFeatureCollection {
    static var _fieldNames: [String] { ["type", "features"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&type)
        try reader.read(&features)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(type)
        try writer.write(features)
    }
}

struct GCanadaFeature: GeneratedCoding, Equatable, Sendable {
    /// `"Feature"`.
    var type = ""
    /// `{"name": "Canada"}`.
    var properties: [String: String] = [:]
    var geometry = GCanadaGeometry()
}

extension GCanadaFeature {
    static var _fieldNames: [String] { ["type", "properties", "geometry"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&type)
        try reader.read(&properties)
        try reader.read(&geometry)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(type)
        try writer.write(properties)
        try writer.write(geometry)
    }
}

struct GCanadaGeometry: GeneratedCoding, Equatable, Sendable {
    /// `"Polygon"`.
    var type = ""
    /// The rings; each point is a two-element array.
    var coordinates: [[[Double]]] = []
}

extension GCanadaGeometry {
    static var _fieldNames: [String] { ["type", "coordinates"] }

    mutating func _readFields(from reader: inout ModelFieldReader) throws {
        try reader.read(&type)
        try reader.read(&coordinates)
    }

    func _writeFields(to writer: inout ModelFieldWriter) throws {
        try writer.write(type)
        try writer.write(coordinates)
    }
}

