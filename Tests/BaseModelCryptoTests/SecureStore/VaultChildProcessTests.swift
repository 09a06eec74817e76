import BaseModelCrypto
import Foundation
import Testing

/// The vault read and written by another process: the `todolist` example, built beside the
/// tests, keeps its list in the keychain format (a file vault on Linux).
@Suite struct VaultChildProcessTests {
    /// `todolist` in the build folder that holds the test bundle.
    static var todolist: URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("todolist")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    @Test(.enabled(if: todolist != nil, "the todolist example is not built beside the tests"))
    func childProcessReadsAndWritesTheVault() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let vault = FileVault(service: "TodoList", directory: folder.url.appendingPathComponent("SecureStore"))
        try vault.setValue([["label": "Written by the test", "checked": true]], for: "items")

        // The child reads what this process saved…
        #expect(try run(["list", "--format", "keychain", "--data-directory", folder.url.path]) == "1. [x] Written by the test\n")
        // …and this process, with a brand-new vault object, reads what the child saved.
        _ = try run(["add", "Written by the child", "--format", "keychain", "--data-directory", folder.url.path])
        let items = try #require(try FileVault(service: "TodoList", directory: vault.directory).value(for: "items"))
        #expect(items == [["label": "Written by the test", "checked": true], ["label": "Written by the child", "checked": false]])
    }

    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Self.todolist
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "todolist \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }
}
