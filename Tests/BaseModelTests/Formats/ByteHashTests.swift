@testable import BaseModel
import Testing

/// The writers' hash of a string's bytes.
@Suite("ByteHash: the string tables' hash of bytes")
struct ByteHashTests {
    @Test("equal bytes hash equally, from a String or from bytes")
    func equalBytes() {
        for text in ["", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "0123456789abcdef", "0123456789abcdefg", String(repeating: "é", count: 40)] {
            let bytes = Array(text.utf8)
            #expect(ByteHash.hash(of: text) == bytes.withUnsafeBytes { ByteHash.hash($0) })
            #expect(ByteHash.hash(of: text) == ByteHash.hash(of: String(decoding: bytes, as: UTF8.self)))
        }
    }

    @Test("every byte of every length counts: no two of 20,000 inputs collide")
    func everyByteCounts() {
        var inputs: Set<[UInt8]> = []
        // Each length from 0 to 80, with each position changed in turn (zeros of another length
        // are the same bytes at another length).
        for length in 0...80 {
            let base = [UInt8](repeating: 0, count: length)
            inputs.insert(base)
            for position in 0..<length {
                for value: UInt8 in [1, 0x80, 0xFF] {
                    var bytes = base
                    bytes[position] = value
                    inputs.insert(bytes)
                }
            }
        }
        // Then pseudo-random bytes of random lengths (a fixed sequence).
        var state: UInt64 = 13
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        while inputs.count < 20_000 {
            inputs.insert((0..<Int(next() % 65)).map { _ in UInt8(truncatingIfNeeded: next()) })
        }
        let hashes = Set(inputs.map { bytes in bytes.withUnsafeBytes { ByteHash.hash($0) } })
        #expect(hashes.count == inputs.count)
        #expect(ByteHash.hash(of: "\u{E9}") != ByteHash.hash(of: "e\u{301}"))
    }
}
