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

/// The password of an `EncryptedModel` is found in the model types of the context a model is
/// read or written with, not only in `ModelRegistry.shared`.
@Suite struct ContextPasswordTests {
    /// Registered in no registry but the tests' own.
    final class ContextOnlyNotebook: EncryptedModel, Equatable, @unchecked Sendable {
        var pages: [String] = []
        required init() {}
        init(pages: [String]) { self.pages = pages }
        static var password: String { "notebook password" }
        static func == (lhs: ContextOnlyNotebook, rhs: ContextOnlyNotebook) -> Bool { lhs.pages == rhs.pages }
    }

    @Test("a model type registered only in the context finds its password, in both encrypted formats",
          arguments: [ModelFormat.encrypted, .cryptoCoding])
    func passwordFromTheContextsTypes(format: ModelFormat) throws {
        #expect(ModelRegistry.shared.type(named: "ContextOnlyNotebook") == nil)
        let types = ModelRegistry()
        types.register(ContextOnlyNotebook.self)
        let formats = TestRegistries.withCrypto(passwords: .modelTypes())
        let context = ModelContext(formats: formats, types: types)
        let notebook = ContextOnlyNotebook(pages: ["day one"])
        let sealed = try notebook.data(format: format, context: context)
        #expect(try ContextOnlyNotebook(data: sealed, context: context) == notebook)
        // The same bytes with the shared types: no type names the password.
        let error = #expect(throws: ModelError.self) { try ContextOnlyNotebook(data: sealed, context: ModelContext(formats: formats)) }
        #expect(error?.description.contains("password") == true, "\(String(describing: error))")
    }
}
