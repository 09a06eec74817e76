import Foundation
import Testing

/// Runs the built `basemodel` executable (found beside the test binary) and collects what it
/// printed, for the command-line tests.
enum BasemodelTool {
    /// What one run gave.
    struct Result {
        var status: Int32
        var output: String
        var error: String

        /// The lines of standard output, without the last line break.
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The executable, or `nil` when it has not been built.
    static let url = SiblingExecutable.url(named: "basemodel")

    /// The executable, or a failed requirement saying to build it.
    static func require() throws -> URL {
        try #require(url, "basemodel is not built; run swift build")
    }

    /// Runs `basemodel` with `arguments`; `environment` entries are added to this process's
    /// environment (an empty value removes the variable).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(executable: require().path, arguments, environment: environment, emptyInput: true)
    }

    /// Runs `executable` with `arguments` and the environment changes; with `emptyInput`,
    /// standard input is empty (never a terminal, so no password is asked for).
    static func run(executable: String, _ arguments: [String], environment: [String: String] = [:], emptyInput: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value.isEmpty ? nil : value }
        process.environment = variables
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        if emptyInput { process.standardInput = FileHandle.nullDevice }
        try process.run()
        // Standard error is short (one line an error): standard output is read to its end first.
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputBytes, as: UTF8.self),
            error: String(decoding: errorBytes, as: UTF8.self))
    }

    /// Runs `basemodel` on a pseudo-terminal (`script`), so its standard output and error are a
    /// terminal; what it printed on both comes back as the output.
    static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let command = ([try require().path] + arguments).map(shellQuoted).joined(separator: " ")
        return try run(executable: "/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment)
    }

    /// Whether `script` is there to make a pseudo-terminal.
    static let hasTerminal = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// A new empty folder for a test's files.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `text` written to `name` in `folder`.
    static func file(_ name: String, in folder: URL, _ text: String) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
