@testable import BaseModel
import Foundation
import Testing

@Suite("Corpus: twitter.json", .corpus)
struct TwitterCorpusTests {
    /// Keys of the file that the models leave out on purpose: always `null` in statuses, and the
    /// users' profile colours and flags.
    static let undeclaredStatusKeys: Set<String> = ["contributors", "coordinates", "geo", "place"]
    static let undeclaredUserKeys: Set<String> = [
        "contributors_enabled", "is_translator", "is_translation_enabled",
        "profile_background_color", "profile_background_image_url", "profile_background_image_url_https",
        "profile_background_tile", "profile_link_color", "profile_sidebar_border_color",
        "profile_sidebar_fill_color", "profile_text_color", "profile_use_background_image",
    ]

    /// The file and its model, read once for all the tests of the suite.
    static let loaded = Result { () throws -> (Data, TwitterSearch) in
        let data = try ModelCorpus.json("twitter.json")
        return (data, try TwitterSearch(json: data))
    }

    let data: Data
    let search: TwitterSearch

    init() throws {
        (data, search) = try Self.loaded.get()
    }

    /// The 100 statuses followed by the 73 retweeted ones.
    var allStatuses: [Status] {
        search.statuses + search.statuses.compactMap { $0.retweetedStatus?.status }
    }

    /// Where two searches first differ, for a readable failure.
    static func firstDifference(_ lhs: TwitterSearch, _ rhs: TwitterSearch) -> String {
        if lhs.searchMetadata != rhs.searchMetadata { return "search_metadata: \(lhs.searchMetadata) ≠ \(rhs.searchMetadata)" }
        if lhs.statuses.count != rhs.statuses.count { return "\(lhs.statuses.count) ≠ \(rhs.statuses.count) statuses" }
        for (index, (left, right)) in zip(lhs.statuses, rhs.statuses).enumerated() where left != right {
            if left.user != right.user { return "statuses[\(index)].user: \(left.user) ≠ \(right.user)" }
            if left.entities != right.entities { return "statuses[\(index)].entities: \(left.entities) ≠ \(right.entities)" }
            if left.retweetedStatus != right.retweetedStatus { return "statuses[\(index)].retweeted_status differs" }
            return "statuses[\(index)]: \(left) ≠ \(right)"
        }
        return "equal"
    }

    // MARK: Entry points

    @Test("JSONSerialization objects, JSON data through init(json:) and init(object: Data) give the same model")
    func entryPointsAgree() throws {
        let foundation = try TwitterSearch(object: try JSONSerialization.jsonObject(with: data))
        #expect(foundation == search, "\(Self.firstDifference(foundation, search))")
        let sniffed = try TwitterSearch(object: data)
        #expect(sniffed == search, "\(Self.firstDifference(sniffed, search))")
        let text = try TwitterSearch(object: String(decoding: data, as: UTF8.self))
        #expect(text == search, "\(Self.firstDifference(text, search))")
    }

    @Test("JSONDecoder with .convertFromSnakeCase and a .formatted date strategy decodes the same types to the same values")
    func jsonDecoderAgrees() throws {
        let decoded = try TwitterSearch.makeJSONDecoder().decode(TwitterSearch.self, from: data)
        #expect(decoded == search, "\(Self.firstDifference(decoded, search))")
        #expect(decoded.statuses.compactMap(\.retweetedStatus).count == 73)
    }

    // MARK: Values

    @Test("counts")
    func counts() {
        #expect(search.statuses.count == 100)
        // Checked with python3: 73 of the 100 statuses carry a retweeted_status, none of which
        // carries one in turn.
        #expect(search.statuses.filter { $0.retweetedStatus != nil }.count == 73)
        #expect(allStatuses.count == 173)
        #expect(allStatuses.allSatisfy { $0.retweetedStatus?.retweetedStatus == nil })
        let entities = allStatuses.map(\.entities)
        #expect(entities.map(\.hashtags.count).reduce(0, +) == 10)
        #expect(entities.map(\.symbols.count).reduce(0, +) == 0)
        #expect(entities.map(\.urls.count).reduce(0, +) == 19)
        #expect(entities.map(\.userMentions.count).reduce(0, +) == 91)
        #expect(entities.compactMap(\.media).map(\.count).reduce(0, +) == 10)
        #expect(allStatuses.filter { $0.possiblySensitive != nil }.count == 23)
        #expect(Set(allStatuses.map(\.user.id)).count == 115)
        #expect(search.statuses.map(\.retweetCount).reduce(0, +) == 7122)
    }

    @Test("search metadata")
    func searchMetadata() {
        let metadata = search.searchMetadata
        #expect(metadata.completedIn == 0.087)
        // The number was rounded to a double's precision by the API (…700); the string is exact.
        #expect(metadata.maxId == 505_874_924_095_815_700)
        #expect(metadata.maxIdStr == "505874924095815681")
        #expect(metadata.query == "%E4%B8%80")
        #expect(metadata.count == 100)
        #expect(metadata.sinceId == 0)
        #expect(metadata.sinceIdStr == "0")
        #expect(metadata.nextResults == "?max_id=505874847260352512&q=%E4%B8%80&count=100&include_entities=1")
        #expect(metadata.refreshUrl == "?since_id=505874924095815681&q=%E4%B8%80&include_entities=1")
    }

    @Test("the first and last statuses")
    func firstAndLastStatus() throws {
        let first = search.statuses[0]
        #expect(first.id == 505_874_924_095_815_681)
        #expect(first.idStr == "505874924095815681")
        #expect(first.createdAt == ModelCorpus.utc(2014, 8, 31, 0, 29, 15))
        #expect(first.text.hasPrefix("@aym0566x \n\n名前:前田あゆみ"))
        #expect(first.metadata == StatusMetadata(resultType: "recent", isoLanguageCode: "ja"))
        #expect(first.lang == "ja")
        #expect(!first.truncated && !first.favorited && !first.retweeted)
        #expect(first.inReplyToStatusId == nil && first.inReplyToStatusIdStr == nil)
        #expect(first.inReplyToUserId == 866_260_188 && first.inReplyToScreenName == "aym0566x")
        #expect(first.retweetedStatus == nil)
        #expect(first.possiblySensitive == nil)
        #expect(first.user.screenName == "ayuu0123")
        #expect(first.user.id == 1_186_275_104)
        #expect(first.user.createdAt == ModelCorpus.utc(2013, 2, 16, 13, 40, 25))
        #expect(first.user.url == nil && first.user.entities.url == nil)
        #expect(first.user.entities.description.urls.isEmpty)
        #expect(first.entities.userMentions.map(\.screenName) == ["aym0566x"])
        #expect(first.entities.userMentions.first?.indices == [0, 9])

        let last = try #require(search.statuses.last)
        #expect(last.id == 505_874_847_260_352_513)
        #expect(last.user.screenName == "2no38mae")
        #expect(last.createdAt == ModelCorpus.utc(2014, 8, 31, 0, 28, 56))
    }

    @Test("a retweet holds its original, decoded as a Status with its own user, dates and entities")
    func retweetedStatus() throws {
        let retweet = search.statuses[1]
        #expect(retweet.id == 505_874_922_023_837_696)
        #expect(retweet.user.screenName == "yuttari1998")
        #expect(retweet.retweetCount == 82)
        #expect(retweet.text.hasPrefix("RT @KATANA77: えっそれは・・・（一同）"))
        #expect(retweet.entities.userMentions == [
            UserMention(screenName: "KATANA77", name: "(有)刀", id: 77_915_997, idStr: "77915997", indices: [3, 12]),
        ])
        let original = try #require(retweet.retweetedStatus)
        #expect(original.id == 505_864_943_636_197_376)
        #expect(original.idStr == "505864943636197376")
        #expect(original.createdAt == ModelCorpus.utc(2014, 8, 30, 23, 49, 35))
        #expect(original.retweetCount == 82)
        #expect(original.retweetedStatus == nil)
        #expect(original.user.screenName == "KATANA77")
        #expect(original.user.name == "(有)刀")
        #expect(original.user.followersCount == 1095)
        #expect(original.user.verified == false)
        #expect(original.status.metadata.isoLanguageCode == "ja")

        // The retweet's photo: a media entity whose source_status_id was rounded by the API
        // (…400) while its string form is exact (…376).
        let media = try #require(retweet.entities.media?.first)
        #expect(media.id == 505_864_942_575_034_369)
        #expect(media.indices == [27, 49])
        #expect(media.type == "photo")
        #expect(media.sourceStatusId == 505_864_943_636_197_400)
        #expect(media.sourceStatusIdStr == "505864943636197376")
        #expect(media.sizes.thumb == MediaSize(width: 150, height: 150, resize: "crop"))
        #expect(media.sizes.large == MediaSize(width: 765, height: 432, resize: "fit"))
        #expect(original.entities.media?.first?.id == media.id)

        // The retweeter's profile link.
        #expect(retweet.user.url == "http://t.co/Yg9e1Fl8wd")
        let link = try #require(retweet.user.entities.url?.urls.first)
        #expect(link.expandedUrl == "http://twpf.jp/yuttari1998")
        #expect(link.displayUrl == "twpf.jp/yuttari1998")
        #expect(link.indices == [0, 22])
    }

    @Test("replies, time zones, hashtags and links")
    func repliesAndEntities() throws {
        let reply = search.statuses[2]
        #expect(reply.inReplyToStatusId == 505_874_728_897_085_440)
        #expect(reply.inReplyToStatusIdStr == "505874728897085440")
        #expect(reply.inReplyToScreenName == "longhairxMIURA")
        #expect(reply.inReplyToUserId == 114_188_950)
        #expect(reply.user.timeZone == "Osaka")
        #expect(reply.user.utcOffset == 32400)

        #expect(search.statuses[4].entities.hashtags == [Hashtag(text: "LEDカツカツ選手権", indices: [17, 28])])
        #expect(search.statuses[30].entities.hashtags.first?.indices == [119, 128])

        let link = try #require(search.statuses[17].entities.urls.first)
        #expect(link.url == "http://t.co/9oH5cgpy1q")
        #expect(link.expandedUrl == "http://www.pref.niigata.lg.jp/kouhou/info.html")
        #expect(link.displayUrl == "pref.niigata.lg.jp/kouhou/info.ht…")
        #expect(link.indices == [139, 140])
    }

    @Test("every 64-bit id agrees with its string form")
    func idsAreExact() {
        for status in allStatuses {
            #expect(String(status.id) == status.idStr)
            #expect(String(status.user.id) == status.user.idStr)
            #expect(status.inReplyToStatusId.map { String($0) } == status.inReplyToStatusIdStr)
            #expect(status.inReplyToUserId.map { String($0) } == status.inReplyToUserIdStr)
            for mention in status.entities.userMentions { #expect(String(mention.id) == mention.idStr) }
            for media in status.entities.media ?? [] { #expect(String(media.id) == media.idStr) }
            for entity in status.entities.userMentions { #expect(entity.indices.count == 2) }
        }
    }

    // MARK: Round trips

    @Test("dictionaryRepresentation fed back to init(object:) gives an equal model")
    func dictionaryRoundTrip() throws {
        let dictionary = search.dictionaryRepresentation
        #expect(dictionary.count == 2)
        let again = try TwitterSearch(object: dictionary)
        #expect(again == search, "\(Self.firstDifference(again, search))")
    }

    @Test("treeRepresentation written as JSON, parsed and decoded gives an equal model")
    func treeJSONRoundTrip() throws {
        let tree = try search.treeRepresentation()
        #expect(tree["statuses"]?[0]?["created_at"] == "Sun Aug 31 00:29:15 +0000 2014")
        #expect(tree["statuses"]?[1]?["retweeted_status"]?["created_at"] == "Sat Aug 30 23:49:35 +0000 2014")
        #expect(tree["statuses"]?[1]?["retweeted_status"]?["user"]?["screen_name"] == "KATANA77")
        #expect(tree["statuses"]?[1]?["entities"]?["media"]?[0]?["sizes"]?["thumb"]?["w"] == 150)
        #expect(tree["search_metadata"]?["max_id"] == .integer(505_874_924_095_815_700))
        // nil optionals are left out.
        #expect(tree["statuses"]?[0]?["retweeted_status"] == nil)
        #expect(tree["statuses"]?[0]?["in_reply_to_status_id"] == nil)

        let json = try JSONWriter.data(from: tree)
        let parsed = try JSONParser.parse(json)
        #expect(parsed == tree)
        let again = try ModelDecoder().decode(TwitterSearch.self, from: parsed)
        #expect(again == search, "\(Self.firstDifference(again, search))")
        #expect(try TwitterSearch(json: search.jsonData()) == search)
    }

    @Test("the tree is the input without its nulls and undeclared keys")
    func treeMatchesInput() throws {
        let input = try JSONParser.parse(data)
        let dropped = Self.undeclaredStatusKeys.union(Self.undeclaredUserKeys)
        let expected = try ModelCorpus.canonicalJSON(input, dropping: dropped)
        let actual = try ModelCorpus.canonicalJSON(try search.treeRepresentation())
        #expect(actual == expected)
    }

    // MARK: Report

    @Test("the report lists exactly the keys the models leave out, and the optionals that were missing")
    func report() throws {
        var report = ModelReport()
        let reported = try TwitterSearch(object: data, report: &report)
        #expect(reported == search)
        #expect(report.conversions.isEmpty)

        let unused = report.unusedKeys.map(\.description)
        // 4 status keys in each of the 173 statuses, 12 user keys in each of their users.
        #expect(unused.count == 173 * 4 + 173 * 12)
        #expect(unused.contains("statuses[0].geo"))
        #expect(unused.contains("statuses[0].place"))
        #expect(unused.contains("statuses[0].user.profile_text_color"))
        #expect(unused.contains("statuses[1].retweeted_status.contributors"))
        #expect(unused.contains("statuses[1].retweeted_status.user.is_translator"))
        #expect(unused.contains("statuses[99].user.profile_background_image_url_https"))
        // Nothing bogus: every path names an undeclared key that is really in the file at that place.
        let input = try JSONParser.parse(data)
        for path in report.unusedKeys {
            guard case .key(let last)? = path.components.last else {
                Issue.record("\(path) does not end in a key")
                continue
            }
            let isUser = path.components.dropLast().last == .key("user")
            let undeclared = isUser ? Self.undeclaredUserKeys : Self.undeclaredStatusKeys
            #expect(undeclared.contains(last), "\(path) is reported unused but is declared")
            #expect(Self.value(at: path, in: input) != nil, "\(path) is not in the file")
        }
        #expect(Set(unused).count == unused.count)

        // Optionals absent from the file keep their default (nil) and are reported as defaulted:
        // retweeted_status (27 top-level statuses and all 73 retweeted ones), possibly_sensitive
        // (150), entities.media (163), user.profile_banner_url (16), user.entities.url (155),
        // media source_status_id and source_status_id_str (5 each).
        let defaulted = report.defaultedKeys.map(\.description)
        #expect(defaulted.count == 27 + 73 + 150 + 163 + 16 + 155 + 10)
        #expect(defaulted.contains("statuses[0].retweeted_status"))
        #expect(defaulted.contains("statuses[0].entities.media"))
        #expect(defaulted.contains("statuses[1].retweeted_status.retweeted_status"))
        #expect(defaulted.contains("statuses[3].retweeted_status.possibly_sensitive"))
        #expect(defaulted.contains("statuses[42].entities.media[0].source_status_id_str"))
        #expect(!defaulted.contains("statuses[1].retweeted_status"))
        let defaultedNames = Set(report.defaultedKeys.compactMap { path -> String? in
            guard case .key(let key)? = path.components.last else { return nil }
            return key
        })
        #expect(defaultedNames == [
            "retweeted_status", "possibly_sensitive", "media", "profile_banner_url", "url",
            "source_status_id", "source_status_id_str",
        ])
    }

    /// The value at `path` in `value`, or `nil` when the path leads nowhere.
    static func value(at path: ModelPath, in value: ModelValue) -> ModelValue? {
        var current: ModelValue? = value
        for component in path.components {
            switch component {
            case .key(let key): current = current?[key]
            case .index(let index): current = current?[index]
            }
        }
        return current
    }
}
