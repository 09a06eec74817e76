import Foundation
@testable import BaseModel
import Testing

/// The output buffer of the JSON and fast writers.
@Suite("GrowingBytes: the byte writers' output buffer")
struct GrowingBytesTests {
    @Test("appends of every kind keep their order across growth")
    func appends() {
        var buffer = GrowingBytes(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<300 {
            let byte = UInt8(truncatingIfNeeded: round)
            buffer.append(byte)
            expected.append(byte)
            buffer.append(byte, repeated: round % 5)
            expected.append(contentsOf: repeatElement(byte, count: round % 5))
            let run: [UInt8] = (0..<round % 19).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            buffer.append(contentsOf: run)
            expected.append(contentsOf: run)
            buffer.reserve(2)
            buffer.appendUnchecked(0xAB)
            buffer.appendUnchecked(byte)
            expected.append(contentsOf: [0xAB, byte])
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes() == expected)
        #expect(buffer.data == Data(expected))
        #expect(buffer.bytes(from: 10) == Array(expected[10...]))
    }

    @Test("a byte written back at an offset replaces that byte only")
    func subscriptStore() {
        var buffer = GrowingBytes(capacity: 4)
        buffer.append(contentsOf: [1, 2, 3, 4, 5, 6] as [UInt8])
        buffer[0] = 9
        buffer[5] = 8
        #expect(buffer[0] == 9 && buffer[1] == 2)
        #expect(buffer.bytes() == [9, 2, 3, 4, 5, 8])
        buffer.removeTail(from: 2)
        #expect(buffer.bytes() == [9, 2])
    }
}
