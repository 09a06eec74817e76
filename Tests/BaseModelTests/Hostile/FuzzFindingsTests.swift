@testable import BaseModel
import Foundation
import Testing

/// What the fuzz targets of `Fuzz/` found (issue 16), each reproducer minimised by hand. The
/// targets check more than "no crash": a tree or model that decoded is encoded again, and what
/// the library writes it must read back (`Fuzz/Sources/FuzzHarness/RoundTrip.swift`). Each test
/// runs the reproducer through the same steps and expects either a typed error at the step that
/// must refuse, or a faithful round trip.
@Suite struct FuzzFindingsTests {
    /// `reason` is `.unsupported` and its text contains `words`.
    static func isUnsupported(_ error: ModelError, _ words: String) -> Bool {
        guard case .unsupported(let why) = error.reason else { return false }
        return why.contains(words)
    }

    @Test("fuzz-xml-plist: a string holding NUL is refused by the XML writer, not written as &#0; that the reader refuses")
    func xmlStringWithNUL() throws {
        // The reader takes a literal NUL in text (as it takes other control bytes)…
        let reproducer = Data("<plist version=\"1.0\"><dict><key>a</key><string>x\u{0}y</string></dict></plist>".utf8)
        let codec = XMLPropertyListCodec()
        let tree = try codec.decodeTree(from: reproducer)
        #expect(tree == ["a": "x\u{0}y"])
        // …but no XML can hold NUL, and the reader refuses the reference the writer used to write.
        let error = try #require(throws: ModelError.self) { try codec.encodeTree(tree) }
        #expect(Self.isUnsupported(error, "NUL"), "\(error)")
        #expect(error.path.description == "a")
        #expect(throws: ModelError.self) {
            try codec.decodeTree(from: Data("<plist version=\"1.0\"><string>&#0;</string></plist>".utf8))
        }
        // Other control characters still go out as references and come back.
        let controls: ModelValue = ["b": "\u{1}\u{1F}\r"]
        #expect(try codec.decodeTree(from: codec.encodeTree(controls)) == controls)
    }

    @Test("fuzz-hr-xml: a key holding NUL is refused by the HR XML writer, with the key's path")
    func hrXMLKeyWithNUL() throws {
        let reproducer = Data("<plist version=\"1.0\"><dict><key>$class</key><string>M</string><key>k\u{0}</key><string>v</string></dict></plist>".utf8)
        let codec = HRXMLCodec()
        let tree = try codec.decodeTree(from: reproducer)
        let error = try #require(throws: ModelError.self) { try codec.encodeTree(tree) }
        #expect(Self.isUnsupported(error, "NUL"), "\(error)")
        #expect(error.path == ModelPath([.key("k\u{0}")]))
        #expect(error.format == .hrXML)
    }

    @Test("fuzz-detect: a lone UID reads as {\"CF$UID\": 7}, and HR XML writes and reads that dictionary back")
    func uidDictionaryThroughHRXML() throws {
        // bplist00, one object: UID 7.
        let reproducer = rawBinaryPropertyList([[0x80, 0x07]])
        let tree = try ModelValue(data: reproducer)
        #expect(tree == ["CF$UID": 7])
        // The XML form of that dictionary is how XML spells a UID; HR reads it back as the
        // dictionary instead of refusing a UID it wrote itself.
        let codec = HRXMLCodec()
        #expect(try codec.decodeTree(from: codec.encodeTree(tree)) == tree)
        let typed: ModelValue = ["$class": "M", "ref": ["CF$UID": 3]]
        #expect(try codec.decodeTree(from: codec.encodeTree(typed)) == typed)
    }

    @Test("fuzz-detect: an alias back into a plain dictionary is written as a cycle through an NSDictionary, which reads back")
    func keyedArchiveCycleThroughPlainDictionary() throws {
        // An HR tree whose root lost its $class: the child's parent aliases a plain dictionary.
        let reproducer = Data(#"{"$clars":"FuzzFolder","name":"root","children":[{"$class":"FuzzFolder","name":"a","parent":{"$alias":"$root"}}]}"#.utf8)
        let tree = try HRJSONCodec().decodeTree(from: reproducer)
        let codec = KeyedArchiveCodec()
        // The writer used to refuse it ("only $class objects can be part of a cycle"), because the
        // reader refused cycles through collections; both take them now.
        #expect(try codec.decodeTree(from: codec.encodeTree(tree)) == tree)
        // With its $class the root is part of the cycle too.
        var typed = tree
        if case .dictionary(var entries) = typed {
            entries["$class"] = "FuzzFolder"
            typed = .dictionary(entries)
        }
        #expect(try codec.decodeTree(from: codec.encodeTree(typed))["children"]?[0]?["parent"] == ["$alias": "$root"])
    }

    @Test("fuzz-detect: a $class naming a Foundation value class is refused by the keyed-archive writer")
    func keyedArchiveFoundationClassName() throws {
        // Plain JSON (no $class at the root) holding HR's spelling of data, read as plain JSON
        // (detection takes it for HR, whose reader makes the data a value).
        let reproducer = Data(#"{"data":{"$class":"NSData","$data":"AAEC\/w=="}}"#.utf8)
        #expect(try FormatRegistry.shared.detect(reproducer).format == .hrJSON)
        #expect(try ModelValue(data: reproducer) == ["data": .data(Data([0, 1, 2, 255]))])
        let tree = try JSONCodec().decodeTree(from: reproducer)
        #expect(tree["data"]?["$class"] == "NSData")
        let error = try #require(throws: ModelError.self) { try KeyedArchiveCodec().encodeTree(tree) }
        #expect(Self.isUnsupported(error, "Foundation"), "\(error)")
        #expect(error.path == ModelPath([.key("data"), .key("$class")]))
        // Classes the reader keeps as typed objects are still written.
        let value: ModelValue = ["$class": "M", "v": ["$class": "NSValue", "NS.special": 12]]
        #expect(try KeyedArchiveCodec().decodeTree(from: KeyedArchiveCodec().encodeTree(value)) == value)
    }

    @Test("fuzz-keyed-archive: a dictionary key equal to $null is written as an NSString, not as the marker the reader takes for nil")
    func keyedArchiveNullKey() throws {
        // What the fuzzer found: an archive whose NSDictionary key is an NSString object "$null".
        let reproducer = handMadeArchive([
            .string("$null"),
            .dictionary(["NS.keys": .array([.uid(2)]), "NS.objects": .array([.uid(3)]), "$class": .uid(5)]),
            .dictionary(["NS.string": .string("$null"), "$class": .uid(4)]),
            .integer(1),
            archiveClassDescription("NSString"),
            archiveClassDescription("NSDictionary"),
        ])
        let codec = KeyedArchiveCodec()
        let tree = try codec.decodeTree(from: reproducer)
        #expect(tree == ["$null": 1])
        // Written back, the key used to be the inline string "$null", which reads as nil.
        #expect(try codec.decodeTree(from: codec.encodeTree(tree)) == tree)
        let value: ModelValue = ["$null": "$null", "list": ["$null"]]
        #expect(try codec.decodeTree(from: codec.encodeTree(value)) == value)
    }

    @Test("fuzz-detect: a $class naming a Foundation value class is refused by the HR writers, not written as an object their reader refuses")
    func hrFoundationClassName() throws {
        // What the fuzzer found: plain JSON holding NSData without its field (read as plain JSON:
        // detection takes it for HR, whose reader refuses the object without its field).
        let reproducer = Data(#"{"data":{"$class":"NSData","$)ata":"AAEC\/w=="}}"#.utf8)
        let tree = try JSONCodec().decodeTree(from: reproducer)
        #expect(tree["data"]?["$class"] == "NSData")
        for codec: any FormatCodec in [HRXMLCodec(), HRJSONCodec(), HRBinaryCodec()] {
            let error = try #require(throws: ModelError.self) { try codec.encodeTree(tree) }
            #expect(Self.isUnsupported(error, "Foundation value"), "\(error)")
            #expect(error.path == ModelPath([.key("data"), .key("$class")]))
        }
        // The reader still refuses such an object without its field, with the field's path.
        let document = Data(#"{"$class":"M","data":{"$class":"NSData","x":1}}"#.utf8)
        let readError = try #require(throws: ModelError.self) { try HRJSONCodec().decodeTree(from: document) }
        #expect(readError.path == ModelPath([.key("data"), .key("NS.data")]), "\(readError)")
        // Model class names are still written and read back.
        let value: ModelValue = ["$class": "M", "v": ["$class": "Child", "n": 1]]
        #expect(try HRJSONCodec().decodeTree(from: HRJSONCodec().encodeTree(value)) == value)
    }
}
