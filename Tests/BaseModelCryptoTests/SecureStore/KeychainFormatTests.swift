@testable import BaseModelCrypto
import Foundation
import Testing

/// A model kept in the keychain format, in a vault folder of its own.
struct Credentials: SecureStoredModel, Equatable {
    var user = ""
    var token: String?
    var pin = 0
    var scopes: [String] = []

    static var saveFormat: ModelFormat { .keychain }
    static var resourceFile: String { "/nonexistent/Credentials.plist" }
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bmcrypto-keychain-\(UUID().uuidString)")
    static var secureStore: SecureStore { .fileVault(service: "Credentials", directory: folder) }
}

@Suite struct KeychainFormatTests {
    @Test func savesOneItemPerPropertyAndRemovesNil() throws {
        FormatRegistry.shared.register(KeychainStorage(), for: .keychain)
        defer { try? FileManager.default.removeItem(at: Credentials.folder) }
        let credentials = Credentials(user: "ada", token: "t0k3n", pin: 1234, scopes: ["read", "write"])
        try credentials.save()

        let store = SecureStores.store(for: Credentials.self)
        #expect(try store.accounts() == ["pin", "scopes", "token", "user"])
        #expect(try store.data(for: "user") == Data("ada".utf8))        // strings as UTF-8
        #expect(try store.data(for: "pin")?.starts(with: Data("bplist00".utf8)) == true)   // the rest as plists
        #expect(try store.value(for: "scopes") == ["read", "write"])

        Credentials.setSharedInstance(nil)
        #expect(Credentials.shared == credentials)

        var changed = credentials
        changed.token = nil
        try changed.save()
        #expect(try store.accounts() == ["pin", "scopes", "user"])
        try Credentials.reloadSharedInstance()
        #expect(Credentials.shared == changed)
    }

    @Test func stringsAndPlistGuard() throws {
        #expect(try SecureItemCoding.encode("hello") == Data("hello".utf8))
        #expect(try SecureItemCoding.decode(Data("hello".utf8)) == "hello")
        #expect(try SecureItemCoding.decode(SecureItemCoding.encode(42)) == 42)
        #expect(try SecureItemCoding.decode(SecureItemCoding.encode(["a": [1, 2]])) == ["a": [1, 2]])
        // A password that happens to be a binary plist (FXKeychain issue #7) reads back as itself.
        let tricky = String(decoding: try BinaryPropertyListCodec().encodeTree("a"), as: UTF8.self)
        #expect(tricky.hasPrefix("bplist"))
        let stored = try SecureItemCoding.encode(.string(tricky))
        #expect(stored != Data(tricky.utf8))
        #expect(try SecureItemCoding.decode(stored) == .string(tricky))
        // A string that only starts like one is stored as UTF-8.
        #expect(try SecureItemCoding.encode("bplist is a word") == Data("bplist is a word".utf8))
    }
}
