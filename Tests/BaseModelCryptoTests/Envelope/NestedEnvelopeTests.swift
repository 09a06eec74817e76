@testable import BaseModelCrypto
import Crypto
import Foundation
import Testing

/// A save file of ``NestedEnvelopeTests``: its password is its own.
final class Strongbox: EncryptedModel, @unchecked Sendable {
    var entries: [String] = []
    required init() {}
    static var password: String { "strongbox password" }
}

/// Issue 30, item 6: envelopes inside envelopes, 300 deep (28 KB), overflowed a 512 KiB stack;
/// 5,000 deep crashed on 8 MiB, and memory grew with the square of the depth. An envelope
/// sealing an envelope is refused, and any format inside an envelope (CryptoCoding's archive
/// too) counts one level of the decode's one depth limit and spends from its one budget.
@Suite struct NestedEnvelopeTests {
    // MARK: - Generators

    /// An authentic envelope around `bytes` whose header names `innerFormat`, which the codec
    /// refuses to write when it is `encrypted`: made here from the header and AES-GCM. With a
    /// password, the header asks for one round of PBKDF2 (a file chooses its KDF).
    static func envelope(sealing bytes: Data, innerFormat: String, key: SymmetricKey? = nil, password: String? = nil, label: String = "") throws -> Data {
        let kdf: EnvelopeKDF = key == nil ? .pbkdf2SHA256(rounds: 1) : .rawKey
        let salt = Data(count: 16)
        let master = try key ?? kdf.masterKey(password: password ?? "", salt: salt)
        let keys = EnvelopeKeys(master: master)
        let header = try EnvelopeHeader(
            kdf: kdf, salt: salt, nonce: Data(repeating: 7, count: 12), keyCheck: keys.check, innerFormat: innerFormat, label: label
        ).encoded()
        let box = try AES.GCM.seal(bytes, using: keys.encryption, nonce: try AES.GCM.Nonce(data: header[38..<50]), authenticating: header)
        return header + box.ciphertext + box.tag
    }

    /// `depth` envelopes, each sealing the next, around a JSON object; with `through`, each
    /// envelope seals that format's bytes, which hold the next envelope.
    static func nested(
        _ depth: Int, key: SymmetricKey? = nil, password: String? = nil, label: String = "", through wrapper: String? = nil
    ) throws -> Data {
        var bytes = Data(#"{"entries": ["deep"]}"#.utf8)
        var format = "json"
        for _ in 0..<depth {
            if let wrapper {
                bytes = try envelope(sealing: Data(WrapCodec.magic.utf8) + bytes, innerFormat: wrapper, key: key, password: password, label: label)
            } else {
                bytes = try envelope(sealing: bytes, innerFormat: format, key: key, password: password, label: label)
            }
            format = ModelFormat.encrypted.rawValue
        }
        return bytes
    }

    /// A format that holds another's bytes after a magic, and reads them as a codec of users
    /// might: with the registry, counting no depth of its own.
    struct WrapCodec: FormatCodec {
        static let magic = "WRAP"
        let formats: FormatRegistry
        var format: ModelFormat { ModelFormat(rawValue: "wrap") }
        var fileExtension: String { "wrap" }
        func confidence(for data: Data) -> Int? { data.starts(with: Data(Self.magic.utf8)) ? 100 : nil }
        var storesTypes: Bool { false }
        func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode] {
            let inner = data.dropFirst(Self.magic.utf8.count)
            return try formats.detect(inner).decodeGraph(from: inner)
        }
        func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data {
            Data(Self.magic.utf8) + (try formats.codec(for: .json).encodeGraph(graph))
        }
    }

    static var key: SymmetricKey { SymmetricKey(data: Data(repeating: 1, count: 32)) }

    /// The core's codecs, an envelope with ``key`` and the wrapper.
    static func formats() -> FormatRegistry {
        let formats = TestRegistries.coreFormats()
        formats.register(EnvelopeCodec(secret: .key(key), inner: .json, formats: formats))
        formats.register(WrapCodec(formats: formats))
        return formats
    }

    static func isDepthError(_ error: ModelError?) -> Bool {
        guard let error, case .unsupported(let why) = error.reason else { return false }
        return why.hasSuffix("depth limit of \(DecodingLimits.standard.maximumDepth) (DecodingLimits.maximumDepth)")
    }

    // MARK: - Envelopes in envelopes

    @Test("envelopes 300 deep are an error, not a crash, on a 512 KiB stack")
    func nestedEnvelopesOnASmallStack() throws {
        let data = try Self.nested(300, key: Self.key)
        #expect(data.count < 30_000, "\(data.count) bytes")
        let formats = Self.formats()
        let (error, stack) = SmallStackThread.run { () -> (ModelError?, Int?) in
            let stack = StackReserve.remainingStack()
            do throws(ModelError) {
                _ = try ModelValue(data: data, context: ModelContext(formats: formats))
                return (nil, stack)
            } catch {
                return (error, stack)
            }
        }
        #expect(stack.map { $0 <= SmallStackThread.size } ?? true, "the thread's stack is not small: \(stack ?? 0)")
        #expect(error == EnvelopeCodec.envelopeInEnvelope, "\(String(describing: error))")
        #expect(error?.format == .encrypted)
    }

    @Test("envelopes 5,000 deep are an error at once, without reading past the first")
    func thousandsOfEnvelopes() throws {
        let data = try Self.nested(5_000, key: Self.key)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: ModelError.self) { try ModelValue(data: data, context: ModelContext(formats: Self.formats())) }
        #expect(error == EnvelopeCodec.envelopeInEnvelope)
        #expect(clock.now - start < .seconds(2))
    }

    @Test("an envelope never seals an envelope")
    func sealingAnEnvelopeIsRefused() throws {
        let codec = EnvelopeCodec(secret: .key(Self.key), inner: .encrypted, formats: Self.formats())
        #expect(throws: EnvelopeCodec.envelopeInEnvelope) { try codec.encodeTree(["a": 1]) }
        #expect(throws: EnvelopeCodec.envelopeInEnvelope) { try codec.seal(Data("x".utf8), format: .encrypted, label: "") }
        // One level is fine, whatever the registry's envelope seals.
        #expect(try Self.formats().codec(for: .encrypted).decodeTree(from: try Self.nested(1, key: Self.key)) == ["entries": ["deep"]])
    }

    // MARK: - One depth limit through other formats

    @Test("envelopes through another format count towards the depth limit, on a 512 KiB stack")
    func envelopesThroughAnotherFormat() throws {
        let limit = DecodingLimits.standard.maximumDepth
        let formats = Self.formats()
        let tooDeep = try Self.nested(limit, key: Self.key, through: "wrap")
        let fits = try Self.nested(limit - 2, key: Self.key, through: "wrap")
        let (deep, shallow) = SmallStackThread.run {
            (Result { () throws(ModelError) -> ModelValue in try ModelValue(data: tooDeep, context: ModelContext(formats: formats)) },
             Result { () throws(ModelError) -> ModelValue in try ModelValue(data: fits, context: ModelContext(formats: formats)) })
        }
        guard case .failure(let error) = deep else {
            Issue.record("\(limit) envelopes were read")
            return
        }
        #expect(Self.isDepthError(error), "\(error)")
        #expect(error.format == .encrypted)
        #expect(try shallow.get() == ["entries": ["deep"]])
    }

    @Test("CryptoCoding's archive is one level deeper and shares the file's budget")
    func cryptoCodingArchiveIsNested() throws {
        let codec = CryptoCodingCodec(passwords: .fixed("pw"))
        let tree: ModelValue = ["$class": "Note", "items": .array((0..<100).map { .integer(Int64($0)) })]
        let data = try codec.encodeTree(tree)
        // The smallest budget that reads the archive inside on its own; the CryptoArchive
        // around it holds 7 values more, which the file's one budget must pay for too.
        let inner = try KeyedArchiveCodec().encodeTree(tree)
        let alone = try #require(Self.smallestBudget { budget in _ = try ModelValue(data: inner, context: ModelContext(limits: DecodingLimits(maximumValues: budget))) })
        let formats = TestRegistries.withCrypto(passwords: .fixed("pw"))
        func read(budget: Int) throws -> ModelValue {
            try ModelValue(data: data, context: ModelContext(formats: formats, limits: DecodingLimits(maximumValues: budget)))
        }
        let error = try #require(throws: ModelError.self) { try read(budget: alone) }
        #expect("\(error)".contains("more than \(alone) values (DecodingLimits.maximumValues)"), "\(error)")
        #expect(try read(budget: alone + 7) == tree)

        // The deepest archive a file holds alone is one level too deep inside CryptoCoding.
        let limit = DecodingLimits.standard.maximumDepth
        var deep: ModelValue = 1
        for _ in 0..<limit { deep = .array([deep]) }
        let deeper = ModelContext(limits: DecodingLimits(maximumDepth: limit + 2))
        let deepData = try deeper.withLimits { () throws(ModelError) in try codec.encodeTree(deep) }
        let deepArchive = try deeper.withLimits { () throws(ModelError) in try KeyedArchiveCodec().encodeTree(deep) }
        #expect(try ModelValue(data: deepArchive) == deep)
        let tooDeep = try #require(throws: ModelError.self) { try ModelValue(data: deepData, context: ModelContext(formats: formats)) }
        #expect(Self.isDepthError(tooDeep), "\(tooDeep)")
    }

    /// The smallest `DecodingLimits.maximumValues` under which `body` succeeds, up to 10,000.
    static func smallestBudget(_ body: (Int) throws -> Void) -> Int? {
        func succeeds(_ budget: Int) -> Bool { (try? body(budget)) != nil }
        var (low, high) = (1, 10_000)
        guard succeeds(high) else { return nil }
        while low < high {
            let middle = (low + high) / 2
            if succeeds(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: - As a save file

    @Test("a save file of nested envelopes is quarantined, on a 512 KiB stack")
    func nestedSaveFileIsQuarantined() throws {
        CryptoFormats.register()
        ModelRegistry.shared.register(Strongbox.self)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("NestedEnvelope-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = try Self.nested(300, password: Strongbox.password, label: "Strongbox")
        try hostile.write(to: folder.appendingPathComponent(Strongbox.saveFile))

        let (entries, failure) = SmallStackThread.run {
            ModelLocations.withApplicationSupport(folder) {
                Strongbox.setSharedInstance(nil)
                defer { Strongbox.setSharedInstance(nil) }
                return (Strongbox.shared.entries, Strongbox.sharedInstanceFailure)
            }
        }
        #expect(entries == [])
        #expect(failure?.error.reason == EnvelopeCodec.envelopeInEnvelope.reason, "\(String(describing: failure))")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("unreadable") }
        #expect(kept.count == 1, "\(kept)")
        #expect(try Data(contentsOf: folder.appendingPathComponent(kept.first ?? "")) == hostile)
    }

    // MARK: - Fuzz seeds

    /// The fuzz envelope target's key (`FuzzEnvironment.key`) and CryptoCoding password.
    static var fuzzKey: SymmetricKey { SymmetricKey(data: Data((0..<32).map { UInt8($0) })) }
    static let fuzzPassword = "fuzz password"

    /// Envelopes in envelopes, and an envelope around a CryptoCoding file, as seeds of the
    /// `envelope` fuzz target: `Fuzz/run.sh` adds the files of `Fuzz/Seeds/envelope` to the seeds
    /// the target writes.
    static func fuzzSeeds() throws -> [(name: String, bytes: Data)] {
        let crypto = try CryptoCodingCodec(passwords: .fixed(fuzzPassword)).encodeTree(
            ["$class": "FuzzItem", "label": "inside"], iv: Data(repeating: 3, count: 16), salt: Data(repeating: 4, count: 8))
        return [
            ("nested-2.sealed", try nested(2, key: fuzzKey)),
            ("nested-100.sealed", try nested(100, key: fuzzKey)),
            ("sealed-crypto.sealed", try envelope(sealing: crypto, innerFormat: ModelFormat.cryptoCoding.rawValue, key: fuzzKey)),
        ]
    }

    @Test("Fuzz/Seeds/envelope holds these shapes (BASEMODEL_WRITE_FUZZ_SEEDS=1 writes them)")
    func fuzzSeedsAreCommitted() throws {
        let seeds = try Self.fuzzSeeds()
        var root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        for _ in 0..<4 { root.deleteLastPathComponent() }
        let folder = root.appendingPathComponent("Fuzz/Seeds/envelope")
        if ProcessInfo.processInfo.environment["BASEMODEL_WRITE_FUZZ_SEEDS"] != nil {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for seed in seeds { try seed.bytes.write(to: folder.appendingPathComponent(seed.name)) }
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(seeds.map(\.name)))
        for seed in seeds {
            #expect(try Data(contentsOf: folder.appendingPathComponent(seed.name)) == seed.bytes, "\(seed.name)")
        }
    }
}
