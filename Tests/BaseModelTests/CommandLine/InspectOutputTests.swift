@testable import BaseModel
import Foundation
import Testing

/// `basemodel inspect`: colours on a terminal (`--color`, `NO_COLOR`), and `--json` for scripts.
@Suite("basemodel inspect: colour and JSON", .corpus)
struct InspectOutputTests {
    private static let people = ModelCorpus.root.appendingPathComponent("originals/people.hr.json").path
    private static let escape = "\u{1B}["

    private static func tree(_ path: String) throws -> ModelValue {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try FormatRegistry.shared.detect(data).decodeTree(from: data)
    }

    @Test func alwaysColoursEachRoleInItsOwnColour() throws {
        let result = try BasemodelTool.run(["inspect", Self.people, "--color", "always"])
        #expect(result.status == 0)
        let tree = try Self.tree(Self.people)
        let painted = tree.styledDescription(indented: true) { role, text in "\u{1B}[\(Self.code(role))m\(text)\u{1B}[0m" }
        #expect(result.output == "format: hr-json (\(try Data(contentsOf: URL(fileURLWithPath: Self.people)).count) bytes)\n\(painted)\n")
        // Each role is there, in its colour.
        #expect(result.output.contains(#"\#(Self.escape)1;35m"$class": "#))
        #expect(result.output.contains(#"\#(Self.escape)1;36m"$alias": "#))
        #expect(result.output.contains(#"\#(Self.escape)34m"name"\#(Self.escape)0m: "#))
        #expect(result.output.contains("\(Self.escape)32m\""))
        #expect(result.output.contains("\(Self.escape)33m"))
        // Without colours, the text is the plain one.
        let plain = result.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(plain == "format: hr-json (\(try Data(contentsOf: URL(fileURLWithPath: Self.people)).count) bytes)\n\(tree.indentedDescription)\n")
    }

    /// The colours of the roles, as the tool's help states them.
    private static func code(_ role: ModelValue.DescriptionRole) -> String {
        switch role {
        case .key: "34"
        case .string: "32"
        case .number: "33"
        case .literal: "35"
        case .typed: "36"
        case .className: "1;35"
        case .alias: "1;36"
        }
    }

    @Test func autoAndNeverInAPipeAreUncoloured() throws {
        let plain = try BasemodelTool.run(["inspect", Self.people])
        #expect(plain.status == 0)
        #expect(!plain.output.contains(Self.escape))
        #expect(plain.output.hasSuffix("\(try Self.tree(Self.people).indentedDescription)\n"))
        let never = try BasemodelTool.run(["inspect", Self.people, "--color", "never"])
        #expect(never.output == plain.output)
    }

    @Test(.enabled(if: BasemodelTool.hasTerminal)) func autoColoursATerminalUnlessNoColorIsSet() throws {
        // (`swift test` may run with NO_COLOR set: it is removed here.)
        let coloured = try BasemodelTool.runOnTerminal(["inspect", Self.people, "--lines", "5"], environment: ["NO_COLOR": ""])
        #expect(coloured.status == 0)
        #expect(coloured.output.contains("\(Self.escape)1;35m"))
        let noColor = try BasemodelTool.runOnTerminal(["inspect", Self.people, "--lines", "5"], environment: ["NO_COLOR": "1"])
        #expect(noColor.status == 0)
        #expect(!noColor.output.contains(Self.escape))
        let never = try BasemodelTool.runOnTerminal(["inspect", Self.people, "--lines", "5", "--color", "never"], environment: ["NO_COLOR": ""])
        #expect(!never.output.contains(Self.escape))
        let always = try BasemodelTool.runOnTerminal(["inspect", Self.people, "--lines", "5", "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(always.output.contains("\(Self.escape)1;35m"))
    }

    /// `--lines N` prints the whole output's first N lines of the tree, then how many more
    /// there are; a file of N lines or fewer is printed whole.
    @Test func linesPrintsTheFirstLinesAndCountsTheRest() throws {
        let twitter = ModelCorpus.root.appendingPathComponent("json/twitter.json").path
        for file in [Self.people, twitter] {
            let whole = try BasemodelTool.run(["inspect", file])
            #expect(whole.status == 0)
            let lines = whole.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // the last newline
            let treeLines = lines.count - 1  // after the format line
            for limit in [1, 5, treeLines - 1] {
                let result = try BasemodelTool.run(["inspect", file, "--lines", String(limit)])
                #expect(result.status == 0)
                let expected = lines.prefix(1 + limit) + ["… \(treeLines - limit) more lines"]
                #expect(result.output == expected.joined(separator: "\n") + "\n")
            }
            for limit in [treeLines, treeLines + 1] {
                #expect(try BasemodelTool.run(["inspect", file, "--lines", String(limit)]).output == whole.output)
            }
        }
    }

    /// `--json` prints the tree in hr-json's spelling, which reads back as the same graph: every
    /// file of the originals (dates, data, shared objects, cycles, classes) and a keyed archive.
    @Test func jsonIsTheTreeInHRJSONAndReadsBackAsTheSameGraph() throws {
        let folder = try BasemodelTool.folder()
        let originals = ModelCorpus.root.appendingPathComponent("originals")
        let names = try FileManager.default.contentsOfDirectory(atPath: originals.path).sorted()
            .filter { $0.hasSuffix(".keyed") || $0.hasSuffix(".fast") || $0.hasSuffix(".hr.xml") }
        #expect(names.count > 20)
        let files = names.map { originals.appendingPathComponent($0).path }
            + [ModelCorpus.root.appendingPathComponent("keyed-archives/bpylist2__complex_archive.plist").path]
        for file in files {
            let result = try BasemodelTool.run(["inspect", "--json", file])
            #expect(result.status == 0, "\(file): \(result.error)")
            let expected = try FormatRegistry.shared.codec(for: .hrJSON).encodeTree(try Self.tree(file))
            #expect(result.output == String(decoding: expected, as: UTF8.self) + "\n")
            let copy = folder.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent + ".json")
            try Data(result.output.utf8).write(to: copy)
            let difference = try BasemodelTool.run(["diff", file, copy.path])
            #expect(difference.status == 0, "\(file): \(difference.output)")
        }
    }

    @Test func jsonSpellsDatesAndDataAsHRJSONDoes() throws {
        let file = ModelCorpus.root.appendingPathComponent("originals/scalars.keyed").path
        let result = try BasemodelTool.run(["inspect", "--json", file])
        #expect(result.status == 0)
        #expect(result.output.contains(#"{"$class":"NSDate","NS.time":"#))
        #expect(result.output.contains(#"{"$class":"NSData","$data":""#))
        #expect(!result.output.contains("format:"))
    }
}
