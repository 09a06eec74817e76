@testable import BaseModelCrypto
import Foundation

/// A small model of every kind of value the formats share.
struct Note: Model, Equatable {
    var title = ""
    var count = 0
    var done = false
    var rating = 0.0
    var tags: [String] = []
    var author = Author()
    var subtitle: String?
}

struct Author: Model, Equatable {
    var name = ""
    var age = 0
}

extension Note {
    static let sample = Note(
        title: "Groceries", count: 3, done: true, rating: 4.5, tags: ["milk", "eggs"],
        author: Author(name: "Ada", age: 36), subtitle: "for Sunday")
}

/// A model with its own password, CryptoCoding's `+CCPassword`.
final class Diary: EncryptedModel, Equatable, @unchecked Sendable {
    var entries: [String] = []
    required init() {}
    init(entries: [String]) { self.entries = entries }
    static var password: String { "diary password" }
    static func == (lhs: Diary, rhs: Diary) -> Bool { lhs.entries == rhs.entries }
}

/// Registries of their own, so tests never depend on global registration.
enum TestRegistries {
    /// The core's codecs.
    static func coreFormats() -> FormatRegistry {
        let shared = FormatRegistry.shared
        let crypto: Set<ModelFormat> = [.cryptoCoding, .encrypted]
        return FormatRegistry(codecs: shared.formats.filter { !crypto.contains($0) }.compactMap { try? shared.codec(for: $0) })
    }

    /// The core's codecs plus the crypto ones with `passwords` and a fast KDF.
    static func withCrypto(passwords: PasswordProvider, kdf: EnvelopeKDF = .fast, inner: ModelFormat = .keyedArchive) -> FormatRegistry {
        let formats = coreFormats()
        formats.register(CryptoCodingCodec(passwords: passwords))
        formats.register(EnvelopeCodec(secret: .passwords(passwords), kdf: kdf, inner: inner, formats: formats))
        return formats
    }

    /// A model registry holding the fixtures.
    static func models() -> ModelRegistry {
        let registry = ModelRegistry()
        registry.register(Note.self)
        registry.register(Author.self)
        registry.register(Diary.self)
        return registry
    }
}

extension EnvelopeKDF {
    /// Cheap parameters for tests (never for real files).
    static let fast = EnvelopeKDF.scrypt(logN: 4, r: 8, p: 1)
}

/// A fresh temporary folder, removed by the caller with `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bmcrypto-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
