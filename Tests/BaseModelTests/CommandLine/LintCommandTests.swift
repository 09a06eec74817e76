@testable import BaseModel
import Foundation
import Testing

/// `basemodel lint FILE…`: a line a file, `FILE: OK (format)` or the library's own one-line
/// error, and exit status 1 when any file failed.
@Suite("basemodel lint", .corpus)
struct LintCommandTests {
    private static func corpus(_ path: String) -> String { ModelCorpus.root.appendingPathComponent(path).path }

    /// What the library says of the file at `path`, as lint prints it: `OK (format)` or the
    /// error.
    private static func libraryVerdict(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let codec = try FormatRegistry.shared.detect(data)
            _ = try codec.decodeTree(from: data)
            return "OK (\(codec.format))"
        } catch {
            return error.description
        }
    }

    @Test func manyFilesOfEveryFormatInOneCall() throws {
        let files = [
            ("json/twitter.json", "json"),
            ("keyed-archives/corelibs__NSKeyedUnarchiver-ComplexTest.plist", "keyed-archive"),
            ("plist/bpylist2__float32.plist", "binary"),
            ("originals/people.fast", "fast"),
            ("originals/people.hr.xml", "hr-xml"),
            ("originals/people.hr.json", "hr-json"),
            ("originals/people.hr.bplist", "hr-binary"),
            ("originals/todo.bm.xml.plist", "xml"),
        ].map { (Self.corpus($0.0), $0.1) }
        let result = try BasemodelTool.run(["lint"] + files.map(\.0))
        #expect(result.status == 0)
        #expect(result.lines == files.map { "\($0.0): OK (\($0.1))" })
        #expect(result.error.isEmpty)
    }

    @Test func everyBadJSONFileFailsWithTheLibrarysOneLineError() throws {
        let good = Self.corpus("json/github_events.json")
        let bad = Self.corpus("bad/json/n_object_trailing_comma.json")
        let result = try BasemodelTool.run(["lint", good, bad, good])
        #expect(result.status == 1)
        let error = try Self.libraryVerdict(bad)
        #expect(error.hasPrefix("malformed input: ") && error.contains("(json"))
        #expect(result.lines == ["\(good): OK (json)", "\(bad): \(error)", "\(good): OK (json)"])
    }

    @Test func theBadKeyedArchivesSayWhatTheLibrarySays() throws {
        let folder = ModelCorpus.root.appendingPathComponent("bad/keyed-archives")
        let paths = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
        let expected = try paths.map { "\($0): \(try Self.libraryVerdict($0))" }
        let result = try BasemodelTool.run(["lint"] + paths)
        #expect(result.lines == expected)
        #expect(expected.contains { !$0.contains(": OK (") })
        #expect(result.status == 1)
    }

    @Test func aMissingFileIsOneLineAndAFailure() throws {
        let missing = try BasemodelTool.folder().appendingPathComponent("missing.json").path
        let result = try BasemodelTool.run(["lint", missing])
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        #expect(result.lines.first?.hasPrefix("\(missing): cannot read: ") == true)
    }

    @Test func decodingLimitsAreOn() throws {
        let folder = try BasemodelTool.folder()
        let deep = try BasemodelTool.file("deep.json", in: folder, String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        let result = try BasemodelTool.run(["lint", deep.path])
        #expect(result.status == 1)
        #expect(result.lines.first?.hasPrefix("\(deep.path): ") == true)
        #expect(result.lines.first?.contains("DecodingLimits.maximumDepth") == true)
    }

    @Test func encryptedFilesTakeThePasswordOrSayHowToGiveIt() throws {
        let file = Self.corpus("originals/people.crypto")
        let withPassword = try BasemodelTool.run(["lint", file], environment: ["BASEMODEL_PASSWORD": "interop-password"])
        #expect(withPassword.status == 0)
        #expect(withPassword.lines == ["\(file): OK (crypto)"])
        let without = try BasemodelTool.run(["lint", file], environment: ["BASEMODEL_PASSWORD": ""])
        #expect(without.status == 1)
        #expect(without.lines.count == 1)
        #expect(without.lines.first?.hasPrefix("\(file): ") == true)
        #expect(without.lines.first?.hasSuffix("; set BASEMODEL_PASSWORD (or run on a terminal to be asked)") == true)
    }
}
