@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

/// A binary archive around hand-made `$objects`, for inputs no archiver writes.
func handMadeArchive(_ objects: [PropertyListObject], top: OrderedDictionary<String, PropertyListObject> = ["root": .uid(1)]) -> Data {
    PropertyListObject.dictionary([
        "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(top), "$objects": .array(objects),
    ]).binaryPlist
}

/// A class description object.
func archiveClassDescription(_ name: String) -> PropertyListObject {
    .dictionary(["$classname": .string(name), "$classes": .array([.string(name), .string("NSObject")])])
}

/// The error decoding `data` as an archive throws, or `nil`.
func archiveError(_ data: Data) -> ModelError? {
    do {
        _ = try KeyedArchiveCodec().decodeTree(from: data)
        return nil
    } catch {
        return error
    }
}

@Suite("Keyed archives: writing, round trips and Foundation")
struct KeyedArchiveCodecTests {
    static let list: ModelValue = [
        "$class": "TodoList", "title": "Groceries", "created": .date(Date(timeIntervalSinceReferenceDate: 700_000_000.25)),
        "icon": .data(Data([0x89, 0x50, 0x4E, 0x47])),
        "items": [
            ["$class": "TodoItem", "label": "Milk", "checked": false, "meta": ["tags": ["dairy", "cold"], "weight": 1.5, "notes": .null]],
            ["$class": "TodoItem", "label": "Eggs", "checked": true, "meta": [:]],
        ],
        "favourite": ["$alias": "items.1"],
        "owner": ["$class": "Person", "name": "Ada", "lists": [["$alias": "$root"]]],
        "limits": ["big": .unsignedInteger(UInt64.max), "small": .integer(Int64.min), "zero": -0.0, "text": "$null"],
    ]

    @Test("a typed tree with dates, data, nested dictionaries, typed objects and aliases round-trips")
    func roundTrip() throws {
        let codec = KeyedArchiveCodec()
        let data = try codec.encodeTree(Self.list)
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(codec.confidence(for: data) == 80)
        #expect(try codec.decodeTree(from: data).orderedEquals(Self.list))
    }

    @Test("the archive has the layout NSKeyedArchiver writes, with shared objects stored once")
    func layout() throws {
        let archive = try BinaryPropertyListReader.read(KeyedArchiveCodec().encodeTree(Self.list))
        #expect(archive["$archiver"] == .string("NSKeyedArchiver"))
        #expect(archive["$version"] == .integer(100_000))
        #expect(archive["$top"] == .dictionary(["root": .uid(1)]))
        guard case .array(let objects)? = archive["$objects"], case .dictionary(let root) = objects[1] else {
            Issue.record("no objects"); return
        }
        #expect(objects[0] == .string("$null"))
        // Each class is described once.
        let names = objects.compactMap { $0["$classname"]?.stringValue }
        #expect(names.sorted() == ["NSArray", "NSDate", "NSDictionary", "NSNull", "NSString", "Person", "TodoItem", "TodoList"])
        #expect(objects.contains(archiveClassDescription("TodoItem")))
        // The alias is the same UID as the second item; the owner's list points back at the root.
        guard case .uid(let items)? = root["items"], case .array(let elements)? = objects[Int(items)]["NS.objects"],
            case .uid(let owner)? = root["owner"], case .uid(let lists)? = objects[Int(owner)]["lists"],
            case .array(let listElements)? = objects[Int(lists)]["NS.objects"]
        else { Issue.record("unexpected layout"); return }
        #expect(root["favourite"] == elements[1])
        #expect(listElements == [.uid(1)])
        // Equal strings are stored once; the string "$null" is an NSString object.
        #expect(objects.filter { $0 == .string("Milk") }.count == 1)
        #expect(objects.contains { $0["NS.string"] == .string("$null") })
    }

    /// FNV-1a (64 bits) of some bytes, to pin them without spelling them out.
    static func fingerprint(_ data: Data) -> UInt64 {
        data.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    @Test("the bytes are those of the writer before the object table (053b017), but for null (an NSNull object since issue 31) and a forward alias (written where its target stands)")
    func bytesUnchanged() throws {
        let foundationTree: ModelValue = [
            "name": "Ada", "count": 42, "negative": -7, "ratio": 2.5, "flag": true, "off": false, "nullString": "$null",
            "when": .date(Date(timeIntervalSinceReferenceDate: 1_000.5)), "blob": .data(Data([1, 2, 3])),
            "list": [1, "x", ["k": false], [], ["nested": [[:]]]], "empty": [:], "unicode": "日本語 😰",
            "long": .string(String(repeating: "x", count: 300)), "many": .array((0..<300).map { .integer(Int64($0 * 1000)) }),
        ]
        let cases: [(tree: ModelValue, count: Int, fingerprint: UInt64)] = [
            // 1028 bytes before issue 31; "notes": null is an NSNull object now.
            (Self.list, 1060, 0x7824_C6AA_E840_C88B),
            // The same size as before: the object is written under "second", where it stands.
            (["first": ["$alias": "second"], "second": ["$class": "Item", "value": 1]], 308, 0x398B_2939_A679_8CAA),
            (["a": [1, 2], "b": ["$alias": "a"], "c": ["k": "v"], "d": ["$alias": "c"]], 408, 0x85B3_3F09_CDBE_A485),
            // Over 255 objects (two-byte references), long strings and arrays, UTF-16.
            (foundationTree, 5834, 0x22C6_EFA9_A931_450D),
            (["a", 1, .date(Date(timeIntervalSinceReferenceDate: 0))], 287, 0xA36F_23E9_FEA1_3458),
        ]
        for (index, expected) in cases.enumerated() {
            let data = try KeyedArchiveCodec().encodeTree(expected.tree)
            #expect(data.count == expected.count, "case \(index)")
            #expect(Self.fingerprint(data) == expected.fingerprint, "case \(index)")
        }
    }

    @Test("strings are the same object only when their scalars are: canonically equivalent strings stay apart")
    func canonicallyEquivalentStrings() throws {
        let codec = KeyedArchiveCodec()
        let tree = try codec.decodeTree(from: codec.encodeTree(["composed": "é", "decomposed": "e\u{301}", "again": "é"]))
        guard case .string(let composed)? = tree["composed"], case .string(let decomposed)? = tree["decomposed"] else {
            Issue.record("not strings: \(tree)")
            return
        }
        #expect(composed.unicodeScalars.map(\.value) == [0xE9])
        #expect(decomposed.unicodeScalars.map(\.value) == [0x65, 0x301])
        // Equal strings are still stored once.
        let archive = try BinaryPropertyListReader.read(codec.encodeTree(["a": "é", "b": "é"]))
        guard case .array(let objects)? = archive["$objects"] else { Issue.record("no objects"); return }
        #expect(objects.filter { $0 == .string("é") }.count == 1)
    }

    @Test("an alias before its target is written ahead, and reads back at its first place")
    func forwardAlias() throws {
        let tree: ModelValue = ["first": ["$alias": "second"], "second": ["$class": "Item", "value": 1]]
        let codec = KeyedArchiveCodec()
        #expect(try codec.decodeTree(from: codec.encodeTree(tree)).orderedEquals([
            "first": ["$class": "Item", "value": 1], "second": ["$alias": "first"],
        ]))
        // Aliases to plain collections share one object in the archive and read back as aliases.
        let shared: ModelValue = ["a": [1, 2], "b": ["$alias": "a"], "c": ["k": "v"], "d": ["$alias": "c"]]
        #expect(try codec.decodeTree(from: codec.encodeTree(shared)) == shared)
    }

    @Test("trees the archive cannot say are typed errors")
    func writingErrors() {
        let codec = KeyedArchiveCodec()
        for (tree, path) in [
            (["a": ["$alias": "nowhere"]] as ModelValue, ModelPath([.key("a")])),
            (["a": ["$alias": "b"], "b": 5], [.key("a")]),
            (["a": ["$alias": "b"], "b": ["$alias": "a"]], [.key("a")]),
            (["items": [["$class": 5]]], [.key("items"), .index(0), .key("$class")]),
        ] {
            let error = #expect(throws: ModelError.self) { try codec.encodeTree(tree) }
            #expect(error?.path == path, "\(tree)")
            #expect(error?.format == .keyedArchive)
        }
    }

    @Test("cycles through plain collections are written; Foundation class names the reader reads as values are refused")
    func refusedTrees() throws {
        let codec = KeyedArchiveCodec()
        // An alias back into the plain dictionary that holds it: a cycle through an NSDictionary.
        let plain: ModelValue = ["name": "root", "children": [["$class": "Folder", "parent": ["$alias": "$root"]]]]
        #expect(try codec.decodeTree(from: codec.encodeTree(plain)) == plain)
        let typed: ModelValue = ["$class": "Folder", "children": [["$class": "Folder", "parent": ["$alias": "$root"]]]]
        #expect(try codec.decodeTree(from: codec.encodeTree(typed))["children"]?[0]?["parent"] == ["$alias": "$root"])
        // A typed object of a class the reader turns into a value would not read back.
        let foundation = try #require(throws: ModelError.self) { try codec.encodeTree(["data": ["$class": "NSData", "$data": "AAEC"]]) }
        #expect(foundation.path == ModelPath([.key("data"), .key("$class")]))
        let value: ModelValue = ["$class": "M", "v": ["$class": "NSValue", "NS.special": 12]]
        #expect(try codec.decodeTree(from: codec.encodeTree(value)) == value)
        // "$null" as a key is an NSString object too, not the marker the reader takes for nil.
        let nulls: ModelValue = ["$null": "$null", "list": ["$null"]]
        #expect(try codec.decodeTree(from: codec.encodeTree(nulls)) == nulls)
    }

    @Test("Foundation's NSKeyedUnarchiver reads the archives we write")
    func foundationReadsOurArchives() throws {
        let tree: ModelValue = [
            "name": "Ada", "count": 42, "negative": -7, "ratio": 2.5, "flag": true, "off": false, "nullString": "$null",
            "when": .date(Date(timeIntervalSinceReferenceDate: 1_000.5)), "blob": .data(Data([1, 2, 3])),
            "list": [1, "x", ["k": false], [], ["nested": [[:]]]], "empty": [:], "unicode": "日本語 😰",
        ]
        let data = try KeyedArchiveCodec().encodeTree(tree)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        let object = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey))
        #expect(unarchiver.error == nil)
        #expect(try ModelValue(foundation: object) == tree)
        let dictionary = try #require(object as? NSDictionary)
        #expect(dictionary["when"] as? Date == Date(timeIntervalSinceReferenceDate: 1_000.5))
        #expect(dictionary["blob"] as? Data == Data([1, 2, 3]))
        #expect((dictionary["list"] as? NSArray)?.count == 5)
        // A bare array root too.
        let arrayData = try KeyedArchiveCodec().encodeTree(["a", 1, .date(Date(timeIntervalSinceReferenceDate: 0))])
        let arrayUnarchiver = try NSKeyedUnarchiver(forReadingFrom: arrayData)
        arrayUnarchiver.requiresSecureCoding = false
        let array = try #require(arrayUnarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey))
        #expect(try ModelValue(foundation: array) == ["a", 1, .date(Date(timeIntervalSinceReferenceDate: 0))])
    }

    @Test("we read the archives Foundation's NSKeyedArchiver writes")
    func weReadFoundationArchives() throws {
        // Booleans are left out: Linux Foundation archives `true` inside collections as the integer 1.
        let object: [String: Any] = [
            "name": "Ada", "count": 42, "ratio": 2.5, "when": Date(timeIntervalSinceReferenceDate: 86_400.5), "blob": Data([9, 8]),
            "list": [1, "x", ["k": "v"] as [String: Any], [Any]()] as [Any], "nothing": NSNull(), "nested": ["deep": ["a": 1]],
        ]
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
        #expect(KeyedArchiveCodec().confidence(for: data) == 80)
        #expect(try KeyedArchiveCodec().decodeTree(from: data) == ModelValue(foundation: object))
        // URLs and UUIDs become strings.
        let uuid = UUID()
        let values: [Any] = [NSURL(string: "page.html", relativeTo: URL(string: "https://example.com/dir/"))!, NSUUID(uuidString: uuid.uuidString)!]
        let more = try NSKeyedArchiver.archivedData(withRootObject: values, requiringSecureCoding: false)
        #expect(try KeyedArchiveCodec().decodeTree(from: more) == ["https://example.com/dir/page.html", .string(uuid.uuidString)])
    }

    @Test("class names lose their module prefix and mangling")
    func classNames() throws {
        #expect(KeyedArchiveClassName.typeName("Demo.Dog") == "Dog")
        #expect(KeyedArchiveClassName.typeName("Demo.Outer.Inner") == "Inner")
        #expect(KeyedArchiveClassName.typeName("_TtC4Demo3Dog") == "Dog")
        #expect(KeyedArchiveClassName.typeName("_TtCC4Demo5Outer5Inner") == "Inner")
        #expect(KeyedArchiveClassName.typeName("_TtGC4Demo3BoxSS_") == "_TtGC4Demo3BoxSS_")
        #expect(KeyedArchiveClassName.typeName("_TtC4Demo99Dog") == "_TtC4Demo99Dog")
        #expect(KeyedArchiveClassName.typeName("NSValue") == "NSValue")
        #expect(KeyedArchiveClassName.typeName("Trailing.") == "Trailing.")
        let archive = handMadeArchive([.string("$null"), .dictionary(["$class": .uid(2)]), archiveClassDescription("_TtC5MyApp3Dog")])
        #expect(try KeyedArchiveCodec().decodeTree(from: archive) == ["$class": "Dog"])
    }

    @Test("hostile archives give typed errors with the path")
    func hostileArchives() throws {
        let array = archiveClassDescription("NSArray")
        // An NSArray that contains itself is a cycle, not an error.
        #expect(try KeyedArchiveCodec().decodeTree(from: handMadeArchive([
            .string("$null"), .dictionary(["NS.objects": .array([.uid(1)]), "$class": .uid(2)]), array,
        ])) == [["$alias": "$root"]])
        let cases: [(Data, ModelPath, (ModelError.Reason) -> Bool)] = [
            // A UID out of range inside an object.
            (handMadeArchive([.string("$null"), .dictionary(["x": .uid(99), "$class": .uid(2)]), archiveClassDescription("Foo")]),
             [.key("x")], { if case .malformed = $0 { true } else { false } }),
            // Keys and objects of different lengths; a data key.
            (handMadeArchive([.string("$null"), .dictionary(["NS.keys": .array([.uid(3)]), "NS.objects": .array([]), "$class": .uid(2)]),
                              archiveClassDescription("NSDictionary"), .string("k")]), .root, { if case .malformed = $0 { true } else { false } }),
            (handMadeArchive([.string("$null"), .dictionary(["NS.keys": .array([.uid(3)]), "NS.objects": .array([.uid(3)]), "$class": .uid(2)]),
                              archiveClassDescription("NSDictionary"), .data(Data([1]))]), .root, { if case .typeMismatch = $0 { true } else { false } }),
            // A bare UID and a bare array as objects.
            (handMadeArchive([.string("$null"), .uid(0)]), .root, { if case .malformed = $0 { true } else { false } }),
            (handMadeArchive([.string("$null"), .array([])]), .root, { if case .malformed = $0 { true } else { false } }),
            // A $top entry that is not a UID; $objects that is not an array.
            (handMadeArchive([.string("$null")], top: ["root": .integer(1)]), [.key("$top"), .key("root")],
             { if case .typeMismatch = $0 { true } else { false } }),
            // NSDate, NSUUID and NSString with the wrong kinds inside.
            (handMadeArchive([.string("$null"), .dictionary(["NS.time": .string("now"), "$class": .uid(2)]), archiveClassDescription("NSDate")]),
             .root, { if case .typeMismatch = $0 { true } else { false } }),
            (handMadeArchive([.string("$null"), .dictionary(["NS.uuidbytes": .data(Data(count: 3)), "$class": .uid(2)]), archiveClassDescription("NSUUID")]),
             .root, { if case .typeMismatch = $0 { true } else { false } }),
            (handMadeArchive([.string("$null"), .dictionary(["$class": .uid(2)]), archiveClassDescription("NSString")]),
             .root, { if case .missingValue = $0 { true } else { false } }),
            // A class reference that is not a UID.
            (handMadeArchive([.string("$null"), .dictionary(["$class": .string("Foo")])]), [.key("$class")],
             { if case .typeMismatch = $0 { true } else { false } }),
        ]
        for (data, path, matches) in cases {
            let error = archiveError(data)
            #expect(error.map { matches($0.reason) } == true, "\(String(describing: error))")
            #expect(error?.path == path, "\(String(describing: error))")
            #expect(error?.format == .keyedArchive)
        }
        // Not an archive at all: an array at the top, bytes of no property list.
        #expect(archiveError(PropertyListObject.array([]).binaryPlist)?.reason == .typeMismatch(expected: "a keyed archive (a dictionary)", found: "array"))
        #expect(archiveError(Data("garbage".utf8))?.format == .keyedArchive)
        #expect(archiveError(Data())?.reason == .empty)
    }

    @Test("nesting and shared collections are bounded")
    func limits() {
        // 600 distinct objects, each holding the next.
        var deep: [PropertyListObject] = [.string("$null")]
        for index in 1...600 { deep.append(.dictionary(["next": .uid(UInt64(index + 1)), "$class": .uid(602)])) }
        deep.append(.string("end"))
        deep.append(archiveClassDescription("Node"))
        #expect(archiveError(handMadeArchive(deep))?.reason.isUnsupportedReason == true)
        // 40 arrays, each holding the next one twice: 2^40 values once copied.
        var bomb: [PropertyListObject] = [.string("$null")]
        for index in 1...40 { bomb.append(.dictionary(["NS.objects": .array([.uid(UInt64(index + 1)), .uid(UInt64(index + 1))]), "$class": .uid(42)])) }
        bomb.append(.integer(1))
        bomb.append(archiveClassDescription("NSArray"))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(archiveError(handMadeArchive(bomb))?.reason.isUnsupportedReason == true)
        #expect(clock.now - start < .seconds(10))
        // A typed object shared many times is an alias, so it costs nothing to repeat.
        var shared: [PropertyListObject] = [.string("$null"), .dictionary(["NS.objects": .array(Array(repeating: .uid(2), count: 1_000)), "$class": .uid(3)])]
        shared.append(.dictionary(["v": .integer(1), "$class": .uid(4)]))
        shared.append(archiveClassDescription("NSArray"))
        shared.append(archiveClassDescription("Item"))
        let tree = try? KeyedArchiveCodec().decodeTree(from: handMadeArchive(shared))
        #expect(tree?[999] == ["$alias": "0"])
    }

    @Test("mutated archives give a tree or a typed error", arguments: KeyedArchiveTestCorpus.goodNames.filter { $0.hasSuffix(".bin") })
    func mutations(name: String) throws {
        let original = [UInt8](try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.archives))
        var generator = PropertyListSeededGenerator(state: UInt64(truncatingIfNeeded: name.utf8.reduce(17) { $0 &* 131 &+ Int($1) }))
        for _ in 0..<150 {
            let mutated = Data(PropertyListMutations.mutate(original, using: &generator))
            do {
                _ = try KeyedArchiveCodec().decodeTree(from: mutated)
            } catch {
                #expect(error.format == .keyedArchive)
            }
            _ = KeyedArchiveCodec().confidence(for: mutated)
        }
    }
}
