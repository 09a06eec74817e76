import Foundation
import Testing

/// `basemodel model FILE` on the command line: the models on standard output, the options, and
/// one line on standard error with exit status 1 for a file that gives no model.
@Suite("basemodel model: the command", .enabled(if: ToolCorpus.isAvailable, ToolCorpus.missingMessage))
struct GenerateModelCommandTests {
    private static var tool: URL? {
        ProgramBuild.buildFolder.map { $0.appendingPathComponent("basemodel") }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let tool: URL = try #require(Self.tool, "basemodel is not built; run swift build")
        let process = Process()
        process.executableURL = tool
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

    @Test("prints @Model declarations named as asked; --no-macro and --class change the form")
    func options() throws {
        let twitter = ToolCorpus.folder.appendingPathComponent("json/twitter.json").path
        let macro = try run(["model", twitter, "--name", "Search"])
        #expect(macro.status == 0)
        #expect(macro.error.isEmpty)
        #expect(macro.output.hasPrefix("// Models of twitter.json, written by `basemodel model`.\n// The file is a Search: `try Search(contentsOf: url)`.\nimport BaseModelMacros\n"))
        #expect(macro.output.contains("@Model(keyCase: .snakeCase) struct Search {\n    var statuses: [Status] = []\n"))
        #expect(macro.output.contains(#"@Transform(.date(format: "EEE MMM dd HH:mm:ss Z yyyy")) var createdAt: Date"#))

        let plain = try run(["model", twitter, "--name", "Search", "--no-macro", "--class"])
        #expect(plain.status == 0)
        #expect(plain.output.contains("import BaseModel\n"))
        #expect(plain.output.contains("final class Search: Model {\n    var statuses: [Status] = []\n"))
        #expect(plain.output.contains("    static var keyCase: KeyCase { .snakeCase }\n"))
        #expect(!plain.output.contains("@Model"))
    }

    @Test("a file that gives no model: one line naming the file and the reason, status 1")
    func refusal() throws {
        let file = ToolCorpus.folder.appendingPathComponent("keyed-archives/go-ios__nsuuid.bin").path
        let result = try run(["model", file])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "basemodel: \(file): the root is a string: there is no model to write\n")
    }
}
