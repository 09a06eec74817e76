import Foundation
import Testing

/// The exit statuses every verb states in its help: 0 success, 1 unreadable or invalid input or
/// a failed check, 2 usage error (argument-parser's own would be 64); errors on one line naming
/// the file.
@Suite("basemodel's exit statuses")
struct ExitStatusTests {
    private static let statuses = "Exit status: 0 success, 1 unreadable or invalid input or a failed check, 2 usage error."

    @Test(arguments: [
        ["inspect"],
        ["inspect", "a.json", "--color", "purple"],
        ["inspect", "a.json", "--json", "--lines", "3"],
        ["inspect", "a.json", "--no-such-option"],
        ["convert", "a.json"],
        ["convert", "a.json", "--to", "bogus"],
        ["convert", "a.json", "--to", "encrypted", "--inner", "encrypted"],
        ["lint"],
        ["diff", "a.json"],
        ["extract", "a.json"],
        ["type"],
        ["set", "a", "1", "a.json", "--type", "integer", "--json"],
        ["set", "a", "x", "a.json", "--type", "decimal"],
        ["remove", "a"],
        ["model"],
        ["model", "a.json", "--no-such-option"],
        ["no-such-verb"],
    ])
    func aUsageErrorExitsWith2(_ arguments: [String]) throws {
        let result = try BasemodelTool.run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("Error: "))
    }

    @Test func helpExitsWith0AndEveryVerbStatesTheStatuses() throws {
        for verb in [[], ["inspect"], ["convert"], ["lint"], ["diff"], ["extract"], ["type"], ["set"], ["remove"], ["model"]] {
            let result = try BasemodelTool.run(verb + ["--help"])
            #expect(result.status == 0)
            let help = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains(Self.statuses), "basemodel \(verb) --help")
        }
    }

    @Test func anUnreadableFileExitsWith1AndOneLineNamingIt() throws {
        let folder = try BasemodelTool.folder()
        let missing = folder.appendingPathComponent("missing.json").path
        let bad = try BasemodelTool.file("bad.json", in: folder, #"{"items": [1, 2, tru]}"#)
        for arguments in [["inspect", missing], ["convert", missing, "--to", "fast"], ["diff", missing, missing]] {
            let result = try BasemodelTool.run(arguments)
            #expect(result.status == 1)
            #expect(result.error.hasPrefix("basemodel: cannot read \(missing): "))
            #expect(result.error.filter { $0 == "\n" }.count == 1)
        }
        for arguments in [["inspect", bad.path], ["inspect", "--json", bad.path], ["diff", bad.path, bad.path]] {
            let result = try BasemodelTool.run(arguments)
            #expect(result.status == 1)
            #expect(result.error.hasPrefix("basemodel: \(bad.path): items[2]: "), "\(arguments)")
            #expect(result.error.hasSuffix(" (json, at byte 17)\n"))
            #expect(result.error.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test func successExitsWith0() throws {
        let folder = try BasemodelTool.folder()
        let file = try BasemodelTool.file("a.json", in: folder, #"{"a": [1, 2.5, "x"]}"#)
        for arguments in [["inspect", file.path], ["inspect", "--json", file.path], ["lint", file.path], ["diff", file.path, file.path]] {
            let result = try BasemodelTool.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.error.isEmpty)
        }
    }
}
