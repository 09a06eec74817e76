@testable import BaseModel
import Foundation
import Testing

/// Helpers shared by the HRCoder tests.
enum HRCoderFixtures {
    /// The three HR codecs, for parameterised tests.
    static let codecs: [any FormatCodec] = [HRJSONCodec(), HRXMLCodec(), HRBinaryCodec()]

    /// The tree after a write and a read through `codec`.
    static func roundTrip(_ tree: ModelValue, through codec: any FormatCodec) throws -> ModelValue {
        try codec.decodeTree(from: codec.encodeTree(tree))
    }

    /// The error `body` throws, or `nil` when it throws nothing (or something else).
    static func error(_ body: () throws -> Void) -> ModelError? {
        do {
            try body()
            return nil
        } catch let error as ModelError {
            return error
        } catch {
            return nil
        }
    }

    /// A property list read with Foundation, to look at what the codecs wrote.
    static func foundationPlist(_ data: Data) throws -> Any {
        var format = PropertyListSerialization.PropertyListFormat.xml
        return try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    }
}

/// HRCoder's own tests (`HRCoderTests.m`, ORIGINALS §3.7) and the acceptance tests of §8, at the
/// level of typed trees: each must hold in every HR format.
@Suite("HRCoder")
struct HRCoderTests {
    typealias Fixtures = HRCoderFixtures

    // MARK: HRCoderTests.m

    @Test("testChangingModel: a typed object survives each format unchanged", arguments: Fixtures.codecs)
    func changingModel(codec: any FormatCodec) throws {
        let tree: ModelValue = ["$class": "Model", "text1": "Foo", "text2": "Bar"]
        let back = try Fixtures.roundTrip(tree, through: codec)
        #expect(back == tree)
        #expect(back["$class"] == "Model")
        #expect(back["text2"] == "Bar")
        #expect(back["textNew"] == nil)
    }

    @Test("testAliasing: a shared array stays one reference; equal arrays stay two", arguments: Fixtures.codecs)
    func aliasing(codec: any FormatCodec) throws {
        let shared: ModelValue = ["$class": "Model", "array1": ["a", 1, true], "array2": ["$alias": "array1"]]
        let back = try Fixtures.roundTrip(shared, through: codec)
        #expect(back == shared)
        #expect(back["array2"] == ["$alias": "array1"])
        let target = try #require(back["array2"]?["$alias"].flatMap { alias -> ModelValue? in
            guard case .string(let path) = alias else { return nil }
            return TypedTree.resolve(path, in: back)
        })
        #expect(target == back["array1"])
        #expect(target == ["a", 1, true])

        let distinct: ModelValue = ["$class": "Model", "array1": ["a", 1, true], "array2": ["a", 1, true]]
        let copied = try Fixtures.roundTrip(distinct, through: codec)
        #expect(copied == distinct)
        #expect(copied["array2"] == copied["array1"])
        #expect(!TypedTree.isAlias(try #require(copied["array2"])))
    }

    @Test("testPlistData: a tree holding null is an XML property list, null as {$class: NSNull}")
    func plistData() throws {
        let tree: ModelValue = ["$class": "Model", "array1": [.null, "x", .null]]
        let xml = try HRXMLCodec().encodeTree(tree)
        let plist = try #require(try Fixtures.foundationPlist(xml) as? [String: Any])
        let array = try #require(plist["array1"] as? [Any])
        #expect(array.count == 3)
        #expect((array[0] as? [String: Any])?["$class"] as? String == "NSNull")
        #expect((array[0] as? [String: Any])?.count == 1)
        #expect(array[1] as? String == "x")
        #expect(String(decoding: xml, as: UTF8.self).contains("<string>NSNull</string>"))
        #expect(try HRXMLCodec().decodeTree(from: xml) == tree)
    }

    @Test("testJSONData: date, data and string round-trip through hr-json equal")
    func jsonData() throws {
        let now = Date()
        let tree: ModelValue = ["$class": "Model", "array1": [.date(now), .data(Data("foo".utf8)), "bar"]]
        let json = try HRJSONCodec().encodeTree(tree)
        // The document is plain JSON that any parser reads.
        #expect(try JSONSerialization.jsonObject(with: json) is [String: Any])
        let back = try HRJSONCodec().decodeTree(from: json)
        #expect(back == tree)
        // NS.time keeps the date's double exactly, fractions of a second included.
        guard case .date(let date)? = back["array1"]?[0] else {
            Issue.record("no date in \(back)")
            return
        }
        #expect(date.timeIntervalSinceReferenceDate == now.timeIntervalSinceReferenceDate)
        let precise = Date(timeIntervalSinceReferenceDate: 431_215_800.123_456_7)
        let written = try HRJSONCodec().encodeTree(["$class": "Model", "when": .date(precise)])
        #expect(String(decoding: written, as: UTF8.self).contains(#""NS.time":431215800.1234567"#))
        #expect(try HRJSONCodec().decodeTree(from: written)["when"] == .date(precise))
    }

    @Test("testJSONData: a mutable string as HRCoder wrote it reads as a string")
    func mutableStringFromObjectiveC() throws {
        let json = #"""
            {"$class":"Model","array1":[{"$class":"NSDate","NS.time":431215800.25},
            {"$class":"NSMutableData","$data":"Zm9v"},{"$class":"NSMutableString","NS.string":"bar"}]}
            """#
        let tree = try HRJSONCodec().decodeTree(from: Data(json.utf8))
        #expect(tree["array1"] == [
            .date(Date(timeIntervalSinceReferenceDate: 431_215_800.25)), .data(Data("foo".utf8)), "bar",
        ])
    }

    // MARK: Acceptance tests (ORIGINALS §8)

    @Test("a cycle to $root reads and writes", arguments: Fixtures.codecs)
    func cycleToRoot(codec: any FormatCodec) throws {
        let json = #"{"$class":"Node","next":{"$alias":"$root"}}"#
        let tree = try HRJSONCodec().decodeTree(from: Data(json.utf8))
        #expect(tree == ["$class": "Node", "next": ["$alias": "$root"]])
        #expect(TypedTree.resolve("$root", in: tree) == tree)
        let back = try Fixtures.roundTrip(tree, through: codec)
        #expect(back == tree)
    }

    @Test("an alias to a path that appears later in the document is the object there; the tree names its first place",
          arguments: Fixtures.codecs)
    func forwardReference(codec: any FormatCodec) throws {
        let json = #"""
            {"$class":"Pair","first":{"$alias":"later.items.1"},
             "later":{"items":[{"$class":"Item","label":"a"},{"$class":"Item","label":"b"}]}}
            """#
        let tree = try HRJSONCodec().decodeTree(from: Data(json.utf8))
        // One object, met first (in document order) at "first": the tree writes it there and
        // names it from its place in the array.
        #expect(tree == [
            "$class": "Pair", "first": ["$class": "Item", "label": "b"],
            "later": ["items": [["$class": "Item", "label": "a"], ["$alias": "first"]]],
        ])
        #expect(try Fixtures.roundTrip(tree, through: codec) == tree)
    }

    @Test("null is JSON null in hr-json")
    func nullInJSON() throws {
        let json = try HRJSONCodec().encodeTree(["$class": "Model", "note": .null, "list": [.null]])
        #expect(String(decoding: json, as: UTF8.self) == #"{"$class":"Model","note":null,"list":[null]}"#)
    }

    @Test("null is {$class: NSNull} in the property-list formats and reads back as null",
          arguments: [HRXMLCodec(), HRBinaryCodec()] as [any FormatCodec])
    func nullInPropertyLists(codec: any FormatCodec) throws {
        let tree: ModelValue = ["$class": "Model", "note": .null]
        let bytes = try codec.encodeTree(tree)
        let plist = try #require(try Fixtures.foundationPlist(bytes) as? [String: Any])
        let note = try #require(plist["note"] as? [String: Any])
        #expect(note.count == 1)
        #expect(note["$class"] as? String == "NSNull")
        #expect(try codec.decodeTree(from: bytes) == tree)
    }

    @Test("a root of any kind, a plain array or dictionary above all, writes and reads back (HRCoder writes them)",
          arguments: Fixtures.codecs)
    func anyRoot(codec: any FormatCodec) throws {
        let roots: [ModelValue] = [
            ["a", "b"], [["$class": "Item", "n": 1], ["$alias": "0"]], ["plain": ["x": 1]], "text", 42,
            [.date(Date(timeIntervalSinceReferenceDate: 5)), .data(Data([1, 2])), ["k": .null]],
        ]
        for root in roots {
            let back = try codec.decodeTree(from: codec.encodeTree(root))
            #expect(back == root, "\(codec.format): \(root)")
        }
        let documents: [Data] = switch codec.format {
        case .hrJSON: [Data(#"[{"$class":"Item"}]"#.utf8), Data(#""text""#.utf8)]
        default: [
            try PropertyListSerialization.data(fromPropertyList: [["$class": "Item"]], format: .xml, options: 0),
            try PropertyListSerialization.data(fromPropertyList: ["a"], format: .binary, options: 0),
        ]
        }
        #expect(try codec.decodeTree(from: documents[0]) == [["$class": "Item"]])
        #expect(try codec.decodeTree(from: documents[1]) == (codec.format == .hrJSON ? "text" : ["a"]))
    }

    @Test("an unknown $class is the model decoder's business: it stays a typed dictionary", arguments: Fixtures.codecs)
    func unknownClassStays(codec: any FormatCodec) throws {
        let tree: ModelValue = ["$class": "List", "items": [["$class": "NoSuchType", "x": 1], "plain"]]
        #expect(try Fixtures.roundTrip(tree, through: codec) == tree)
    }
}
