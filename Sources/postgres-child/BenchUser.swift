import BaseModelPostgres

/// A twitter.json user with its scalar fields (the corpus model without `entities` and the
/// date), the model the benchmark saves and reads in both stores.
struct BenchUser: IdentifiedModel, Equatable {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var protected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
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
}
