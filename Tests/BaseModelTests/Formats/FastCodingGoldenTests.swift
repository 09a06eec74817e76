@testable import BaseModel
import Foundation
import Testing

/// Building expected FastCoding bytes by hand: a header and hex chunks.
enum FastBytes {
    /// The 20-byte v3.3 header with these cache counts.
    static func header(objects: UInt32 = 0, classes: UInt32 = 0, strings: UInt32 = 0) -> [UInt8] {
        FastHeader(objectCount: objects, classCount: classes, stringCount: strings).bytes
    }

    /// Bytes from hex pairs, ignoring spaces; `"a"`-style runs are not supported, use `text`.
    static func hex(_ text: String) -> [UInt8] {
        let digits = text.filter { !$0.isWhitespace }
        return stride(from: 0, to: digits.count, by: 2).map { offset in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return UInt8(digits[start..<digits.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    /// A NUL-terminated UTF-8 string.
    static func text(_ string: String) -> [UInt8] { Array(string.utf8) + [0] }
}

/// Golden byte vectors, each worked out by hand from the format description (ORIGINALS.md §5)
/// and checked offset by offset in the comments.
@Suite struct FastCodingGoldenTests {
    let codec = FastCodec()

    func encode(_ tree: ModelValue) throws -> [UInt8] { [UInt8](try codec.encodeTree(tree)) }

    @Test("§5.6 example 1: the immutable dictionary {\"a\": 1} is 32 bytes")
    func workedExampleDictionary() throws {
        // 20: 09 Dictionary, 21–23 pad, 24–27 count 1, 28: 2D One, 29: 08 String, 30–31 "a\0".
        let expected = FastBytes.header(objects: 1, strings: 1) + FastBytes.hex("09 000000 01000000 2D 08") + FastBytes.text("a")
        #expect(expected.count == 32)
        #expect(try encode(["a": 1]) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == ["a": 1])
    }

    @Test("§5.6 example 2: a TodoItem {label, checked} is 65 bytes")
    func workedExampleTodoItem() throws {
        // 20: 1D ClassDefinition, 21–29 "TodoItem\0", 30–31 pad, 32–35 key count 2,
        // 36–41 "label\0", 42–49 "checked\0", 50: 1E Object8, 51: class 0,
        // 52: 08 String, 53–63 "Do washing\0", 64: 0E False.
        // Checked by hand: the spec's offsets, its 2 bytes of padding before the key count and its
        // length of 65 are right (the count at 32 is the only aligned field; no padding at the end).
        let expected = FastBytes.header(objects: 1, classes: 1, strings: 1)
            + [0x1D] + FastBytes.text("TodoItem") + [0, 0] + FastBytes.hex("02000000")
            + FastBytes.text("label") + FastBytes.text("checked") + FastBytes.hex("1E 00 08")
            + FastBytes.text("Do washing") + [0x0E]
        #expect(expected.count == 65)
        let tree: ModelValue = ["$class": "TodoItem", "label": "Do washing", "checked": false]
        #expect(try encode(tree) == expected)
        #expect(try codec.decodeTree(from: Data(expected)).orderedEquals(tree))
    }

    struct TodoItem: Model, Equatable {
        var label = "Do washing"
        var checked = false
    }

    @Test("a model is written through its keys, as BaseModel wrote with preferFastCoding")
    func modelWritesTheWorkedExample() throws {
        let bytes = try TodoItem().data(format: .fast)
        #expect(bytes.count == 65)
        #expect(bytes[20] == FastTag.classDefinition.rawValue)
        let graph = try FastCodec().readGraph(from: bytes)
        #expect(graph.className(ofClass: graph[graph.root].index) == "TodoItem")
        #expect(graph.classes[graph[graph.root].index].keys == ["label", "checked"])
        #expect(try TodoItem(data: bytes) == TodoItem())
    }

    static let integerVectors: [(Int64, String)] = [
        (0, "2E"), (1, "2D"), (-1, "0F FF"), (127, "0F 7F"), (-128, "0F 80"),
        (128, "10 00 8000"), (-129, "10 00 7FFF"), (32767, "10 00 FF7F"),
        (32768, "11 000000 00800000"), (-32769, "11 000000 FF7FFFFF"),
        (2_147_483_647, "11 000000 FFFFFF7F"), (-2_147_483_648, "11 000000 00000080"),
        (2_147_483_648, "12 000000 0000008000000000"),
        (Int64.max, "12 000000 FFFFFFFFFFFFFF7F"), (Int64.min, "12 000000 0000000000000080"),
    ]

    @Test("integers take the smallest width, aligned from the start of the file", arguments: integerVectors)
    func integerWidths(value: Int64, chunk: String) throws {
        let expected = FastBytes.header() + FastBytes.hex(chunk)
        #expect(try encode(.integer(value)) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == .integer(value))
    }

    @Test("UInt64.max, which the original could not write, is an exact decimal number")
    func unsignedAboveInt64Max() throws {
        // 20: 2C DecimalNumber, padded to 40 (a multiple of 20), then exponent 0, length 4 |
        // compact, reserved, mantissa FFFF FFFF FFFF FFFF 0000 …
        let expected = FastBytes.header() + [0x2C] + [UInt8](repeating: 0, count: 19)
            + FastBytes.hex("00 24 0000") + [UInt8](repeating: 0xFF, count: 8) + [UInt8](repeating: 0, count: 8)
        #expect(expected.count == 60)
        #expect(try encode(.unsignedInteger(.max)) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == .unsignedInteger(.max))
        // 10^19 is compact: mantissa 1, exponent 19.
        let tenToThe19 = try encode(.unsignedInteger(10_000_000_000_000_000_000))
        #expect(Array(tenToThe19[40..<46]) == [19, 0x21, 0, 0, 1, 0])
        #expect(try codec.decodeTree(from: Data(tenToThe19)) == .unsignedInteger(10_000_000_000_000_000_000))
    }

    @Test("Float32 and Float64 are kept apart; tree doubles are Float64")
    func floats() throws {
        let float32 = FastBytes.header() + FastBytes.hex("13 000000 0000C03F")
        let float64 = FastBytes.header() + FastBytes.hex("14 000000 000000000000F83F")
        #expect(try [UInt8](FastDocument.float32(1.5).data()) == float32)
        #expect(try [UInt8](FastDocument.float64(1.5).data()) == float64)
        #expect(try encode(.double(1.5)) == float64)
        #expect(try codec.decodeTree(from: Data(float32)) == .double(1.5))
        // The graph keeps the width: a 4-byte float is written back as one.
        #expect(try FormatRegistry.shared.convert(Data(float32), to: .fast) == Data(float32))
        #expect(try codec.decodeTree(from: Data(float64)) == .double(1.5))
    }

    @Test("a repeated string is written once, then as a string alias")
    func stringAliasing() throws {
        // 20: 0A Array, pad, 24: count 4, 28: 08 "x\0", 31: 05 00, 33: 08 "y\0", 36: 05 00.
        let expected = FastBytes.header(objects: 1, strings: 2) + FastBytes.hex("0A 000000 04000000 08 7800 0500 08 7900 0500")
        #expect(try encode(["x", "x", "y", "x"]) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == ["x", "x", "y", "x"])
    }

    @Test("strings equal under Unicode equivalence but with different bytes are not merged")
    func stringAliasingIsByBytes() throws {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        let bytes = try encode([.string(composed), .string(decomposed)])
        #expect(bytes.count(where: { $0 == FastTag.string.rawValue }) == 2)
        guard case .array(let elements) = try codec.decodeTree(from: Data(bytes)) else { Issue.record("not an array"); return }
        #expect(elements.map { if case .string(let s) = $0 { Array(s.utf8) } else { [] } } == [Array(composed.utf8), Array(decomposed.utf8)])
    }

    @Test("a class definition is written once and reused by later objects of the class")
    func classDefinitionReused() throws {
        // 20: 0A, 24: count 2, 28: 1D "P\0", 31 pad, 32: 1 key, 36: "n\0", 38: 1E 00, 40: 2D,
        // 41: 1E 00, 43: 0F 02.
        let expected = FastBytes.header(objects: 3, classes: 1) + FastBytes.hex("0A 000000 02000000 1D 5000 00 01000000 6E00 1E00 2D 1E00 0F02")
        #expect(try encode([["$class": "P", "n": 1], ["$class": "P", "n": 2]]) == expected)
    }

    @Test("an object with keys its class definition lacks gets a wider definition")
    func classDefinitionWidened() throws {
        // The second object adds "m": 41: 1D "P\0", 44: 2 keys (already aligned), 48: "n\0",
        // 50: "m\0", 52: 1E 01 (definition 1 is [n, m]), 54: 00 (n is nil), 55: 0F 02.
        let expected = FastBytes.header(objects: 3, classes: 2)
            + FastBytes.hex("0A 000000 02000000 1D 5000 00 01000000 6E00 1E00 2D")
            + FastBytes.hex("1D 5000 02000000 6E00 6D00 1E01 00 0F02")
        #expect(try encode([["$class": "P", "n": 1], ["$class": "P", "m": 2]]) == expected)
        let back = try codec.decodeTree(from: Data(expected))
        #expect(back == [["$class": "P", "n": 1], ["$class": "P", "m": 2]])
    }

    @Test("a widened definition places a new key where the object has it, so later objects fit it")
    func classDefinitionWidenedInOrder() throws {
        // 28: 1D "P\0", 31 pad, 32: 2 keys, 36: "a\0", 38: "c\0", 40: 1E 00, 42: 2D, 43: 0F 03;
        // 45: 1D "P\0", 48: 3 keys, 52: "a\0", 54: "b\0", 56: "c\0" (not [a, c, b]), 58: 1E 01,
        // 60: 2D, 61: 0F 02, 63: 0F 03; the third object fits definition 1: 65: 1E 01 …
        let object: ModelValue = ["$class": "P", "a": 1, "b": 2, "c": 3]
        let expected = FastBytes.header(objects: 4, classes: 2)
            + FastBytes.hex("0A 000000 03000000 1D 5000 00 02000000 6100 6300 1E00 2D 0F03")
            + FastBytes.hex("1D 5000 03000000 6100 6200 6300 1E01 2D 0F02 0F03")
            + FastBytes.hex("1E01 2D 0F02 0F03")
        #expect(try encode([["$class": "P", "a": 1, "c": 3], object, object]) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == [["$class": "P", "a": 1, "c": 3], object, object])
    }

    @Test("widening keeps both orders where it can, the existing keys first where both have new ones")
    func widenedKeyOrder() {
        #expect(FastWriter.widened(["n"], with: ["m"]) == ["n", "m"])
        #expect(FastWriter.widened(["a", "c"], with: ["a", "b", "c"]) == ["a", "b", "c"])
        #expect(FastWriter.widened(["a", "b", "d"], with: ["a", "c", "d", "e"]) == ["a", "b", "c", "d", "e"])
        #expect(FastWriter.widened(["a", "b"], with: ["b", "a", "x"]) == ["a", "b", "x"])
    }

    @Test("a class instance met again is an object alias to its cache slot")
    func objectAlias() throws {
        // 20: 1D "Owner\0", 27 pad, 28: 2 keys, 32: "a\0", 34: "b\0", 36: 1E 00 (slot 0),
        // 38: 1D "P\0", 41 pad, 44: 1 key, 48: "n\0", 50: 1E 01 (slot 1), 52: 2D, 53: 02 01.
        let expected = FastBytes.header(objects: 2, classes: 2)
            + FastBytes.hex("1D") + FastBytes.text("Owner") + FastBytes.hex("00 02000000 6100 6200 1E00")
            + FastBytes.hex("1D 5000 000000 01000000 6E00 1E01 2D 0201")
        let tree: ModelValue = ["$class": "Owner", "a": ["$class": "P", "n": 1], "b": ["$alias": "a"]]
        #expect(try encode(tree) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == tree)
    }

    @Test("a cycle through a class object: the object is cached before its values")
    func cycleThroughObject() throws {
        // 20: 1D "Node\0", 26 pad, 28: 1 key, 32: "next\0", 37: 1E 00, 39: 02 00 (alias to slot 0).
        let expected = FastBytes.header(objects: 1, classes: 1)
            + FastBytes.hex("1D") + FastBytes.text("Node") + FastBytes.hex("0000 01000000") + FastBytes.text("next") + FastBytes.hex("1E00 0200")
        let tree: ModelValue = ["$class": "Node", "next": ["$alias": "$root"]]
        #expect(try encode(tree) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == tree)
    }

    @Test("a cycle through a mutable array: mutable collections are cached before their children")
    func cycleThroughMutableCollection() throws {
        let expected = FastBytes.header(objects: 1) + FastBytes.hex("19 000000 02000000 2D 0200")
        let document = FastDocument.list([.integer(1), .alias(0)], kind: .array, mutable: true)
        #expect(try [UInt8](document.data()) == expected)
        #expect(try codec.decodeTree(from: Data(expected)) == [1, ["$alias": "$root"]])
        let graph = try codec.readGraph(from: Data(expected))
        #expect(graph.element(of: graph.root, at: 1) == graph.root)
        #expect(try FormatRegistry.shared.convert(Data(expected), to: .fast) == Data(expected))
        // An immutable array is cached after its children, so the same alias is out of range.
        var immutable = expected
        immutable[20] = FastTag.array.rawValue
        let error = try #require(throws: ModelError.self) { try codec.decodeTree(from: Data(immutable)) }
        #expect(error.offset == 30)
    }

    @Test("a cycle back into a plain tree array cannot be written and is a typed error")
    func cycleThroughPlainArrayIsAnError() throws {
        let error = try #require(throws: ModelError.self) { try codec.encodeTree(["items": [["$alias": "items"]]]) }
        #expect(error.format == .fast)
        #expect(error.path == [.key("items"), .index(0)])
    }
}
