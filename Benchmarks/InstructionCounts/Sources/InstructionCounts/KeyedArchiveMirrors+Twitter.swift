import Foundation

// NSSecureCoding mirrors of the twitter.json models (TwitterModels.swift) for the NSKA- routes: the same
// properties and types as the models, read back with `decodeObject(of:forKey:)` per object property
// and `decodeInt64`/`decodeInteger`/`decodeDouble`/`decodeBool` per scalar (NSCoder+SecureReading.swift).
// Each converts both ways, so a decoded graph can be checked against the model. Made from the
// ModelBench mirrors (Benchmarks/Benchmarks/ModelBench/Archiving/), which use non-secure coding. A property
// named `description` is renamed, because `NSObject` has one.

final class TwitterSearchMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var statuses: [StatusMirror]
    var searchMetadata: SearchMetadataMirror

    init(_ model: TwitterSearch) {
        statuses = model.statuses.map(StatusMirror.init)
        searchMetadata = SearchMetadataMirror(model.searchMetadata)
    }

    var model: TwitterSearch { TwitterSearch(statuses: statuses.map(\.model), searchMetadata: searchMetadata.model) }

    func encode(with coder: NSCoder) {
        coder.encode(statuses, forKey: "statuses")
        coder.encode(searchMetadata, forKey: "searchMetadata")
    }

    init?(coder: NSCoder) {
        statuses = coder.objects("statuses")
        guard let metadata = coder.object("searchMetadata", of: SearchMetadataMirror.self) else { return nil }
        searchMetadata = metadata
    }
}

final class SearchMetadataMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var model: SearchMetadata

    init(_ model: SearchMetadata) { self.model = model }

    func encode(with coder: NSCoder) {
        coder.encode(model.completedIn, forKey: "completedIn")
        coder.encode(model.maxId, forKey: "maxId")
        coder.encode(model.maxIdStr, forKey: "maxIdStr")
        coder.encode(model.nextResults, forKey: "nextResults")
        coder.encode(model.query, forKey: "query")
        coder.encode(model.refreshUrl, forKey: "refreshUrl")
        coder.encode(model.count, forKey: "count")
        coder.encode(model.sinceId, forKey: "sinceId")
        coder.encode(model.sinceIdStr, forKey: "sinceIdStr")
    }

    init?(coder: NSCoder) {
        model = SearchMetadata(
            completedIn: coder.decodeDouble(forKey: "completedIn"), maxId: coder.decodeInt64(forKey: "maxId"),
            maxIdStr: coder.string("maxIdStr"), nextResults: coder.string("nextResults"), query: coder.string("query"),
            refreshUrl: coder.string("refreshUrl"), count: coder.decodeInteger(forKey: "count"),
            sinceId: coder.decodeInt64(forKey: "sinceId"), sinceIdStr: coder.string("sinceIdStr"))
    }
}

final class StatusMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var metadata: StatusMetadataMirror
    var createdAt: Date
    var id: Int64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: Int64?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int64?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user: UserMirror
    var retweetedStatus: StatusMirror?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: EntitiesMirror
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String

    init(_ model: Status) {
        metadata = StatusMetadataMirror(model.metadata)
        createdAt = model.createdAt
        id = model.id
        idStr = model.idStr
        text = model.text
        source = model.source
        truncated = model.truncated
        inReplyToStatusId = model.inReplyToStatusId
        inReplyToStatusIdStr = model.inReplyToStatusIdStr
        inReplyToUserId = model.inReplyToUserId
        inReplyToUserIdStr = model.inReplyToUserIdStr
        inReplyToScreenName = model.inReplyToScreenName
        user = UserMirror(model.user)
        retweetedStatus = model.retweetedStatus.map { StatusMirror($0.status) }
        retweetCount = model.retweetCount
        favoriteCount = model.favoriteCount
        entities = EntitiesMirror(model.entities)
        favorited = model.favorited
        retweeted = model.retweeted
        possiblySensitive = model.possiblySensitive
        lang = model.lang
    }

    var model: Status {
        var status = Status()
        status.metadata = metadata.model
        status.createdAt = createdAt
        status.id = id
        status.idStr = idStr
        status.text = text
        status.source = source
        status.truncated = truncated
        status.inReplyToStatusId = inReplyToStatusId
        status.inReplyToStatusIdStr = inReplyToStatusIdStr
        status.inReplyToUserId = inReplyToUserId
        status.inReplyToUserIdStr = inReplyToUserIdStr
        status.inReplyToScreenName = inReplyToScreenName
        status.user = user.model
        status.retweetedStatus = retweetedStatus.map { RetweetedStatus($0.model) }
        status.retweetCount = retweetCount
        status.favoriteCount = favoriteCount
        status.entities = entities.model
        status.favorited = favorited
        status.retweeted = retweeted
        status.possiblySensitive = possiblySensitive
        status.lang = lang
        return status
    }

    func encode(with coder: NSCoder) {
        coder.encode(metadata, forKey: "metadata")
        coder.encode(createdAt, forKey: "createdAt")
        coder.encode(id, forKey: "id")
        coder.encode(idStr, forKey: "idStr")
        coder.encode(text, forKey: "text")
        coder.encode(source, forKey: "source")
        coder.encode(truncated, forKey: "truncated")
        coder.encodeIfPresent(inReplyToStatusId, forKey: "inReplyToStatusId")
        coder.encodeIfPresent(inReplyToStatusIdStr, forKey: "inReplyToStatusIdStr")
        coder.encodeIfPresent(inReplyToUserId, forKey: "inReplyToUserId")
        coder.encodeIfPresent(inReplyToUserIdStr, forKey: "inReplyToUserIdStr")
        coder.encodeIfPresent(inReplyToScreenName, forKey: "inReplyToScreenName")
        coder.encode(user, forKey: "user")
        if let retweetedStatus { coder.encode(retweetedStatus, forKey: "retweetedStatus") }
        coder.encode(retweetCount, forKey: "retweetCount")
        coder.encode(favoriteCount, forKey: "favoriteCount")
        coder.encode(entities, forKey: "entities")
        coder.encode(favorited, forKey: "favorited")
        coder.encode(retweeted, forKey: "retweeted")
        coder.encodeIfPresent(possiblySensitive, forKey: "possiblySensitive")
        coder.encode(lang, forKey: "lang")
    }

    init?(coder: NSCoder) {
        guard let metadata = coder.object("metadata", of: StatusMetadataMirror.self),
              let user = coder.object("user", of: UserMirror.self),
              let entities = coder.object("entities", of: EntitiesMirror.self)
        else { return nil }
        self.metadata = metadata
        createdAt = coder.date("createdAt")
        id = coder.decodeInt64(forKey: "id")
        idStr = coder.string("idStr")
        text = coder.string("text")
        source = coder.string("source")
        truncated = coder.decodeBool(forKey: "truncated")
        inReplyToStatusId = coder.optionalInt64("inReplyToStatusId")
        inReplyToStatusIdStr = coder.optionalString("inReplyToStatusIdStr")
        inReplyToUserId = coder.optionalInt64("inReplyToUserId")
        inReplyToUserIdStr = coder.optionalString("inReplyToUserIdStr")
        inReplyToScreenName = coder.optionalString("inReplyToScreenName")
        self.user = user
        retweetedStatus = coder.object("retweetedStatus", of: StatusMirror.self)
        retweetCount = coder.decodeInteger(forKey: "retweetCount")
        favoriteCount = coder.decodeInteger(forKey: "favoriteCount")
        self.entities = entities
        favorited = coder.decodeBool(forKey: "favorited")
        retweeted = coder.decodeBool(forKey: "retweeted")
        possiblySensitive = coder.optionalBool("possiblySensitive")
        lang = coder.string("lang")
    }
}

final class StatusMetadataMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var resultType: String
    var isoLanguageCode: String

    init(_ model: StatusMetadata) {
        resultType = model.resultType
        isoLanguageCode = model.isoLanguageCode
    }

    var model: StatusMetadata { StatusMetadata(resultType: resultType, isoLanguageCode: isoLanguageCode) }

    func encode(with coder: NSCoder) {
        coder.encode(resultType, forKey: "resultType")
        coder.encode(isoLanguageCode, forKey: "isoLanguageCode")
    }

    init?(coder: NSCoder) {
        resultType = coder.string("resultType")
        isoLanguageCode = coder.string("isoLanguageCode")
    }
}

final class UserMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var id: Int64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var userDescription: String
    var url: String?
    var entities: UserEntitiesMirror
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: Date
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var profileImageUrl: String
    var profileImageUrlHttps: String
    var profileBannerUrl: String?
    var defaultProfile: Bool
    var defaultProfileImage: Bool
    var following: Bool
    var followRequestSent: Bool
    var notifications: Bool

    init(_ model: User) {
        id = model.id
        idStr = model.idStr
        name = model.name
        screenName = model.screenName
        location = model.location
        userDescription = model.description
        url = model.url
        entities = UserEntitiesMirror(model.entities)
        protected = model.protected
        followersCount = model.followersCount
        friendsCount = model.friendsCount
        listedCount = model.listedCount
        createdAt = model.createdAt
        favouritesCount = model.favouritesCount
        utcOffset = model.utcOffset
        timeZone = model.timeZone
        geoEnabled = model.geoEnabled
        verified = model.verified
        statusesCount = model.statusesCount
        lang = model.lang
        profileImageUrl = model.profileImageUrl
        profileImageUrlHttps = model.profileImageUrlHttps
        profileBannerUrl = model.profileBannerUrl
        defaultProfile = model.defaultProfile
        defaultProfileImage = model.defaultProfileImage
        following = model.following
        followRequestSent = model.followRequestSent
        notifications = model.notifications
    }

    var model: User {
        User(
            id: id, idStr: idStr, name: name, screenName: screenName, location: location,
            description: userDescription, url: url, entities: entities.model, protected: protected,
            followersCount: followersCount, friendsCount: friendsCount, listedCount: listedCount,
            createdAt: createdAt, favouritesCount: favouritesCount, utcOffset: utcOffset, timeZone: timeZone,
            geoEnabled: geoEnabled, verified: verified, statusesCount: statusesCount, lang: lang,
            profileImageUrl: profileImageUrl, profileImageUrlHttps: profileImageUrlHttps,
            profileBannerUrl: profileBannerUrl, defaultProfile: defaultProfile,
            defaultProfileImage: defaultProfileImage, following: following,
            followRequestSent: followRequestSent, notifications: notifications)
    }

    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(idStr, forKey: "idStr")
        coder.encode(name, forKey: "name")
        coder.encode(screenName, forKey: "screenName")
        coder.encode(location, forKey: "location")
        coder.encode(userDescription, forKey: "description")
        coder.encodeIfPresent(url, forKey: "url")
        coder.encode(entities, forKey: "entities")
        coder.encode(protected, forKey: "protected")
        coder.encode(followersCount, forKey: "followersCount")
        coder.encode(friendsCount, forKey: "friendsCount")
        coder.encode(listedCount, forKey: "listedCount")
        coder.encode(createdAt, forKey: "createdAt")
        coder.encode(favouritesCount, forKey: "favouritesCount")
        coder.encodeIfPresent(utcOffset, forKey: "utcOffset")
        coder.encodeIfPresent(timeZone, forKey: "timeZone")
        coder.encode(geoEnabled, forKey: "geoEnabled")
        coder.encode(verified, forKey: "verified")
        coder.encode(statusesCount, forKey: "statusesCount")
        coder.encode(lang, forKey: "lang")
        coder.encode(profileImageUrl, forKey: "profileImageUrl")
        coder.encode(profileImageUrlHttps, forKey: "profileImageUrlHttps")
        coder.encodeIfPresent(profileBannerUrl, forKey: "profileBannerUrl")
        coder.encode(defaultProfile, forKey: "defaultProfile")
        coder.encode(defaultProfileImage, forKey: "defaultProfileImage")
        coder.encode(following, forKey: "following")
        coder.encode(followRequestSent, forKey: "followRequestSent")
        coder.encode(notifications, forKey: "notifications")
    }

    init?(coder: NSCoder) {
        guard let entities = coder.object("entities", of: UserEntitiesMirror.self) else { return nil }
        id = coder.decodeInt64(forKey: "id")
        idStr = coder.string("idStr")
        name = coder.string("name")
        screenName = coder.string("screenName")
        location = coder.string("location")
        userDescription = coder.string("description")
        url = coder.optionalString("url")
        self.entities = entities
        protected = coder.decodeBool(forKey: "protected")
        followersCount = coder.decodeInteger(forKey: "followersCount")
        friendsCount = coder.decodeInteger(forKey: "friendsCount")
        listedCount = coder.decodeInteger(forKey: "listedCount")
        createdAt = coder.date("createdAt")
        favouritesCount = coder.decodeInteger(forKey: "favouritesCount")
        utcOffset = coder.optionalInt("utcOffset")
        timeZone = coder.optionalString("timeZone")
        geoEnabled = coder.decodeBool(forKey: "geoEnabled")
        verified = coder.decodeBool(forKey: "verified")
        statusesCount = coder.decodeInteger(forKey: "statusesCount")
        lang = coder.string("lang")
        profileImageUrl = coder.string("profileImageUrl")
        profileImageUrlHttps = coder.string("profileImageUrlHttps")
        profileBannerUrl = coder.optionalString("profileBannerUrl")
        defaultProfile = coder.decodeBool(forKey: "defaultProfile")
        defaultProfileImage = coder.decodeBool(forKey: "defaultProfileImage")
        following = coder.decodeBool(forKey: "following")
        followRequestSent = coder.decodeBool(forKey: "followRequestSent")
        notifications = coder.decodeBool(forKey: "notifications")
    }
}

final class UserEntitiesMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var url: URLEntitiesMirror?
    var entitiesDescription: URLEntitiesMirror

    init(_ model: UserEntities) {
        url = model.url.map(URLEntitiesMirror.init)
        entitiesDescription = URLEntitiesMirror(model.description)
    }

    var model: UserEntities { UserEntities(url: url?.model, description: entitiesDescription.model) }

    func encode(with coder: NSCoder) {
        if let url { coder.encode(url, forKey: "url") }
        coder.encode(entitiesDescription, forKey: "description")
    }

    init?(coder: NSCoder) {
        guard let description = coder.object("description", of: URLEntitiesMirror.self) else { return nil }
        url = coder.object("url", of: URLEntitiesMirror.self)
        entitiesDescription = description
    }
}

final class URLEntitiesMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var urls: [URLEntityMirror]

    init(_ model: URLEntities) { urls = model.urls.map(URLEntityMirror.init) }

    var model: URLEntities { URLEntities(urls: urls.map(\.model)) }

    func encode(with coder: NSCoder) { coder.encode(urls, forKey: "urls") }

    init?(coder: NSCoder) { urls = coder.objects("urls") }
}

final class EntitiesMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var hashtags: [HashtagMirror]
    var symbols: [HashtagMirror]
    var urls: [URLEntityMirror]
    var userMentions: [UserMentionMirror]
    var media: [MediaMirror]?

    init(_ model: Entities) {
        hashtags = model.hashtags.map(HashtagMirror.init)
        symbols = model.symbols.map(HashtagMirror.init)
        urls = model.urls.map(URLEntityMirror.init)
        userMentions = model.userMentions.map(UserMentionMirror.init)
        media = model.media?.map(MediaMirror.init)
    }

    var model: Entities {
        Entities(hashtags: hashtags.map(\.model), symbols: symbols.map(\.model), urls: urls.map(\.model),
                 userMentions: userMentions.map(\.model), media: media?.map(\.model))
    }

    func encode(with coder: NSCoder) {
        coder.encode(hashtags, forKey: "hashtags")
        coder.encode(symbols, forKey: "symbols")
        coder.encode(urls, forKey: "urls")
        coder.encode(userMentions, forKey: "userMentions")
        if let media { coder.encode(media, forKey: "media") }
    }

    init?(coder: NSCoder) {
        hashtags = coder.objects("hashtags")
        symbols = coder.objects("symbols")
        urls = coder.objects("urls")
        userMentions = coder.objects("userMentions")
        media = coder.optionalObjects("media", of: MediaMirror.self)
    }
}

final class HashtagMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var text: String
    var indices: [Int]

    init(_ model: Hashtag) {
        text = model.text
        indices = model.indices
    }

    var model: Hashtag { Hashtag(text: text, indices: indices) }

    func encode(with coder: NSCoder) {
        coder.encode(text, forKey: "text")
        coder.encode(indices, forKey: "indices")
    }

    init?(coder: NSCoder) {
        text = coder.string("text")
        indices = coder.ints("indices")
    }
}

final class URLEntityMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var url: String
    var expandedUrl: String
    var displayUrl: String
    var indices: [Int]

    init(_ model: URLEntity) {
        url = model.url
        expandedUrl = model.expandedUrl
        displayUrl = model.displayUrl
        indices = model.indices
    }

    var model: URLEntity { URLEntity(url: url, expandedUrl: expandedUrl, displayUrl: displayUrl, indices: indices) }

    func encode(with coder: NSCoder) {
        coder.encode(url, forKey: "url")
        coder.encode(expandedUrl, forKey: "expandedUrl")
        coder.encode(displayUrl, forKey: "displayUrl")
        coder.encode(indices, forKey: "indices")
    }

    init?(coder: NSCoder) {
        url = coder.string("url")
        expandedUrl = coder.string("expandedUrl")
        displayUrl = coder.string("displayUrl")
        indices = coder.ints("indices")
    }
}

final class UserMentionMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var screenName: String
    var name: String
    var id: Int64
    var idStr: String
    var indices: [Int]

    init(_ model: UserMention) {
        screenName = model.screenName
        name = model.name
        id = model.id
        idStr = model.idStr
        indices = model.indices
    }

    var model: UserMention { UserMention(screenName: screenName, name: name, id: id, idStr: idStr, indices: indices) }

    func encode(with coder: NSCoder) {
        coder.encode(screenName, forKey: "screenName")
        coder.encode(name, forKey: "name")
        coder.encode(id, forKey: "id")
        coder.encode(idStr, forKey: "idStr")
        coder.encode(indices, forKey: "indices")
    }

    init?(coder: NSCoder) {
        screenName = coder.string("screenName")
        name = coder.string("name")
        id = coder.decodeInt64(forKey: "id")
        idStr = coder.string("idStr")
        indices = coder.ints("indices")
    }
}

final class MediaMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var id: Int64
    var idStr: String
    var indices: [Int]
    var mediaUrl: String
    var mediaUrlHttps: String
    var url: String
    var displayUrl: String
    var expandedUrl: String
    var type: String
    var sizes: MediaSizesMirror
    var sourceStatusId: Int64?
    var sourceStatusIdStr: String?

    init(_ model: Media) {
        id = model.id
        idStr = model.idStr
        indices = model.indices
        mediaUrl = model.mediaUrl
        mediaUrlHttps = model.mediaUrlHttps
        url = model.url
        displayUrl = model.displayUrl
        expandedUrl = model.expandedUrl
        type = model.type
        sizes = MediaSizesMirror(model.sizes)
        sourceStatusId = model.sourceStatusId
        sourceStatusIdStr = model.sourceStatusIdStr
    }

    var model: Media {
        Media(id: id, idStr: idStr, indices: indices, mediaUrl: mediaUrl, mediaUrlHttps: mediaUrlHttps, url: url,
              displayUrl: displayUrl, expandedUrl: expandedUrl, type: type, sizes: sizes.model,
              sourceStatusId: sourceStatusId, sourceStatusIdStr: sourceStatusIdStr)
    }

    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(idStr, forKey: "idStr")
        coder.encode(indices, forKey: "indices")
        coder.encode(mediaUrl, forKey: "mediaUrl")
        coder.encode(mediaUrlHttps, forKey: "mediaUrlHttps")
        coder.encode(url, forKey: "url")
        coder.encode(displayUrl, forKey: "displayUrl")
        coder.encode(expandedUrl, forKey: "expandedUrl")
        coder.encode(type, forKey: "type")
        coder.encode(sizes, forKey: "sizes")
        coder.encodeIfPresent(sourceStatusId, forKey: "sourceStatusId")
        coder.encodeIfPresent(sourceStatusIdStr, forKey: "sourceStatusIdStr")
    }

    init?(coder: NSCoder) {
        guard let sizes = coder.object("sizes", of: MediaSizesMirror.self) else { return nil }
        id = coder.decodeInt64(forKey: "id")
        idStr = coder.string("idStr")
        indices = coder.ints("indices")
        mediaUrl = coder.string("mediaUrl")
        mediaUrlHttps = coder.string("mediaUrlHttps")
        url = coder.string("url")
        displayUrl = coder.string("displayUrl")
        expandedUrl = coder.string("expandedUrl")
        type = coder.string("type")
        self.sizes = sizes
        sourceStatusId = coder.optionalInt64("sourceStatusId")
        sourceStatusIdStr = coder.optionalString("sourceStatusIdStr")
    }
}

final class MediaSizesMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var model: MediaSizes

    init(_ model: MediaSizes) { self.model = model }

    func encode(with coder: NSCoder) {
        for (key, size) in [("thumb", model.thumb), ("small", model.small), ("medium", model.medium), ("large", model.large)] {
            coder.encode(MediaSizeMirror(size), forKey: key)
        }
    }

    init?(coder: NSCoder) {
        func size(_ key: String) -> MediaSize { (coder.object(key, of: MediaSizeMirror.self))?.model ?? MediaSize() }
        model = MediaSizes(thumb: size("thumb"), small: size("small"), medium: size("medium"), large: size("large"))
    }
}

final class MediaSizeMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var model: MediaSize

    init(_ model: MediaSize) { self.model = model }

    func encode(with coder: NSCoder) {
        coder.encode(model.width, forKey: "w")
        coder.encode(model.height, forKey: "h")
        coder.encode(model.resize, forKey: "resize")
    }

    init?(coder: NSCoder) {
        model = MediaSize(width: coder.decodeInteger(forKey: "w"), height: coder.decodeInteger(forKey: "h"),
                          resize: coder.string("resize"))
    }
}
