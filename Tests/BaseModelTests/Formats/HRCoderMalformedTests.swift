@testable import BaseModel
import Foundation
import Testing

/// Bad HR documents give typed errors with the codec's format and the path, never a crash; and
/// the ``TypedTree`` helpers behave as documented.
@Suite("HRCoder malformed input and TypedTree")
struct HRCoderMalformedTests {
    typealias Fixtures = HRCoderFixtures

    /// Reads `json` with the hr-json codec and returns the error.
    func jsonError(_ json: String) -> ModelError? {
        Fixtures.error { _ = try HRJSONCodec().decodeTree(from: Data(json.utf8)) }
    }

    // MARK: Reserved keys

    @Test("$data that is not base64 is an invalid value at its path")
    func badBase64() {
        for bad in [#""!!!!""#, #""QUJ""#, #""QU=J""#, #""QUJD====""#, #""QQ=""#, #""Q===""#, #""QUJ=QUJD""#, #""QUJD-_""#] {
            let error = jsonError(#"{"$class":"M","items":[{"$class":"NSData","$data":"# + bad + "}]}")
            #expect(error?.reason == .invalidValue("$data is not valid base64"), "\(bad)")
            #expect(error?.path == [.key("items"), .index(0), .key("$data")])
            #expect(error?.format == .hrJSON)
        }
        for (good, bytes) in [("", []), ("QQ==", [65]), ("QUI=", [65, 66]), ("QUJD", [65, 66, 67]), (#"QU\nJ D\r\n"#, [65, 66, 67])]
            as [(String, [UInt8])] {
            let tree = try? HRJSONCodec().decodeTree(from: Data((#"{"$class":"M","blob":{"$data":""# + good + #""}}"#).utf8))
            #expect(tree?["blob"] == .data(Data(bytes)), "\(good)")
        }
        let number = jsonError(#"{"$class":"M","blob":{"$data":12}}"#)
        #expect(number?.reason == .typeMismatch(expected: "base64 string", found: "integer"))
        #expect(number?.path == [.key("blob"), .key("$data")])
    }

    @Test("an alias that names nothing is an invalid value at the alias's path, in every format",
          arguments: Fixtures.codecs)
    func danglingAlias(codec: any FormatCodec) {
        for target in ["items.2", "missing", "items.0.label.x", "items.01", "items.-1", "", "$root.items"] {
            let tree: ModelValue = ["$class": "M", "items": [["label": "a"], ["$alias": .string(target)]]]
            let written = Fixtures.error { _ = try codec.encodeTree(tree) }
            #expect(written?.reason == .invalidValue("the alias \"\(target)\" names nothing in the document"), "\(target)")
            #expect(written?.path == [.key("items"), .index(1)])
            #expect(written?.format == codec.format)
        }
        let read = jsonError(#"{"$class":"M","items":[{"$alias":"items.5"}]}"#)
        #expect(read?.reason == .invalidValue("the alias \"items.5\" names nothing in the document"))
        #expect(read?.path == [.key("items"), .index(0)])
        #expect(read?.format == .hrJSON)
    }

    /// The line `TypedTree.validate`'s documentation quotes.
    @Test func theDocumentedDanglingAlias() throws {
        try TypedTree.validate(["$class": "Node", "next": ["$alias": "$root"]])   // fine
        let error = #expect(throws: ModelError.self) { try TypedTree.validate(["$class": "Node", "next": ["$alias": "missing"]]) }
        #expect(error?.description == #"next: invalid value: the alias "missing" names nothing in the document"#)
    }

    @Test("an alias may not name another alias, nor a path through one")
    func aliasChains() {
        let chain = jsonError(#"{"$class":"M","a":{"$alias":"b"},"b":{"$alias":"$root"}}"#)
        #expect(chain?.reason == .invalidValue("the alias \"b\" names another alias; an alias must name the object itself"))
        #expect(chain?.path == [.key("a")])
        let selfAlias = jsonError(#"{"$class":"M","a":{"$alias":"a"}}"#)
        #expect(selfAlias?.path == [.key("a")])
        let rootAlias = jsonError(#"{"$alias":"$root"}"#)
        #expect(rootAlias?.path == .root)
        let through = jsonError(#"{"$class":"M","a":{"$alias":"c"},"b":{"$alias":"a.x"},"c":{"x":1}}"#)
        #expect(through?.reason == .invalidValue("the alias \"a.x\" names nothing in the document"))
    }

    @Test("a $class or $alias that is not a string is a type mismatch at its path")
    func nonStringReservedKeys() {
        let className = jsonError(#"{"$class":"M","items":[{"$class":7}]}"#)
        #expect(className?.reason == .typeMismatch(expected: "string", found: "integer"))
        #expect(className?.path == [.key("items"), .index(0), .key("$class")])
        #expect(className?.format == .hrJSON)
        let rootClass = jsonError(#"{"$class":["M"]}"#)
        #expect(rootClass?.path == [.key("$class")])
        #expect(rootClass?.reason == .typeMismatch(expected: "string", found: "array"))
        let alias = jsonError(#"{"$class":"M","next":{"$alias":null}}"#)
        #expect(alias?.reason == .typeMismatch(expected: "string", found: "null"))
        #expect(alias?.path == [.key("next"), .key("$alias")])

        let written = Fixtures.error { _ = try HRBinaryCodec().encodeTree(["$class": true]) }
        #expect(written?.reason == .typeMismatch(expected: "string", found: "bool"))
        #expect(written?.format == .hrBinary)
    }

    @Test("a $class or $alias that is not a string in a property list is a type mismatch",
          arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func nonStringClassInPropertyList(encoding: PropertyListSerialization.PropertyListFormat) throws {
        let plist: [String: Any] = ["$class": "M", "items": [["$class": 3]]]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: encoding, options: 0)
        let codec: any FormatCodec = encoding == .xml ? HRXMLCodec() : HRBinaryCodec()
        let error = Fixtures.error { _ = try codec.decodeTree(from: data) }
        #expect(error?.reason == .typeMismatch(expected: "string", found: "integer"))
        #expect(error?.path == [.key("items"), .index(0), .key("$class")])
        #expect(error?.format == codec.format)
    }

    @Test("Foundation objects without their fields are typed errors")
    func foundationLeavesWithoutFields() {
        let missing = jsonError(#"{"$class":"M","when":{"$class":"NSDate"}}"#)
        #expect(missing?.reason == .missingValue(expected: "number"))
        #expect(missing?.path == [.key("when"), .key("NS.time")])
        let text = jsonError(#"{"$class":"M","when":{"$class":"NSDate","NS.time":"yesterday"}}"#)
        #expect(text?.reason == .typeMismatch(expected: "number", found: "string"))
        let string = jsonError(#"{"$class":"M","s":{"$class":"NSMutableString"}}"#)
        #expect(string?.reason == .missingValue(expected: "string"))
        let url = jsonError(#"{"$class":"M","u":{"$class":"NSURL","NS.relative":3}}"#)
        #expect(url?.reason == .typeMismatch(expected: "string", found: "integer"))
        let data = jsonError(#"{"$class":"M","d":{"$class":"NSData","NS.data":"AQID"}}"#)
        #expect(data?.reason == .typeMismatch(expected: "data", found: "string"))
    }

    @Test("writing a dictionary that holds the reserved key $data is refused", arguments: Fixtures.codecs)
    func reservedDataKey(codec: any FormatCodec) {
        let error = Fixtures.error { _ = try codec.encodeTree(["$class": "M", "blob": ["$data": "AQID"]]) }
        #expect(error?.reason == .unsupported("the key $data is reserved in HR documents; store bytes as data values"))
        #expect(error?.path == [.key("blob"), .key("$data")])
        #expect(error?.format == codec.format)
    }

    @Test("nesting deeper than 512 levels is refused, reading and writing", arguments: Fixtures.codecs)
    func tooDeep(codec: any FormatCodec) {
        var deep: ModelValue = "bottom"
        for _ in 0..<600 { deep = [deep] }
        let written = Fixtures.error { _ = try codec.encodeTree(["$class": "M", "deep": deep]) }
        #expect(written?.reason == DecodingLimits.depthExceeded(512))
        #expect(written?.format == codec.format)
        let json = #"{"$class":"M","deep":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        let read = jsonError(json)
        #expect(read != nil)
        #expect(read?.format == .hrJSON)
    }

    // MARK: Truncated and malformed bytes

    @Test("truncated documents are typed errors", arguments: Fixtures.codecs)
    func truncated(codec: any FormatCodec) throws {
        let tree: ModelValue = [
            "$class": "TodoList", "items": [["$class": "TodoItem", "label": "Do washing", "checked": true]],
            "first": ["$alias": "items.0"], "when": .date(Date(timeIntervalSinceReferenceDate: 5)), "blob": .data(Data([1, 2])),
        ]
        let full = try codec.encodeTree(tree)
        #expect(try codec.decodeTree(from: full) == tree)
        // Every prefix short of the document's last significant byte fails with a ModelError of
        // this format: never a crash, never a tree. (XML without its final line feed is whole.)
        var end = full.count
        while end > 0, full[end - 1] == 0x0A { end -= 1 }
        for length in 0..<end {
            let error = Fixtures.error { _ = try codec.decodeTree(from: full.prefix(length)) }
            #expect(error?.format == codec.format, "prefix of \(length) bytes")
        }
        #expect(Fixtures.error { _ = try codec.decodeTree(from: Data()) }?.reason == .empty)
        let half = Fixtures.error { _ = try codec.decodeTree(from: full.prefix(full.count / 2)) }
        if codec.format == .hrBinary {
            // Half a binary property list has lost its trailer: the reader says what it found there.
            guard case .malformed? = half?.reason else { Issue.record("expected malformed, got \(String(describing: half))"); return }
            #expect(Fixtures.error { _ = try codec.decodeTree(from: full.prefix(20)) } != nil)
        } else {
            #expect(half?.reason == .truncated)
        }
    }

    @Test("bytes that are not the format are typed errors", arguments: Fixtures.codecs)
    func notTheFormat(codec: any FormatCodec) {
        for garbage in ["{\"$class\":", "<plist><dict><key>$class</key></dict></plist>", "bplist00 nonsense and more nonsense here!", "\u{0}\u{1}\u{2}"] {
            let error = Fixtures.error { _ = try codec.decodeTree(from: Data(garbage.utf8)) }
            #expect(error != nil, "\(garbage)")
            #expect(error?.format == codec.format)
        }
    }

    @Test("the corpus's broken property lists give typed errors or plain trees, never a crash", .corpus,
          arguments: [HRXMLCodec(), HRBinaryCodec()] as [any FormatCodec])
    func badPropertyListCorpus(codec: any FormatCodec) throws {
        let folder = ModelCorpus.root.appendingPathComponent("bad/plist")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count > 20)
        var refused = 0
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(codec.confidence(for: data) == nil, "\(name)")
            do {
                _ = try codec.decodeTree(from: data)
            } catch {
                #expect(error.format == codec.format, "\(name)")
                refused += 1
            }
        }
        // A few lenient reads (Foundation accepts UTF-8 in ASCII strings) are plain dictionaries.
        #expect(refused >= names.count - 3)
    }

    @Test("a keyed archive is not an HR document: its UIDs have no tree form", .corpus)
    func keyedArchive() throws {
        let folder = ModelCorpus.root.appendingPathComponent("keyed-archives")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first)
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        let error = Fixtures.error { _ = try HRBinaryCodec().decodeTree(from: data) }
        #expect(error != nil)
        #expect(error?.format == .hrBinary)
    }

    // MARK: TypedTree

    static let tree: ModelValue = [
        "$class": "Root",
        "items": [["label": "a"], ["label": "b", "tags": ["x", "y"]]],
        "byNumber": ["0": "zero", "01": "padded"],
        "": ["": "empty keys"],
        "shortcut": ["$alias": "items.1"],
    ]

    @Test("resolve: $root, keys, indices, and what names nothing")
    func resolve() {
        let tree = Self.tree
        #expect(TypedTree.resolve("$root", in: tree) == tree)
        #expect(TypedTree.resolve("items", in: tree) == tree["items"])
        #expect(TypedTree.resolve("items.1.tags.0", in: tree) == "x")
        #expect(TypedTree.resolve("byNumber.0", in: tree) == "zero")
        #expect(TypedTree.resolve("byNumber.01", in: tree) == "padded")
        #expect(TypedTree.resolve(".", in: tree) == "empty keys")
        #expect(TypedTree.resolve("shortcut", in: tree) == ["$alias": "items.1"])
        for nothing in ["items.2", "items.01", "items.+1", "items.-1", "items. 1", "items.0.label.x", "shortcut.label",
                        "missing", "$root.items", "items..0"] {
            #expect(TypedTree.resolve(nothing, in: tree) == nil, "\(nothing)")
        }
    }

    @Test("keyPath(for:) spells positions as aliases do")
    func keyPaths() {
        #expect(TypedTree.keyPath(for: .root) == "$root")
        #expect(TypedTree.keyPath(for: [.key("items"), .index(0), .key("label")]) == "items.0.label")
        let path: ModelPath = [.key("items"), .index(1), .key("tags"), .index(1)]
        #expect(TypedTree.resolve(TypedTree.keyPath(for: path), in: Self.tree) == "y")
    }

    @Test("validate accepts forward references and cycles and reports the first bad alias")
    func validate() throws {
        try TypedTree.validate(Self.tree)
        try TypedTree.validate(["$class": "Node", "next": ["$alias": "$root"]])
        try TypedTree.validate(["$class": "Pair", "first": ["$alias": "second"], "second": ["$class": "Item"]])
        #expect(TypedTree.isAlias(["$alias": "x"]))
        #expect(!TypedTree.isAlias(["$class": "x"]))
        #expect(!TypedTree.isAlias("$alias"))

        let error = Fixtures.error {
            try TypedTree.validate(["$class": "M", "a": ["$alias": "nowhere"], "b": ["$alias": "alsoNowhere"]], format: "test")
        }
        #expect(error?.path == [.key("a")])
        #expect(error?.format == ModelFormat(rawValue: "test"))
        #expect(error?.description == #"a: invalid value: the alias "nowhere" names nothing in the document (test)"#)
        #expect(Fixtures.error { try TypedTree.validate([1, 2]) }?.reason == .typeMismatch(expected: "dictionary", found: "array"))
    }
}
