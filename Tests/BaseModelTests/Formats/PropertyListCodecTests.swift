@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

@Suite("Property lists: codecs and writers")
struct PropertyListCodecTests {
    static let sample: ModelValue = [
        "name": "Ada & <Bob>", "count": 42, "negative": -7, "big": .unsignedInteger(UInt64.max), "small": .integer(Int64.min),
        "ratio": 0.25, "flag": true, "off": false, "when": .date(Date(timeIntervalSince1970: 1_700_000_000)),
        "blob": .data(Data([0, 1, 2, 255])), "empty": [], "nothing": [:], "unicode": "日本語 😰 \u{7} tab\tline\nreturn\r",
        "nested": ["list": [1, 2.5, "three", ["deep": true]], "key with spaces": "v"],
    ]

    @Test("trees round-trip through both codecs, key order included")
    func roundTrips() throws {
        for codec in [BinaryPropertyListCodec() as any FormatCodec, XMLPropertyListCodec()] {
            let data = try codec.encodeTree(Self.sample)
            #expect(codec.confidence(for: data) == 60)
            #expect(try codec.decodeTree(from: data).orderedEquals(Self.sample), "\(codec.format)")
        }
        // Either codec reads either form.
        #expect(try XMLPropertyListCodec().decodeTree(from: BinaryPropertyListCodec().encodeTree(Self.sample)) == Self.sample)
        #expect(try BinaryPropertyListCodec().decodeTree(from: XMLPropertyListCodec().encodeTree(Self.sample)) == Self.sample)
        // Binary keeps fractions of a second; XML keeps whole seconds.
        let fractional: ModelValue = ["d": .date(Date(timeIntervalSinceReferenceDate: 12.75))]
        #expect(try BinaryPropertyListCodec().decodeTree(from: BinaryPropertyListCodec().encodeTree(fractional)) == fractional)
        #expect(try XMLPropertyListCodec().decodeTree(from: XMLPropertyListCodec().encodeTree(fractional))
            == ["d": .date(Date(timeIntervalSinceReferenceDate: 12))])
    }

    @Test("null has no property-list form", arguments: [BinaryPropertyListCodec() as any FormatCodec, XMLPropertyListCodec()])
    func nullIsAnError(codec: any FormatCodec) {
        let error = #expect(throws: ModelError.self) { try codec.encodeTree(["items": [1, ["label": .null]]]) }
        #expect(error?.reason == .unsupported("property lists have no null"))
        #expect(error?.path == [.key("items"), .index(1), .key("label")])
        #expect(error?.format == codec.format)
        if codec.format == .xmlPropertyList {
            // The line FilesAndFormats quotes.
            #expect(error?.description == "items[1].label: unsupported: property lists have no null (xml)")
        }
    }

    @Test("confidence: 60 for plain lists, 40 for archives and typed trees, nil for other bytes")
    func confidence() throws {
        let binary = BinaryPropertyListCodec(), xml = XMLPropertyListCodec()
        for tree: ModelValue in [["$archiver": "NSKeyedArchiver", "$objects": []], ["$class": "TodoList", "items": []]] {
            #expect(binary.confidence(for: try binary.encodeTree(tree)) == 40)
            #expect(xml.confidence(for: try xml.encodeTree(tree)) == 40)
            #expect(xml.confidence(for: try binary.encodeTree(tree)) == nil)
        }
        #expect(binary.confidence(for: Data("{\"a\": 1}".utf8)) == nil)
        #expect(xml.confidence(for: Data("{\"a\": 1}".utf8)) == nil)
        #expect(xml.confidence(for: Data("<html></html>".utf8)) == nil)
        #expect(xml.confidence(for: Data("\u{FEFF}  <plist><true/></plist>".utf8)) == 60)
        #expect(binary.confidence(for: Data()) == nil)
        // A mention of "$class" deeper down does not make a typed tree.
        #expect(xml.confidence(for: try xml.encodeTree(["items": [["$class": "X"]]])) == 60)
        #expect(binary.confidence(for: try binary.encodeTree(["items": [["$class": "X"]]])) == 60)
    }

    @Test("the binary writer uses the smallest integers, references and offsets")
    func binaryLayout() throws {
        func bytes(_ object: PropertyListObject) -> [UInt8] { (try? [UInt8](object.binaryData())) ?? [] }
        // One object: header, the object, a one-byte offset table, the trailer.
        #expect(bytes(.integer(255)) == Array("bplist00".utf8) + [0x10, 0xFF, 8] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10])
        #expect(bytes(.integer(256))[8...10] == [0x11, 0x01, 0x00])
        #expect(bytes(.integer(70_000))[8] == 0x12)
        #expect(bytes(.integer(1 << 40))[8] == 0x13)
        #expect(bytes(.integer(-1))[8...16] == [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(bytes(.unsignedInteger(UInt64.max))[8...9] == [0x14, 0x00])
        #expect(bytes(.uid(5))[8...9] == [0x80, 0x05])
        #expect(bytes(.uid(300))[8...10] == [0x81, 0x01, 0x2C])
        #expect(bytes(.real(1.5))[8] == 0x23)
        #expect(bytes(.string("abc"))[8...11] == [0x53, 0x61, 0x62, 0x63])
        #expect(bytes(.string("é"))[8...10] == [0x61, 0x00, 0xE9])
        #expect(bytes(.string(String(repeating: "x", count: 20)))[8...10] == [0x5F, 0x10, 20])
        // Equal leaves are stored once: ["a", "a", 1, 1, 1.0, true] holds 5 objects.
        let shared = bytes(.array([.string("a"), .string("a"), .integer(1), .integer(1), .real(1), .bool(true)]))
        #expect(shared[shared.count - 17] == 5)
        // 300 distinct strings need two-byte references; a large file needs wider offsets.
        let many = bytes(.array((0..<300).map { .string("s\($0)") }))
        #expect(many[many.count - 25] == 2)
        #expect(many[many.count - 26] == 2)
        let wide = bytes(.array([.data(Data(count: 70_000)), .integer(1)]))
        #expect(wide[wide.count - 26] == 4)
        #expect(try BinaryPropertyListReader.read(Data(wide)) == .array([.data(Data(count: 70_000)), .integer(1)]))
    }

    @Test("the XML writer escapes text and formats scalars as CoreFoundation does")
    func xmlLayout() throws {
        let object = PropertyListObject.dictionary([
            "a<b>&c": .string("x\u{1}y\rz"), "i": .integer(-3), "r": .real(.infinity), "n": .real(-.infinity), "f": .real(0.1),
            "d": .date(Date(timeIntervalSince1970: -30_638_894_094)), "u": .uid(7), "t": .bool(true), "e": .array([]),
        ])
        let text = String(decoding: try object.xmlData(), as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC"))
        #expect(text.contains("\t<key>a&lt;b&gt;&amp;c</key>\n\t<string>x&#1;y&#13;z</string>\n"))
        #expect(text.contains("<integer>-3</integer>") && text.contains("<real>+infinity</real>") && text.contains("<real>-infinity</real>"))
        #expect(text.contains("<real>0.1</real>") && text.contains("<date>0999-02-03T04:05:06Z</date>") && text.contains("<true/>"))
        #expect(text.contains("\t<dict>\n\t\t<key>CF$UID</key>\n\t\t<integer>7</integer>\n\t</dict>\n") && text.contains("<array/>"))
        #expect(text.hasSuffix("</dict>\n</plist>\n"))
        #expect(try XMLPropertyListReader.read(Data(text.utf8)) == object)
        // Dates outside the years 0000–9999 have no text form.
        #expect(throws: ModelError.self) { try PropertyListObject.date(Date(timeIntervalSince1970: 1e12)).xmlData() }
        #expect(throws: ModelError.self) { try PropertyListObject.date(Date(timeIntervalSince1970: .nan)).xmlData() }
    }

    @Test("Foundation reads what we write, in both forms")
    func foundationReadsOurOutput() throws {
        var tree = Self.sample
        if case .dictionary(var entries) = tree {
            entries["big"] = nil  // Foundation on Linux has no unsigned 64-bit plist integers above Int64.max
            entries["unicode"] = "日本語 😰 tab\tline\n"  // nor control characters in XML
            tree = .dictionary(entries)
        }
        for codec in [BinaryPropertyListCodec() as any FormatCodec, XMLPropertyListCodec()] {
            let data = try codec.encodeTree(tree)
            var format = PropertyListSerialization.PropertyListFormat.xml
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
            #expect(format == (codec.format == .xmlPropertyList ? .xml : .binary))
            #expect(try ModelValue(foundation: object) == tree, "\(codec.format)")
        }
    }

    @Test("we read what Foundation writes, in both forms")
    func weReadFoundationOutput() throws {
        let object: [String: Any] = [
            "s": "text é", "i": 12, "n": -5, "d": 2.5, "b": true, "date": Date(timeIntervalSinceReferenceDate: 86_400),
            "data": Data([1, 2, 3]), "a": [1, "x", ["k": false]], "empty": [String: Any](),
        ]
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
            let tree = try (format == .binary ? BinaryPropertyListCodec() as any FormatCodec : XMLPropertyListCodec()).decodeTree(from: data)
            #expect(tree == (try ModelValue(foundation: object)), "\(format)")
        }
    }
}
