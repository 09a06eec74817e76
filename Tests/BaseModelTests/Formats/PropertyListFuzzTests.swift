@testable import BaseModel
import Foundation
import Testing

/// A small seeded generator (SplitMix64), so that every run mutates the same way.
struct PropertyListSeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Mutations of valid files: truncations and byte flips, some aimed at the binary trailer.
enum PropertyListMutations {
    static func mutate(_ data: [UInt8], using generator: inout PropertyListSeededGenerator) -> [UInt8] {
        var bytes = data
        switch generator.next() % 4 {
        case 0:
            return Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
        case 1:
            // Flip bytes in the trailer and offset table, where sizes and counts live.
            for _ in 0..<(1 + generator.next() % 3) {
                let index = bytes.count - 1 - Int(generator.next() % UInt64(min(bytes.count, 48)))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
        default:
            for _ in 0..<(1 + generator.next() % 4) {
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] = generator.next() % 3 == 0 ? bytes[index] ^ (1 << (generator.next() % 8)) : UInt8(truncatingIfNeeded: generator.next())
            }
        }
        return bytes
    }
}

@Suite("Property lists: mutated input never crashes")
struct PropertyListFuzzTests {
    static let smallBinaryFiles = PropertyListTestCorpus.goodNames.filter { name in
        guard let data = try? PropertyListTestCorpus.data(name) else { return false }
        return data.starts(with: Array("bplist00".utf8)) && data.count <= 8_000
    }

    static let smallXMLFiles = PropertyListTestCorpus.goodNames.filter { name in
        guard let data = try? PropertyListTestCorpus.data(name) else { return false }
        return !data.starts(with: Array("bplist".utf8)) && data.count <= 2_000
    }

    @Test("truncated and flipped binary property lists give a value or a typed error", arguments: smallBinaryFiles)
    func binary(name: String) throws {
        let original = [UInt8](try PropertyListTestCorpus.data(name))
        var generator = PropertyListSeededGenerator(state: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        var failures = 0
        for _ in 0..<200 {
            let mutated = Data(PropertyListMutations.mutate(original, using: &generator))
            do {
                _ = try PropertyListCodecSupport.decodeTree(mutated, codecFormat: .binaryPropertyList)
                _ = BinaryPropertyListCodec().confidence(for: mutated)
            } catch {
                failures += 1
                #expect(error.format != nil)
            }
        }
        #expect(failures > 0)
    }

    @Test("truncated and flipped XML property lists give a value or a typed error", arguments: smallXMLFiles)
    func xml(name: String) throws {
        let original = [UInt8](try PropertyListTestCorpus.data(name))
        var generator = PropertyListSeededGenerator(state: UInt64(truncatingIfNeeded: name.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
        for _ in 0..<100 {
            let mutated = Data(PropertyListMutations.mutate(original, using: &generator))
            _ = try? PropertyListCodecSupport.decodeTree(mutated, codecFormat: .binaryPropertyList)
            _ = XMLPropertyListCodec().confidence(for: mutated)
        }
    }

    @Test("every truncation of a small binary list is a typed error", .corpus)
    func everyTruncation() throws {
        for name in ["rust-plist__binary.plist", "dd-plist__test1-binary.plist", "libplist__order.bplist"] {
            let data = try PropertyListTestCorpus.data(name)
            for length in 0..<data.count {
                #expect(propertyListError(data.prefix(length)) != nil, "\(name) cut at \(length)")
            }
        }
    }
}
