@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

/// What the HR codecs write, byte for byte where it is ours to decide, and how they are detected.
@Suite("HRCoder formats")
struct HRCoderFormatTests {
    typealias Fixtures = HRCoderFixtures

    // MARK: Golden output

    @Test("hr-json: the exact bytes of a small tree")
    func jsonGolden() throws {
        let tree: ModelValue = [
            "$class": "TodoList",
            "items": [
                [
                    "$class": "TodoItem", "label": "Buy milk/eggs", "checked": false,
                    "due": .date(Date(timeIntervalSinceReferenceDate: 12.5)), "photo": .data(Data([0xFB, 0xFF])),
                    "note": .null,
                ],
                ["$alias": "items.0"],
            ],
            "owner": "Zoë", "count": 2, "ratio": 0.5,
        ]
        let json = try HRJSONCodec().encodeTree(tree)
        let expected = #"{"$class":"TodoList","items":[{"$class":"TodoItem","label":"Buy milk\/eggs","checked":false,"#
            + #""due":{"$class":"NSDate","NS.time":12.5},"photo":{"$class":"NSData","$data":"+\/8="},"note":null},"#
            + #"{"$alias":"items.0"}],"owner":"Zoë","count":2,"ratio":0.5}"#
        #expect(String(decoding: json, as: UTF8.self) == expected)
        let back = try HRJSONCodec().decodeTree(from: json)
        #expect(back.orderedEquals(tree))
    }

    /// HRTodoList's bundled resource, in the shape BaseModel's example ships (ORIGINALS §1.17),
    /// laid out as Foundation writes XML property lists.
    static let todoListXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>$class</key>
        \t<string>TodoList</string>
        \t<key>items</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>$class</key>
        \t\t\t<string>TodoItem</string>
        \t\t\t<key>label</key>
        \t\t\t<string>Do washing</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>$class</key>
        \t\t\t<string>TodoItem</string>
        \t\t\t<key>label</key>
        \t\t\t<string>Mow lawn</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>$class</key>
        \t\t\t<string>TodoItem</string>
        \t\t\t<key>label</key>
        \t\t\t<string>Write an open source library</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>$class</key>
        \t\t\t<string>TodoItem</string>
        \t\t\t<key>label</key>
        \t\t\t<string>Feed the cat</string>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>

        """

    static let todoListTree: ModelValue = [
        "$class": "TodoList",
        "items": .array(["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"].map { label in
            ["$class": "TodoItem", "label": .string(label)]
        }),
    ]

    @Test("hr-xml: HRTodoList's resource reads, and the tree writes back the same document")
    func todoListResource() throws {
        let codec = HRXMLCodec()
        let resource = Data(Self.todoListXML.utf8)
        #expect(codec.confidence(for: resource) == 70)
        let tree = try codec.decodeTree(from: resource)
        #expect(tree == Self.todoListTree)
        let written = try codec.encodeTree(Self.todoListTree)
        #expect(String(decoding: written, as: UTF8.self) == Self.todoListXML)
        #expect(try codec.decodeTree(from: written) == Self.todoListTree)
    }

    @Test("hr-xml: $class after the other keys (MacHRAutoTodoList's resource) is still detected and read")
    func classKeyLast() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>items</key><array><dict><key>label</key><string>Pay bills</string>
            <key>priority</key><integer>3</integer><key>checked</key><false/><key>$class</key><string>TodoItem</string></dict></array>
            <key>$class</key><string>TodoList</string>
            </dict></plist>
            """
        let codec = HRXMLCodec()
        #expect(codec.confidence(for: Data(xml.utf8)) == 70)
        let tree = try codec.decodeTree(from: Data(xml.utf8))
        #expect(tree == [
            "$class": "TodoList", "items": [["$class": "TodoItem", "label": "Pay bills", "priority": 3, "checked": false]],
        ])
    }

    @Test("hr-binary: the exact bytes of {$class: A}")
    func binaryGolden() throws {
        var expected = Array("bplist00".utf8)
        expected += [0xD1, 0x01, 0x02]                 // object 0 at 8: a dictionary, key 1, value 2
        expected += [0x56] + Array("$class".utf8)      // object 1 at 11: ASCII string of 6
        expected += [0x51, 0x41]                       // object 2 at 18: "A"
        expected += [0x08, 0x0B, 0x12]                 // offset table at 20
        expected += [0, 0, 0, 0, 0, 0, 1, 1]           // unused, sort version, offset and reference widths
        expected += [0, 0, 0, 0, 0, 0, 0, 3]           // 3 objects
        expected += [0, 0, 0, 0, 0, 0, 0, 0]           // the root is object 0
        expected += [0, 0, 0, 0, 0, 0, 0, 20]          // the offset table starts at 20
        let bytes = try HRBinaryCodec().encodeTree(["$class": "A"])
        #expect(Array(bytes) == expected)
        #expect(try Fixtures.foundationPlist(bytes) as? [String: String] == ["$class": "A"])
    }

    @Test("hr-binary: every kind and width of value reads back through Foundation unchanged")
    func binaryValues() throws {
        let long = String(repeating: "x", count: 100)
        let tree: ModelValue = [
            "$class": "Everything",
            "integers": [0, 1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, -1, -256,
                         .integer(.max), .integer(.min), .unsignedInteger(.max), .unsignedInteger(1 << 63)],
            "doubles": [0.1, -2.5, 1e300, .double(.infinity), .double(-.infinity), 3.0],
            "booleans": [true, false, 1, 0],
            "dates": [.date(Date(timeIntervalSinceReferenceDate: 0.25)), .date(Date(timeIntervalSinceReferenceDate: -1e9 - 0.5))],
            "data": [.data(Data()), .data(Data(repeating: 7, count: 14)), .data(Data(repeating: 8, count: 15)),
                     .data(Data(repeating: 9, count: 70_000))],
            "strings": ["", "fourteen chars", "fifteen chars!!", .string(long), "Zoë", "😀 emoji", "tab\there"],
            "Zoë": "a non-ASCII key",
            "many": .array((0..<300).map { .integer(Int64($0)) }),
            "empty": [:], "none": [],
        ]
        let bytes = try HRBinaryCodec().encodeTree(tree)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(try HRBinaryCodec().decodeTree(from: bytes) == tree)
        // Read by Foundation directly, not only through the codec.
        let plist = try #require(try Fixtures.foundationPlist(bytes) as? [String: Any])
        #expect(plist["Zoë"] as? String == "a non-ASCII key")
        #expect((plist["strings"] as? [String])?[5] == "😀 emoji")
    }

    @Test("property-list output is deterministic and keeps the tree's key order",
          arguments: [HRXMLCodec(), HRBinaryCodec()] as [any FormatCodec])
    func propertyListsAreDeterministic(codec: any FormatCodec) throws {
        let entries: [(String, ModelValue)] = [
            ("$class", "Model"), ("zebra", 1), ("apple", [["b": 2, "a": 1]]), ("Mango", "m"), ("éclair", true),
        ]
        let forward = ModelValue.dictionary(OrderedDictionary(uniqueKeysWithValues: entries))
        let backward = ModelValue.dictionary(OrderedDictionary(uniqueKeysWithValues: entries.reversed()))
        let first = try codec.encodeTree(forward)
        #expect(try codec.encodeTree(forward) == first)
        #expect(try codec.decodeTree(from: codec.encodeTree(backward)) == forward)   // equal as trees
        let back = try codec.decodeTree(from: first)
        #expect(back == forward)
        guard case .dictionary(let read) = back else {
            Issue.record("not a dictionary: \(back)")
            return
        }
        #expect(Array(read.keys) == ["$class", "zebra", "apple", "Mango", "éclair"])
    }

    @Test("hr-binary keeps canonically equivalent strings apart")
    func canonicalEquivalents() throws {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let tree: ModelValue = ["$class": "M", "a": .string(composed), "b": .string(decomposed), "c": .string(composed)]
        let back = try Fixtures.roundTrip(tree, through: HRBinaryCodec())
        guard case .string(let a)? = back["a"], case .string(let b)? = back["b"], case .string(let c)? = back["c"] else {
            Issue.record("strings missing from \(back)")
            return
        }
        #expect(Array(a.unicodeScalars) == Array(composed.unicodeScalars))
        #expect(Array(b.unicodeScalars) == Array(decomposed.unicodeScalars))
        #expect(Array(c.unicodeScalars) == Array(composed.unicodeScalars))
    }

    @Test("an alias dictionary is written and read as {$alias: path} alone", arguments: Fixtures.codecs)
    func aliasExtrasDropped(codec: any FormatCodec) throws {
        let tree: ModelValue = ["$class": "M", "a": ["x"], "b": ["$alias": "a", "$class": "Ignored", "extra": .null]]
        let back = try Fixtures.roundTrip(tree, through: codec)
        #expect(back == ["$class": "M", "a": ["x"], "b": ["$alias": "a"]])
    }

    @Test("hr-json keeps the tree's key order")
    func jsonKeepsOrder() throws {
        let tree: ModelValue = ["$class": "Model", "zebra": 1, "apple": ["b": 2, "a": 1]]
        #expect(try Fixtures.roundTrip(tree, through: HRJSONCodec()).orderedEquals(tree))
    }

    @Test("hr-xml dates have whole seconds; hr-binary and hr-json keep fractions")
    func datePrecision() throws {
        let tree: ModelValue = ["$class": "Model", "when": .date(Date(timeIntervalSinceReferenceDate: 100.75))]
        #expect(try Fixtures.roundTrip(tree, through: HRBinaryCodec()) == tree)
        #expect(try Fixtures.roundTrip(tree, through: HRJSONCodec()) == tree)
        let xml = try Fixtures.roundTrip(tree, through: HRXMLCodec())
        #expect(xml["when"] == .date(Date(timeIntervalSinceReferenceDate: 100)))
    }

    // MARK: Reading what HRCoder wrote

    @Test("Foundation objects HRCoder wrote as coded objects read back as values")
    func foundationLeaves() throws {
        let json = #"""
            {"$class":"Model",
             "null":{"$class":"NSNull"},
             "date":{"$class":"NSDate","NS.time":60},
             "string":{"$class":"NSString","NS.string":"plain"},
             "mutable":{"$class":"NSMutableString","NS.string":"bar"},
             "data":{"$data":"AQID"},
             "mutableData":{"$class":"NSMutableData","$data":"AQ\nID"},
             "url":{"$class":"NSURL","NS.relative":"https://example.com/a/b"},
             "relative":{"$class":"NSURL","NS.relative":"c?d=1","NS.base":{"$class":"NSURL","NS.relative":"https://example.com/a/b"}},
             "alias":{"$alias":"string","ignored":{"$data":"!!"}}}
            """#
        let tree = try HRJSONCodec().decodeTree(from: Data(json.utf8))
        // An alias to a value is that value (only containers and objects are named again).
        #expect(tree == [
            "$class": "Model", "null": .null, "date": .date(Date(timeIntervalSinceReferenceDate: 60)),
            "string": "plain", "mutable": "bar", "data": .data(Data([1, 2, 3])), "mutableData": .data(Data([1, 2, 3])),
            "url": "https://example.com/a/b", "relative": "https://example.com/a/c?d=1", "alias": "plain",
        ])
    }

    @Test("an NSMutableData in a property list (NS.data) reads as data")
    func mutableDataInPropertyList() throws {
        let plist: [String: Any] = ["$class": "Model", "blob": ["$class": "NSMutableData", "NS.data": Data([4, 5])]]
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        #expect(try HRXMLCodec().decodeTree(from: xml) == ["$class": "Model", "blob": .data(Data([4, 5]))])
    }

    @Test("the property-list codecs read each other's output", arguments: [HRXMLCodec(), HRBinaryCodec()] as [any FormatCodec])
    func propertyListsReadEitherEncoding(codec: any FormatCodec) throws {
        let tree: ModelValue = ["$class": "Model", "list": [["$alias": "$root"], .null, .data(Data([1]))]]
        #expect(try codec.decodeTree(from: HRXMLCodec().encodeTree(tree)) == tree)
        #expect(try codec.decodeTree(from: HRBinaryCodec().encodeTree(tree)) == tree)
    }

    // MARK: Detection

    static let registry = FormatRegistry(codecs: [JSONCodec(), HRJSONCodec(), HRXMLCodec(), HRBinaryCodec()])

    @Test("detection: a document holding HRCoder's marks anywhere is HR (70); anything else is not")
    func detection() throws {
        let hrJSON = Data(#"{"$class":"TodoList","items":[]}"#.utf8)
        #expect(HRJSONCodec().confidence(for: hrJSON) == 70)
        #expect(JSONCodec().confidence(for: hrJSON) == 50)
        #expect(try Self.registry.detect(hrJSON).format == .hrJSON)
        #expect(try Self.registry.detect(Data("\u{FEFF} \n{\"items\":[],\"$class\":\"TodoList\"}".utf8)).format == .hrJSON)
        // HRCoder writes a plain array or dictionary root without $class: its marks are below.
        for marked in [
            #"[{"$class":"Item"}]"#, #"{"items":[{"$class":"Item"}]}"#, #"["head",{"parent":{"$alias":"$root"}}]"#,
            #"{"when":{"NS.time":1,"$class":"NSDate"}}"#, #"[{"$data":"AQID"}]"#, #"{"nothing":{"$class":"NSNull"}}"#,
        ] {
            #expect(HRJSONCodec().confidence(for: Data(marked.utf8)) == 70, "\(marked)")
            #expect(try Self.registry.detect(Data(marked.utf8)).format == .hrJSON, "\(marked)")
        }
        // Plain JSON, marks that are not strings, and mentions of them in text are not.
        for plain in [
            #"{"a":1}"#, #"{"$class":"X""#, #""$class""#, #"{"$class":7}"#, #"{"note":"$class and $alias"}"#,
            #"{"$dataset":"x"}"#, #"[{"$alias":null}]"#,
        ] {
            #expect(HRJSONCodec().confidence(for: Data(plain.utf8)) == nil, "\(plain)")
        }
        #expect(try Self.registry.detect(Data(#"{"note":"$class and $alias"}"#.utf8)).format == .json)

        let tree: ModelValue = ["$class": "TodoList", "items": []]
        let xml = try HRXMLCodec().encodeTree(tree)
        let binary = try HRBinaryCodec().encodeTree(tree)
        #expect(HRXMLCodec().confidence(for: xml) == 70)
        #expect(HRBinaryCodec().confidence(for: xml) == nil)
        #expect(HRBinaryCodec().confidence(for: binary) == 70)
        #expect(HRXMLCodec().confidence(for: binary) == nil)
        #expect(HRJSONCodec().confidence(for: xml) == nil)
        #expect(try Self.registry.detect(xml).format == .hrXML)
        #expect(try Self.registry.detect(binary).format == .hrBinary)

        // Property lists: marks below the root make HR documents; plain lists are not.
        let nested: [String: Any] = ["items": [["$class": "Item"]]]
        let plain: [String: Any] = ["items": [["class": "Item", "note": "$class"]]]
        for encoding in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let codec: any FormatCodec = encoding == .xml ? HRXMLCodec() : HRBinaryCodec()
            let marked = try PropertyListSerialization.data(fromPropertyList: nested, format: encoding, options: 0)
            #expect(codec.confidence(for: marked) == 70)
            let unmarked = try PropertyListSerialization.data(fromPropertyList: plain, format: encoding, options: 0)
            #expect(HRXMLCodec().confidence(for: unmarked) == nil)
            #expect(HRBinaryCodec().confidence(for: unmarked) == nil)
        }
    }

    @Test("detection: the corpus's plain property lists and keyed archives are not HR documents", .corpus)
    func detectionOnCorpus() throws {
        let folders = ["plist", "keyed-archives"].map { ModelCorpus.root.appendingPathComponent($0) }
        var checked = 0
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            for name in names {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                for codec in Fixtures.codecs {
                    #expect(codec.confidence(for: data) == nil, "\(codec.format) claims \(name)")
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
