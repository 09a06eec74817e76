@testable import BaseModel
@testable import BaseModelCrypto
import Foundation
import Testing

/// An envelope holds the inner format's graph whole: what the originals' files hold (one
/// container shared in several places, a container that holds itself, mutable containers and
/// strings, 4-byte floats) is kept through sealing and opening, as the inner format keeps it.
@Suite("Graphs through an envelope", .corpus)
struct EnvelopeGraphTests {
    /// The core's formats and the crypto ones, the envelope sealing `inner`.
    static func formats(sealing inner: ModelFormat) -> FormatRegistry {
        TestRegistries.withCrypto(passwords: .fixed("pw"), inner: inner)
    }

    static let fastFiles = OriginalsCorpus.files().filter { $0.hasSuffix(".fast") }
    static let keyedFiles = OriginalsCorpus.files().filter { $0.hasSuffix(".keyed") }

    @Test("the originals' files are there")
    func filesAreThere() {
        #expect(Self.fastFiles.contains("shared.fast") && Self.fastFiles.contains("cycle.fast"))
        #expect(Self.keyedFiles.contains("cycle.keyed"))
    }

    @Test("every fast file FastCoding wrote, sealed in an envelope and opened, writes back byte for byte", arguments: fastFiles)
    func fastFileThroughAnEnvelope(name: String) throws {
        let formats = Self.formats(sealing: .fast)
        let original = try OriginalsCorpus.data(name)
        let sealed = try formats.convert(original, to: .encrypted)
        #expect(try formats.detect(sealed).format == .encrypted)
        let (inner, _) = try EnvelopeCodec(secret: .passwords(.fixed("pw")), formats: formats).open(sealed)
        #expect(inner == .fast)
        #expect(try formats.convert(sealed, to: .fast) == original, "\(name)")
    }

    @Test("every keyed archive the originals wrote, through an envelope, is the archive written from the file itself",
          arguments: keyedFiles)
    func keyedArchiveThroughAnEnvelope(name: String) throws {
        let formats = Self.formats(sealing: .keyedArchive)
        let original = try OriginalsCorpus.data(name)
        let direct = try formats.convert(original, to: .keyedArchive)
        let sealed = try formats.convert(original, to: .encrypted)
        #expect(try formats.convert(sealed, to: .keyedArchive) == direct, "\(name)")
        #expect(try ModelValue(data: sealed, context: ModelContext(formats: formats)) == ModelValue(data: original))
    }

    @Test("shared.fast in an envelope keeps its shared dictionary and its mutable forms")
    func sharingAndMutability() throws {
        let formats = Self.formats(sealing: .fast)
        let original = try OriginalsCorpus.data("shared.fast")
        let sealed = try formats.convert(original, to: .encrypted)
        let graph = try formats.codec(for: .encrypted) as? any GraphCodec
        let opened = try #require(graph).readGraph(from: sealed)
        let direct = try FastCodec().readGraph(from: original)
        // The same tree, with the same aliases: the dictionary met again is the same node.
        #expect(try opened.typedTree() == direct.typedTree())
        #expect(try opened.typedTree()[1] == [TypedTree.aliasKey: "0"])
        // And the same forms (mutable containers and strings), written back as FastCoding's tags.
        #expect(try FastCodec().encodeGraph(opened) == original)
    }

    @Test("a cycle through a mutable array survives an envelope sealing a keyed archive")
    func cycle() throws {
        let formats = Self.formats(sealing: .keyedArchive)
        let sealed = try formats.convert(try OriginalsCorpus.data("cycle.keyed"), to: .encrypted)
        let value = try ModelValue(data: sealed, context: ModelContext(formats: formats))
        #expect(value == ["head", ["parent": [TypedTree.aliasKey: .string(TypedTree.rootKeyPath)]]])
    }
}

extension GraphCodec {
    /// `graph` written by this codec's writer.
    func encodeGraph(_ graph: InputIndex) throws(ModelError) -> Data {
        let writer = makeWriter()
        try graph.write(to: writer)
        return try writer.finish()
    }
}
