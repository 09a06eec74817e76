import Foundation
import Testing

/// `todolist` with a save file it cannot read: it says in one sentence where the file was kept,
/// and goes on with the defaults; the file is there, byte for byte.
@Suite struct TodoUnreadableListTests {
    /// `todolist`, built beside the tests.
    static let todolist = SiblingExecutable.url(named: "todolist")

    /// Runs `todolist` with `arguments`; returns its exit status, standard output and standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = todolist
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let reported = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), String(decoding: reported, as: UTF8.self))
    }

    @Test(.enabled(if: todolist != nil, "the todolist example is not built beside the tests"))
    func anUnreadableListIsKeptAndTheCommandSaysWhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TodoUnreadable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let damaged = Data(#"{"items": [{"label": "Buy milk", "checked": false}, {"label": "Call"#.utf8)
        try damaged.write(to: folder.appendingPathComponent("TodoList.plist"))

        let (status, output, errors) = try Self.run(["list", "--format", "json", "--data-directory", folder.path])
        #expect(status == 0, "\(errors)")
        let lines = output.split(separator: "\n").map(String.init)
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("TodoList.unreadable-") })
        let keptPath = folder.appendingPathComponent(kept).path
        #expect(kept.hasSuffix(".plist"))
        #expect(lines.first == "Your list could not be read; it was kept as \(keptPath); starting from the defaults.")
        #expect(Array(lines.dropFirst()) == [
            "1. [ ] Do washing", "2. [ ] Mow lawn", "3. [ ] Write an open source library", "4. [ ] Feed the cat",
        ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptPath)) == damaged)

        // The next run reads the defaults without a word, and a save writes a new list beside the kept one.
        #expect(try Self.run(["add", "Buy milk", "--format", "json", "--data-directory", folder.path]).status == 0)
        let again = try Self.run(["list", "--data-directory", folder.path])
        #expect(again.output.split(separator: "\n").last == "5. [ ] Buy milk")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptPath)) == damaged)
    }
}
