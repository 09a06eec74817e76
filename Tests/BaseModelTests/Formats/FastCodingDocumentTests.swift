@testable import BaseModel
import Foundation
import Testing

/// The FastObject document: every chunk kind reads back as written, byte for byte, and the
/// FastCoding tests of ORIGINALS.md §5.9 that need no Objective-C runtime.
@Suite struct FastCodingDocumentTests {
    let codec = FastCodec()

    /// A document holding every kind of chunk, with shared slots and a cycle.
    static let everything: FastObject = .list([
        .nilValue, .null, .bool(true), .bool(false), .integer(0), .integer(1), .integer(-5), .integer(300),
        .integer(70_000), .integer(1 << 40), .float32(0.25), .float64(-2.5), .decimal(FastDecimal(UInt64.max)),
        .string("plain"), .string("plain"), .mutableString("mutable"), .data(Data([1, 2, 3]), mutable: false),
        .data(Data([4, 5, 6, 7, 8]), mutable: true), .date(sinceReferenceDate: 1.5), .legacyDate(since1970: 86_400),
        .list([.string("s")], kind: .set, mutable: false), .list([.integer(2)], kind: .orderedSet, mutable: true),
        .list([.alias(0)], kind: .array, mutable: true),
        .dictionary([.init(key: .string("k"), value: .integer(3)), .init(key: .integer(7), value: .string("numeric key"))], mutable: false),
        .dictionary([.init(key: .string("self"), value: .alias(0))], mutable: true),
        .object(className: "Thing", keys: ["a", "b"], values: [.integer(1), .nilValue]),
        .object(className: "Thing", keys: ["a", "b"], values: [.alias(3), .string("plain")]),
        .url(FastURL(relative: "foobar", base: FastURL(relative: "http://example.com"))),
        .url(FastURL(relative: "foobar", base: FastURL(relative: "http://example.com"))),
        .geometry(.point(x: 1, y: 2)), .geometry(.size(width: 3, height: 4)),
        .geometry(.rect(x: 1, y: 2, width: 3, height: 4)), .geometry(.range(location: 5, length: 6)),
        .geometry(.vector(dx: 7, dy: 8)), .geometry(.affineTransform([1, 0, 0, 1, 5, 6])),
        .geometry(.transform3D((0..<16).map(Double.init))),
        .indexSet([FastIndexRange(location: 1, length: 99)], mutable: false),
        .indexSet([FastIndexRange(location: 0, length: 30), FastIndexRange(location: 50, length: 80)], mutable: true),
        .codedObject(className: "NSCodedModel", entries: [.init(key: .string("text"), value: .string("coded"))]),
        .keyedArchive(Data("not really an archive".utf8)),
        .alias(5),
    ], kind: .array, mutable: true)

    @Test("every chunk kind reads back equal and writes back to the same bytes")
    func everyKindRoundTrips() throws {
        let bytes = try Self.everything.data()
        let read = try FastObject(data: bytes)
        #expect(read == Self.everything)
        #expect(try read.data() == bytes)
    }

    @Test("geometry values are not cached (the original's off-by-one), so aliases after them hold")
    func geometryIsNotCached() throws {
        let document = FastObject.list([.geometry(.point(x: 1, y: 2)), .data(Data([9]), mutable: false), .alias(0)], kind: .array, mutable: false)
        let bytes = try document.data()
        // The data is slot 0; the array is slot 1, cached after its children.
        #expect(try FastHeader(reading: bytes).objectCount == 2)
        #expect(try codec.decodeTree(from: bytes) == [["x": 1.0, "y": 2.0], .data(Data([9])), .data(Data([9]))])
    }

    @Test("an affine transform is aligned to 8, as the original reader expects")
    func affineTransformIsAligned() throws {
        let bytes = [UInt8](try FastObject.list([.bool(true), .geometry(.affineTransform([1, 0, 0, 1, 5, 6]))], kind: .array, mutable: false).data())
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
    }

    @Test("NSCoded objects and embedded keyed archives become typed dictionaries")
    func codedObjectsAndArchives() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Thing", "name": "inside"])
        let document = FastObject.dictionary([
            .init(key: .string("coded"), value: .codedObject(className: "NSCodedModel", entries: [.init(key: .string("text"), value: .string("hi"))])),
            .init(key: .string("archived"), value: .keyedArchive(archive)),
        ], mutable: false)
        let bytes = try document.data()
        #expect(try FastObject(data: bytes) == document)
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
        let document = FastObject.dictionary((1...4).map { .init(key: .string("url\($0)"), value: .url(url)) }, mutable: false)
        let bytes = try document.data()
        #expect(try FastObject(data: bytes) == document)
        #expect([UInt8](bytes).count(where: { $0 == FastTag.url.rawValue }) == 2)  // the URL and its base
        let tree = try codec.decodeTree(from: bytes)
        for index in 1...4 { #expect(tree["url\(index)"] == "http://example.com/foobar") }
    }

    @Test("testIndexSetEncoding: immutable and mutable index sets round-trip, mutability kept")
    func indexSets() throws {
        let immutable = FastObject.indexSet([FastIndexRange(location: 1, length: 99)], mutable: false)
        let mutable = FastObject.indexSet([FastIndexRange(location: 0, length: 30), FastIndexRange(location: 50, length: 80)], mutable: true)
        #expect(try FastObject(data: immutable.data()) == immutable)
        #expect(try FastObject(data: mutable.data()) == mutable)
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
