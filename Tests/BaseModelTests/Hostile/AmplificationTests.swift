@testable import BaseModel
import Foundation
import Testing

/// Issue 16: files whose containers are shared many times must not unfold into gigabytes. Bombs
/// of 1 and 4 MiB in binary plist, keyed archive, fast and HR stop at the default
/// ``DecodingLimits`` with a typed error naming the limit; a context's limits are honoured.
@Suite struct AmplificationTests {
    /// A shared-container bomb of about `bytes` bytes in `format`: a top array holding one inner
    /// array of 1,000 values as many times as fits (aliases in fast and HR).
    static func bomb(_ format: ModelFormat, bytes: Int) throws -> Data {
        switch format {
        case .binaryPropertyList: return binaryBomb(references: bytes - 1_100)
        case .keyedArchive: return keyedArchiveBomb(references: bytes)
        case .fast: return try fastBomb(aliases: bytes / 2)
        case .hrJSON: return hrBomb(aliases: bytes / 22)
        default: fatalError("no bomb for \(format)")
        }
    }

    static let formats: [ModelFormat] = [.binaryPropertyList, .keyedArchive, .fast, .hrJSON]

    /// Object 0: an array of `references` references to object 1, an array of 1,000 references
    /// to object 2, the integer 1.
    static func binaryBomb(references: Int) -> Data {
        func array(count: Int, of reference: UInt8) -> [UInt8] {
            let size = withUnsafeBytes(of: UInt32(count).bigEndian, Array.init)
            return [0xAF, 0x12] + size + Array(repeating: reference, count: count)
        }
        return rawBinaryPropertyList([array(count: references, of: 1), array(count: 1_000, of: 2), [0x10, 1]], offsetSize: 4)
    }

    /// An NSArray whose elements are all the same NSArray of 1,000 numbers.
    static func keyedArchiveBomb(references: Int) -> Data {
        let arrayClass = PropertyListObject.dictionary(["$classname": .string("NSArray"), "$classes": .array([.string("NSArray"), .string("NSObject")])])
        let objects: [PropertyListObject] = [
            .string("$null"),
            .dictionary(["NS.objects": .array(Array(repeating: .uid(2), count: references)), "$class": .uid(4)]),
            .dictionary(["NS.objects": .array(Array(repeating: .uid(3), count: 1_000)), "$class": .uid(4)]),
            .integer(1),
            arrayClass,
        ]
        return PropertyListObject.dictionary([
            "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array(objects),
        ]).binaryPlist
    }

    /// A list holding a mutable list of 1,000 numbers, then `aliases` aliases to it.
    static func fastBomb(aliases: Int) throws -> Data {
        let inner = FastDocument.list(Array(repeating: .integer(1), count: 1_000), kind: .array, mutable: true)
        return try FastDocument.list([inner] + Array(repeating: .alias(0), count: aliases), kind: .array, mutable: false).data()
    }

    /// An HR document whose `items` are one `Leaf` of 1,000 numbers and `aliases` aliases to it.
    static func hrBomb(aliases: Int) -> Data {
        let leaf = #"{"$class":"Leaf","values":["# + Array(repeating: "1", count: 1_000).joined(separator: ",") + "]}"
        let items = [leaf] + Array(repeating: #"{"$alias":"items.0"}"#, count: aliases)
        return Data((#"{"$class":"Bomb","items":["# + items.joined(separator: ",") + "]}").utf8)
    }

    struct Leaf: Model {
        var values: [Int] = []
    }

    struct Bomb: Model {
        var items: [Leaf] = []
    }

    static let context: ModelContext = {
        let types = ModelRegistry()
        types.register(Bomb.self)
        types.register(Leaf.self)
        return ModelContext(types: types)
    }()

    static func isValuesError(_ error: ModelError?) -> Bool {
        guard let error, case .unsupported(let why) = error.reason else { return false }
        return why.contains("DecodingLimits.maximumValues")
    }

    @Test("1 and 4 MiB bombs stop at the default budget", arguments: formats, [1, 4])
    func bombsStop(_ format: ModelFormat, mebibytes: Int) throws {
        let data = try Self.bomb(format, bytes: mebibytes << 20)
        print("\(format) bomb: \(data.count) bytes")
        #expect(data.count > (mebibytes << 20) * 9 / 10 && data.count < (mebibytes << 20) * 11 / 10, "\(data.count) bytes")
        let detected = try FormatRegistry.shared.detect(data)
        #expect(detected.format == format)
        let clock = ContinuousClock()
        let start = clock.now
        if format == .hrJSON {
            // HR keeps aliases in the tree; the model decoder copies the aliased struct.
            let error = try #require(throws: ModelError.self) { try Bomb(data: data, context: Self.context) }
            #expect(Self.isValuesError(error), "\(error)")
        } else {
            let error = try #require(throws: ModelError.self) { try ModelValue(data: data) }
            #expect(Self.isValuesError(error), "\(error)")
        }
        // Seconds in a debug build; BENCHMARKS.md has release times and peak memory.
        #expect(clock.now - start < .seconds(60))
    }

    /// Writes the bombs into the folder `BASEMODEL_BOMB_DIR` names, for
    /// `/usr/bin/time -v Fuzz/.build/release/hostile-probe read FILE` (see BENCHMARKS.md).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BASEMODEL_BOMB_DIR"] != nil))
    func writeBombs() throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["BASEMODEL_BOMB_DIR"]!)
        for format in Self.formats {
            for mebibytes in [1, 4] {
                try Self.bomb(format, bytes: mebibytes << 20)
                    .write(to: folder.appendingPathComponent("bomb-\(mebibytes)MiB.\(format.rawValue)"))
            }
        }
    }

    @Test("a context's limits replace the defaults")
    func contextLimits() throws {
        // 20 copies of 1,000 values: fine by default, too many for a budget of 10,000 values.
        let data = Self.binaryBomb(references: 20)
        guard case .array(let copies) = try ModelValue(data: data) else { Issue.record("not an array"); return }
        #expect(copies.count == 20)
        let strict = ModelContext(limits: DecodingLimits(maximumValues: 10_000))
        let error = try #require(throws: ModelError.self) { try ModelValue(data: data, context: strict) }
        #expect(Self.isValuesError(error), "\(error)")
        #expect("\(error)".contains("10000"))

        let shallow = ModelContext(limits: DecodingLimits(maximumDepth: 1))
        let deep = try #require(throws: ModelError.self) { try ModelValue(data: data, context: shallow) }
        #expect(deep.reason == DecodingLimits.depthExceeded(1))

        let few = ModelContext(limits: DecodingLimits(maximumStringBytes: 10))
        let text = try FormatRegistry.shared.codec(for: .binaryPropertyList).encodeTree(["a long string", "another one"])
        let strings = try #require(throws: ModelError.self) { try ModelValue(data: text, context: few) }
        #expect("\(strings)".contains("DecodingLimits.maximumStringBytes"))
        #expect(try ModelValue(data: text) == ["a long string", "another one"])
    }

    @Test("a struct copied through aliases counts by its values")
    func hrCopies() throws {
        let data = Self.hrBomb(aliases: 30)
        let fine = try Bomb(data: data, context: Self.context)
        #expect(fine.items.count == 31)
        var strict = Self.context
        strict.limits = DecodingLimits(maximumValues: 10_000)
        let error = try #require(throws: ModelError.self) { try Bomb(data: data, context: strict) }
        #expect(Self.isValuesError(error), "\(error)")
    }
}
