import Foundation

/// The `byte-stability-child` executable, found beside the test binary (SwiftPM builds every
/// executable of the package into the same folder as the test bundle; ``SiblingExecutable``).
enum StabilityChild {
    static let name = "byte-stability-child"

    /// The executable's URL, or `nil` when it has not been built.
    static let executable: URL? = SiblingExecutable.url(named: name)

    /// Runs the child and returns its report, one line per format.
    ///
    /// - Parameter deterministicHashing: `true` sets `SWIFT_DETERMINISTIC_HASHING=1` (the same
    ///   hash seed in every run); `false` removes it, so the child gets a fresh random seed.
    /// - Throws: when the child is not built, or it fails.
    static func report(deterministicHashing: Bool) throws -> [String: String] {
        guard let executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) is not built; run swift build"])
        }
        let process = Process()
        process.executableURL = executable
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = deterministicHashing ? "1" : nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(name) exited with \(process.terminationStatus)"])
        }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// A report's lines as format → hex bytes.
    static func parse(_ report: String) -> [String: String] {
        var lines: [String: String] = [:]
        for line in report.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            lines[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return lines
    }
}
