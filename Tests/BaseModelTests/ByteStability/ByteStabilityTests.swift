@testable import BaseModel
import Foundation
import Testing

/// Issue 16, item 5: the same model gives the same bytes in every format, on every run and in
/// every process. Dictionary and set properties are written in a defined order (sorted keys and
/// elements, ``DefinedOrderEncodable``), not in the hash order Swift seeds per process.
@Suite struct ByteStabilityTests {
    typealias Library = StableLibrary

    /// The child process, run with the fixed hash seed and twice with random ones, and this
    /// process (random seed too): every format's bytes agree.
    @Test func sameBytesUnderEveryHashSeed() throws {
        let inProcess = StabilityChild.parse(try Library.report())
        #expect(inProcess.count == 2 * Library.formats.count)
        let runs = [
            ("SWIFT_DETERMINISTIC_HASHING=1", try StabilityChild.report(deterministicHashing: true)),
            ("random seed", try StabilityChild.report(deterministicHashing: false)),
            ("another random seed", try StabilityChild.report(deterministicHashing: false)),
        ]
        for (name, report) in runs {
            #expect(Set(report.keys) == Set(inProcess.keys), "\(name)")
            for (format, bytes) in inProcess.sorted(by: { $0.key < $1.key }) {
                #expect(report[format] == bytes, "\(format) differs in the child run with \(name)")
            }
        }
    }

    /// The sample rebuilt with its dictionaries and sets in another hash order (other capacities,
    /// entries inserted backwards).
    static func reshaped() -> Library {
        func reshape<K: Hashable, V>(_ dictionary: [K: V]) -> [K: V] {
            var copy = [K: V](minimumCapacity: dictionary.count * 7 + 3)
            for (key, value) in dictionary.reversed() { copy[key] = value }
            return copy
        }
        let library = Library.sample()
        library.counts = reshape(library.counts)
        library.titles = reshape(library.titles)
        var tags = Set<String>(minimumCapacity: library.tags.count * 7 + 3)
        for tag in library.tags.reversed() { tags.insert(tag) }
        library.tags = tags
        library.shelves = reshape(library.shelves).mapValues { Library.Shelf(label: $0.label, books: reshape($0.books)) }
        library.ratings = reshape(library.ratings).mapValues(reshape)
        return library
    }

    @Test func theReshapedSampleReallyIteratesInAnotherOrder() {
        let (sample, reshaped) = (Library.sample(), Self.reshaped())
        #expect(sample.counts == reshaped.counts && sample.tags == reshaped.tags)
        #expect(Array(sample.counts.keys) != Array(reshaped.counts.keys) || Array(sample.tags) != Array(reshaped.tags))
    }

    /// In one process: the same model twice, and an equal model whose dictionaries iterate in
    /// another order, give the same bytes in every format.
    @Test(arguments: Library.formats)
    func sameBytesTwiceInProcess(_ format: ModelFormat) throws {
        let first = try Library.sample().data(format: format)
        #expect(try Library.sample().data(format: format) == first)
        #expect(try Self.reshaped().data(format: format) == first)
        let tree = try ModelEncoder().encode(Library.sample())
        #expect(try ModelEncoder().encode(Self.reshaped()) == tree)
        let codec = try FormatRegistry.shared.codec(for: format)
        #expect(try codec.encodeTree(tree) == codec.encodeTree(tree))
    }

    /// The fast format's model writer and its tree path write the same bytes.
    @Test func fastStreamMatchesTreePath() throws {
        let library = Self.reshaped()
        let streamed = try FastCodec().encodeModel(library, using: ModelEncoder(registry: .shared))
        #expect(streamed == (try FastCodec().encodeTree(ModelEncoder(registry: .shared).encode(library))))
    }

    /// The defined order: `String` keys sorted, `Int` keys numerically, set elements sorted; a
    /// tree property keeps its own order.
    @Test func theOrderIsSortedKeys() throws {
        let tree = try ModelEncoder().encode(Self.reshaped())
        guard case .dictionary(let counts)? = tree["counts"], case .dictionary(let titles)? = tree["titles"],
            case .array(let tags)? = tree["tags"], case .dictionary(let extra)? = tree["extra"]
        else { Issue.record("unexpected tree \(tree)"); return }
        #expect(Array(counts.keys) == counts.keys.sorted())
        #expect(titles.keys.map { Int($0) ?? -1 } == titles.keys.compactMap { Int($0) }.sorted())
        let tagStrings = tags.compactMap { value -> String? in if case .string(let text) = value { text } else { nil } }
        #expect(tagStrings == tagStrings.sorted() && tagStrings.count == 24)
        #expect(Array(extra.keys) == ["zeta", "alpha", "mu"])
    }
}
