@testable import BaseModel
import Foundation
import Testing

/// Key-case strategies (own keys, nested plain values, never dictionary keys, explicit key paths
/// first) and the two coercion policies.
@Suite struct KeyCaseAndCoercionTests {
    // MARK: Fixtures

    /// A plain `Codable` value nested in a model: it takes the model's key case.
    struct Profile: Codable, Equatable {
        var firstName = ""
        var homeTown = ""
    }

    /// A model nested in a snake-case model keeps its own (unchanged) key case.
    struct Badge: Model, Equatable {
        var badgeName = ""
    }

    struct Account: Model, Equatable {
        var userID = 0
        var URLString = ""
        var screenName = ""
        var displayName = ""
        var profile = Profile()
        var pastProfiles: [Profile] = []
        var profilesByRole: [String: Profile] = [:]
        var scoreByGame: [String: Int] = [:]
        var badge = Badge()

        static let keyCase: KeyCase = .snakeCase
        static let keyPaths: [String: RemoteKeyPath] = ["displayName": "DisplayName"]
    }

    struct KebabThing: Model, Equatable {
        var screenName = ""
        var maxItemCount = 0
        static let keyCase: KeyCase = .kebabCase
    }

    struct PascalThing: Model, Equatable {
        var screenName = ""
        var userID = 0
        static let keyCase: KeyCase = .pascalCase
    }

    struct Loose: Model, Equatable {
        var count = 0
        var flag = false
        var agreed = false
        var label = ""
        var name = "default"
        var ratio = 0.0
        var nickname: String? = "anon"
        static let coercion: Coercion = .lenient
    }

    struct Strict: Model, Equatable {
        var count = 0
        var flag = false
        var agreed = false
        var label = ""
        var name = "default"
        var ratio = 0.0
        var small: UInt8 = 0
        var unsigned: UInt = 0
        var inner = Inner()
    }

    struct Inner: Codable, Equatable {
        var value = 0
    }

    // MARK: Strategies on their own

    @Test(arguments: [
        ("userID", "user_id"), ("URLString", "url_string"), ("screenName", "screen_name"),
        ("createdAt2", "created_at2"), ("version2Name", "version2_name"), ("HTTPSProxy", "https_proxy"),
        ("id", "id"), ("already_snake", "already_snake"),
    ])
    func snakeCase(name: String, remote: String) {
        #expect(KeyCase.snakeCase.remoteKey(for: name) == remote)
    }

    @Test func kebabPascalAndUnchanged() {
        #expect(KeyCase.kebabCase.remoteKey(for: "screenName") == "screen-name")
        #expect(KeyCase.kebabCase.remoteKey(for: "userID") == "user-id")
        #expect(KeyCase.kebabCase.remoteKey(for: "URLString") == "url-string")
        #expect(KeyCase.pascalCase.remoteKey(for: "screenName") == "ScreenName")
        #expect(KeyCase.pascalCase.remoteKey(for: "userID") == "UserID")
        #expect(KeyCase.pascalCase.remoteKey(for: "") == "")
        #expect(KeyCase.unchanged.remoteKey(for: "screenName") == "screenName")
    }

    // MARK: Strategies in models

    let accountPayload: [String: Any] = [
        "user_id": 42,
        "url_string": "https://example.com",
        "screen_name": "nick",
        "DisplayName": "Nick L",
        "profile": ["first_name": "Nick", "home_town": "Bristol"],
        "past_profiles": [["first_name": "N", "home_town": "Bath"]],
        "profiles_by_role": ["adminRole": ["first_name": "Root", "home_town": "Cloud"]],
        "score_by_game": ["spaceInvaders": 10, "pac_man": 7],
        "badge": ["badgeName": "gold"],
    ]

    @Test func snakeCaseReadsOwnAndNestedPlainKeys() throws {
        let account = try Account(object: accountPayload)
        #expect(account.userID == 42)
        #expect(account.URLString == "https://example.com")
        #expect(account.screenName == "nick")
        #expect(account.profile == Profile(firstName: "Nick", homeTown: "Bristol"))
        #expect(account.pastProfiles == [Profile(firstName: "N", homeTown: "Bath")])
    }

    @Test func dictionaryKeysAreDataAndKeepTheirSpelling() throws {
        let account = try Account(object: accountPayload)
        #expect(account.scoreByGame == ["spaceInvaders": 10, "pac_man": 7])
        // The dictionary's keys are untouched, its plain values still take the key case.
        #expect(account.profilesByRole == ["adminRole": Profile(firstName: "Root", homeTown: "Cloud")])

        let tree = try account.treeRepresentation()
        #expect(tree["score_by_game"]?["spaceInvaders"] == 10)
        #expect(tree["score_by_game"]?["space_invaders"] == nil)
        #expect(tree["profiles_by_role"]?["adminRole"]?["first_name"] == "Root")
    }

    @Test func explicitKeyPathWinsOverKeyCase() throws {
        let account = try Account(object: accountPayload)
        #expect(account.displayName == "Nick L")
        let ignored = try Account(object: ["display_name": "wrong"])
        #expect(ignored.displayName == "")
        #expect(try account.treeRepresentation()["DisplayName"] == "Nick L")
        #expect(try account.treeRepresentation()["display_name"] == nil)
    }

    @Test func nestedModelKeepsItsOwnKeyCase() throws {
        let account = try Account(object: accountPayload)
        #expect(account.badge.badgeName == "gold")
        let snakeBadge = try Account(object: ["badge": ["badge_name": "silver"]])
        #expect(snakeBadge.badge.badgeName == "")
        #expect(try account.treeRepresentation()["badge"] == ["badgeName": "gold"])
    }

    @Test func snakeCaseWritesWhatItReads() throws {
        let account = try Account(object: accountPayload)
        let tree = try account.treeRepresentation()
        #expect(tree["user_id"] == 42)
        #expect(tree["url_string"] == "https://example.com")
        #expect(tree["screen_name"] == "nick")
        #expect(tree["profile"] == ["first_name": "Nick", "home_town": "Bristol"])
        #expect(tree["past_profiles"] == [["first_name": "N", "home_town": "Bath"]])
        #expect(tree["userID"] == nil)
        #expect(try Account(object: tree) == account)
    }

    @Test func snakeCaseReportsNoUnusedKeysForAMatchingPayload() throws {
        var report = ModelReport()
        _ = try Account(object: accountPayload, report: &report)
        #expect(report.unusedKeys.isEmpty)
        #expect(report.defaultedKeys.isEmpty)
    }

    @Test func kebabAndPascalModels() throws {
        let kebab = try KebabThing(object: ["screen-name": "a", "max-item-count": 3])
        #expect(kebab == KebabThing(screenName: "a", maxItemCount: 3))
        #expect(try kebab.treeRepresentation() == ["screen-name": "a", "max-item-count": 3])

        let pascal = try PascalThing(object: ["ScreenName": "b", "UserID": 9])
        #expect(pascal == PascalThing(screenName: "b", userID: 9))
        #expect(try pascal.treeRepresentation() == ["ScreenName": "b", "UserID": 9])
    }

    // MARK: Lenient coercion

    @Test func lenientConvertsAndRecordsEachConversion() throws {
        var report = ModelReport()
        let loose = try Loose(
            object: ["count": "12", "flag": 1, "agreed": "yes", "label": 12, "name": NSNull(), "ratio": "0.5"],
            report: &report)
        #expect(loose.count == 12)
        #expect(loose.flag == true)
        #expect(loose.agreed == true)
        #expect(loose.label == "12")
        #expect(loose.name == "default")
        #expect(loose.ratio == 0.5)

        let conversions = report.conversions.map { "\($0.path): \($0.from) → \($0.to)" }
        #expect(conversions == [
            "count: string → integer",
            "flag: integer → bool",
            "agreed: string → bool",
            "label: integer → string",
            "name: null → default",
            "ratio: string → double",
        ])
        // The one missing key is defaulted, not converted.
        #expect(report.defaultedKeys.map(\.description) == ["nickname"])
        #expect(!report.isClean)
    }

    @Test func lenientStillClearsOptionalsWithNull() throws {
        var report = ModelReport()
        let loose = try Loose(object: ["nickname": NSNull()], report: &report)
        #expect(loose.nickname == nil)
        #expect(report.conversions.isEmpty)
    }

    @Test func lenientLeavesMatchingKindsUnrecorded() throws {
        var report = ModelReport()
        let loose = try Loose(
            object: ["count": 3, "flag": true, "agreed": false, "label": "x", "name": "y", "ratio": 2, "nickname": "z"],
            report: &report)
        #expect(loose == Loose(count: 3, flag: true, agreed: false, label: "x", name: "y", ratio: 2, nickname: "z"))
        #expect(report.isClean)
    }

    @Test func lenientRefusesWhatCannotConvert() {
        let text = #expect(throws: ModelError.self) { try Loose(object: ["count": "12abc"]) }
        #expect(text?.path.description == "count")
        #expect(text?.reason == .typeMismatch(expected: "integer", found: "string"))
        let flag = #expect(throws: ModelError.self) { try Loose(object: ["flag": "maybe"]) }
        #expect(flag?.reason == .typeMismatch(expected: "bool", found: "string"))
        let fraction = #expect(throws: ModelError.self) { try Loose(object: ["count": 1.5]) }
        #expect(fraction?.path.description == "count")
    }

    // MARK: Strict coercion

    @Test(arguments: [
        ("count", "12" as ModelValue, "integer", "string"),
        ("flag", 1 as ModelValue, "bool", "integer"),
        ("agreed", "yes" as ModelValue, "bool", "string"),
        ("label", 12 as ModelValue, "string", "integer"),
        ("name", ModelValue.null, "string", "null"),
        ("ratio", "0.5" as ModelValue, "number", "string"),
        ("count", true as ModelValue, "integer", "bool"),
        ("ratio", false as ModelValue, "number", "bool"),
    ])
    func strictRejectsEachConversion(key: String, value: ModelValue, expected: String, found: String) {
        let error = #expect(throws: ModelError.self) { try Strict(object: ModelValue.dictionary([key: value])) }
        #expect(error?.path == ModelPath([.key(key)]))
        #expect(error?.reason == .typeMismatch(expected: expected, found: found))
    }

    @Test func strictMismatchInANestedValueNamesTheWholePath() {
        let error = #expect(throws: ModelError.self) { try Strict(object: ["inner": ["value": "3"]]) }
        #expect(error?.path.description == "inner.value")
        #expect(error?.reason == .typeMismatch(expected: "integer", found: "string"))
    }

    @Test func strictAcceptsIntegralDoublesForIntegersAndIntegersForDoubles() throws {
        let strict = try Strict(object: ["count": 1.0, "small": 255.0, "ratio": 3])
        #expect(strict.count == 1)
        #expect(strict.small == 255)
        #expect(strict.ratio == 3.0)
        let fromJSON = try Strict(json: #"{"count": 2.0, "ratio": 4}"#)
        #expect(fromJSON.count == 2)
        #expect(fromJSON.ratio == 4)
    }

    @Test func fractionalDoubleForAnIntegerIsAnError() {
        let error = #expect(throws: ModelError.self) { try Strict(object: ["count": 1.5]) }
        #expect(error?.path.description == "count")
        guard case .invalidValue? = error?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
    }

    @Test func outOfRangeIntegersAreErrors() {
        let tooBig = #expect(throws: ModelError.self) { try Strict(object: ["small": 300]) }
        #expect(tooBig?.path.description == "small")
        guard case .invalidValue(let message)? = tooBig?.reason else {
            Issue.record("expected invalidValue, got \(String(describing: tooBig))")
            return
        }
        #expect(message.contains("UInt8"))

        let negative = #expect(throws: ModelError.self) { try Strict(object: ["unsigned": -1]) }
        #expect(negative?.path.description == "unsigned")
        let huge = #expect(throws: ModelError.self) { try Strict(object: ["count": UInt64.max]) }
        #expect(huge?.path.description == "count")
        let hugeDouble = #expect(throws: ModelError.self) { try Strict(object: ["count": 1e20]) }
        #expect(hugeDouble?.path.description == "count")
    }

    @Test func strictRecordsNoConversions() throws {
        var report = ModelReport()
        _ = try Strict(object: ["count": 1.0, "ratio": 2], report: &report)
        #expect(report.conversions.isEmpty)
    }
}
