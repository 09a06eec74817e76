@testable import BaseModelCrypto
import Foundation
import Testing

/// The files CryptoCoding 1.1.1 wrote (`../shared/corpus/originals/`: its `CryptoArchive` around
/// a keyed archive, `.crypto`, and `secret.cryptocoder` through its `CryptoCoder` API, all with
/// the password `interop-password`) open with the originals' values and sharing, and write back
/// as CryptoCoding files that keep them.
@Suite("CryptoCoding's own files", .corpus)
struct CryptoOriginalsTests {
    /// The core's formats and the crypto ones, with the originals' password.
    static let formats = TestRegistries.withCrypto(passwords: .fixed(OriginalsCorpus.password))

    /// Every CryptoCoding file: the folder's, and `fromjson/`'s (named with that prefix).
    static let files = OriginalsCorpus.files(encrypted: true)
        + OriginalsCorpus.files(in: OriginalsCorpus.fromJSON, encrypted: true).map { "fromjson/" + $0 }

    /// A file's bytes and its dump.
    static func file(_ name: String) throws -> (data: Data, expected: ModelValue) {
        let folder = name.hasPrefix("fromjson/") ? OriginalsCorpus.fromJSON : OriginalsCorpus.folder
        let file = String(name.split(separator: "/").last!)
        return (try OriginalsCorpus.data(file, in: folder), try OriginalsCorpus.expected(OriginalsCorpus.graph(of: file), in: folder))
    }

    @Test("the folder is there")
    func folderIsThere() {
        #expect(Self.files.count == 14)
        #expect(Self.files.contains("secret.cryptocoder"))
    }

    @Test("every file is detected as CryptoCoding's", arguments: files)
    func detection(name: String) throws {
        #expect(try Self.formats.detect(Self.file(name).data).format == .cryptoCoding)
    }

    @Test("every file, opened with the password, reads with the values and sharing of its dump", arguments: files)
    func values(name: String) throws {
        let (data, expected) = try Self.file(name)
        let value = try ModelValue(data: data, context: ModelContext(formats: Self.formats))
        let differences = OriginalsCorpus.differences(actual: value, expected: expected, format: .cryptoCoding)
        #expect(differences.isEmpty, "\(name):\n\(differences.joined(separator: "\n"))")
    }

    @Test("every file, opened with a wrong password, is the wrong-password error", arguments: files)
    func wrongPassword(name: String) throws {
        let data = try Self.file(name).data
        let formats = TestRegistries.withCrypto(passwords: .fixed("not-the-interop-password"))
        let error = try #require(throws: ModelError.self) { try ModelValue(data: data, context: ModelContext(formats: formats)) }
        #expect(error.cryptoError == .wrongPassword, "\(name): \(error)")
        #expect(error.format == .cryptoCoding)
        #expect(!error.description.contains("keyed archive"), "\(error)")
    }

    @Test("every file, converted to CryptoCoding with the password, reads back with the same values and sharing",
          arguments: files)
    func rewrite(name: String) throws {
        let (data, expected) = try Self.file(name)
        let again = try Self.formats.convert(data, to: .cryptoCoding)
        #expect(again != data)  // a fresh IV and salt
        let value = try ModelValue(data: again, context: ModelContext(formats: Self.formats))
        let differences = OriginalsCorpus.differences(actual: value, expected: expected, format: .cryptoCoding)
        #expect(differences.isEmpty, "\(name):\n\(differences.joined(separator: "\n"))")
    }

    /// The keyed archive a CryptoArchive's cypher holds, decrypted with the originals' password.
    static func archive(in data: Data) throws -> Data {
        let outer = try KeyedArchiveCodec().decodeTree(from: data)
        guard case .data(let cypher)? = outer["cypher"], case .data(let iv)? = outer["iv"], case .data(let salt)? = outer["salt"] else {
            throw ModelError(.malformed("not a CryptoArchive"))
        }
        return try CryptoCoding.decrypt(cypher, password: OriginalsCorpus.password, iv: iv, salt: salt)
    }

    /// The mutable Foundation classes (`NSMutableArray` …) a keyed archive names.
    static func mutableClasses(in archive: Data) throws -> Set<String> {
        let plist = try PropertyListSerialization.propertyList(from: archive, format: nil) as? [String: Any]
        let objects = plist?["$objects"] as? [Any] ?? []
        return Set(objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String }.filter { $0.contains("Mutable") })
    }

    @Test("a rewrite names its root's class as CryptoCoding did, and keeps the archive's mutable classes", arguments: files)
    func rewriteKeepsClasses(name: String) throws {
        let data = try Self.file(name).data
        let again = try Self.formats.convert(data, to: .cryptoCoding)
        #expect(try KeyedArchiveCodec().decodeTree(from: again)["className"] == KeyedArchiveCodec().decodeTree(from: data)["className"])
        #expect(try Self.mutableClasses(in: Self.archive(in: again)) == Self.mutableClasses(in: Self.archive(in: data)))
    }

    @Test("cycle.crypto, an array that holds itself, reads as a tree that names the root again")
    func cycle() throws {
        let value = try ModelValue(data: Self.file("cycle.crypto").data, context: ModelContext(formats: Self.formats))
        #expect(value == ["head", ["parent": [TypedTree.aliasKey: .string(TypedTree.rootKeyPath)]]])
    }

    /// Any JSON-like value, decoded recursively: a cycle has no end in it.
    indirect enum AnyValue: Decodable {
        case text(String)
        case list([AnyValue])
        case map([String: AnyValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let list = try? container.decode([AnyValue].self) {
                self = .list(list)
            } else {
                self = .map(try container.decode([String: AnyValue].self))
            }
        }
    }

    @Test("cycle.crypto read into a recursive type is a typed error, not a crash, on a 512 KiB stack")
    func cycleIntoRecursiveType() throws {
        let data = try Self.file("cycle.crypto").data
        let codec = try Self.formats.codec(for: .cryptoCoding)
        let outcome = SmallStackThread.run {
            Result { () throws(ModelError) -> AnyValue in try codec.decodeModel(AnyValue.self, from: data, using: ModelDecoder()) }
        }
        guard case .failure(let error) = outcome else {
            Issue.record("a cycle was decoded into values")
            return
        }
        #expect(error.cryptoError == nil, "\(error)")
    }

    /// AutoCoding's `IOPerson` of `people.crypto`: Bob is Alice's and Carol's buddy and the
    /// third element.
    final class IOPerson: Model, @unchecked Sendable {
        var name = ""
        var age = 0
        var score = 0.0
        var tags: [String] = []
        var birthday: Date?
        var buddy: IOPerson?
        required init() {}
    }

    @Test("people.crypto decodes into models that share one Bob, and writes back sharing him")
    func sharedModels() throws {
        let registry = ModelRegistry()
        registry.register(IOPerson.self)
        let codec = try Self.formats.codec(for: .cryptoCoding)
        let people = try codec.decodeModel([IOPerson].self, from: Self.file("people.crypto").data, using: ModelDecoder(registry: registry))
        #expect(people.map(\.name) == ["Alice Å", "Carol", "Bob"])
        #expect(people[0].buddy === people[2] && people[1].buddy === people[2])

        let again = try codec.decodeModel(
            [IOPerson].self, from: codec.encodeModel(people, using: ModelEncoder(registry: registry)), using: ModelDecoder(registry: registry))
        #expect(again.map(\.name) == ["Alice Å", "Carol", "Bob"])
        #expect(again[0].buddy === again[2] && again[1].buddy === again[2])
    }

    /// An archive that decrypts with the right password but is damaged inside: its object table
    /// has one object and the root names the eighth.
    static let damagedArchive = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>$archiver</key><string>NSKeyedArchiver</string>
        <key>$version</key><integer>100000</integer>
        <key>$objects</key><array><string>$null</string></array>
        <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>7</integer></dict></dict>
        </dict></plist>
        """.utf8)

    @Test("a damaged archive inside, with the right password, is the archive's own error, not a wrong password")
    func damagedInnerArchive() throws {
        let iv = KnownAnswerTests.iv, salt = KnownAnswerTests.salt
        let cypher = try CryptoCoding.encrypt(Self.damagedArchive, password: OriginalsCorpus.password, iv: iv, salt: salt)
        let outer = try KeyedArchiveCodec().encodeTree([
            "$class": "CryptoArchive", "iv": .data(iv), "salt": .data(salt), "cypher": .data(cypher),
            "className": "NSArray", "version": 2.0,
        ])
        let expected = try #require(throws: ModelError.self) { try KeyedArchiveCodec().decodeTree(from: Self.damagedArchive) }
        let error = try #require(throws: ModelError.self) { try ModelValue(data: outer, context: ModelContext(formats: Self.formats)) }
        #expect(error.cryptoError == nil, "\(error)")
        #expect(error.reason == expected.reason)
        #expect(error.path == expected.path)
        #expect(error.format == .keyedArchive)
    }
}
