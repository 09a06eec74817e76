@testable import BaseModelCrypto
import Foundation
import Testing

/// An encrypted shared model whose password the tests change, saved in the `encrypted` format.
final class Safe: EncryptedModel, @unchecked Sendable {
    var secret = ""
    required init() {}
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bmcrypto-wrong-key-\(UUID().uuidString)")
    static let currentPassword = Locked("the right password")
    static var password: String { currentPassword.withLock { $0 } }
    static var saveFile: String { folder.appendingPathComponent("Safe.sealed").path }
    static var resourceFile: String { "/nonexistent/Safe.plist" }
}

/// A sealed file that does not open with the password given stays where it is: the read fails,
/// and saves are refused, until the right password opens it again (the vault's twin is in
/// `VaultQuarantineTests`).
@Suite(.serialized) struct WrongKeyTests {
    /// A sealed save file opened with the wrong password stays, and the right one opens it.
    @Test func anEncryptedFileWithTheWrongPasswordStays() throws {
        CryptoFormats.register()
        ModelRegistry.shared.register(Safe.self)
        defer { try? FileManager.default.removeItem(at: Safe.folder) }
        defer { Safe.currentPassword.withLock { $0 = "the right password" } }
        Safe.setSharedInstance(nil)
        Safe.shared.secret = "42"
        try Safe.shared.save()
        let sealed = try Data(contentsOf: URL(fileURLWithPath: Safe.saveFile))

        Safe.currentPassword.withLock { $0 = "a wrong password" }
        Safe.setSharedInstance(nil)
        #expect(Safe.shared.secret == "")
        #expect(Safe.sharedInstanceFailure?.error.cryptoError == .wrongPassword)
        #expect(Safe.sharedInstanceFailure?.quarantine == nil)
        #expect(throws: ModelError.self) { try Safe.shared.save() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: Safe.folder.path).filter { !$0.hasPrefix(".") } == ["Safe.sealed"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: Safe.saveFile)) == sealed)

        Safe.currentPassword.withLock { $0 = "the right password" }
        try Safe.reloadSharedInstance()
        #expect(Safe.shared.secret == "42")
    }
}
