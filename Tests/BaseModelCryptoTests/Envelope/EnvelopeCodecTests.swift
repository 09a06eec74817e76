@testable import BaseModelCrypto
import Crypto
import Foundation
import Testing

@Suite struct EnvelopeCodecTests {
    let models = TestRegistries.models()

    /// Every format of the core registry, sealed and opened again.
    static let innerFormats: [ModelFormat] = TestRegistries.coreFormats().formats

    @Test(arguments: innerFormats) func roundTripWithInnerFormat(_ inner: ModelFormat) throws {
        let formats = TestRegistries.withCrypto(passwords: .fixed("pw"), inner: inner)
        let sealed = try Note.sample.data(format: .encrypted, context: ModelContext(formats: formats, types: models))
        #expect(try formats.detect(sealed).format == .encrypted)
        let (format, plaintext) = try EnvelopeCodec(secret: .passwords(.fixed("pw")), formats: formats).open(sealed)
        #expect(format == inner)
        // The inner bytes are the typed tree in that format (in JSON or a plist: HRCoder's shape).
        #expect(try formats.codec(for: inner).decodeTree(from: plaintext) == ModelEncoder(registry: models).encode(Note.sample))
        #expect(try Note(data: sealed, context: ModelContext(formats: formats, types: models)) == .sample)
        #expect(sealed.range(of: Data("Groceries".utf8)) == nil)
    }

    @Test func roundTripWithEachKDF() throws {
        for kdf in [EnvelopeKDF.fast, .pbkdf2SHA256(rounds: 1000)] {
            let formats = TestRegistries.withCrypto(passwords: .fixed("pw"), kdf: kdf)
            let sealed = try Note.sample.data(format: .encrypted, context: ModelContext(formats: formats, types: models))
            #expect(try Note(data: sealed, context: ModelContext(formats: formats, types: models)) == .sample)
        }
    }

    @Test func rawKeyRoundTrip() throws {
        let key = SymmetricKey(size: .bits256)
        let codec = EnvelopeCodec(secret: .key(key), inner: .json)
        let sealed = try codec.seal(Data("{\"a\":1}".utf8), format: .json, label: "")
        #expect(try codec.decodeTree(from: sealed) == ["a": 1])
        let other = EnvelopeCodec(secret: .key(SymmetricKey(size: .bits256)))
        #expect(throws: ModelError(.wrongPassword, format: "encrypted")) { try other.decodeTree(from: sealed) }
    }

    /// The label is the root's type name: an EncryptedModel's own password is found by it.
    @Test func modelTypePassword() throws {
        let formats = TestRegistries.coreFormats()
        formats.register(EnvelopeCodec(secret: .passwords(.modelTypes(in: models)), kdf: .fast, formats: formats))
        let diary = Diary(entries: ["one", "two"])
        let sealed = try diary.data(format: .encrypted, context: ModelContext(formats: formats, types: models))
        #expect(try Diary(data: sealed, context: ModelContext(formats: formats, types: models)) == diary)
        #expect(sealed.range(of: Data("Diary".utf8)) != nil)   // the label is readable, by design
    }

    @Test func wrongPassword() throws {
        let sealed = try EnvelopeCodec(secret: .passwords(.fixed("right")), kdf: .fast).seal(Data("x".utf8), format: .json, label: "")
        let error = try #require(throws: ModelError.self) {
            try EnvelopeCodec(secret: .passwords(.fixed("wrong"))).open(sealed)
        }
        #expect(error.reason == .wrongPassword)
    }

    @Test func missingPassword() throws {
        let sealed = try EnvelopeCodec(secret: .passwords(.fixed("right")), kdf: .fast).seal(Data("x".utf8), format: .json, label: "Note")
        let error = try #require(throws: ModelError.self) { try EnvelopeCodec(secret: .passwords(.none)).open(sealed) }
        #expect(error.cryptoError == .passwordRequired)
        #expect(error.reason == .passwordRequired("the envelope holds Note and no password is known for it"))
        #expect("\(error)".contains("a password is required: the envelope holds Note"))
    }

    /// Every byte of a small envelope flipped in turn, and every truncation: never garbage.
    @Test(arguments: [EnvelopeKDF.rawKey, .fast]) func everyFlippedByteIsDetected(_ kdf: EnvelopeKDF) throws {
        let key = SymmetricKey(size: .bits256)
        let codec = kdf == .rawKey ? EnvelopeCodec(secret: .key(key)) : EnvelopeCodec(secret: .passwords(.fixed("pw")), kdf: kdf)
        let sealed = try codec.seal(Data("{\"label\":\"Buy milk\"}".utf8), format: .json, label: "TodoItem")
        #expect(try codec.open(sealed).bytes == Data("{\"label\":\"Buy milk\"}".utf8))
        for index in sealed.indices {
            for mask: UInt8 in [0x01, 0x80] {
                var damaged = sealed
                damaged[index] ^= mask
                let error = try #require(throws: ModelError.self, "byte \(index) ^ \(mask)") { try codec.open(damaged) }
                #expect(error.reason == .authenticationFailed || error.reason == .truncated, "byte \(index): \(error)")
            }
        }
        for length in 0..<sealed.count {
            let error = try #require(throws: ModelError.self, "length \(length)") { try codec.open(sealed.prefix(length)) }
            #expect(error.reason == .authenticationFailed || error.reason == .truncated, "length \(length): \(error)")
        }
    }

    @Test func laterVersionIsRejected() throws {
        let codec = EnvelopeCodec(secret: .key(SymmetricKey(size: .bits256)))
        var sealed = try codec.seal(Data("{}".utf8), format: .json, label: "")
        let headerLength = Int(sealed[8]) << 8 | Int(sealed[9])
        sealed[6] = 2
        // Re-checksum the header, as a writer of a later version would.
        sealed.replaceSubrange((headerLength - 8)..<headerLength, with: Data(SHA256.hash(data: sealed.prefix(headerLength - 8)).prefix(8)))
        let error = try #require(throws: ModelError.self) { try codec.open(sealed) }
        guard case .unsupported(let why) = error.reason else { Issue.record("got \(error)"); return }
        #expect(why.contains("version 2"))
    }

    /// Issue 16: a header length field just over the 4096 bytes the reader looks at used to
    /// slice past them and end the process; every impossible length is now a typed error.
    @Test(arguments: [4097, 4200, 65535, 0, 67])
    func impossibleHeaderLengthIsATypedError(_ length: Int) throws {
        let codec = EnvelopeCodec(secret: .key(SymmetricKey(size: .bits256)))
        var sealed = try codec.seal(Data("{}".utf8), format: .json, label: "")
        sealed[8] = UInt8(length >> 8)
        sealed[9] = UInt8(length & 0xFF)
        sealed.append(Data(count: 70_000))   // long enough that the length is not simply truncated
        let error = try #require(throws: ModelError.self) { try codec.open(sealed) }
        #expect(error.reason == .authenticationFailed, "\(error)")
        #expect(throws: ModelError.self) { try codec.decodeTree(from: sealed) }
    }

    @Test func hostileKDFParametersAreRefused() {
        #expect(throws: ModelError.self) { try EnvelopeKDF.scrypt(logN: 30, r: 8, p: 1).validate() }
        #expect(throws: ModelError.self) { try EnvelopeKDF.scrypt(logN: 20, r: 32, p: 16).validate() }
        #expect(throws: ModelError.self) { try EnvelopeKDF.pbkdf2SHA256(rounds: 0).validate() }
        #expect(throws: Never.self) { try EnvelopeKDF.strong.validate() }
        #expect(throws: Never.self) { try EnvelopeKDF.strongPBKDF2.validate() }
    }
}
