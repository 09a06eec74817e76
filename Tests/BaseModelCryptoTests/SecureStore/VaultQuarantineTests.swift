@testable import BaseModelCrypto
import Foundation
import Testing

/// A model kept in the keychain format in a vault of its own, for the quarantine tests.
struct Passport: SecureStoredModel, Equatable {
    var holder = ""
    var number = 0

    static var saveFormat: ModelFormat { .keychain }
    static var resourceFile: String { "/nonexistent/Passport.plist" }
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bmcrypto-quarantine-\(UUID().uuidString)")
    static var secureStore: SecureStore { .fileVault(service: "Passport", directory: folder) }
}

@Suite(.serialized) struct VaultQuarantineTests {
    init() {
        FormatRegistry.shared.register(KeychainStorage(), for: .keychain)
    }

    static func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The vault's key file replaced by another key: the vault stays, byte for byte; the old key
    /// back, it opens.
    @Test func aVaultOpenedWithTheWrongKeyStays() throws {
        defer { try? FileManager.default.removeItem(at: Passport.folder) }
        try Passport(holder: "ada", number: 7).save(overwriting: true)   // whatever an earlier test left
        let vault = FileVault(service: "Passport", directory: Passport.folder)
        let sealed = try Data(contentsOf: vault.fileURL)
        let rightKey = try Data(contentsOf: vault.keyFileURL)
        try SecureRandom.bytes(32).write(to: vault.keyFileURL)

        Passport.setSharedInstance(nil)
        #expect(Passport.shared == Passport())
        let failure = try #require(Passport.sharedInstanceFailure)
        #expect(failure.error.cryptoError == .wrongPassword)
        #expect(failure.quarantine == nil)
        #expect(try Self.files(in: Passport.folder) == ["Passport.vault", "Passport.vault.lock", "vault.key"])
        #expect(try Data(contentsOf: vault.fileURL) == sealed)
        let refusal = try #require(throws: ModelError.self) { try Passport.shared.save() }
        #expect(refusal.description.contains("could not be read"))
        let reload = try #require(throws: ModelError.self) { try Passport.reloadSharedInstance() }
        #expect(reload.cryptoError == .wrongPassword)
        #expect(reload.quarantine == nil)
        #expect(try Data(contentsOf: vault.fileURL) == sealed)

        try rightKey.write(to: vault.keyFileURL)
        try Passport.reloadSharedInstance()
        #expect(Passport.shared == Passport(holder: "ada", number: 7))
        #expect(Passport.sharedInstanceFailure == nil)
    }

    /// A vault damaged after it was written cannot be told from one sealed with another key: it
    /// stays too.
    @Test func aDamagedVaultStays() throws {
        defer { try? FileManager.default.removeItem(at: Passport.folder) }
        try Passport(holder: "ada", number: 7).save(overwriting: true)   // whatever an earlier test left
        let vault = FileVault(service: "Passport", directory: Passport.folder)
        var bytes = try Data(contentsOf: vault.fileURL)
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: vault.fileURL)

        Passport.setSharedInstance(nil)
        #expect(Passport.shared == Passport())
        #expect(Passport.sharedInstanceFailure?.error.cryptoError == .wrongPassword)
        #expect(Passport.sharedInstanceFailure?.quarantine == nil)
        #expect(throws: ModelError.self) { try Passport.shared.save() }
        #expect(try Data(contentsOf: vault.fileURL) == bytes)
        #expect(throws: ModelError.self) { try vault.quarantine(accounts: ["holder"], tag: "unreadable-x") }
        #expect(try Data(contentsOf: vault.fileURL) == bytes)

        // Removed by hand, the next read starts afresh and saves are allowed again.
        try FileManager.default.removeItem(at: vault.fileURL)
        try Passport.reloadSharedInstance()
        try Passport(holder: "grace", number: 8).save()
    }

    /// A file that is not a whole vault (cut short) is moved aside whole, byte for byte; the next
    /// save starts a new vault.
    @Test func aFileThatIsNoVaultIsMovedAsideWhole() throws {
        defer { try? FileManager.default.removeItem(at: Passport.folder) }
        try Passport(holder: "ada", number: 7).save(overwriting: true)   // whatever an earlier test left
        let vault = FileVault(service: "Passport", directory: Passport.folder)
        let bytes = try Data(contentsOf: vault.fileURL).prefix(20)
        try bytes.write(to: vault.fileURL)

        Passport.setSharedInstance(nil)
        #expect(Passport.shared == Passport())
        let failure = try #require(Passport.sharedInstanceFailure)
        #expect(failure.error.reason == .truncated)
        let moved = URL(fileURLWithPath: try #require(failure.quarantine))
        #expect(moved.lastPathComponent.hasPrefix("Passport.unreadable-") && moved.pathExtension == "vault")
        #expect(try Data(contentsOf: moved) == bytes)

        try Passport(holder: "grace", number: 8).save()
        #expect(try Data(contentsOf: moved) == bytes)
        Passport.setSharedInstance(nil)
        #expect(Passport.shared == Passport(holder: "grace", number: 8))
        #expect(Passport.sharedInstanceFailure?.quarantine == moved.path)   // kept until a reload reads
    }

    /// Items of keys the model does not know (a newer version's) survive a load and a save: the
    /// keychain format writes only the model's own items.
    @Test func itemsOfUnknownKeysSurvive() throws {
        defer { try? FileManager.default.removeItem(at: Passport.folder) }
        let vault = FileVault(service: "Passport", directory: Passport.folder)
        try vault.update(["holder": Data("ada".utf8), "color": Data("teal".utf8)])
        Passport.setSharedInstance(nil)
        #expect(Passport.shared.holder == "ada")
        try Passport(holder: "grace", number: 1).save()
        #expect(try vault.data(for: "color") == Data("teal".utf8))
        #expect(try vault.data(for: "holder") == Data("grace".utf8))
    }

    /// Items that no longer decode (a number stored as text) move to tagged accounts in the same
    /// vault, one rewrite; the next save writes the property anew beside them.
    @Test func itemsOfAnotherTypeMoveToTaggedAccounts() throws {
        defer { try? FileManager.default.removeItem(at: Passport.folder) }
        let vault = FileVault(service: "Passport", directory: Passport.folder)
        try vault.update(["holder": Data("ada".utf8), "number": Data("seven".utf8)])

        #expect(throws: ModelError.self) { try Passport.reloadSharedInstance() }
        let accounts = try vault.accounts()
        #expect(accounts.count == 2)
        let tagged = try #require(accounts.first { $0.hasPrefix("number.unreadable-") })
        #expect(accounts.contains { $0.hasPrefix("holder.unreadable-") })
        #expect(try vault.data(for: tagged) == Data("seven".utf8))

        try Passport(holder: "ada", number: 7).save()
        #expect(try vault.data(for: tagged) == Data("seven".utf8))
        #expect(try vault.accounts().count == 4)
    }
}

/// Version 2 of a keychain model: `number` became `code`.
struct PassportV2: SecureStoredModel, Equatable {
    var holder = ""
    var code = 0

    static var typeName: String { "Passport" }
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("number", to: "code")]] }
    static var saveFormat: ModelFormat { .keychain }
    static var resourceFile: String { "/nonexistent/Passport.plist" }
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bmcrypto-versions-\(UUID().uuidString)")
    static var secureStore: SecureStore { .fileVault(service: "PassportV2", directory: folder) }
}

@Suite(.serialized) struct VaultVersionTests {
    /// The version is the item `$schemaVersion`; version-1 items migrate through the steps.
    @Test func theVersionIsAnItem() throws {
        FormatRegistry.shared.register(KeychainStorage(), for: .keychain)
        defer { try? FileManager.default.removeItem(at: PassportV2.folder) }
        let vault = FileVault(service: "PassportV2", directory: PassportV2.folder)
        try vault.update(["holder": Data("ada".utf8), "number": try SecureItemCoding.encode(7)])
        PassportV2.setSharedInstance(nil)
        #expect(PassportV2.shared == PassportV2(holder: "ada", code: 7))
        try PassportV2.shared.save()
        #expect(try vault.value(for: "$schemaVersion") == 2)
        #expect(try vault.accounts() == ["$schemaVersion", "code", "holder"])
        PassportV2.setSharedInstance(nil)
        #expect(PassportV2.shared == PassportV2(holder: "ada", code: 7))
        #expect(PassportV2.savedSchemaVersion == 2)
    }
}
