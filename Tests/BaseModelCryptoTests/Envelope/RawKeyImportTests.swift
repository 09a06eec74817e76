import BaseModelCrypto
import Foundation
import Testing

/// `import BaseModelCrypto` alone is enough to seal with a raw key: `SymmetricKey` comes with it.
@Suite struct RawKeyImportTests {
    struct Note: Model, Equatable { var text = "" }

    @Test func aRawKeyNeedsNoOtherImport() throws {
        let key = SymmetricKey(size: .bits256)
        let formats = FormatRegistry()
        formats.register(CryptoFormats.envelope(key: key, formats: .shared))
        let context = ModelContext(formats: formats)
        let sealed = try Note(text: "secret").data(format: .encrypted, context: context)
        #expect(sealed.range(of: Data("secret".utf8)) == nil)
        #expect(try Note(data: sealed, context: context) == Note(text: "secret"))
    }
}
