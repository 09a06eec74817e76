@testable import BaseModel
import Foundation
import Testing

/// A suite of its own, removed afterwards: the tests never touch the user's own defaults.
let userDefaultsTestSuite = "BaseModelTests.\(UUID().uuidString)"

final class Preferences: SharedModel, @unchecked Sendable {
    var volume = 5
    var userName: String?
    var lastOpened: Date?
    var recent: [String] = []
    var scratch = "not saved"
    required init() {}
    static var saveFormat: ModelFormat { .userDefaults }
    static var userDefaultsSuite: String? { userDefaultsTestSuite }
    static var keyCase: KeyCase { .snakeCase }
    static var uncodableKeys: Set<String> { ["scratch"] }
    static var resourceFile: String { "/nonexistent/Preferences.plist" }
}

@Suite(.serialized) struct UserDefaultsFormatTests {
    @Test func userDefaultsIsASharedInstanceStorageLikeTheKeychain() {
        #expect(FormatRegistry.shared.storage(for: .userDefaults) != nil)
        #expect(FormatRegistry.shared.storage(for: .json) == nil)
    }

    @Test func savePutsOnePropertyPerKeyAndRemovesNilOnes() throws {
        let defaults = try #require(UserDefaults(suiteName: userDefaultsTestSuite))
        defer { defaults.removePersistentDomain(forName: userDefaultsTestSuite) }
        defaults.set("unrelated", forKey: "someone_else")

        let preferences = Preferences.shared
        preferences.volume = 8
        preferences.userName = "ada"
        preferences.lastOpened = Date(timeIntervalSince1970: 1_700_000_000)
        preferences.recent = ["a.txt", "b.txt"]
        try preferences.save()
        #expect(defaults.integer(forKey: "volume") == 8)
        #expect(defaults.string(forKey: "user_name") == "ada")
        #expect(defaults.object(forKey: "last_opened") as? Date == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(defaults.stringArray(forKey: "recent") == ["a.txt", "b.txt"])
        #expect(defaults.object(forKey: "scratch") == nil)

        preferences.userName = nil
        try preferences.save()
        #expect(defaults.object(forKey: "user_name") == nil)

        try Preferences.reloadSharedInstance()
        let reloaded = Preferences.shared
        #expect(reloaded !== preferences)
        #expect(reloaded.volume == 8 && reloaded.userName == nil && reloaded.recent == ["a.txt", "b.txt"])
        #expect(reloaded.lastOpened == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(reloaded.scratch == "not saved")
    }
}

/// A user-defaults model whose stored value no longer decodes.
final class Volume: SharedModel, @unchecked Sendable {
    var level = 5
    var muted = false
    required init() {}
    static var saveFormat: ModelFormat { .userDefaults }
    static var userDefaultsSuite: String? { userDefaultsTestSuite + ".quarantine" }
    static var resourceFile: String { "/nonexistent/Volume.plist" }
}

@Suite(.serialized) struct UserDefaultsQuarantineTests {
    /// Values that no longer decode move, untouched, into one tagged key of the same defaults;
    /// the next save writes the properties anew and leaves that key alone.
    @Test func unreadableValuesMoveToATaggedKey() throws {
        let defaults = try #require(UserDefaults(suiteName: userDefaultsTestSuite + ".quarantine"))
        defer { defaults.removePersistentDomain(forName: userDefaultsTestSuite + ".quarantine") }
        defaults.set("loud", forKey: "level")
        defaults.set(true, forKey: "muted")
        Volume.setSharedInstance(nil)

        #expect(Volume.shared.level == 5)
        let failure = try #require(Volume.sharedInstanceFailure)
        #expect(failure.error.path == ModelPath([.key("level")]))
        let key = try #require(defaults.dictionaryRepresentation().keys.first { $0.hasPrefix("Volume.unreadable-") })
        #expect(failure.quarantine == "user defaults key \(key)")
        let moved = try #require(defaults.dictionary(forKey: key))
        #expect(moved["level"] as? String == "loud")
        #expect(moved["muted"] as? Bool == true)
        #expect(defaults.object(forKey: "level") == nil)

        Volume.shared.level = 9
        try Volume.shared.save()
        #expect(defaults.integer(forKey: "level") == 9)
        #expect(defaults.dictionary(forKey: key)?["level"] as? String == "loud")
    }
}

/// Version 2 of a user-defaults model: `level` became `loudness`, ten times finer.
final class Loudness: SharedModel, @unchecked Sendable {
    var loudness = 50
    required init() {}
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] {
        [1: [.move("level", to: "loudness"), .convert("loudness") { value in
            guard case .integer(let level) = value else { return value }
            return .integer(level * 10)
        }]]
    }
    static var saveFormat: ModelFormat { .userDefaults }
    static var userDefaultsSuite: String? { userDefaultsTestSuite + ".versions" }
    static var resourceFile: String { "/nonexistent/Loudness.plist" }
}

@Suite(.serialized) struct UserDefaultsVersionTests {
    /// Version-1 keys migrate once; the saved version key keeps the steps from running again.
    @Test func theVersionIsAKeyOfItsOwn() throws {
        let defaults = try #require(UserDefaults(suiteName: userDefaultsTestSuite + ".versions"))
        defer { defaults.removePersistentDomain(forName: userDefaultsTestSuite + ".versions") }
        defaults.set(3, forKey: "level")
        defaults.set("left", forKey: "balance")
        Loudness.setSharedInstance(nil)
        #expect(Loudness.shared.loudness == 30)
        #expect(Loudness.savedSchemaVersion == 1)
        try Loudness.shared.save()
        #expect(defaults.integer(forKey: "loudness") == 30)
        #expect(defaults.integer(forKey: "Loudness.$schemaVersion") == 2)
        #expect(defaults.string(forKey: "balance") == "left")   // a key it does not know stays
        #expect(defaults.object(forKey: "level") == nil)   // migrated away
        Loudness.setSharedInstance(nil)
        #expect(Loudness.shared.loudness == 30)
        #expect(Loudness.savedSchemaVersion == 2)
    }
}

/// A user-defaults model whose context has a registry of its own, as the FilesAndFormats article
/// makes one (`FormatRegistry(codecs:)`): no user-defaults codec in it, and its own identity map.
final class OwnRegistryPreferences: SharedModel, @unchecked Sendable {
    var theme = "light"
    var publisher: Live<Publisher>?
    required init() {}
    static var saveFormat: ModelFormat { .userDefaults }
    static var userDefaultsSuite: String? { userDefaultsTestSuite + ".own-registry" }
    static var resourceFile: String { "/nonexistent/OwnRegistryPreferences.plist" }
    static let map = IdentityMap()
    static let ownContext = ModelContext(formats: FormatRegistry(codecs: [JSONCodec()]), identityMap: map)
    static var context: ModelContext { ownContext }
}

@Suite(.serialized) struct UserDefaultsOwnRegistryTests {
    @Test func aRegistryOfOnesOwnKeepsUserDefaults() throws {
        #expect(FormatRegistry(codecs: []).storage(for: .userDefaults) != nil)
        #expect(FormatRegistry(codecs: [JSONCodec()]).storage(for: .json) == nil)

        let suite = userDefaultsTestSuite + ".own-registry"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        OwnRegistryPreferences.setSharedInstance(nil)
        let preferences = OwnRegistryPreferences.shared
        #expect(OwnRegistryPreferences.sharedInstanceFailure == nil)
        preferences.theme = "dark"
        preferences.publisher = Live(Publisher(id: "own-1", name: "Acme"))
        try preferences.save()
        #expect(defaults.string(forKey: "theme") == "dark")
        #expect(defaults.object(forKey: "publisher") != nil)

        OwnRegistryPreferences.setSharedInstance(nil)
        let reloaded = OwnRegistryPreferences.shared
        #expect(OwnRegistryPreferences.sharedInstanceFailure == nil)
        #expect(reloaded !== preferences && reloaded.theme == "dark")
        // Read with the context's identity map.
        #expect(OwnRegistryPreferences.map.existing(Publisher.self, id: "own-1") === reloaded.publisher)
    }
}
