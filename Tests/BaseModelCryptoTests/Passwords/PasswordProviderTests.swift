@testable import BaseModelCrypto
import Foundation
import Testing

@Suite struct PasswordProviderTests {
    @Test func modelTypesThenFallback() {
        let provider = PasswordProvider.modelTypes(in: TestRegistries.models()).or(.fixed("fallback"))
        #expect(provider.password(for: "Diary") == "diary password")   // an EncryptedModel
        #expect(provider.password(for: "Note") == "fallback")           // registered, not encrypted
        #expect(provider.password(for: "Unknown") == "fallback")
        #expect(provider.password(for: nil) == "fallback")
        #expect(PasswordProvider.none.password(for: "Diary") == nil)
    }

    @Test func environmentVariable() {
        // PATH is set in every test environment; an unset name gives nothing.
        #expect(PasswordProvider.environment("PATH").password(for: nil) == ProcessInfo.processInfo.environment["PATH"])
        #expect(PasswordProvider.environment("BASEMODEL_TEST_UNSET_\(UUID().uuidString)").password(for: nil) == nil)
    }

    @Test func encryptedModelsSaveInTheEnvelopeByDefault() {
        struct Plain: SharedModel { var text = "" }
        func saveFormat<M: SharedModel>(of type: M.Type) -> ModelFormat { M.saveFormat }   // what save() sees
        #expect(saveFormat(of: Diary.self) == .encrypted)
        #expect(saveFormat(of: Plain.self) == .keyedArchive)
    }

    @Test func overlongLabelIsRefused() {
        let codec = EnvelopeCodec(secret: .passwords(.fixed("pw")), kdf: .fast)
        #expect(throws: ModelError.self) { try codec.seal(Data(), format: .json, label: String(repeating: "x", count: 256)) }
    }
}
