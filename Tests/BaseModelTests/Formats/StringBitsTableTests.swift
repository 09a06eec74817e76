@testable import BaseModel
import Testing

/// The fast writer's table of keys and class names by the bits of the `String` value.
@Suite("StringBitsTable: numbers found by a String's bits")
struct StringBitsTableTests {
    /// A string in storage of its own (too long to be stored inline).
    static func stored(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    @Test("the same String value finds its number; one never added finds none")
    func sameValue() {
        var table = StringBitsTable()
        let key = Self.stored("a key long enough to have storage of its own")
        table.add(key, number: 7)
        let copy = key
        #expect(table.number(of: key) == 7)
        #expect(table.number(of: copy) == 7)
        #expect(table.number(of: Self.stored("another key long enough to have storage")) == nil)
    }

    @Test("equal text in other storage is another entry; a small string is its bytes")
    func storage() {
        var table = StringBitsTable()
        let text = "a key long enough to have storage of its own"
        table.add(Self.stored(text), number: 1)
        #expect(table.number(of: Self.stored(text)) == nil)
        table.add("id", number: 2)
        #expect(table.number(of: Self.stored("id")) == 2)
    }

    @Test("it grows and keeps every number")
    func growth() {
        var table = StringBitsTable(capacity: 4)
        let texts = (0..<1_000).map { Self.stored("key number \($0) with room to spare") }
        for (number, text) in texts.enumerated() { table.add(text, number: number) }
        for (number, text) in texts.enumerated() { #expect(table.number(of: text) == number) }
        for number in 0..<100 { table.add("k\(number)", number: 1_000 + number) }
        #expect((0..<100).allSatisfy { table.number(of: "k\($0)") == 1_000 + $0 })
    }

    @Test("small strings that differ only in their middle bytes spread over the slots")
    func spread() {
        // Keys of a JSON object such as citm's "events": nine-digit ids with a common prefix.
        var table = BitsTable(capacity: 4_096)
        for number in 0..<2_000 {
            table.add(StringBitsTable.bits(of: "1385\(10_000 + number)"), number: number)
        }
        for number in 0..<2_000 { #expect(table.number(of: StringBitsTable.bits(of: "1385\(10_000 + number)")) == number) }
        // At most half full: runs stay short when the slots are picked well (the middle bits of a
        // plain product made one run of 200).
        #expect(table.longestRun < 64, "run \(table.longestRun)")
    }
}
