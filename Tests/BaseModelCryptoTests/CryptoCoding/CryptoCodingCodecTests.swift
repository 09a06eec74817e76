@testable import BaseModelCrypto
import Foundation
import Testing

@Suite struct CryptoCodingCodecTests {
    let models = TestRegistries.models()

    /// An archive assembled by hand, step by step as CryptoCoding does, from a fixed IV, salt
    /// and password, and read back by the codec.
    @Test func handBuiltVersion2ArchiveDecodes() throws {
        let iv = KnownAnswerTests.iv, salt = KnownAnswerTests.salt
        let typed = try ModelEncoder(registry: models).encode(Note.sample)
        let plaintext = try KeyedArchiveCodec().encodeTree(typed)
        let cypher = try CryptoCoding.encrypt(plaintext, password: "Top Secret", iv: iv, salt: salt)
        let outer = try KeyedArchiveCodec().encodeTree([
            "$class": "CryptoArchive", "iv": .data(iv), "salt": .data(salt), "cypher": .data(cypher),
            "className": "Note", "version": 2.0,
        ])
        let formats = TestRegistries.withCrypto(passwords: .fixed("Top Secret"))
        #expect(try formats.detect(outer).format == .cryptoCoding)
        #expect(try Note(data: outer, context: ModelContext(formats: formats, types: models)) == .sample)

        // The codec's own writer, given the same IV and salt, makes the same cypher.
        let codec = CryptoCodingCodec(passwords: .fixed("Top Secret"))
        let written = try KeyedArchiveCodec().decodeTree(from: codec.encodeTree(typed, iv: iv, salt: salt))
        #expect(written["cypher"] == .data(cypher))
        #expect(written["className"] == "Note")
        #expect(written["version"] == 2.0)
        #expect(written["$class"] == "CryptoArchive")
    }

    @Test func version1ArchiveDecodes() throws {
        let iv = KnownAnswerTests.iv, salt = KnownAnswerTests.salt
        let plaintext = try KeyedArchiveCodec().encodeTree(try ModelEncoder(registry: models).encode(Note.sample))
        let cypher = try CryptoCoding.encrypt(plaintext, password: "old", iv: iv, salt: salt, version: 1.0)
        let outer = try KeyedArchiveCodec().encodeTree([
            "$class": "CryptoArchive", "iv": .data(iv), "salt": .data(salt), "cypher": .data(cypher),
            "className": "Note", "version": 1.0,
        ])
        let formats = TestRegistries.withCrypto(passwords: .fixed("old"))
        #expect(try Note(data: outer, context: ModelContext(formats: formats, types: models)) == .sample)
    }

    @Test func version3IsRejected() throws {
        let outer = try KeyedArchiveCodec().encodeTree([
            "$class": "CryptoArchive", "iv": .data(KnownAnswerTests.iv), "salt": .data(KnownAnswerTests.salt),
            "cypher": .data(Data(count: 32)), "className": "Note", "version": 3.0,
        ])
        let error = try #require(throws: ModelError.self) {
            try CryptoCodingCodec(passwords: .fixed("x")).decodeTree(from: outer)
        }
        guard case .unsupported(let why) = error.reason else { Issue.record("got \(error)"); return }
        #expect(why.contains("version 3"))
    }

    /// Issue 16: a version too large for an `Int` (1e19), infinite or NaN used to end the
    /// process in the Double → Int conversion; each is now a typed error at `version`.
    @Test(arguments: [1e19, -1e19, Double.infinity, Double.nan, 9.3e18, 3.0])
    func hostileVersionIsATypedError(_ version: Double) throws {
        let outer = try KeyedArchiveCodec().encodeTree([
            "$class": "CryptoArchive", "iv": .data(KnownAnswerTests.iv), "salt": .data(KnownAnswerTests.salt),
            "cypher": .data(Data(count: 32)), "className": "Note", "version": .double(version),
        ])
        let error = try #require(throws: ModelError.self) {
            try CryptoCodingCodec(passwords: .fixed("x")).decodeTree(from: outer)
        }
        guard case .unsupported = error.reason else { Issue.record("got \(error)"); return }
        #expect(error.path == ModelPath([.key("version")]))
    }

    /// Integer versions, however large, are versions too: unsupported, not a type mismatch.
    @Test(arguments: [ModelValue.integer(.max), .integer(.min), .unsignedInteger(.max), .integer(3)])
    func hostileIntegerVersionIsATypedError(_ version: ModelValue) throws {
        let outer = try KeyedArchiveCodec().encodeTree([
            "$class": "CryptoArchive", "iv": .data(KnownAnswerTests.iv), "salt": .data(KnownAnswerTests.salt),
            "cypher": .data(Data(count: 32)), "className": "Note", "version": version,
        ])
        let error = try #require(throws: ModelError.self) {
            try CryptoCodingCodec(passwords: .fixed("x")).decodeTree(from: outer)
        }
        guard case .unsupported = error.reason else { Issue.record("got \(error)"); return }
        #expect(error.path == ModelPath([.key("version")]))
    }

    @Test func modelTypePasswordRoundTrip() throws {
        let formats = TestRegistries.coreFormats()
        formats.register(CryptoCodingCodec(passwords: .modelTypes(in: models)))
        let diary = Diary(entries: ["Dear diary", "Today I wrote a codec"])
        let bytes = try diary.data(format: .cryptoCoding, context: ModelContext(formats: formats, types: models))
        #expect(bytes.range(of: Data("Dear diary".utf8)) == nil)
        #expect(try Diary(data: bytes, context: ModelContext(formats: formats, types: models)) == diary)
    }

    @Test func plainKeyedArchivePassesThrough() throws {
        let plain = try Note.sample.data(format: .keyedArchive, context: ModelContext(types: models))
        let codec = CryptoCodingCodec(passwords: .none)
        #expect(codec.confidence(for: plain) == nil)
        #expect(try codec.decodeTree(from: plain) == KeyedArchiveCodec().decodeTree(from: plain))
    }

    @Test func wrongPasswordIsReported() throws {
        let formats = TestRegistries.withCrypto(passwords: .fixed("right"))
        let bytes = try Note.sample.data(format: .cryptoCoding, context: ModelContext(formats: formats, types: models))
        // Many wrong passwords, so the 1-in-256 padding accident is met too.
        for attempt in 0..<300 {
            let error = try #require(throws: ModelError.self) {
                try CryptoCodingCodec(passwords: .fixed("wrong \(attempt)")).decodeTree(from: bytes)
            }
            #expect(error.reason == .wrongPassword)
        }
    }

    @Test func missingPasswordIsReported() throws {
        let formats = TestRegistries.withCrypto(passwords: .fixed("right"))
        let bytes = try Note.sample.data(format: .cryptoCoding, context: ModelContext(formats: formats, types: models))
        let error = try #require(throws: ModelError.self) { try CryptoCodingCodec(passwords: .none).decodeTree(from: bytes) }
        #expect(error.cryptoError == .passwordRequired)
    }
}
