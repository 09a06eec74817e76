import Foundation

/// The shared corpus (`../shared/corpus` from the package root) the acceptance test reads.
enum ToolCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    /// Whether the corpus is there; under `CI=true` the tests that read it run (and fail) without it.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.path) || ProcessInfo.processInfo.environment["CI"] == "true"
    }
}
