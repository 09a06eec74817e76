@testable import BaseModel
import Foundation
import Testing

/// Bad input: every failure is a typed error with format `fast` and an offset, never a crash,
/// a hang or an allocation sized by an unchecked count; safe mode reads no objects.
@Suite struct FastCodingMalformedTests {
    let codec = FastCodec()

    func error(_ bytes: [UInt8], safe: Bool = false) -> ModelError? {
        do {
            _ = try FastCodec(safe: safe).decodeTree(from: Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    static let header = FastBytes.header()

    @Test("headers: empty, short, wrong magic, unsupported versions")
    func headers() {
        #expect(error([])?.reason == .empty)
        #expect(error([0x54, 0x53, 0x41])?.reason == .truncated)
        #expect(error(Array(Self.header.prefix(12)))?.reason == .truncated)
        #expect(error(FastBytes.hex("00000000 0300 0300 00000000 00000000 00000000 01"))?.offset == 0)
        if case .unsupported? = error(FastHeader(majorVersion: 2).bytes + [1])?.reason {} else { Issue.record("2.x is not unsupported") }
        if case .unsupported? = error(FastHeader(majorVersion: 4).bytes + [1])?.reason {} else { Issue.record("4.x is not unsupported") }
        #expect(error(Self.header)?.reason == .truncated)  // no root chunk
    }

    static let malformedBodies: [(String, String, Int)] = [
        ("unknown tag", "31", 20),
        ("tag 255", "FF", 20),
        ("object alias out of range", "02 05", 21),
        ("string alias out of range", "0A 000000 02000000 08 6100 05 01", 32),
        ("count larger than the data", "0A 000000 FFFFFFFF 2D", 24),
        ("dictionary count larger than the data", "09 000000 02000000 2D 2D 2D", 24),
        ("index-set count larger than the data", "2A 000000 02000000 00000000", 24),
        ("class index out of range", "1E 03", 21),
        ("class definition key count larger than the data", "1D 4100 00 FFFFFF7F", 24),
        ("class definition without an object", "1D 4100 00 00000000 2D", 28),
        ("bytes after the root", "2D 2D", 21),
        ("invalid UTF-8", "08 C328 00", 21),
    ]

    @Test("malformed bodies are typed errors at the right offset", arguments: malformedBodies)
    func malformed(name: String, body: String, offset: Int) throws {
        let failure = try #require(error(Self.header + FastBytes.hex(body)), "\(name) was accepted")
        #expect(failure.format == .fast)
        #expect(failure.offset == offset, "\(name): \(failure)")
        if case .malformed = failure.reason {} else { Issue.record("\(name): \(failure)") }
    }

    static let truncatedBodies: [String] = [
        "08 616263", "10", "11 0000", "12 000000 0000", "14 000000 0000", "15 000000 08000000 0102",
        "15 000000 05000000 0102030405", "2C 00", "22 00", "0A 000000 02000000 2D 15", "1D 41", "21 08 6100",
    ]

    @Test("input that ends inside a chunk is truncated, never read past the end", arguments: truncatedBodies)
    func truncated(body: String) throws {
        let failure = try #require(error(Self.header + FastBytes.hex(body)))
        #expect(failure.reason == .truncated, "\(body): \(failure)")
        #expect(failure.offset != nil)
    }

    @Test("nesting deeper than the limit is refused, not a stack overflow")
    func deepNesting() throws {
        let opening = [UInt8](repeating: 0, count: 0) + (0..<600).flatMap { depth -> [UInt8] in
            // An array of one element, its count aligned from the start of the file.
            var chunk: [UInt8] = [FastTag.array.rawValue]
            let offset = 20 + depth * 8
            chunk += [UInt8](repeating: 0, count: (4 - (offset + 1) % 4) % 4)
            return chunk + [1, 0, 0, 0]
        }
        let failure = try #require(error(Self.header + opening + [FastTag.one.rawValue]))
        if case .unsupported = failure.reason {} else { Issue.record("\(failure)") }
        let deepTree = (0..<600).reduce(ModelValue.integer(1)) { inner, _ in .array([inner]) }
        #expect(throws: ModelError.self) { try codec.encodeTree(deepTree) }
    }

    @Test("aliases to shared arrays cannot expand a small file into a huge tree")
    func aliasExpansionIsBudgeted() throws {
        // Level k is an immutable array of 12 aliases to level k-1: 12^12 leaves where copied.
        var levels: [FastDocument] = [.list(Array(repeating: .integer(1), count: 12), kind: .array, mutable: false)]
        for level in 1..<12 { levels.append(.list(Array(repeating: .alias(level - 1), count: 12), kind: .array, mutable: false)) }
        let bytes = try FastDocument.list(levels, kind: .array, mutable: false).data()
        #expect(bytes.count < 500)
        let failure = try #require(error([UInt8](bytes)))
        #expect(failure.reason == DecodingLimits.valuesExceeded(DecodingLimits.standard.values(forInputOf: bytes.count)))
        #expect(failure.format == .fast)
        // The model decoder, which reads a shared array once per place, never starts.
        #expect(throws: ModelError.self) { try FastCodec().decodeModel([[[[Int]]]].self, from: bytes, using: ModelDecoder()) }
    }

    @Test("safe mode reads plain values and refuses every object tag", arguments: [
        "00", "1D 4100 00 00000000 1E00", "2B 08 4100 00", "2F 15 000000 00000000",
    ])
    func safeMode(body: String) throws {
        let bytes = Self.header + FastBytes.hex(body)
        let failure = try #require(error(bytes, safe: true))
        if case .unsupported = failure.reason {} else { Issue.record("\(failure)") }
        #expect(failure.offset == 20)
    }

    @Test("safe mode reads the plain document of every kind")
    func safeModeReadsPlainValues() throws {
        let plain: ModelValue = ["a": [1, 2.5, "x", .date(Date(timeIntervalSinceReferenceDate: 0)), .data(Data([1])), .null, true]]
        #expect(try FastCodec(safe: true).decodeTree(from: codec.encodeTree(plain)) == plain)
        let objectBytes = [UInt8](try codec.encodeTree(["$class": "TodoItem", "label": "x"]))
        let failure = try #require(error(objectBytes, safe: true))
        #expect(failure.offset == 20)
    }

    @Test("strings with a NUL cannot be written and are a typed error, not a cut string")
    func nulInString() throws {
        let failure = try #require(throws: ModelError.self) { try codec.encodeTree(["a": "x\u{0}y"]) }
        #expect(failure.path == [.key("a")])
        #expect(failure.description.contains("NUL"))
        // After strings the cache holds (written once, then as aliases), the failing one still
        // names its own path.
        let later = try #require(throws: ModelError.self) { try codec.encodeTree(["a": ["x", "x"], "b": ["x", "x\u{0}"]]) }
        #expect(later.path == [.key("b"), .index(1)])
    }

    @Test("errors name the path of the bad value, through objects and mutable and immutable lists")
    func errorsNameThePath() throws {
        let inner = FastDocument.list([.string("x"), .nilValue], kind: .array, mutable: true)
        let list = FastDocument.list([.integer(1), inner], kind: .array, mutable: false)
        let object = FastDocument.object(className: "Holder", keys: ["a"], values: [list])
        let failure = try #require(error([UInt8](try object.data())))
        #expect(failure.path == [.key("a"), .index(1), .index(1)])
        #expect(failure.format == .fast)
        #expect(failure.offset == 55)  // the nil chunk
        // A dictionary's value comes before its key: an error inside one is at the dictionary.
        let dictionary = FastDocument.dictionary([.init(key: .string("a"), value: list)], mutable: false)
        let inDictionary = try #require(error([UInt8](try dictionary.data())))
        #expect(inDictionary.path == [])
        #expect(inDictionary.offset == 47)
        let nested = FastDocument.list([.string("first"), dictionary], kind: .array, mutable: false)
        #expect(error([UInt8](try nested.data()))?.path == [.index(1)])
    }

    @Test("a shared list holding an object is one list: an alias to where it was first read")
    func sharedListIsAnAlias() throws {
        // Slots: the object (cached before its values) is 0, the immutable list (after) is 1.
        let list = FastDocument.list([.object(className: "P", keys: ["n"], values: [.integer(2)])], kind: .array, mutable: false)
        let document = FastDocument.dictionary(
            [.init(key: .string("list"), value: list), .init(key: .string("again"), value: .alias(1))], mutable: false)
        let tree = try codec.decodeTree(from: try document.data())
        #expect(tree == ["list": [["$class": "P", "n": 2]], "again": ["$alias": "list"]])
        #expect(try FormatRegistry.shared.convert(document.data(), to: .fast) == document.data())
    }

    /// A small seeded generator (SplitMix64), so that every run fuzzes the same inputs.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("4,000 seeded truncations and bit flips of valid files give typed errors or values")
    func fuzz() throws {
        RoundTripFixtures.registered
        let seeds: [Data] = [
            try FastCodingDocumentTests.everything.data(),
            try RoundTripFixtures.project().data(format: .fast),
            try codec.encodeTree(["$class": "Owner", "a": ["$class": "P", "n": 1], "b": ["$alias": "a"], "s": ["x", "x", "y"]]),
            try FastCodingGoldenTests.TodoItem().data(format: .fast),
        ]
        var generator = SeededGenerator(state: 0x5EED_FA57)
        var decoded = 0, failed = 0
        for round in 0..<4_000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            if round % 3 == 0 {
                bytes.removeLast(Int.random(in: 1...bytes.count - 1, using: &generator))
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let index = Int.random(in: FastHeader.size..<bytes.count, using: &generator)
                    bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
                }
            }
            let data = Data(bytes)
            do {
                let graph = try codec.readGraph(from: data)
                // What reads writes back (or fails with a typed error, a cycle into an
                // immutable container), and reads again.
                if let again = try? FormatRegistry.shared.convert(data, to: .fast) { _ = try codec.readGraph(from: again) }
                _ = try graph.typedTree()
                decoded += 1
            } catch {
                #expect(error.format == .fast)
                failed += 1
            }
        }
        #expect(decoded + failed == 4_000)
        #expect(failed > 1_000)
    }
}
