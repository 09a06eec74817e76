import Foundation

// Foundation's side of the keyed-archive routes for twitter: a class per model of
// `FoundationTwitterModels.swift` that NSKeyedUnarchiver builds from our archive of the file
// (`setClass(_:forClassName:)` maps the archive's class names to these), each holding the
// Foundation twin it read. See `ArchiveTwin.swift`.

final class TwitterSearchArchive: NSObject, ArchiveTwin {
    let value: FTwitterSearch

    init(_ value: FTwitterSearch) { self.value = value }

    init?(coder: NSCoder) {
        value = FTwitterSearch(
            statuses: coder.models("statuses", StatusArchive.self),
            searchMetadata: coder.model("search_metadata", SearchMetadataArchive.self))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.statuses.map(StatusArchive.init), forKey: "statuses")
        coder.encode(SearchMetadataArchive(value.searchMetadata), forKey: "search_metadata")
    }
}

final class SearchMetadataArchive: NSObject, ArchiveTwin {
    let value: FSearchMetadata

    init(_ value: FSearchMetadata) { self.value = value }

    init?(coder: NSCoder) {
        value = FSearchMetadata(
            completedIn: coder.double("completed_in"),
            maxId: coder.int64("max_id"),
            maxIdStr: coder.string("max_id_str"),
            nextResults: coder.string("next_results"),
            query: coder.string("query"),
            refreshUrl: coder.string("refresh_url"),
            count: coder.int("count"),
            sinceId: coder.int64("since_id"),
            sinceIdStr: coder.string("since_id_str"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.completedIn, forKey: "completed_in")
        coder.encodeNumber(value.maxId, forKey: "max_id")
        coder.encode(value.maxIdStr, forKey: "max_id_str")
        coder.encode(value.nextResults, forKey: "next_results")
        coder.encode(value.query, forKey: "query")
        coder.encode(value.refreshUrl, forKey: "refresh_url")
        coder.encodeNumber(value.count, forKey: "count")
        coder.encodeNumber(value.sinceId, forKey: "since_id")
        coder.encode(value.sinceIdStr, forKey: "since_id_str")
    }
}

final class StatusArchive: NSObject, ArchiveTwin {
    let value: FStatus

    init(_ value: FStatus) { self.value = value }

    init?(coder: NSCoder) {
        value = FStatus(
            metadata: coder.model("metadata", StatusMetadataArchive.self),
            createdAt: coder.string("created_at"),
            id: coder.int64("id"),
            idStr: coder.string("id_str"),
            text: coder.string("text"),
            source: coder.string("source"),
            truncated: coder.bool("truncated"),
            inReplyToStatusId: coder.optionalInt64("in_reply_to_status_id"),
            inReplyToStatusIdStr: coder.optionalString("in_reply_to_status_id_str"),
            inReplyToUserId: coder.optionalInt64("in_reply_to_user_id"),
            inReplyToUserIdStr: coder.optionalString("in_reply_to_user_id_str"),
            inReplyToScreenName: coder.optionalString("in_reply_to_screen_name"),
            user: coder.model("user", UserArchive.self),
            geo: coder.optionalModel("geo", PointArchive.self),
            coordinates: coder.optionalModel("coordinates", PointArchive.self),
            place: coder.optionalModel("place", PlaceArchive.self),
            contributors: coder.optionalInt64s("contributors"),
            retweetedStatus: coder.optionalModel("retweeted_status", StatusArchive.self).map(FRetweetedStatus.init),
            retweetCount: coder.int("retweet_count"),
            favoriteCount: coder.int("favorite_count"),
            entities: coder.model("entities", EntitiesArchive.self),
            favorited: coder.bool("favorited"),
            retweeted: coder.bool("retweeted"),
            possiblySensitive: coder.optionalBool("possibly_sensitive"),
            lang: coder.string("lang"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(StatusMetadataArchive(value.metadata), forKey: "metadata")
        coder.encode(value.createdAt, forKey: "created_at")
        coder.encodeNumber(value.id, forKey: "id")
        coder.encode(value.idStr, forKey: "id_str")
        coder.encode(value.text, forKey: "text")
        coder.encode(value.source, forKey: "source")
        coder.encodeNumber(value.truncated, forKey: "truncated")
        coder.encodeNumber(value.inReplyToStatusId, forKey: "in_reply_to_status_id")
        coder.encodeIfPresent(value.inReplyToStatusIdStr, forKey: "in_reply_to_status_id_str")
        coder.encodeNumber(value.inReplyToUserId, forKey: "in_reply_to_user_id")
        coder.encodeIfPresent(value.inReplyToUserIdStr, forKey: "in_reply_to_user_id_str")
        coder.encodeIfPresent(value.inReplyToScreenName, forKey: "in_reply_to_screen_name")
        coder.encode(UserArchive(value.user), forKey: "user")
        coder.encodeIfPresent(value.geo.map(PointArchive.init), forKey: "geo")
        coder.encodeIfPresent(value.coordinates.map(PointArchive.init), forKey: "coordinates")
        coder.encodeIfPresent(value.place.map(PlaceArchive.init), forKey: "place")
        coder.encodeIfPresent(value.contributors, forKey: "contributors")
        coder.encodeIfPresent(value.retweetedStatus.map { StatusArchive($0.status) }, forKey: "retweeted_status")
        coder.encodeNumber(value.retweetCount, forKey: "retweet_count")
        coder.encodeNumber(value.favoriteCount, forKey: "favorite_count")
        coder.encode(EntitiesArchive(value.entities), forKey: "entities")
        coder.encodeNumber(value.favorited, forKey: "favorited")
        coder.encodeNumber(value.retweeted, forKey: "retweeted")
        coder.encodeNumber(value.possiblySensitive, forKey: "possibly_sensitive")
        coder.encode(value.lang, forKey: "lang")
    }
}

final class PointArchive: NSObject, ArchiveTwin {
    let value: FPoint

    init(_ value: FPoint) { self.value = value }

    init?(coder: NSCoder) {
        value = FPoint(
            type: coder.string("type"),
            coordinates: coder.doubles("coordinates"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.type, forKey: "type")
        coder.encode(value.coordinates, forKey: "coordinates")
    }
}

final class PlaceArchive: NSObject, ArchiveTwin {
    let value: FPlace

    init(_ value: FPlace) { self.value = value }

    init?(coder: NSCoder) {
        value = FPlace(
            id: coder.string("id"),
            url: coder.string("url"),
            placeType: coder.string("place_type"),
            name: coder.string("name"),
            fullName: coder.string("full_name"),
            countryCode: coder.string("country_code"),
            country: coder.string("country"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.id, forKey: "id")
        coder.encode(value.url, forKey: "url")
        coder.encode(value.placeType, forKey: "place_type")
        coder.encode(value.name, forKey: "name")
        coder.encode(value.fullName, forKey: "full_name")
        coder.encode(value.countryCode, forKey: "country_code")
        coder.encode(value.country, forKey: "country")
    }
}

final class StatusMetadataArchive: NSObject, ArchiveTwin {
    let value: FStatusMetadata

    init(_ value: FStatusMetadata) { self.value = value }

    init?(coder: NSCoder) {
        value = FStatusMetadata(
            resultType: coder.string("result_type"),
            isoLanguageCode: coder.string("iso_language_code"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.resultType, forKey: "result_type")
        coder.encode(value.isoLanguageCode, forKey: "iso_language_code")
    }
}

final class UserArchive: NSObject, ArchiveTwin {
    let value: FUser

    init(_ value: FUser) { self.value = value }

    init?(coder: NSCoder) {
        value = FUser(
            id: coder.int64("id"),
            idStr: coder.string("id_str"),
            name: coder.string("name"),
            screenName: coder.string("screen_name"),
            location: coder.string("location"),
            description: coder.string("description"),
            url: coder.optionalString("url"),
            entities: coder.model("entities", UserEntitiesArchive.self),
            protected: coder.bool("protected"),
            followersCount: coder.int("followers_count"),
            friendsCount: coder.int("friends_count"),
            listedCount: coder.int("listed_count"),
            createdAt: coder.string("created_at"),
            favouritesCount: coder.int("favourites_count"),
            utcOffset: coder.optionalInt("utc_offset"),
            timeZone: coder.optionalString("time_zone"),
            geoEnabled: coder.bool("geo_enabled"),
            verified: coder.bool("verified"),
            statusesCount: coder.int("statuses_count"),
            lang: coder.string("lang"),
            contributorsEnabled: coder.bool("contributors_enabled"),
            isTranslator: coder.bool("is_translator"),
            isTranslationEnabled: coder.bool("is_translation_enabled"),
            profileBackgroundColor: coder.string("profile_background_color"),
            profileBackgroundImageUrl: coder.string("profile_background_image_url"),
            profileBackgroundImageUrlHttps: coder.string("profile_background_image_url_https"),
            profileBackgroundTile: coder.bool("profile_background_tile"),
            profileImageUrl: coder.string("profile_image_url"),
            profileImageUrlHttps: coder.string("profile_image_url_https"),
            profileBannerUrl: coder.optionalString("profile_banner_url"),
            profileLinkColor: coder.string("profile_link_color"),
            profileSidebarBorderColor: coder.string("profile_sidebar_border_color"),
            profileSidebarFillColor: coder.string("profile_sidebar_fill_color"),
            profileTextColor: coder.string("profile_text_color"),
            profileUseBackgroundImage: coder.bool("profile_use_background_image"),
            defaultProfile: coder.bool("default_profile"),
            defaultProfileImage: coder.bool("default_profile_image"),
            following: coder.bool("following"),
            followRequestSent: coder.bool("follow_request_sent"),
            notifications: coder.bool("notifications"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.id, forKey: "id")
        coder.encode(value.idStr, forKey: "id_str")
        coder.encode(value.name, forKey: "name")
        coder.encode(value.screenName, forKey: "screen_name")
        coder.encode(value.location, forKey: "location")
        coder.encode(value.description, forKey: "description")
        coder.encodeIfPresent(value.url, forKey: "url")
        coder.encode(UserEntitiesArchive(value.entities), forKey: "entities")
        coder.encodeNumber(value.protected, forKey: "protected")
        coder.encodeNumber(value.followersCount, forKey: "followers_count")
        coder.encodeNumber(value.friendsCount, forKey: "friends_count")
        coder.encodeNumber(value.listedCount, forKey: "listed_count")
        coder.encode(value.createdAt, forKey: "created_at")
        coder.encodeNumber(value.favouritesCount, forKey: "favourites_count")
        coder.encodeNumber(value.utcOffset, forKey: "utc_offset")
        coder.encodeIfPresent(value.timeZone, forKey: "time_zone")
        coder.encodeNumber(value.geoEnabled, forKey: "geo_enabled")
        coder.encodeNumber(value.verified, forKey: "verified")
        coder.encodeNumber(value.statusesCount, forKey: "statuses_count")
        coder.encode(value.lang, forKey: "lang")
        coder.encodeNumber(value.contributorsEnabled, forKey: "contributors_enabled")
        coder.encodeNumber(value.isTranslator, forKey: "is_translator")
        coder.encodeNumber(value.isTranslationEnabled, forKey: "is_translation_enabled")
        coder.encode(value.profileBackgroundColor, forKey: "profile_background_color")
        coder.encode(value.profileBackgroundImageUrl, forKey: "profile_background_image_url")
        coder.encode(value.profileBackgroundImageUrlHttps, forKey: "profile_background_image_url_https")
        coder.encodeNumber(value.profileBackgroundTile, forKey: "profile_background_tile")
        coder.encode(value.profileImageUrl, forKey: "profile_image_url")
        coder.encode(value.profileImageUrlHttps, forKey: "profile_image_url_https")
        coder.encodeIfPresent(value.profileBannerUrl, forKey: "profile_banner_url")
        coder.encode(value.profileLinkColor, forKey: "profile_link_color")
        coder.encode(value.profileSidebarBorderColor, forKey: "profile_sidebar_border_color")
        coder.encode(value.profileSidebarFillColor, forKey: "profile_sidebar_fill_color")
        coder.encode(value.profileTextColor, forKey: "profile_text_color")
        coder.encodeNumber(value.profileUseBackgroundImage, forKey: "profile_use_background_image")
        coder.encodeNumber(value.defaultProfile, forKey: "default_profile")
        coder.encodeNumber(value.defaultProfileImage, forKey: "default_profile_image")
        coder.encodeNumber(value.following, forKey: "following")
        coder.encodeNumber(value.followRequestSent, forKey: "follow_request_sent")
        coder.encodeNumber(value.notifications, forKey: "notifications")
    }
}

final class UserEntitiesArchive: NSObject, ArchiveTwin {
    let value: FUserEntities

    init(_ value: FUserEntities) { self.value = value }

    init?(coder: NSCoder) {
        value = FUserEntities(
            url: coder.optionalModel("url", URLEntitiesArchive.self),
            description: coder.model("description", URLEntitiesArchive.self))
    }

    func encode(with coder: NSCoder) {
        coder.encodeIfPresent(value.url.map(URLEntitiesArchive.init), forKey: "url")
        coder.encode(URLEntitiesArchive(value.description), forKey: "description")
    }
}

final class URLEntitiesArchive: NSObject, ArchiveTwin {
    let value: FURLEntities

    init(_ value: FURLEntities) { self.value = value }

    init?(coder: NSCoder) {
        value = FURLEntities(
            urls: coder.models("urls", URLEntityArchive.self))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.urls.map(URLEntityArchive.init), forKey: "urls")
    }
}

final class EntitiesArchive: NSObject, ArchiveTwin {
    let value: FEntities

    init(_ value: FEntities) { self.value = value }

    init?(coder: NSCoder) {
        value = FEntities(
            hashtags: coder.models("hashtags", HashtagArchive.self),
            symbols: coder.models("symbols", HashtagArchive.self),
            urls: coder.models("urls", URLEntityArchive.self),
            userMentions: coder.models("user_mentions", UserMentionArchive.self),
            media: coder.optionalModels("media", MediaArchive.self))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.hashtags.map(HashtagArchive.init), forKey: "hashtags")
        coder.encode(value.symbols.map(HashtagArchive.init), forKey: "symbols")
        coder.encode(value.urls.map(URLEntityArchive.init), forKey: "urls")
        coder.encode(value.userMentions.map(UserMentionArchive.init), forKey: "user_mentions")
        coder.encodeIfPresent(value.media?.map(MediaArchive.init), forKey: "media")
    }
}

final class HashtagArchive: NSObject, ArchiveTwin {
    let value: FHashtag

    init(_ value: FHashtag) { self.value = value }

    init?(coder: NSCoder) {
        value = FHashtag(
            text: coder.string("text"),
            indices: coder.ints("indices"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.text, forKey: "text")
        coder.encode(value.indices, forKey: "indices")
    }
}

final class URLEntityArchive: NSObject, ArchiveTwin {
    let value: FURLEntity

    init(_ value: FURLEntity) { self.value = value }

    init?(coder: NSCoder) {
        value = FURLEntity(
            url: coder.string("url"),
            expandedUrl: coder.string("expanded_url"),
            displayUrl: coder.string("display_url"),
            indices: coder.ints("indices"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.url, forKey: "url")
        coder.encode(value.expandedUrl, forKey: "expanded_url")
        coder.encode(value.displayUrl, forKey: "display_url")
        coder.encode(value.indices, forKey: "indices")
    }
}

final class UserMentionArchive: NSObject, ArchiveTwin {
    let value: FUserMention

    init(_ value: FUserMention) { self.value = value }

    init?(coder: NSCoder) {
        value = FUserMention(
            screenName: coder.string("screen_name"),
            name: coder.string("name"),
            id: coder.int64("id"),
            idStr: coder.string("id_str"),
            indices: coder.ints("indices"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.screenName, forKey: "screen_name")
        coder.encode(value.name, forKey: "name")
        coder.encodeNumber(value.id, forKey: "id")
        coder.encode(value.idStr, forKey: "id_str")
        coder.encode(value.indices, forKey: "indices")
    }
}

final class MediaArchive: NSObject, ArchiveTwin {
    let value: FMedia

    init(_ value: FMedia) { self.value = value }

    init?(coder: NSCoder) {
        value = FMedia(
            id: coder.int64("id"),
            idStr: coder.string("id_str"),
            indices: coder.ints("indices"),
            mediaUrl: coder.string("media_url"),
            mediaUrlHttps: coder.string("media_url_https"),
            url: coder.string("url"),
            displayUrl: coder.string("display_url"),
            expandedUrl: coder.string("expanded_url"),
            type: coder.string("type"),
            sizes: coder.model("sizes", MediaSizesArchive.self),
            sourceStatusId: coder.optionalInt64("source_status_id"),
            sourceStatusIdStr: coder.optionalString("source_status_id_str"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.id, forKey: "id")
        coder.encode(value.idStr, forKey: "id_str")
        coder.encode(value.indices, forKey: "indices")
        coder.encode(value.mediaUrl, forKey: "media_url")
        coder.encode(value.mediaUrlHttps, forKey: "media_url_https")
        coder.encode(value.url, forKey: "url")
        coder.encode(value.displayUrl, forKey: "display_url")
        coder.encode(value.expandedUrl, forKey: "expanded_url")
        coder.encode(value.type, forKey: "type")
        coder.encode(MediaSizesArchive(value.sizes), forKey: "sizes")
        coder.encodeNumber(value.sourceStatusId, forKey: "source_status_id")
        coder.encodeIfPresent(value.sourceStatusIdStr, forKey: "source_status_id_str")
    }
}

final class MediaSizesArchive: NSObject, ArchiveTwin {
    let value: FMediaSizes

    init(_ value: FMediaSizes) { self.value = value }

    init?(coder: NSCoder) {
        value = FMediaSizes(
            thumb: coder.model("thumb", MediaSizeArchive.self),
            small: coder.model("small", MediaSizeArchive.self),
            medium: coder.model("medium", MediaSizeArchive.self),
            large: coder.model("large", MediaSizeArchive.self))
    }

    func encode(with coder: NSCoder) {
        coder.encode(MediaSizeArchive(value.thumb), forKey: "thumb")
        coder.encode(MediaSizeArchive(value.small), forKey: "small")
        coder.encode(MediaSizeArchive(value.medium), forKey: "medium")
        coder.encode(MediaSizeArchive(value.large), forKey: "large")
    }
}

final class MediaSizeArchive: NSObject, ArchiveTwin {
    let value: FMediaSize

    init(_ value: FMediaSize) { self.value = value }

    init?(coder: NSCoder) {
        value = FMediaSize(
            width: coder.int("w"),
            height: coder.int("h"),
            resize: coder.string("resize"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.width, forKey: "w")
        coder.encodeNumber(value.height, forKey: "h")
        coder.encode(value.resize, forKey: "resize")
    }
}
