@testable import BaseModelCrypto
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

    /// `todolist --encrypt` saves through `Model.save()` and the registered envelope; the file
    /// opens here with the same password, and not with another.
    @Test(.enabled(if: todolist != nil, "the todolist example is not built beside the tests"))
    func childProcessSavesEncrypted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let options = ["--format", "json", "--encrypt", "--data-directory", folder.url.path]
        // One save in the child, one key derivation each way: scrypt is slow in debug builds.
        _ = try run(["add", "Sealed item"] + options, password: "child password")

        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("TodoList.plist"))
        #expect(bytes.range(of: Data("Sealed item".utf8)) == nil)
        let (format, plaintext) = try EnvelopeCodec(secret: .passwords(.fixed("child password"))).open(bytes)
        #expect(format == .json)
        let tree = try ModelValue(data: plaintext)
        #expect(tree["items"]?[4]?["label"] == "Sealed item")
        let error = try #require(throws: ModelError.self) {
            try EnvelopeCodec(secret: .passwords(.fixed("guess"))).decodeTree(from: bytes)
        }
        #expect(error.reason == .wrongPassword)
    }

    private func run(_ arguments: [String], password: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = Self.todolist
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BASEMODEL_PASSWORD"] = password
        process.environment = environment
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
