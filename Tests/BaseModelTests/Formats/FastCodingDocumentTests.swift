@testable import BaseModel
import Foundation
import Testing

/// Every chunk kind of FastCoding 3.3 read into the graph and written back, and the FastCoding
/// tests of ORIGINALS.md §5.9 that need no Objective-C runtime.
@Suite struct FastCodingDocumentTests {
    let codec = FastCodec()

    /// A file of every kind of chunk the graph keeps whole, with shared slots and a cycle: slot
    /// 0 is the root (mutable), 1 the mutable string, 2 and 3 the data, 4 and 5 the dates. (A
    /// URL with a base, a mutable or non-string dictionary key, nil in a collection and a decimal
    /// that is not compact are read too, but do not come back byte for byte: see `FastCodec`.)
    static let everything: FastDocument = .list([
        .null, .bool(true), .bool(false), .integer(0), .integer(1), .integer(-5), .integer(300),
        .integer(70_000), .integer(1 << 40), .float32(0.25), .float64(-2.5), .decimal(FastDecimal(UInt64.max)),
        .decimal(FastDecimal(Int64(-12))), .decimal(FastDecimal(0.125)!),
        .string("plain"), .string("plain"), .mutableString("mutable"), .data(Data([1, 2, 3]), mutable: false),
        .data(Data([4, 5, 6, 7, 8]), mutable: true), .date(sinceReferenceDate: 1.5), .legacyDate(since1970: 86_400),
        .list([.string("s")], kind: .set, mutable: false), .list([.integer(2)], kind: .orderedSet, mutable: true),
        .list([.alias(0)], kind: .array, mutable: true),
        .dictionary([.init(key: .string("k"), value: .integer(3)), .init(key: .string("m"), value: .string("second"))], mutable: false),
        .dictionary([.init(key: .string("self"), value: .alias(0))], mutable: true),
        .object(className: "Thing", keys: ["a", "b"], values: [.integer(1), .nilValue]),
        .object(className: "Thing", keys: ["a", "b"], values: [.alias(3), .string("plain")]),
        .url(FastURL(relative: "http://example.com/foobar")), .url(FastURL(relative: "http://example.com/foobar")),
        .geometry(.point(x: 1, y: 2)), .geometry(.size(width: 3, height: 4)),
        .geometry(.rect(x: 1, y: 2, width: 3, height: 4)), .geometry(.range(location: 5, length: 6)),
        .geometry(.vector(dx: 7, dy: 8)), .geometry(.affineTransform([1, 0, 0, 1, 5, 6])),
        .geometry(.transform3D((0..<16).map(Double.init))),
        .indexSet([FastIndexRange(location: 1, length: 99)], mutable: false),
        .indexSet([FastIndexRange(location: 0, length: 30), FastIndexRange(location: 50, length: 80)], mutable: true),
        .codedObject(className: "NSCodedModel", entries: [.init(key: .string("text"), value: .string("coded"))]),
        .keyedArchive(archive),
        .alias(5), .alias(1), .alias(2),
    ], kind: .array, mutable: true)

    /// A keyed archive as the library writes it.
    static let archive = try! KeyedArchiveCodec().encodeTree(["$class": "Archived", "name": "inside"])

    @Test("every chunk kind reads into the graph and writes back to the same bytes")
    func everyKindRoundTrips() throws {
        let bytes = try Self.everything.data()
        #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
        let tree = try codec.decodeTree(from: bytes)
        #expect(tree[11] == .unsignedInteger(.max) && tree[12] == -12 && tree[13] == 0.125)
        #expect(tree[16] == "mutable" && tree[20] == .date(Date(timeIntervalSince1970: 86_400)))
        #expect(tree[23] == [["$alias": "$root"]])
        #expect(tree[24] == ["k": 3, "m": "second"])
        #expect(tree[26] == ["$class": "Thing", "a": 1])
        #expect(tree[27] == ["$class": "Thing", "a": .data(Data([4, 5, 6, 7, 8])), "b": "plain"])
        #expect(tree[28] == "http://example.com/foobar" && tree[29] == "http://example.com/foobar")
        #expect(tree[39] == ["$class": "NSCodedModel", "text": "coded"])
        #expect(tree[40] == ["$class": "Archived", "name": "inside"])
        #expect(tree[41] == .date(Date(timeIntervalSince1970: 86_400)) && tree[42] == "mutable" && tree[43] == .data(Data([1, 2, 3])))
    }

    @Test("the graph keeps each chunk's form on its node, and an object's nil values")
    func formsOnTheNodes() throws {
        let graph = try codec.readGraph(from: Self.everything.data())
        func node(_ position: Int) -> InputIndex.Node { graph[graph.element(of: graph.root, at: position)] }
        #expect(graph[graph.root].flags == .mutable)
        #expect(node(9).flags == .float32 && node(10).flags.isEmpty)
        #expect(node(11).variant == .decimal && node(11).kind == .unsignedInteger)
        #expect(node(16).flags == .mutable && node(14).flags.isEmpty)
        #expect(node(18).flags == .mutable && node(17).flags.isEmpty)
        #expect(node(20).variant == .legacyDate)
        #expect(node(21).variant == .set && node(21).flags.isEmpty)
        #expect(node(22).variant == .orderedSet && node(22).flags == .mutable)
        #expect(node(25).kind == .dictionary && node(25).flags == .mutable)
        #expect(node(28).variant == .url)
        #expect(node(30).variant == .geometry && node(36).variant == .geometry)
        #expect(node(37).variant == .indexSet && node(38).variant == .indexSet && node(38).flags == .mutable)
        #expect(node(39).variant == .codedObject && node(40).variant == .keyedArchive)
        // One class definition with a nil value: the key is there, its value absent.
        let thing = graph.element(of: graph.root, at: 26)
        #expect(graph.classes[graph[thing].index].keys == ["a", "b"])
        #expect(graph.value(of: thing, atPosition: 1) == nil)
        // Aliases are the nodes they name: the cycle, the data and the date met again.
        #expect(graph.element(of: graph.element(of: graph.root, at: 23), at: 0) == graph.root)
        #expect(graph.element(of: graph.root, at: 41) == graph.element(of: graph.root, at: 20))
        #expect(graph.element(of: graph.root, at: 43) == graph.element(of: graph.root, at: 17))
    }

    @Test("a mutable string as a dictionary key is read as its string; other keys are refused")
    func dictionaryKeys() throws {
        let mutableKey = FastDocument.dictionary([.init(key: .mutableString("m"), value: .integer(1))], mutable: false)
        #expect(try codec.decodeTree(from: mutableKey.data()) == ["m": 1])
        let numberKey = FastDocument.dictionary([.init(key: .integer(7), value: .string("numeric key"))], mutable: false)
        let error = try #require(throws: ModelError.self) { try codec.decodeTree(from: numberKey.data()) }
        #expect(error.format == .fast && error.offset == 41)
        #expect(error.description.contains("a dictionary key that is a number"))
    }

    @Test("geometry values are not cached (the original's off-by-one), so aliases after them hold")
    func geometryIsNotCached() throws {
        let document = FastDocument.list([.geometry(.point(x: 1, y: 2)), .data(Data([9]), mutable: false), .alias(0)], kind: .array, mutable: false)
        let bytes = try document.data()
        // The data is slot 0; the array is slot 1, cached after its children.
        #expect(try FastHeader(reading: bytes).objectCount == 2)
        #expect(try codec.decodeTree(from: bytes) == [["x": 1.0, "y": 2.0], .data(Data([9])), .data(Data([9]))])
        #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
    }

    @Test("an affine transform is aligned to 8, as the original reader expects")
    func affineTransformIsAligned() throws {
        let bytes = [UInt8](try FastDocument.list([.bool(true), .geometry(.affineTransform([1, 0, 0, 1, 5, 6]))], kind: .array, mutable: false).data())
        // 28: 0D True, 29: 27 AffineTransform, 30–31 pad, 32–79 six doubles.
        #expect(bytes[29] == FastTag.affineTransform.rawValue)
        #expect(bytes[30...31] == [0, 0])
        #expect(bytes.count == 80)
    }

    @Test("unknown classes decode to $class dictionaries and re-encode to the same bytes")
    func unknownClassesRoundTripByteForByte() throws {
        let tree: ModelValue = [
            "$class": "Mystery", "title": "x", "parts": [["$class": "Part", "n": 1], ["$class": "Part", "n": 2]],
            "first": ["$alias": "parts.0"], "when": .date(Date(timeIntervalSinceReferenceDate: 3)), "blob": .data(Data([1, 2])),
        ]
        let bytes = try codec.encodeTree(tree)
        let back = try codec.decodeTree(from: bytes)
        #expect(back == tree)
        #expect(try codec.encodeTree(back) == bytes)
        #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
    }

    @Test("NSCoded objects and embedded keyed archives become typed dictionaries, and write back")
    func codedObjectsAndArchives() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Thing", "name": "inside"])
        let document = FastDocument.dictionary([
            .init(key: .string("coded"), value: .codedObject(className: "NSCodedModel", entries: [.init(key: .string("text"), value: .string("hi"))])),
            .init(key: .string("archived"), value: .keyedArchive(archive)),
        ], mutable: false)
        let bytes = try document.data()
        #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
        #expect(try codec.decodeTree(from: bytes) == [
            "coded": ["$class": "NSCodedModel", "text": "hi"], "archived": ["$class": "Thing", "name": "inside"],
        ])
    }

    // MARK: - ORIGINALS.md §5.9

    final class ChangingModel: Model, @unchecked Sendable {
        var text2 = ""
        var textNew = ""
        var array1: [String] = []
        var array2: [Int] = []
        var date = Date(timeIntervalSinceReferenceDate: 0)
        required init() {}
    }

    @Test("testChangingModel: strings, string and number arrays and the current date round-trip")
    func changingModel() throws {
        let model = ChangingModel()
        model.text2 = "foo"
        model.textNew = "bar"
        model.array1 = ["a", "b"]
        model.array2 = [1, 2, 3]
        model.date = Date()
        let back = try ChangingModel(data: model.data(format: .fast))
        #expect(back.text2 == "foo" && back.textNew == "bar" && back.array1 == ["a", "b"] && back.array2 == [1, 2, 3])
        #expect(back.date == model.date)
    }

    final class Leaf: Model, @unchecked Sendable {
        var value = 0
        required init() {}
    }

    final class Pair: Model, @unchecked Sendable {
        var left: Leaf?
        var right: Leaf?
        var all: [Leaf] = []
        required init() {}
    }

    static let registered: Void = {
        ModelRegistry.shared.register(Leaf.self)
        ModelRegistry.shared.register(Pair.self)
    }()

    @Test("testAliasing: one shared instance stays one; equal distinct instances stay two")
    func aliasing() throws {
        Self.registered
        let pair = Pair()
        let leaf = Leaf()
        leaf.value = 4
        pair.left = leaf
        pair.right = leaf
        let shared = try Pair(data: pair.data(format: .fast))
        #expect(shared.left != nil && shared.left === shared.right)
        let copy = Leaf()
        copy.value = 4
        pair.right = copy
        let distinct = try Pair(data: pair.data(format: .fast))
        #expect(distinct.left !== distinct.right)
        #expect(distinct.left?.value == distinct.right?.value)
    }

    @Test("testAliasingWithSubstitution: an array holding one model twice decodes to one object")
    func aliasingWithSubstitution() throws {
        Self.registered
        let pair = Pair()
        let leaf = Leaf()
        pair.all = [leaf, leaf]
        let bytes = try pair.data(format: .fast)
        #expect(bytes.contains(FastTag.objectAlias8.rawValue))
        let back = try Pair(data: bytes)
        #expect(back.all.count == 2 && back.all[0] === back.all[1])
    }

    @Test("testBootstrapping: a JSON $alias key path becomes a reference to that value")
    func bootstrapping() throws {
        let json = Data(#"{"foo":{"$alias":"bar.1"},"bar":["Goodbye","Cruel","World"]}"#.utf8)
        let bytes = try codec.encodeTree(JSONCodec().decodeTree(from: json))
        let tree = try codec.decodeTree(from: bytes)
        #expect(tree["foo"] == "Cruel")
        #expect(tree["foo"] == tree["bar"]?[1])
        // "Cruel" is written once (at foo, where the alias stands) and aliased in bar.
        #expect(try FastHeader(reading: bytes).stringCount == 5)  // foo, Cruel, bar, Goodbye, World
        // With objects, the alias is an object alias, and the object is written where it is first met.
        let objects: ModelValue = ["foo": ["$alias": "bar.1"], "bar": [["$class": "P", "n": 1], ["$class": "P", "n": 2]]]
        let graph = try codec.decodeTree(from: codec.encodeTree(objects))
        #expect(graph == ["foo": ["$class": "P", "n": 2], "bar": [["$class": "P", "n": 1], ["$alias": "foo"]]])
    }

    @Test("testURLEncoding: one relative URL under four keys is written once, then aliased")
    func urlEncoding() throws {
        let url = FastURL(relative: "foobar", base: FastURL(relative: "http://example.com"))
        let document = FastDocument.dictionary((1...4).map { .init(key: .string("url\($0)"), value: .url(url)) }, mutable: false)
        let bytes = try document.data()
        #expect([UInt8](bytes).count(where: { $0 == FastTag.url.rawValue }) == 2)  // the URL and its base
        let tree = try codec.decodeTree(from: bytes)
        for index in 1...4 { #expect(tree["url\(index)"] == "http://example.com/foobar") }
        // Written back, the URL is its absolute string without a base: once, then aliased.
        let again = try FormatRegistry.shared.convert(bytes, to: .fast)
        #expect([UInt8](again).count(where: { $0 == FastTag.url.rawValue }) == 1)
        #expect(try codec.decodeTree(from: again) == tree)
        #expect(try FormatRegistry.shared.convert(again, to: .fast) == again)
    }

    @Test("testIndexSetEncoding: immutable and mutable index sets round-trip, mutability kept")
    func indexSets() throws {
        let immutable = FastDocument.indexSet([FastIndexRange(location: 1, length: 99)], mutable: false)
        let mutable = FastDocument.indexSet([FastIndexRange(location: 0, length: 30), FastIndexRange(location: 50, length: 80)], mutable: true)
        for document in [immutable, mutable] {
            let bytes = try document.data()
            #expect(try FormatRegistry.shared.convert(bytes, to: .fast) == bytes)
        }
        let graph = try codec.readGraph(from: mutable.data())
        #expect(graph[graph.root].flags == .mutable && graph[graph.root].variant == .indexSet)
        #expect(try codec.decodeTree(from: mutable.data()) == [["location": 0, "length": 30], ["location": 50, "length": 80]])
    }

    @Test("testDateAlignment: a date after a one-byte chunk is padded to 8 and round-trips")
    func dateAlignment() throws {
        let date = Date(timeIntervalSinceNow: 5)
        let bytes = [UInt8](try codec.encodeTree([1, .date(date)]))
        // 28: 2D One, 29: 30 Date, 30–31 pad, 32–39 the seconds since 2001.
        #expect(bytes[29] == FastTag.date.rawValue && bytes[30...31] == [0, 0] && bytes.count == 40)
        #expect(try codec.decodeTree(from: Data(bytes)) == [1, .date(date)])
    }

    @Test("testDateEquality: dates are stored relative to 2001, bit-exact")
    func dateEquality() throws {
        let date = Date(timeIntervalSinceReferenceDate: 542_911_754.165_382_98)
        let bytes = [UInt8](try codec.encodeTree(.date(date)))
        #expect(Array(bytes[24..<32]) == withUnsafeBytes(of: date.timeIntervalSinceReferenceDate.bitPattern.littleEndian) { Array($0) })
        guard case .date(let back) = try codec.decodeTree(from: Data(bytes)) else { Issue.record("not a date"); return }
        #expect(back.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern)
    }

    @Test("a legacy (1970) date, as FastCoding 3.2.2 wrote, reads as the same moment")
    func legacyDate() throws {
        let bytes = FastBytes.header(objects: 1) + FastBytes.hex("16 000000") + withUnsafeBytes(of: (86_400.5).bitPattern.littleEndian) { Array($0) }
        #expect(try codec.decodeTree(from: Data(bytes)) == .date(Date(timeIntervalSince1970: 86_400.5)))
    }

    @Test("testBooleans: the number 1 stays a number and true stays a boolean")
    func booleans() throws {
        let bytes = [UInt8](try codec.encodeTree([1, true, 0, false]))
        #expect(Array(bytes[28...31]) == [FastTag.one.rawValue, FastTag.true.rawValue, FastTag.zero.rawValue, FastTag.false.rawValue])
        #expect(try codec.decodeTree(from: Data(bytes)) == [1, true, 0, false])
    }
}
