@testable import BaseModel
import Foundation
import Testing

/// Issue 30, item 7 (and the core's half of item 6): a format read inside another (a keyed
/// archive embedded in a fast file) is a part of one decode. It spends from the same budget and
/// counts towards the same depth limit, and an alias to it is the value read once (one node of
/// the file's graph), never a second reading with a budget of its own; where a reader would copy
/// it, the copies spend from the file's budget.
@Suite struct NestedFormatTests {
    // MARK: - Generators

    /// A keyed archive of shared NSArrays `levels` deep, each holding `width` references to the
    /// next and the last `width` integers: a few hundred bytes that read as `width^levels`
    /// numbers (216,000 for 60 and 3), within a budget of its own.
    static func expandingArchive(width: Int = 60, levels: Int = 3) -> Data {
        let arrayClass = UInt64(levels + 2)
        var objects: [PropertyListObject] = [.string("$null")]
        for level in 1...levels {
            objects.append(.dictionary([
                "NS.objects": .array(Array(repeating: .uid(UInt64(level + 1)), count: width)), "$class": .uid(arrayClass),
            ]))
        }
        objects.append(.integer(1))
        objects.append(.dictionary(["$classname": .string("NSArray"), "$classes": .array([.string("NSArray"), .string("NSObject")])]))
        let archive: PropertyListObject = .dictionary([
            "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array(objects),
        ])
        return archive.binaryPlist
    }

    /// A fast file whose root list holds `archive` as a keyed-archive chunk, then `aliases`
    /// object aliases to what it unarchives (slot 0 is the archive's data, slot 1 its object).
    static func fastFile(archive: Data, aliases: Int) throws -> Data {
        try FastDocument.list([.keyedArchive(archive)] + Array(repeating: .alias(1), count: aliases), kind: .array, mutable: false).data()
    }

    /// `depth` arrays, one inside the other, around `innermost`.
    static func nestedLists(_ depth: Int, around innermost: FastDocument) -> FastDocument {
        (0..<depth).reduce(innermost) { inner, _ in .list([inner], kind: .array, mutable: false) }
    }

    /// How many containers nest in `value`, itself included.
    static func depth(of value: ModelValue) -> Int {
        switch value {
        case .array(let elements): 1 + (elements.map(depth(of:)).max() ?? 0)
        case .dictionary(let entries): 1 + (entries.values.map(depth(of:)).max() ?? 0)
        default: 0
        }
    }

    static func isError(_ error: ModelError?, naming limit: String, format: ModelFormat = .fast) -> Bool {
        guard let error, case .unsupported(let why) = error.reason else { return false }
        return why.hasSuffix("(DecodingLimits.\(limit))") && error.format == format
    }

    // MARK: - The budget

    /// The shape of the issue: 2,134 bytes that unfolded into 291 MB of JSON (815 MiB, 38 s), an
    /// archive of 216,000 numbers and 550 aliases to it. Now one budget for the whole file.
    @Test("an archive aliased 550 times stops at the file's budget, fast, on a 512 KiB stack")
    func aliasedArchiveBomb() throws {
        let data = try Self.fastFile(archive: Self.expandingArchive(), aliases: 550)
        #expect(data.count < 2_200, "\(data.count) bytes")
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = SmallStack.run {
            (Result { () throws(ModelError) -> ModelValue in try ModelValue(data: data) },
             Result { () throws(ModelError) -> ModelValue in try FastCodec().decodeTree(from: data) })
        }.result
        for result in [outcome.0, outcome.1] {
            guard case .failure(let error) = result else {
                Issue.record("the bomb was read")
                continue
            }
            #expect(Self.isError(error, naming: "maximumValues"), "\(error)")
            #expect("\(error)".contains("\(DecodingLimits.standard.values(forInputOf: data.count))"), "\(error)")
        }
        // Seconds at most in a debug build (it was 38 s and 815 MiB in a release build).
        #expect(clock.now - start < .seconds(20))
    }

    @Test("one alias to an archive counts its values again where copied: two copies need twice the budget")
    func aliasesShareTheBudget() throws {
        let archive = Self.expandingArchive()
        // One reading fits the default budget; the archive and one alias to it do not.
        // The archive shares each level's array: its tree names each once, then aliases to it.
        let onceFile = try Self.fastFile(archive: archive, aliases: 0)
        let once = try ModelValue(data: onceFile)
        #expect(once.nodeCount == 300)
        let read = try FastCodec().decodeModel([[[[Int]]]].self, from: onceFile, using: ModelDecoder())
        #expect(read.count == 1 && read[0].count == 60 && read[0].allSatisfy { $0.count == 60 && $0.allSatisfy { $0.count == 60 } })
        let twice = try Self.fastFile(archive: archive, aliases: 1)
        let error = try #require(throws: ModelError.self) { try ModelValue(data: twice) }
        #expect(Self.isError(error, naming: "maximumValues"), "\(error)")
        #expect(error.path == [.index(1)])

        // Small archives: copies fit until the file's budget is spent. The tree says "the same
        // value again" where the file does; a model reads each place.
        let small = Self.expandingArchive(width: 10, levels: 2)
        let smallFile = try Self.fastFile(archive: small, aliases: 3)
        let archived: ModelValue = .array([.array(Array(repeating: 1, count: 10))] + Array(repeating: ["$alias": "0.0"], count: 9))
        #expect(try ModelValue(data: smallFile) == [archived, ["$alias": "0"], ["$alias": "0"], ["$alias": "0"]])
        let copies = try FastCodec().decodeModel([[[Int]]].self, from: smallFile, using: ModelDecoder())
        #expect(copies == Array(repeating: Array(repeating: Array(repeating: 1, count: 10), count: 10), count: 4))
        let strict = ModelContext(limits: DecodingLimits(maximumValues: 300))
        let spent = try #require(throws: ModelError.self) {
            try ModelValue(data: try Self.fastFile(archive: small, aliases: 3), context: strict)
        }
        #expect(Self.isError(spent, naming: "maximumValues"), "\(spent)")
        #expect("\(spent)".contains("300 values"), "\(spent)")
    }

    @Test("the strings of an archive and its copies share the file's budget of string bytes")
    func stringBytesAreShared() throws {
        let archive = try KeyedArchiveCodec().encodeTree(.array([.string(String(repeating: "x", count: 600))]))
        let limits = ModelContext(limits: DecodingLimits(maximumStringBytes: 1_000))
        #expect(try ModelValue(data: try Self.fastFile(archive: archive, aliases: 0), context: limits) == [[.string(String(repeating: "x", count: 600))]])
        let error = try #require(throws: ModelError.self) {
            try ModelValue(data: try Self.fastFile(archive: archive, aliases: 1), context: limits)
        }
        #expect(Self.isError(error, naming: "maximumStringBytes"), "\(error)")
        #expect("\(error)".contains("1000 bytes"), "\(error)")
    }

    @Test("an alias to an archived object is an alias to the object, not a second one")
    func aliasToAnArchivedObject() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Leaf", "values": [1, 2]])
        let object: ModelValue = ["$class": "Leaf", "values": [1, 2]]
        #expect(try ModelValue(data: try Self.fastFile(archive: archive, aliases: 2)) == [object, ["$alias": "0"], ["$alias": "0"]])

        // A list holding the archive, met again: the same list.
        let list = FastDocument.list([.keyedArchive(archive)], kind: .array, mutable: true)
        let data = try FastDocument.list([list, .alias(0)], kind: .array, mutable: false).data()
        #expect(try ModelValue(data: data) == [[object], ["$alias": "0"]])

        // An archived array of objects met again: the same array, its objects read once.
        let objects = try KeyedArchiveCodec().encodeTree(.array([object, ["$class": "Leaf", "values": []]]))
        #expect(try ModelValue(data: try Self.fastFile(archive: objects, aliases: 1)) == [
            [object, ["$class": "Leaf", "values": []]], ["$alias": "0"],
        ])
    }

    // MARK: - The depth limit

    @Test("an archive counts one level below the containers that hold it, on a 512 KiB stack")
    func archiveDepthCounts() throws {
        let limit = DecodingLimits.standard.maximumDepth
        // 10 arrays in the archive, under `outer` arrays of the fast file, plus one for the chunk.
        let archive = try KeyedArchiveCodec().encodeTree(StackCostProbe.nestedArrays(10))
        let fits = try Self.nestedLists(limit - 11, around: .keyedArchive(archive)).data()
        let tooDeep = try Self.nestedLists(limit - 10, around: .keyedArchive(archive)).data()
        let outcome = SmallStack.run {
            (Result { () throws(ModelError) -> ModelValue in try ModelValue(data: fits) },
             Result { () throws(ModelError) -> ModelValue in try ModelValue(data: tooDeep) })
        }.result
        #expect(Self.depth(of: try outcome.0.get()) == limit - 1)
        guard case .failure(let error) = outcome.1 else {
            Issue.record("an archive one level too deep was read")
            return
        }
        #expect(Self.isError(error, naming: "maximumDepth"), "\(error)")
        #expect("\(error)".contains("depth limit of \(limit)"), "\(error)")
    }

    @Test("an archive in the deepest container is one level too deep")
    func archiveAtTheLimit() throws {
        let limit = DecodingLimits.standard.maximumDepth
        let archive = try KeyedArchiveCodec().encodeTree("leaf")
        let data = try Self.nestedLists(limit - 1, around: .keyedArchive(archive)).data()
        let error = try #require(throws: ModelError.self) { try ModelValue(data: data) }
        #expect(Self.isError(error, naming: "maximumDepth"), "\(error)")
        #expect(error.path.components.count == limit - 1)
    }

    /// 300 NSCoded objects, each holding the next (slots 0 to 299, the outermost last), then an
    /// alias to the outermost under 300 arrays: 600 levels deep where copied.
    static func codedChainCopiedDeeper() throws -> Data {
        let chain = (0..<300).reduce(FastDocument.integer(1)) { inner, _ in
            .codedObject(className: "Link", entries: [FastDocument.Entry(key: .string("next"), value: inner)])
        }
        return try FastDocument.list([chain, nestedLists(300, around: .alias(299))], kind: .array, mutable: false).data()
    }

    @Test("an NSCoded chain aliased deeper is one object; a model that copies it counts its depth there, on a 512 KiB stack")
    func codedObjectsCopiedDeeper() throws {
        let limit = DecodingLimits.standard.maximumDepth
        let data = try Self.codedChainCopiedDeeper()
        let outcome = SmallStack.run { Result { () throws(ModelError) -> ModelValue in try ModelValue(data: data) } }.result
        // The alias is the object: the tree names it, 302 levels deep at most.
        let tree = try outcome.get()
        #expect(Self.depth(of: tree) <= 302)
        let alias = (0..<300).reduce(tree[1]) { value, _ in value?[0] }
        #expect(alias == ["$alias": "0"])
        // A value that copies what it reads (a tree per element) reads the object again where
        // the alias stands: 600 levels, too deep.
        let decoded = SmallStack.run { Result { () throws(ModelError) -> [ModelValue] in
            try FastCodec().decodeModel([ModelValue].self, from: data, using: ModelDecoder())
        } }.result
        guard case .failure(let error) = decoded else {
            Issue.record("a copy 600 levels deep was decoded")
            return
        }
        #expect(Self.isError(error, naming: "maximumDepth"), "\(error)")
        #expect("\(error)".contains("depth limit of \(limit)"), "\(error)")
    }

    // MARK: - Fuzz seeds

    /// The shapes above, as seeds of the `fast` fuzz target: `Fuzz/run.sh` adds the files of
    /// `Fuzz/Seeds/fast` to the seeds the target writes.
    static func fuzzSeeds() throws -> [(name: String, bytes: Data)] {
        let object = try KeyedArchiveCodec().encodeTree(["$class": "FuzzItem", "label": "archived"])
        let deep = try KeyedArchiveCodec().encodeTree(StackCostProbe.nestedArrays(10))
        let copied = FastDocument.list([.list([.keyedArchive(object)], kind: .array, mutable: true), .alias(0)], kind: .array, mutable: false)
        return [
            ("archive-aliased-550.fast", try fastFile(archive: expandingArchive(), aliases: 550)),
            ("archive-aliased-8.fast", try fastFile(archive: expandingArchive(width: 16, levels: 3), aliases: 8)),
            ("archive-object-aliased.fast", try fastFile(archive: object, aliases: 2)),
            ("archive-in-copied-list.fast", try copied.data()),
            ("coded-chain-copied-deeper.fast", try codedChainCopiedDeeper()),
            ("archive-at-depth-limit.fast", try nestedLists(DecodingLimits.standard.maximumDepth - 11, around: .keyedArchive(deep)).data()),
        ]
    }

    @Test("Fuzz/Seeds/fast holds these shapes (BASEMODEL_WRITE_FUZZ_SEEDS=1 writes them)")
    func fuzzSeedsAreCommitted() throws {
        let seeds = try Self.fuzzSeeds()
        let folder = DocumentationCodeTests.packageRoot.appendingPathComponent("Fuzz/Seeds/fast")
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
