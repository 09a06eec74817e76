@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

/// The keyed-archive folders of the shared corpus.
enum KeyedArchiveTestCorpus {
    static let goodNames = PropertyListTestCorpus.names(in: PropertyListTestCorpus.archives)
    static let badNames = PropertyListTestCorpus.names(in: PropertyListTestCorpus.badArchives)

    static func tree(_ name: String) throws -> ModelValue {
        try KeyedArchiveCodec().decodeTree(from: PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.archives))
    }

    static func error(_ name: String) throws -> ModelError? {
        let data = try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.badArchives)
        do {
            _ = try KeyedArchiveCodec().decodeTree(from: data)
            return nil
        } catch {
            return error
        }
    }
}

@Suite("Keyed archives: the corpus", .corpus)
struct KeyedArchiveCorpusTests {
    @Test("the corpus is present")
    func corpusIsPresent() {
        #expect(KeyedArchiveTestCorpus.goodNames.count == 80)
        #expect(KeyedArchiveTestCorpus.badNames.count == 16)
    }

    @Test("every archive loads into a tree, is detected with confidence 80, and survives a round trip",
          arguments: KeyedArchiveTestCorpus.goodNames)
    func everyArchiveLoads(name: String) throws {
        let data = try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.archives)
        let codec = KeyedArchiveCodec()
        #expect(codec.confidence(for: data) == 80)
        #expect(BinaryPropertyListCodec().confidence(for: data) ?? XMLPropertyListCodec().confidence(for: data) == 40)
        #expect(try FormatRegistry(codecs: [BinaryPropertyListCodec(), XMLPropertyListCodec(), codec]).detect(data).format == .keyedArchive)
        let tree = try codec.decodeTree(from: data)
        // Writing the tree and reading it again gives the same tree.
        #expect(try codec.decodeTree(from: codec.encodeTree(tree)).orderedEquals(tree), "\(name)")
    }

    @Test("the XML and binary twins made by one NSKeyedArchiver run agree")
    func twins() throws {
        for stem in ["arrays", "dict", "nestedarrays", "onevalue", "primitives"] {
            #expect(try KeyedArchiveTestCorpus.tree("go-ios__\(stem).bin") == KeyedArchiveTestCorpus.tree("go-ios__\(stem).xml"), "\(stem)")
        }
    }

    /// What each broken archive gives. The reason is named for each; `nil` marks the one file
    /// that loads on purpose: `$top` has a single key `rooty` instead of `root`, and an archive
    /// without `root` gives its only top-level object (as `foundItems` in
    /// `rust-plist__binary_NSKeyedArchiver.plist` must).
    static let badExpectations: [String: (reason: ModelError.Reason, path: ModelPath)?] = [
        "bpylist2__invalid_type_archive.plist": (.unsupported("the archiver \"NSArchiver\"; only NSKeyedArchiver archives are read"), [.key("$archiver")]),
        "bpylist2__invalid_uid_archive.plist": (.malformed("UID 10 is out of range ($objects has 3 entries)"), .root),
        "bpylist2__invalid_version_archive.plist": (.unsupported("archive version 10000; only 100000 is read"), [.key("$version")]),
        "bpylist2__missing_uid_archive.plist": (.missingValue(expected: "$class (a UID of the object's class)"), .root),
        "bpylist2__no_class_meta_archive.plist": (.typeMismatch(expected: "a class description", found: "string"), [.key("$class")]),
        "bpylist2__no_class_name_archive.plist": (.missingValue(expected: "$classname in the class description"), [.key("$class")]),
        "bpylist2__no_objects_archive.plist": (.missingValue(expected: "the archive key $objects"), [.key("$objects")]),
        "bpylist2__no_root_archive.plist": nil,
        "bpylist2__no_top_archive.plist": (.missingValue(expected: "the archive key $top"), [.key("$top")]),
        "go-ios__broken_plist.xml": (.malformed("not a property list (neither bplist00 nor XML)"), .root),
        "go-ios__missing_archiver.xml": (.missingValue(expected: "the archive key $archiver"), [.key("$archiver")]),
        "go-ios__missing_objects.xml": (.missingValue(expected: "the archive key $objects"), [.key("$objects")]),
        "go-ios__missing_top.xml": (.missingValue(expected: "the archive key $top"), [.key("$top")]),
        "go-ios__missing_version.xml": (.missingValue(expected: "the archive key $version"), [.key("$version")]),
        "go-ios__wrong_archiver.xml": (.unsupported("the archiver \"DummyArchiver\"; only NSKeyedArchiver archives are read"), [.key("$archiver")]),
        "go-ios__wrong_version.xml": (.unsupported("archive version 18; only 100000 is read"), [.key("$version")]),
    ]

    @Test("the table of broken archives covers the folder")
    func badTableIsComplete() {
        #expect(Set(KeyedArchiveTestCorpus.badNames) == Set(Self.badExpectations.keys))
    }

    @Test("every broken archive gives its typed error", arguments: KeyedArchiveTestCorpus.badNames)
    func brokenArchive(name: String) throws {
        let error = try KeyedArchiveTestCorpus.error(name)
        guard let expected = Self.badExpectations[name] ?? nil else {
            #expect(error == nil)
            let data = try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.badArchives)
            #expect(try KeyedArchiveCodec().decodeTree(from: data) == ["$class": "Foo", "title": "yo"])
            return
        }
        #expect(error?.reason == expected.reason, "\(name): \(String(describing: error))")
        #expect(error?.path == expected.path, "\(name): \(String(describing: error))")
        #expect(error?.format == .keyedArchive)
    }

    @Test("only archives by NSKeyedArchiver are claimed")
    func confidenceOfBrokenArchives() throws {
        for name in ["bpylist2__invalid_type_archive.plist", "go-ios__missing_archiver.xml", "go-ios__wrong_archiver.xml", "go-ios__broken_plist.xml"] {
            #expect(KeyedArchiveCodec().confidence(for: try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.badArchives)) == nil)
        }
        #expect(KeyedArchiveCodec().confidence(for: try PropertyListTestCorpus.data("rust-plist__binary.plist")) == nil)
        #expect(KeyedArchiveCodec().confidence(for: Data("{}".utf8)) == nil)
    }
}

/// Values of corpus archives, as `plistlib` shows their objects.
@Suite("Keyed archives: values of corpus archives", .corpus)
struct KeyedArchiveCorpusValueTests {
    let tree = KeyedArchiveTestCorpus.tree

    @Test("Foundation collections, strings, URLs and UUIDs become plain values")
    func foundationValues() throws {
        #expect(try tree("corelibs__NSKeyedUnarchiver-ArrayTest.plist") == ["baa", "baa", "black", "sheep"])
        #expect(try tree("corelibs__NSKeyedUnarchiver-ComplexTest.plist").orderedEquals([
            "array": [.null, "hello", 34_545, ["key": "val"]], "string": "hello", "url": "https://www.swift.org/index.xml",
            "uuid": "71DC068E-3420-45FF-919E-3A267D55EC22",
        ]))
        #expect(try tree("corelibs__NSKeyedUnarchiver-URLTest.plist") == "https://www.example.com/foo.xml")
        #expect(try tree("corelibs__NSKeyedUnarchiver-UUIDTest.plist") == "0AD863BA-7584-40CF-8896-BD87B3280C34")
        #expect(try tree("go-ios__nsuuid.bin") == "54CD5574-E957-4499-8A09-DAB688C0B586")
        #expect(try tree("corelibs__NSKeyedUnarchiver-OrderedSetTest.plist") == ["valgeir", "nico", "puzzle"])
        #expect(try tree("corelibs__macOS-10.14__NSOrderedSet-Numbers.archive") == [1, 2, 3, 4, 5])
        #expect(try tree("corelibs__macOS-10.14__NSSet-Numbers.archive") == [3, 2, 5, 1, 4])
        #expect(try tree("corelibs__macOS-10.14__NSMutableSet-Empty.archive") == [])
        #expect(try tree("bpylist2__nsmutabledata_archive.plist") == .data(Data("hello".utf8)))
        #expect(try tree("go-ios__ax_focus_on_element.bin") == .null)
        #expect(try tree("node-bplist__uid.bplist").orderedEquals(["key1": "obj1", "key3": "obj3", "key2": "obj2"]))
    }

    @Test("archives made by encode(_:) have one top-level key per value")
    func topLevelKeys() throws {
        let dict: ModelValue = ["int": 1, "string": "string", "array": [true, "Hello, World!", 42]]
        #expect(try tree("go-ios__dict.bin") == dict)  // one key, `$0`: its object
        #expect(try tree("go-ios__onevalue.bin") == true)
        #expect(try tree("go-ios__nestedarrays.xml") == [[true], [42, true, "Hello, World!"]])
        let primitives = try tree("go-ios__primitives.bin")
        #expect(primitives == [
            "$0": 1, "$1": 1, "$2": 1.0, "$3": 1.5, "$4": .data(Data("asdfasdfadsfadsf".utf8)), "$5": true, "$6": "Hello, World!",
            "$7": "Hello, World!", "$8": "Hello, World!", "$9": false, "$10": false, "$11": 42,
        ])
        let arrays = try tree("go-ios__arrays.xml")
        #expect(arrays["$0"] == [1, 1, 1.0, 1.5, .data(Data("asdfasdfadsfadsf".utf8)), true, "Hello, World!", "Hello, World!", "Hello, World!", false, false, 42])
        #expect(arrays["$3"] == [42, true, "Hello, World!"])
        #expect(try tree("rust-plist__binary_NSKeyedArchiver.plist")["NSRangeCount"] == 42)
    }

    @Test("custom classes become typed objects without their module prefix")
    func typedObjects() throws {
        #expect(try tree("bpylist2__complex_archive.plist").orderedEquals([
            "$class": "Foo", "metadata": ["fruit": "kiwi", "veg": "asparagus"], "title": "yo", "count": 42, "active": true,
            "categories": ["banana", "apple"],
        ]))
        #expect(try tree("bpylist2__recursive_archive.plist")
            == ["$class": "Foo", "title": "hello", "recursive": ["$class": "Foo", "title": "yo", "recursive": .null]])
        #expect(try tree("mantle__MTLTestModel-OldArchive.plist") == [
            "$class": "MTLTestModel", "MTLModelVersion": 1,
            "externalRepresentation": ["count": "5", "username": "foobar", "nested": ["name": "fuzzbuzz"]],
        ])
        #expect(try tree("bpylist2__date_archive.plist") == ["$class": "Foo", "stamp": .date(plistReferenceDate(509_523_358.684097)), "title": "hello"])
        #expect(try tree("go-ios__XCActivityRecord.bin") == [
            "$class": "XCActivityRecord", "finish": .null, "start": .date(plistReferenceDate(625_945_468.42794)), "title": "Suite Set Up",
            "uuid": "A8F5C718-D234-49B0-A891-136F94C41213", "activityType": "com.apple.dt.xctest.activity-type.internal", "attachments": [],
        ])
        #expect(try tree("go-ios__xctestidentifier.bin") == ["$class": "XCTTestIdentifier", "c": ["none", "none"], "o": 2])
        #expect(try tree("corelibs__NSKeyedUnarchiver-EdgeInsetsTest.plist") == [
            "$class": "NSValue", "NS.edgeval.bottom": 3.0, "NS.edgeval.left": 2.0, "NS.edgeval.right": 4.0, "NS.edgeval.top": 1.0, "NS.special": 12,
        ])
    }

    @Test("an object met again is an alias; the root is $root")
    func aliases() throws {
        #expect(try tree("bpylist2__circular_archive.plist").orderedEquals(["$class": "Foo", "recursive": ["$alias": "$root"], "title": "hello"]))
        let formatter = try tree("corelibs__macOS-10.14__DateIntervalFormatter-Default.archive")
        #expect(formatter["NS.calendar"]?["NS.timezone"] == ["$alias": "NS.timeZone"])
        #expect(formatter["NS.timeZone"]?["NS.name"] == "GMT")
    }

    @Test("dictionaries keyed by numbers get their keys as text")
    func numberKeys() throws {
        let clusters = try tree("go-ios__dtcpuclusterinfo.bin")
        #expect(clusters == [
            "0": ["$class": "DTCPUClusterInfo", "_clusterID": 0, "_clusterFlags": 0],
            "1": ["$class": "DTCPUClusterInfo", "_clusterID": 0, "_clusterFlags": 0],
        ])
        let processes = try tree("go-ios__uint64-key-dictionary.bin")
        #expect(processes["40400"]?["time"] == .date(plistReferenceDate(625_390_557.003659)))
        #expect(processes["40400"]?["pid"] == 40_400)
    }
}
