import Foundation
import Testing

/// `basemodel convert` shows a progress line on a terminal for large files, and nothing when
/// standard error is not a terminal.
@Suite("The command line's progress line")
struct ConvertProgressTests {
    private static let tool = SiblingExecutable.url(named: "basemodel")

    /// A JSON file of about 2 MiB, in a folder of its own.
    private static func largeFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let items = (0..<20_000).map { #"{"id":\#($0),"label":"item number \#($0) of the list","done":false}"# }
        let file = folder.appendingPathComponent("large.json")
        try Data("[\(items.joined(separator: ","))]".utf8).write(to: file)
        #expect(try Data(contentsOf: file).count > 1 << 20)
        return file
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputBytes, as: UTF8.self), String(decoding: errorBytes, as: UTF8.self))
    }

    @Test func redirectedStandardErrorGetsNothing() throws {
        let tool = try #require(Self.tool, "basemodel is not built; run swift build")
        let file = try Self.largeFile()
        let out = file.deletingLastPathComponent().appendingPathComponent("large.fast")
        let result = try Self.run(tool.path, ["convert", file.path, "--to", "fast", "-o", out.path])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    /// `script` runs the tool on a pseudo-terminal, so its standard error is a terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalSeesThePhasesAndAClearedLine() throws {
        let tool = try #require(Self.tool, "basemodel is not built; run swift build")
        let file = try Self.largeFile()
        let out = file.deletingLastPathComponent().appendingPathComponent("large.plist")
        let command = "\(tool.path) convert \(file.path) --to binary -o \(out.path)"
        let result = try Self.run("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(result.status == 0)
        #expect(result.output.contains("% reading"))
        #expect(result.output.contains("10% decoding"))
        #expect(result.output.contains("55% encoding"))
        #expect(result.output.contains("95% writing"))
        #expect(result.output.hasSuffix("\r\u{1B}[2K"))
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aSmallFileShowsNothingEvenOnATerminal() throws {
        let tool = try #require(Self.tool, "basemodel is not built; run swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("small.json")
        try Data(#"{"a":1}"#.utf8).write(to: file)
        let command = "\(tool.path) convert \(file.path) --to fast -o \(folder.appendingPathComponent("small.fast").path)"
        let result = try Self.run("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(result.status == 0)
        #expect(!result.output.contains("%"))
    }
}
