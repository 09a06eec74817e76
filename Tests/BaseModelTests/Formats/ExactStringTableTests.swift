@testable import BaseModel
import Testing

/// The fast writer's string cache: strings numbered by their exact UTF-8 bytes.
@Suite("ExactStringTable: strings numbered by their bytes")
struct ExactStringTableTests {
    @Test("a string added once is found by equal bytes in other storage")
    func found() {
        var table = ExactStringTable()
        #expect(table.number(of: "a string long enough to have storage of its own", orAdd: 0) == nil)
        let other = String(decoding: Array("a string long enough to have storage of its own".utf8), as: UTF8.self)
        #expect(table.number(of: other, orAdd: 1) == 0)
        #expect(table.number(of: "", orAdd: 1) == nil)
        #expect(table.number(of: "", orAdd: 2) == 1)
        #expect(table.count == 2)
    }

    @Test("canonically equivalent strings stay apart, as NSString's isEqual: keeps them")
    func exactBytes() {
        var table = ExactStringTable()
        #expect(table.number(of: "caf\u{E9}", orAdd: 0) == nil)
        #expect(table.number(of: "cafe\u{301}", orAdd: 1) == nil)
        #expect(table.number(of: "caf\u{E9}", orAdd: 2) == 0)
        #expect(table.number(of: "cafe\u{301}", orAdd: 2) == 1)
    }

    @Test("it grows and keeps every number")
    func growth() {
        var table = ExactStringTable(capacity: 2)
        for number in 0..<5_000 { #expect(table.number(of: "\(number)", orAdd: number) == nil) }
        for number in 0..<5_000 { #expect(table.number(of: String(number), orAdd: -1) == number) }
        #expect(table.count == 5_000)
    }

    @Test("removing the string added last leaves the others found and that one absent")
    func removeLast() {
        // A small table and many removals, so that runs of taken slots are shifted back often.
        var table = ExactStringTable(capacity: 8)
        var kept: [String] = []
        for round in 0..<3_000 {
            let text = "string \(round % 997) of round \(round / 997)"
            #expect(table.number(of: text, orAdd: kept.count) == nil)
            if round % 3 == 2 {
                table.removeLast()
            } else {
                kept.append(text)
            }
        }
        #expect(table.count == kept.count)
        for (number, text) in kept.enumerated() { #expect(table.number(of: text, orAdd: -1) == number) }
        // The ones removed are absent: added again, they take the number offered.
        #expect(table.number(of: "string 2 of round 0", orAdd: 99_999) == nil)
    }
}
