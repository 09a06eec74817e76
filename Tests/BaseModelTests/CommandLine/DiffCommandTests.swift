@testable import BaseModel
import Foundation
import Testing

/// `basemodel diff A B`: the differences of two files' values, one line each with its key path
/// in the first file; exit status 0 when there are none, 1 when there are.
@Suite("basemodel diff")
struct DiffCommandTests {
    private static func corpus(_ path: String) -> String { ModelCorpus.root.appendingPathComponent(path).path }

    @Test(.corpus) func aFileAndItsConversionsAreTheSame() throws {
        let folder = try BasemodelTool.folder()
        let twitter = Self.corpus("json/twitter.json")
        for format in ["keyed-archive", "fast", "hr-binary"] {
            let converted = folder.appendingPathComponent("twitter.\(format)").path
            #expect(try BasemodelTool.run(["convert", twitter, "--to", format, "-o", converted]).status == 0)
            let result = try BasemodelTool.run(["diff", twitter, converted])
            #expect(result.status == 0, "\(format): \(result.output)")
            #expect(result.output.isEmpty)
            #expect(result.error.isEmpty)
        }
    }

    @Test(.corpus) func oneChangedNameIsOneLineWithItsPath() throws {
        let twitter = Self.corpus("json/twitter.json")
        let text = try String(contentsOfFile: twitter, encoding: .utf8)
        let changed = text.replacingOccurrences(of: #""name": "原稿","#, with: #""name": "原稿X","#)
        #expect(changed != text)
        let copy = try BasemodelTool.file("twitter.json", in: try BasemodelTool.folder(), changed)
        let result = try BasemodelTool.run(["diff", twitter, copy.path])
        #expect(result.status == 1)
        #expect(result.lines == [#"statuses[3].user.name: "原稿" → "原稿X""#])
    }

    /// The originals' `shared` graph (one dictionary met three times) written by FastCoding,
    /// HRCoder and GNUstep's keyed archiver, in different key orders, is one graph.
    @Test(.corpus) func theOriginalsSharedGraphIsTheSameInEveryFormat() throws {
        let files = ["shared.fast", "shared.hr.json", "shared.hr.xml", "shared.hr.bplist", "shared.keyed"].map { Self.corpus("originals/\($0)") }
        for file in files.dropFirst() {
            let result = try BasemodelTool.run(["diff", files[0], file])
            #expect(result.status == 0, "\(file): \(result.output)")
            #expect(result.output.isEmpty)
        }
        let cycle = try BasemodelTool.run(["diff", Self.corpus("originals/cycle.keyed"), Self.corpus("originals/cycle.hr.json")])
        #expect(cycle.status == 0)
        #expect(cycle.output.isEmpty)
    }

    /// A dictionary shared in A and copied in B (plain JSON has no sharing) differs at each
    /// place B has a copy, though the values are equal.
    @Test(.corpus) func sharedInOneFileAndCopiedInTheOtherIsADifference() throws {
        let copies = try BasemodelTool.file("copies.json", in: try BasemodelTool.folder(), """
            [{"n":42,"shared":"yes"},{"n":42,"shared":"yes"},["repeated string value","repeated string value"],\
            "repeated string value",{"again":{"n":42,"shared":"yes"}}]
            """)
        let result = try BasemodelTool.run(["diff", Self.corpus("originals/shared.keyed"), copies.path])
        #expect(result.status == 1)
        #expect(result.lines == [
            "[1]: the same dictionary as [0] → a copy",
            "[4].again: the same dictionary as [0] → a copy",
        ])
        let reversed = try BasemodelTool.run(["diff", copies.path, Self.corpus("originals/shared.keyed")])
        #expect(reversed.lines == [
            "[1]: a copy → the same dictionary as [0]",
            "[4].again: a copy → the same dictionary as [0]",
        ])
    }

    @Test func kindsKeysClassesAndArraysInAnyFormats() throws {
        let folder = try BasemodelTool.folder()
        let first = try BasemodelTool.file("first.json", in: folder, """
            {"$class": "Person", "name": "Ada", "count": 1, "gone": true, "tags": ["a", "b", "c"],
             "friend": {"$class": "Person", "name": "Bob"}, "notes": {"a": 1}}
            """)
        let second = try BasemodelTool.file("second.json", in: folder, """
            {"$class": "Person", "notes": {"a": 1}, "name": "Ada", "count": 1.0, "tags": ["a", "B"],
             "friend": {"$class": "Employee", "name": "Bob"}, "new": null}
            """)
        // The same values in an HR binary property list: formats do not matter.
        let secondBinary = folder.appendingPathComponent("second.hr.bplist").path
        #expect(try BasemodelTool.run(["convert", second.path, "--to", "hr-binary", "-o", secondBinary]).status == 0)
        let expected = [
            "count: integer 1 → real 1.0",
            "gone: removed true",
            #"tags[1]: "b" → "B""#,
            #"tags[2]: removed "c""#,
            #"friend: $class "Person" → "Employee""#,
            "new: added null",
        ]
        let result = try BasemodelTool.run(["diff", first.path, second.path])
        #expect(result.status == 1)
        #expect(result.lines == expected)
        // HR property lists spell null as an NSNull object, read back as null.
        let binary = try BasemodelTool.run(["diff", first.path, secondBinary])
        #expect(binary.lines == expected)
    }

    @Test func kindChangesOfContainersAndScalars() throws {
        let folder = try BasemodelTool.folder()
        let first = try BasemodelTool.file("a.json", in: folder, #"{"a": [1, 2], "b": "1", "c": {"x": 1}, "d": {"x": 1}}"#)
        let second = try BasemodelTool.file("b.json", in: folder, #"{"a": {"0": 1}, "b": 1, "c": "x", "d": {"$class": "Point", "x": 1}}"#)
        let result = try BasemodelTool.run(["diff", first.path, second.path])
        #expect(result.status == 1)
        #expect(result.lines == [
            "a: array (2 elements) → dictionary (1 key)",
            #"b: string "1" → integer 1"#,
            #"c: dictionary (1 key) → string "x""#,
            #"d: $class none → "Point""#,
        ])
    }

    @Test func aCycleAgainstACopy() throws {
        let folder = try BasemodelTool.folder()
        let cycle = try BasemodelTool.file("cycle.json", in: folder, #"["head", {"parent": {"$alias": "$root"}}]"#)
        let copy = try BasemodelTool.file("copy.json", in: folder, #"["head", {"parent": ["head", {}]}]"#)
        let result = try BasemodelTool.run(["diff", cycle.path, copy.path])
        #expect(result.status == 1)
        #expect(result.lines == [
            "[1].parent: the same array as <root> → a copy",
            "[1].parent[1].parent: removed array (2 elements)",
        ])
    }

    @Test func anUnreadableFileIsOneErrorLine() throws {
        let folder = try BasemodelTool.folder()
        let good = try BasemodelTool.file("good.json", in: folder, #"{"a": 1}"#)
        let bad = try BasemodelTool.file("bad.json", in: folder, #"{"a": [1, }"#)
        let result = try BasemodelTool.run(["diff", good.path, bad.path])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        let data = try Data(contentsOf: bad)
        let error = #expect(throws: ModelError.self) { try FormatRegistry.shared.detect(data).decodeTree(from: data) }
        #expect(result.error == "basemodel: \(bad.path): \(error?.description ?? "")\n")
    }
}
