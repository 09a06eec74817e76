import Foundation

// NSCoding mirrors of the twitter.json models (TwitterModels.swift), for the NSKeyedArchiver
// benchmarks only. Each holds the same data as its model and converts both ways. A property
// named `description` is renamed, because `NSObject` has one.

final class TwitterSearchObject: NSObject, NSCoding {
    var statuses: [StatusObject]
    var searchMetadata: SearchMetadataObject

    init(_ model: TwitterSearch) {
        statuses = model.statuses.map(StatusObject.init)
        searchMetadata = SearchMetadataObject(model.searchMetadata)
    }

    var model: TwitterSearch { TwitterSearch(statuses: statuses.map(\.model), searchMetadata: searchMetadata.model) }

    func encode(with coder: NSCoder) {
        coder.encode(statuses, forKey: "statuses")
        coder.encode(searchMetadata, forKey: "searchMetadata")
    }

    init?(coder: NSCoder) {
        statuses = coder.objects("statuses")
        guard let metadata = coder.object("searchMetadata") as? SearchMetadataObject else { return nil }
        searchMetadata = metadata
    }
}

final class SearchMetadataObject: NSObject, NSCoding {
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

final class StatusObject: NSObject, NSCoding {
    var metadata: StatusMetadataObject
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
    var user: UserObject
    var retweetedStatus: StatusObject?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: EntitiesObject
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String

    init(_ model: Status) {
        metadata = StatusMetadataObject(model.metadata)
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
        user = UserObject(model.user)
        retweetedStatus = model.retweetedStatus.map { StatusObject($0.status) }
        retweetCount = model.retweetCount
        favoriteCount = model.favoriteCount
        entities = EntitiesObject(model.entities)
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
        guard let metadata = coder.object("metadata") as? StatusMetadataObject,
              let user = coder.object("user") as? UserObject,
              let entities = coder.object("entities") as? EntitiesObject
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
        retweetedStatus = coder.object("retweetedStatus") as? StatusObject
        retweetCount = coder.decodeInteger(forKey: "retweetCount")
        favoriteCount = coder.decodeInteger(forKey: "favoriteCount")
        self.entities = entities
        favorited = coder.decodeBool(forKey: "favorited")
        retweeted = coder.decodeBool(forKey: "retweeted")
        possiblySensitive = coder.optionalBool("possiblySensitive")
        lang = coder.string("lang")
    }
}

final class StatusMetadataObject: NSObject, NSCoding {
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

final class UserObject: NSObject, NSCoding {
    var id: Int64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var userDescription: String
    var url: String?
    var entities: UserEntitiesObject
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
        entities = UserEntitiesObject(model.entities)
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
        guard let entities = coder.object("entities") as? UserEntitiesObject else { return nil }
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

final class UserEntitiesObject: NSObject, NSCoding {
    var url: URLEntitiesObject?
    var entitiesDescription: URLEntitiesObject

    init(_ model: UserEntities) {
        url = model.url.map(URLEntitiesObject.init)
        entitiesDescription = URLEntitiesObject(model.description)
    }

    var model: UserEntities { UserEntities(url: url?.model, description: entitiesDescription.model) }

    func encode(with coder: NSCoder) {
        if let url { coder.encode(url, forKey: "url") }
        coder.encode(entitiesDescription, forKey: "description")
    }

    init?(coder: NSCoder) {
        guard let description = coder.object("description") as? URLEntitiesObject else { return nil }
        url = coder.object("url") as? URLEntitiesObject
        entitiesDescription = description
    }
}

final class URLEntitiesObject: NSObject, NSCoding {
    var urls: [URLEntityObject]

    init(_ model: URLEntities) { urls = model.urls.map(URLEntityObject.init) }

    var model: URLEntities { URLEntities(urls: urls.map(\.model)) }

    func encode(with coder: NSCoder) { coder.encode(urls, forKey: "urls") }

    init?(coder: NSCoder) { urls = coder.objects("urls") }
}

final class EntitiesObject: NSObject, NSCoding {
    var hashtags: [HashtagObject]
    var symbols: [HashtagObject]
    var urls: [URLEntityObject]
    var userMentions: [UserMentionObject]
    var media: [MediaObject]?

    init(_ model: Entities) {
        hashtags = model.hashtags.map(HashtagObject.init)
        symbols = model.symbols.map(HashtagObject.init)
        urls = model.urls.map(URLEntityObject.init)
        userMentions = model.userMentions.map(UserMentionObject.init)
        media = model.media?.map(MediaObject.init)
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
        media = coder.object("media") as? [MediaObject]
    }
}

final class HashtagObject: NSObject, NSCoding {
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

final class URLEntityObject: NSObject, NSCoding {
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

final class UserMentionObject: NSObject, NSCoding {
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

final class MediaObject: NSObject, NSCoding {
    var id: Int64
    var idStr: String
    var indices: [Int]
    var mediaUrl: String
    var mediaUrlHttps: String
    var url: String
    var displayUrl: String
    var expandedUrl: String
    var type: String
    var sizes: MediaSizesObject
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
        sizes = MediaSizesObject(model.sizes)
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
        guard let sizes = coder.object("sizes") as? MediaSizesObject else { return nil }
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

final class MediaSizesObject: NSObject, NSCoding {
    var model: MediaSizes

    init(_ model: MediaSizes) { self.model = model }

    func encode(with coder: NSCoder) {
        for (key, size) in [("thumb", model.thumb), ("small", model.small), ("medium", model.medium), ("large", model.large)] {
            coder.encode(MediaSizeObject(size), forKey: key)
        }
    }

    init?(coder: NSCoder) {
        func size(_ key: String) -> MediaSize { (coder.object(key) as? MediaSizeObject)?.model ?? MediaSize() }
        model = MediaSizes(thumb: size("thumb"), small: size("small"), medium: size("medium"), large: size("large"))
    }
}

final class MediaSizeObject: NSObject, NSCoding {
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
