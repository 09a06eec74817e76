@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

/// The property-list folders of the shared corpus.
enum PropertyListTestCorpus {
    static let good = ModelCorpus.root.appendingPathComponent("plist")
    static let bad = ModelCorpus.root.appendingPathComponent("bad/plist")
    static let archives = ModelCorpus.root.appendingPathComponent("keyed-archives")
    static let badArchives = ModelCorpus.root.appendingPathComponent("bad/keyed-archives")

    static func names(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func data(_ name: String, in directory: URL = good) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static let goodNames = names(in: good)
    static let badNames = names(in: bad)

    /// The one good file whose top object is a UID, read as `{"CF$UID": 7}`.
    static let uidFile = "libplist__uid.bplist"

    /// The value of a corpus file through the codec of its form.
    static func tree(_ name: String, in directory: URL = good) throws -> ModelValue {
        let data = try data(name, in: directory)
        return data.starts(with: Array("bplist".utf8))
            ? try BinaryPropertyListCodec().decodeTree(from: data) : try XMLPropertyListCodec().decodeTree(from: data)
    }

    /// The values of a corpus file: its graph as a tree of values, a container the file refers to
    /// twice copied at each place (what a `ModelValue` property reads).
    static func values(_ name: String, in directory: URL = good) throws -> ModelValue {
        let graph = try PropertyListDocument.readGraph(data(name, in: directory))
        return try graph.tree(at: graph.root)
    }
}

/// A date from seconds since 2001-01-01 UTC.
func plistReferenceDate(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

/// `value` with every date rounded down to a whole second, as XML property lists store them.
func wholeSecondDates(_ value: ModelValue) -> ModelValue {
    switch value {
    case .date(let date): .date(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    case .array(let elements): .array(elements.map(wholeSecondDates))
    case .dictionary(let entries): .dictionary(entries.mapValues(wholeSecondDates))
    default: value
    }
}

@Suite("Property lists: the corpus", .corpus)
struct PropertyListCorpusTests {
    @Test("the corpus is present")
    func corpusIsPresent() {
        #expect(PropertyListTestCorpus.goodNames.count == 55)
        #expect(PropertyListTestCorpus.badNames.count == 29)
    }

    @Test("every file loads as a property list", arguments: PropertyListTestCorpus.goodNames)
    func everyFileLoads(name: String) throws {
        let data = try PropertyListTestCorpus.data(name)
        let object = try PropertyListDocument.read(data)
        if name == PropertyListTestCorpus.uidFile {
            #expect(object == .uid(7))
            // Shown as the value it is, in the spelling of XML property lists and plutil.
            #expect(try BinaryPropertyListCodec().decodeTree(from: data) == ["CF$UID": 7])
            #expect(try ModelValue(data: data) == ["CF$UID": 7])
        } else {
            _ = try PropertyListTestCorpus.tree(name)
        }
    }

    @Test("every file is recognised as its own form with confidence 60", arguments: PropertyListTestCorpus.goodNames)
    func everyFileIsDetected(name: String) throws {
        let data = try PropertyListTestCorpus.data(name)
        let binary = data.starts(with: Array("bplist00".utf8))
        #expect(BinaryPropertyListCodec().confidence(for: data) == (binary ? 60 : nil))
        #expect(XMLPropertyListCodec().confidence(for: data) == (binary ? nil : 60))
    }

    @Test("every file survives binary and XML round trips", arguments: PropertyListTestCorpus.goodNames)
    func everyFileRoundTrips(name: String) throws {
        let object = try PropertyListDocument.read(try PropertyListTestCorpus.data(name))
        // The object layer keeps everything, UIDs included, in both forms.
        #expect(try BinaryPropertyListReader.read(object.binaryData()) == object)
        let xmlObject = try XMLPropertyListReader.read(object.xmlData())
        #expect(try wholeSecondDates(object.modelValueIgnoringUIDs()).orderedEqualsAllowingNaN(xmlObject.modelValueIgnoringUIDs()))
        guard name != PropertyListTestCorpus.uidFile else { return }
        // The tree layer, through the public codecs.
        let tree = try PropertyListTestCorpus.tree(name)
        let binary = BinaryPropertyListCodec(), xml = XMLPropertyListCodec()
        #expect(try binary.decodeTree(from: binary.encodeTree(tree)).orderedEqualsAllowingNaN(tree))
        #expect(try xml.decodeTree(from: xml.encodeTree(tree)).orderedEqualsAllowingNaN(wholeSecondDates(tree)))
    }

    @Test("binary files and their XML twins hold the same values")
    func twinsAgree() throws {
        let twins = [
            ("rust-plist__binary.plist", "rust-plist__xml.plist"), ("node-bplist__int64.bplist", "node-bplist__int64.xml"),
            ("dd-plist__test1-binary.plist", "dd-plist__test1.plist"), ("dd-plist__testNegative-bin.plist", "dd-plist__testNegative-xml.plist"),
            ("dd-plist__infinity-binary.plist", "dd-plist__infinity-xml.plist"), ("dd-plist__issue22-emoji.plist", "dd-plist__issue22-emoji-xml.plist"),
            ("libplist__signedunsigned.bplist", "libplist__signedunsigned.plist"), ("libplist__order.bplist", "libplist__order.plist"),
        ]
        for (binaryName, xmlName) in twins {
            var binary = try PropertyListTestCorpus.values(binaryName)
            let xml = try PropertyListTestCorpus.values(xmlName)
            if binaryName == "rust-plist__binary.plist" {  // the XML twin has two keys more and two fewer
                guard case .dictionary(var entries) = binary else { Issue.record("not a dictionary"); continue }
                entries["EmptyArray"] = nil
                entries["EmptyDictionary"] = nil
                entries["HexademicalNumber"] = 0xDEAD_BEEF
                entries["Pets"] = "A cat & a dog."
                binary = .dictionary(entries)
            }
            #expect(binary == xml, "\(binaryName) and \(xmlName)")
        }
        #expect(try PropertyListTestCorpus.tree("dd-plist__test-xml-utf-16le-bom.plist")
            == PropertyListTestCorpus.tree("dd-plist__test-xml-utf-16be-bom.plist"))
    }
}

extension PropertyListObject {
    /// The tree form with every UID replaced by its number, for comparing object layers.
    func modelValueIgnoringUIDs() throws -> ModelValue {
        switch self {
        case .uid(let value): .string("UID(\(value))")
        case .array(let elements): .array(try elements.map { try $0.modelValueIgnoringUIDs() })
        case .dictionary(let entries): .dictionary(try entries.mapValues { try $0.modelValueIgnoringUIDs() })
        default: try modelValue(format: "test")
        }
    }
}

extension ModelValue {
    /// Ordered equality where NaN equals NaN.
    func orderedEqualsAllowingNaN(_ other: ModelValue) -> Bool {
        switch (self, other) {
        case (.double(let a), .double(let b)) where a.isNaN && b.isNaN: true
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.orderedEqualsAllowingNaN($1) }
        case (.dictionary(let a), .dictionary(let b)):
            a.keys.elementsEqual(b.keys) && zip(a.values, b.values).allSatisfy { $0.orderedEqualsAllowingNaN($1) }
        default: self == other
        }
    }
}

/// Values of corpus files, as CPython's `plistlib` reads them.
@Suite("Property lists: values of corpus files", .corpus)
struct PropertyListCorpusValueTests {
    let tree = PropertyListTestCorpus.tree

    @Test("rust-plist binary.plist: every kind, Int64.min and UInt64.max")
    func rustPlistBinary() throws {
        let expected: ModelValue = [
            "Author": "William Shakespeare", "Birthdate": .date(ModelCorpus.utc(1981, 5, 16, 11, 32, 6)), "EmptyArray": [],
            "IsNotFalse": false, "SmallestNumber": .integer(Int64.min), "EmptyDictionary": [:], "Height": 1.6,
            "Lines": ["It is a tale told by an idiot,     ", "Full of sound and fury, signifying nothing."], "Death": 1564,
            "Blank": "", "BiggestNumber": .unsignedInteger(UInt64.max), "IsTrue": true,
            "Data": .data(Data([0, 0, 0, 0xBE, 0, 0, 0, 3, 0, 0, 0, 0x1E, 0, 0, 0])),
        ]
        #expect(try tree("rust-plist__binary.plist", PropertyListTestCorpus.good).orderedEquals(expected))
    }

    @Test("node-bplist int64: 32-bit and unsigned 64-bit integers")
    func int64() throws {
        let expected: ModelValue = [
            "zero": 0, "int32itemsigned": -1_234_567_890, "int64item": .unsignedInteger(12_345_678_901_234_567_890), "int32item": 1_234_567_890,
        ]
        #expect(try tree("node-bplist__int64.bplist", PropertyListTestCorpus.good).orderedEquals(expected))
    }

    @Test("libplist signedunsigned: 16-byte integers at and above 2^63")
    func signedUnsigned() throws {
        let expected: ModelValue = [-1, .unsignedInteger(UInt64.max), .integer(Int64.max), .integer(Int64.min), .unsignedInteger(1 << 63)]
        #expect(try tree("libplist__signedunsigned.bplist", PropertyListTestCorpus.good) == expected)
        #expect(try tree("libplist__signedunsigned.plist", PropertyListTestCorpus.good) == expected)
    }

    @Test("dd-plist test1 in UTF-8, UTF-16LE and UTF-16BE")
    func ddPlistTest1() throws {
        func expected(_ suffix: String) -> ModelValue {
            [
                "keyA": "valueA", "key&B": .string("value&B" + suffix), "date": .date(ModelCorpus.utc(2011, 11, 28, 9, 21, 30)),
                "data": .data(Data([0, 0, 0, 4, 0x10, 0x41, 0x08, 0x20, 0x82])), "array": [true, false, 87, 3.14159],
            ]
        }
        #expect(try tree("dd-plist__test1.plist", PropertyListTestCorpus.good).orderedEquals(expected("")))
        #expect(try tree("dd-plist__test1-binary.plist", PropertyListTestCorpus.good) == expected(""))
        #expect(try tree("dd-plist__test-xml-utf-16le-bom.plist", PropertyListTestCorpus.good).orderedEquals(expected(" ✅")))
        #expect(try tree("dd-plist__test-xml-utf-16be-bom.plist", PropertyListTestCorpus.good).orderedEquals(expected(" ✅")))
    }

    @Test("top-level scalars: dates before 2001 and with fractions, float32, Int64.min + 1, UTF-16 text")
    func topLevelScalars() throws {
        #expect(try tree("bpylist2__date_past.plist", PropertyListTestCorpus.good) == .date(ModelCorpus.utc(2000, 12, 31, 23, 58, 20)))
        guard case .date(let future) = try tree("bpylist2__date_future.plist", PropertyListTestCorpus.good) else {
            Issue.record("not a date"); return
        }
        #expect(abs(future.timeIntervalSinceReferenceDate - 1_454_557_055.10146) < 1e-5)
        guard case .double(let pi) = try tree("bpylist2__float32.plist", PropertyListTestCorpus.good) else { Issue.record("not a real"); return }
        #expect(pi == 3.141592)
        #expect(try tree("bpylist2__negative_int_max.plist", PropertyListTestCorpus.good) == .integer(-Int64.max))
        #expect(try tree("bpylist2__utf16_string_long.plist", PropertyListTestCorpus.good)
            == .string(String(repeating: "☃❤✓☀★☂♞☯☢☎❄♫", count: 4)))
        #expect(try tree("libplist__hex.plist", PropertyListTestCorpus.good) == 7_932_961_166_869)
        #expect(try tree("dd-plist__issue21.plist", PropertyListTestCorpus.good) == "Lot&s of &persand&s and other escapable \"'<>€ characters")
    }

    @Test("dates from 1869 to 2199, and ±infinity")
    func datesAndInfinity() throws {
        let dates: ModelValue = [
            "Time1": .date(ModelCorpus.utc(2010, 11, 12, 13, 14, 15)), "Time2": .date(ModelCorpus.utc(2008, 7, 6, 5, 4, 3)),
            "Time3": .date(ModelCorpus.utc(1869, 1, 3, 8, 16, 32)), "Time4": .date(ModelCorpus.utc(2199, 8, 20, 1, 10, 11)),
        ]
        #expect(try tree("libplist__7.plist", PropertyListTestCorpus.good).orderedEquals(dates))
        let infinities: ModelValue = ["a": .double(.infinity), "b": .double(-.infinity)]
        #expect(try tree("dd-plist__infinity-xml.plist", PropertyListTestCorpus.good) == infinities)
        #expect(try tree("dd-plist__infinity-binary.plist", PropertyListTestCorpus.good) == infinities)
    }

    @Test("XML text: CDATA, comments in keys, duplicate keys, character references, no <plist> element")
    func xmlText() throws {
        let cdata = "string with cdata content:  !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~ !!!"
        #expect(try tree("libplist__cdata.plist", PropertyListTestCorpus.good) == ["cdata&key": .string(cdata)])
        #expect(try tree("libplist__empty_keys.plist", PropertyListTestCorpus.good) == ["": "empty key with comment"])
        let entities = try tree("libplist__entities.plist", PropertyListTestCorpus.good)
        #expect(entities["some test entitites"]?["multiple entitites with characters inbetween"] == "a⼣b⼤c⼥d")
        #expect(entities["four byte utf-8"]?["four byte utf-8 with text before & after"] == "abcd𝕥wxyz")
        #expect(entities["two-byte utf-8"]?["two-byte utf-8 with text before & after"] == "abÜyz")
        #expect(try tree("dd-plist__issue30.plist", PropertyListTestCorpus.good) == [[:], 0, [:]])
        #expect(try tree("dd-plist__issue22-emoji-xml.plist", PropertyListTestCorpus.good) == ["emojiString": "Test Test, 😰❔👍👎🔥"])
        #expect(try tree("dd-plist__issue4.plist", PropertyListTestCorpus.good) == ["Device Name": "Kid’s iPhone"])
    }

    @Test("libplist 2: nine scripts, entities in keys, a 35-bit integer")
    func libplist2() throws {
        let value = try tree("libplist__2.plist", PropertyListTestCorpus.good)
        #expect(value["Some UTF8 strings"] == [
            "àéèçù", "日本語", "汉语/漢語", "한국어/조선말", "русский язык", "الْعَرَبيّة", "עִבְרִית", "język polski", "हिन्दी",
        ])
        #expect(value["Keys & \"entities\""] == "hellow world & others <nodes> are \"fun!?'")
        #expect(value["Some Int"] == 32_434_543_632)
        #expect(value["Some Real"] == 58654.347656)
        #expect(value["Some Date"] == .date(ModelCorpus.utc(2009, 2, 12, 22, 23, 0)))
        guard case .data(let data)? = value["Some Data"] else { Issue.record("no data"); return }
        #expect(data.count == 3_655 && data.starts(with: Array("0123456789TEST".utf8)))
    }

    @Test("shared objects, UTF-16 keys and values, wide offsets and references")
    func sharingAndWidths() throws {
        // The file stores the array [1] once and refers to it three times: one array, which the
        // typed tree names again by its first place; its values are the same arrays.
        let order: ModelValue = ["test": [1, 1], "foo": [[1], ["test": "foo"], [1], [1]]]
        #expect(try tree("libplist__order.bplist", PropertyListTestCorpus.good).orderedEquals(
            ["test": [1, 1], "foo": [[1], ["test": "foo"], ["$alias": "foo.0"], ["$alias": "foo.0"]]]))
        #expect(try PropertyListTestCorpus.values("libplist__order.bplist").orderedEquals(order))
        #expect(try tree("libplist__off8bytes.bplist", PropertyListTestCorpus.good) == ["A": "B"])
        #expect(try tree("libplist__dictref8bytes.bplist", PropertyListTestCorpus.good) == ["A": "B"])
        let chinese = try tree("node-bplist__utf16_chinese.plist", PropertyListTestCorpus.good)
        #expect(chinese["CFBundleName"] == "天翼阅读")
        #expect(chinese["CFBundleDisplayName"] == "天翼阅读")
        guard case .dictionary(let entries) = chinese else { Issue.record("not a dictionary"); return }
        #expect(entries.count == 29)
        #expect(try tree("node-bplist__utf16.bplist", PropertyListTestCorpus.good)["NSHumanReadableCopyright"] == "©2008-2012, sellStuff, Inc.")
        let airplay = try tree("node-bplist__airplay.bplist", PropertyListTestCorpus.good)
        #expect(airplay["loadedTimeRanges"] == [["duration": 5555.0495, "start": 0.0]])
        #expect(airplay["position"] == 4.626998904)
    }

    @Test("large files: 3-byte offsets, 10,575 objects; 1 MB of XML; 4000 integers")
    func largeFiles() throws {
        let index = try tree("rust-plist__binary_three_byte_integer_offset_table.plist", PropertyListTestCorpus.good)
        guard case .dictionary(let data)? = index["data"], case .array(let platforms)? = index["platforms"] else {
            Issue.record("unexpected shape"); return
        }
        #expect(data.count == 2_199)
        #expect(data["1838"]?["platformName"] == ["name": "SiriKit Cloud Media", "mask": 536_870_912])
        #expect(platforms.first == ["name": "Mac Catalyst", "mask": 32])
        let urls = try tree("corelibs__NSURLTestData.plist", PropertyListTestCorpus.good)
        guard case .array(let tests)? = urls["ParsingTests"] else { Issue.record("no tests"); return }
        #expect(tests.count == 1_981)
        #expect(tests[0]["Out-NSResults"]?["pathComponents"] == ["/", "usr", "local", "bin"])
        #expect(try tree("libplist__6.plist", PropertyListTestCorpus.good) == .array((1...4_000).map { .integer(Int64($0)) }))
    }
}
