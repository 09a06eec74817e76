import Foundation
import Testing

/// `swiftc -typecheck` of a source file against the modules and the macro plug-in of this
/// build (found beside the test binary).
struct CompilerRun {
    let status: Int32
    /// What the compiler printed, both streams.
    let output: String

    /// The build folder (`.build/debug`): where the plug-in and the `Modules` folder are.
    static let buildFolder: URL? = {
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for start in starts {
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<4 {
                if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(pluginName).path),
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/BaseModelMacros.swiftmodule").path)
                {
                    return folder
                }
                folder.deleteLastPathComponent()
            }
        }
        return nil
    }()

    static let pluginName = "BaseModelMacrosPlugin-tool"

    /// `swiftc` on the `PATH`.
    static let compiler: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static var isAvailable: Bool { buildFolder != nil && compiler != nil }

    static var unavailableMessage: Comment {
        "skipped: swiftc on the PATH and the macro plug-in beside the test binary are needed"
    }

    static func typeCheck(_ source: String) throws -> CompilerRun {
        let folder = try #require(buildFolder)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("macro-check-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let swiftc: URL = try #require(compiler)
        let process = Process()
        process.executableURL = swiftc
        process.arguments = [
            "-typecheck", "-swift-version", "6", "-I", folder.appendingPathComponent("Modules").path,
            "-load-plugin-executable", folder.appendingPathComponent(pluginName).path + "#BaseModelMacrosPlugin",
            file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CompilerRun(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }
}
