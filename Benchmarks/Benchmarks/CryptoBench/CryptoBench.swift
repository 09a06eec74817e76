import BaseModelCrypto
import Benchmark
import Crypto
import Foundation

// The cost of encryption over the plain format, on the twitter.json models
// (Tests/BaseModelTests/Corpus/TwitterModels.swift, linked here).
//
//   write/read json                         the plain format: model ⇄ JSON bytes (untyped tree)
//   write/read encrypted(json), key         the envelope with a raw key: typed tree, JSON, AES-256-GCM
//   write/read encrypted(json), scrypt      the same with the default password KDF (scrypt 2^15, 8, 1)
//   seal/open json bytes, key               AES-256-GCM alone (swift-crypto, the envelope's cipher), on the
//                                           JSON bytes written once; the envelope's header is a few dozen bytes more
//   write/read keyed-archive                the plain keyed archive (typed tree), the envelope's default inner format
//   write/read encrypted(keyed-archive), key  the envelope with its default inner format and a raw key
//   write/read crypto                       CryptoCoding v2: keyed archive, AES-128-CBC, PBKDF2-SHA1 1024 rounds,
//                                           all inside an outer keyed archive

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 500
    )

    let fixture = CryptoFixture()

    Benchmark("twitter write json") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try fixture.model.data(format: .json, context: ModelContext(formats: fixture.plain))) }
    }
    Benchmark("twitter write encrypted(json), key") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try fixture.model.data(format: .encrypted, context: ModelContext(formats: fixture.keyed))) }
    }
    Benchmark("twitter write encrypted(json), scrypt") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try fixture.model.data(format: .encrypted, context: ModelContext(formats: fixture.password))) }
    }
    Benchmark("twitter read json") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TwitterSearch(data: fixture.json, context: ModelContext(formats: fixture.plain))) }
    }
    Benchmark("twitter read encrypted(json), key") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TwitterSearch(data: fixture.sealedWithKey, context: ModelContext(formats: fixture.keyed))) }
    }
    Benchmark("twitter read encrypted(json), scrypt") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TwitterSearch(data: fixture.sealedWithPassword, context: ModelContext(formats: fixture.password))) }
    }
    Benchmark("twitter seal json bytes, key") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try AES.GCM.seal(fixture.json, using: fixture.key)) }
    }
    Benchmark("twitter open json bytes, key") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try AES.GCM.open(AES.GCM.SealedBox(combined: fixture.sealedBytes), using: fixture.key)) }
    }
    Benchmark("twitter write keyed-archive") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try fixture.model.data(format: .keyedArchive, context: ModelContext(formats: fixture.archive))) }
    }
    Benchmark("twitter write encrypted(keyed-archive), key") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try fixture.model.data(format: .encrypted, context: ModelContext(formats: fixture.keyedArchive))) }
    }
    Benchmark("twitter write crypto") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try fixture.model.data(format: .cryptoCoding, context: ModelContext(formats: fixture.archive))) }
    }
    Benchmark("twitter read keyed-archive") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TwitterSearch(data: fixture.archived, context: ModelContext(formats: fixture.archive))) }
    }
    Benchmark("twitter read encrypted(keyed-archive), key") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TwitterSearch(data: fixture.sealedArchive, context: ModelContext(formats: fixture.keyedArchive))) }
    }
    Benchmark("twitter read crypto") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TwitterSearch(data: fixture.cryptoArchive, context: ModelContext(formats: fixture.archive))) }
    }
}

/// The model, the registries and the files, made once outside the measured loops.
final class CryptoFixture: Sendable {
    let model: TwitterSearch
    let plain = FormatRegistry(codecs: [builtInCodec(.json)])
    let keyed = FormatRegistry(codecs: [builtInCodec(.json)])
    let password = FormatRegistry(codecs: [builtInCodec(.json)])
    /// The plain keyed archive and the crypto formats (CryptoCoding reads plain keyed archives too).
    let archive: FormatRegistry = {
        let registry = FormatRegistry(codecs: [builtInCodec(.keyedArchive)])
        CryptoFormats.register(passwords: .fixed("benchmark"), in: registry)
        return registry
    }()
    let keyedArchive = FormatRegistry(codecs: [builtInCodec(.keyedArchive)])
    /// The raw key of the `keyed` envelopes and of the cipher-alone measurements, as bytes
    /// (swift-crypto 3's `SymmetricKey` is not `Sendable`).
    let keyBytes: Data
    var key: SymmetricKey { SymmetricKey(data: keyBytes) }
    let json: Data
    let sealedWithKey: Data
    let sealedWithPassword: Data
    /// `json` sealed by AES-256-GCM alone: nonce, ciphertext and tag.
    let sealedBytes: Data
    let archived: Data
    let sealedArchive: Data
    let cryptoArchive: Data

    init() {
        let key = SymmetricKey(size: .bits256)
        keyBytes = key.withUnsafeBytes { Data($0) }
        do {
            model = try TwitterSearch(data: Corpus.data(named: "twitter.json"))
            keyed.register(CryptoFormats.envelope(key: key, inner: .json, formats: keyed))
            password.register(CryptoFormats.envelope(passwords: .fixed("benchmark"), inner: .json, formats: password))
            json = try model.data(format: .json, context: ModelContext(formats: plain))
            sealedWithKey = try model.data(format: .encrypted, context: ModelContext(formats: keyed))
            sealedWithPassword = try model.data(format: .encrypted, context: ModelContext(formats: password))
            guard let combined = try AES.GCM.seal(json, using: key).combined else { fatalError("CryptoBench: no combined box") }
            sealedBytes = combined
            keyedArchive.register(CryptoFormats.envelope(key: SymmetricKey(size: .bits256), inner: .keyedArchive, formats: keyedArchive))
            archived = try model.data(format: .keyedArchive, context: ModelContext(formats: archive))
            sealedArchive = try model.data(format: .encrypted, context: ModelContext(formats: keyedArchive))
            cryptoArchive = try model.data(format: .cryptoCoding, context: ModelContext(formats: archive))
            // The envelope must give the model back, or the numbers mean nothing.
            let decoded = [
                try TwitterSearch(data: sealedWithKey, context: ModelContext(formats: keyed)),
                try TwitterSearch(data: sealedWithPassword, context: ModelContext(formats: password)),
                try TwitterSearch(data: sealedArchive, context: ModelContext(formats: keyedArchive)),
                try TwitterSearch(data: cryptoArchive, context: ModelContext(formats: archive)),
                try TwitterSearch(data: archived, context: ModelContext(formats: archive)),
            ]
            precondition(decoded.allSatisfy { $0 == model }, "CryptoBench: a file did not give the model back")
            print("CryptoBench: bytes json \(json.count), encrypted(json) \(sealedWithKey.count), "
                + "keyed-archive \(archived.count), encrypted(keyed-archive) \(sealedArchive.count), crypto \(cryptoArchive.count)")
        } catch {
            fatalError("CryptoBench: cannot prepare the fixture: \(error)")
        }
    }
}

/// A codec the library ships, from the shared registry (the codec types themselves are internal).
func builtInCodec(_ format: ModelFormat) -> any FormatCodec {
    do { return try FormatRegistry.shared.codec(for: format) } catch { fatalError("CryptoBench: no codec for \(format): \(error)") }
}
