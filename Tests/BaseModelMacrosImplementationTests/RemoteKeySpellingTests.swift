@testable import BaseModel
@testable import BaseModelMacrosImplementation
import Testing

/// The macro restates how BaseModel spells remote keys (it cannot link BaseModel): both must
/// give the same keys, or the macro would miss two properties mapped to one key, or see one
/// that is not there.
@Suite struct RemoteKeySpellingTests {
    static let names = [
        "id", "userID", "URLString", "createdAt2", "screenName", "profileImageUrlHttps", "a", "", "ID", "iOSVersion",
        "HTMLParser", "value2x", "x2Y", "émojiÉtat",
    ]

    @Test(arguments: [(KeyCase.unchanged, "unchanged"), (.snakeCase, "snakeCase"), (.kebabCase, "kebabCase"), (.pascalCase, "pascalCase")])
    func keyCasesSpellNamesAsBaseModelDoes(keyCase: KeyCase, name: String) {
        for property in Self.names {
            #expect(RemoteKeySpelling.key(for: property, keyCase: name) == keyCase.remoteKey(for: property), "\(property)")
        }
    }

    @Test func pathsSplitAsBaseModelSplitsThem() {
        for path in ["a", "a.b", "images.0.url", "a\\.b", "a\\\\.b", "a..b", ".", "", "a\\", "venue.address.city"] {
            #expect(RemoteKeySpelling.parse(path) == RemoteKeyPath(path).primary.map(\.key), "\(path)")
        }
    }
}
