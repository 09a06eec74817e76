import Foundation

/// Finds an executable of this package beside the test binary (SwiftPM builds every executable
/// of the package into the same folder as the test bundle).
///
/// This file is compiled into the core tests and, through symbolic links, into the SQLite and
/// PostgreSQL tests, which launch `byte-stability-child`, `store-crash-child` and `postgres-child`,
/// and into the TodoList tests, which launch `todolist`.
enum SiblingExecutable {
    /// The URL of the executable called `name`, or `nil` when it has not been built.
    static func url(named name: String) -> URL? {
        var starts: [URL] = []
        if let main = Bundle.main.executableURL { starts.append(main.deletingLastPathComponent()) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for start in starts {
            // On Apple platforms the test binary sits inside `<name>.xctest/Contents/MacOS`.
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder.deleteLastPathComponent()
            }
        }
        return nil
    }
}
