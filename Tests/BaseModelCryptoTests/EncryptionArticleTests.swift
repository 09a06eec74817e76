import BaseModelCrypto
import Foundation
import Testing

/// The article "Encryption and the secure store", compiled and run: its Swift blocks appear here
/// line for line (`DocumentationCodeTests` checks that).
func loadPasswordFromSomewhereSafe() -> String { "journal password" }

final class Journal: EncryptedModel {                 // CryptoCoding's +CCPassword (a SharedModel)
    var entries: [String] = []
    required init() {}
    static var password: String { loadPasswordFromSomewhereSafe() }
}

@Suite("Article: Encryption") struct EncryptionArticleTests {
    @Test func sealedSavesAndCryptoCodingFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("EncryptionArticle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ModelLocations.withApplicationSupport(folder) {
            Journal.setSharedInstance(nil)
            defer { Journal.setSharedInstance(nil) }
            let journal = Journal()
            journal.entries = ["Dear diary"]
            Journal.shared.entries = ["Today"]

            CryptoFormats.register()                              // EncryptedModel passwords only
            CryptoFormats.register(passwords: .environment())     // … and BASEMODEL_PASSWORD as a fallback
            ModelRegistry.shared.register(Journal.self)           // files name "Journal"; the password is found by that name
            try Journal.shared.save()                             // EncryptedModel's saveFormat is .encrypted
            try journal.write(to: "Old.plist", format: .cryptoCoding) // for the Objective-C app

            let sealed = try Data(contentsOf: folder.appendingPathComponent(Journal.saveFile))
            #expect(sealed.starts(with: Data("BMSEAL".utf8)))
            #expect(sealed.range(of: Data("Today".utf8)) == nil)
            Journal.setSharedInstance(nil)
            #expect(Journal.shared.entries == ["Today"])
            #expect(try Journal(contentsOf: "Old.plist").entries == ["Dear diary"])
        }
    }
}
