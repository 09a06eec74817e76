@testable import BaseModelCrypto
import Crypto
import Foundation
import Testing

@Suite struct FileVaultTests {
    @Test func itemsRoundTripAndFileModes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("SecureStore")
        let vault = FileVault(service: "com.example.notes", directory: directory)
        #expect(try vault.data(for: "token") == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path))   // reading creates nothing

        try vault.setValue("s3cret", for: "token")
        try vault.setValue(["a": 1, "b": [true, 2.5]], for: "settings")
        #expect(try vault.value(for: "token") == "s3cret")
        #expect(try vault.value(for: "settings") == ["a": 1, "b": [true, 2.5]])
        #expect(try vault.accounts() == ["settings", "token"])

        #expect(try mode(of: directory) == 0o700)
        #expect(try mode(of: vault.fileURL) == 0o600)
        #expect(try mode(of: vault.keyFileURL) == 0o600)
        #expect(try Data(contentsOf: vault.keyFileURL).count == 32)
        // The secrets are not in the file in the clear.
        #expect(try Data(contentsOf: vault.fileURL).range(of: Data("s3cret".utf8)) == nil)

        try vault.setValue(nil, for: "token")
        #expect(try vault.accounts() == ["settings"])
        // Nothing but the vault, its lock and the key file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["com.example.notes.vault", "com.example.notes.vault.lock", "vault.key"])
    }

    /// A brand-new vault object, sharing nothing with the writer but the folder, reads the items.
    @Test func newVaultObjectReadsWhatWasSaved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileVault(service: "svc", directory: folder.url).update(["k": Data([1, 2, 3])])
        #expect(try FileVault(service: "svc", directory: folder.url).data(for: "k") == Data([1, 2, 3]))
        // Another service in the same folder is another file.
        #expect(try FileVault(service: "other", directory: folder.url).data(for: "k") == nil)
    }

    @Test func suppliedKey() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let key = try FileVault.deriveKey(password: "pw", salt: Data("salt-salt".utf8))
        let vault = FileVault(service: "svc", directory: folder.url, key: key)
        try vault.setValue("v", for: "k")
        #expect(!FileManager.default.fileExists(atPath: vault.keyFileURL.path))
        #expect(try FileVault(service: "svc", directory: folder.url, key: key).value(for: "k") == "v")
        let error = try #require(throws: ModelError.self) {
            try FileVault(service: "svc", directory: folder.url, key: SymmetricKey(size: .bits256)).data(for: "k")
        }
        #expect(error.reason == .wrongPassword)
    }

    /// A damaged vault is a typed error, and a later write refuses rather than replace it.
    @Test func corruptedVaultIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let vault = FileVault(service: "svc", directory: folder.url)
        try vault.update(["a": Data("1".utf8), "b": Data("2".utf8)])
        var bytes = try Data(contentsOf: vault.fileURL)
        bytes[bytes.count / 2] ^= 0x04
        try bytes.write(to: vault.fileURL)

        for error in [
            try #require(throws: ModelError.self) { try vault.data(for: "a") },
            try #require(throws: ModelError.self) { try vault.update(["c": Data("3".utf8)]) },
        ] {
            #expect(error.reason == .wrongPassword)
        }
        #expect(try Data(contentsOf: vault.fileURL) == bytes)

        try Data("not a vault at all".utf8).write(to: vault.fileURL)
        let error = try #require(throws: ModelError.self) { try vault.data(for: "a") }
        guard case .malformed = error.reason else { Issue.record("got \(error)"); return }
        try Data("BMVAULT1".utf8).write(to: vault.fileURL)
        #expect(throws: ModelError(.truncated, format: "keychain", offset: 8)) { try vault.data(for: "a") }
        #expect(try Data(contentsOf: vault.fileURL) == Data("BMVAULT1".utf8))
    }

    /// A vault copied to another service's name does not open: the service is authenticated.
    @Test func vaultIsBoundToItsService() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = FileVault(service: "first", directory: folder.url)
        try first.setValue("x", for: "k")
        let second = FileVault(service: "second", directory: folder.url)
        try FileManager.default.copyItem(at: first.fileURL, to: second.fileURL)
        let error = try #require(throws: ModelError.self) { try second.data(for: "k") }
        #expect(error.reason == .wrongPassword)
    }

    /// Many tasks, each with its own vault object, writing different items at once: none lost.
    @Test func concurrentWritesLoseNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.url
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    try FileVault(service: "svc", directory: directory).setValue(.integer(Int64(index)), for: "item\(index)")
                }
            }
            try await group.waitForAll()
        }
        let vault = FileVault(service: "svc", directory: directory)
        #expect(try vault.accounts().count == 64)
        for index in 0..<64 { #expect(try vault.value(for: "item\(index)") == .integer(Int64(index))) }
    }

    /// Without a directory, the vault lives in `SecureStore` under `ModelLocations`'s
    /// application-support folder (moved to a temporary one here, so the real home is untouched).
    @Test func defaultVaultLivesUnderApplicationSupport() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Both take the folder when made.
        let (vault, byTypeName) = ModelLocations.withApplicationSupport(folder.url) {
            (FileVault(service: "Defaults"), SecureStores.defaultStore(for: "Defaults"))
        }

        let expected = folder.url.appendingPathComponent("SecureStore", isDirectory: true)
        #expect(vault.directory.standardizedFileURL.path == expected.standardizedFileURL.path)
        try vault.setValue("v", for: "k")
        #expect(FileManager.default.fileExists(atPath: expected.appendingPathComponent("Defaults.vault").path))
        #expect(try mode(of: expected) == 0o700)
        #if !canImport(Security)
        #expect(try byTypeName.value(for: "k") == "v")
        #else
        _ = byTypeName
        #endif
    }

    @Test func serviceNamesAreEscapedForFiles() {
        #expect(FileVault(service: "com.example.app", directory: URL(fileURLWithPath: "/v")).fileURL.lastPathComponent == "com.example.app.vault")
        #expect(FileVault(service: "../evil/x", directory: URL(fileURLWithPath: "/v")).fileURL.lastPathComponent == "%2E.%2Fevil%2Fx.vault")
        #expect(FileVault(service: "", directory: URL(fileURLWithPath: "/v")).fileURL.lastPathComponent == "%.vault")
    }

    private func mode(of url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
}
