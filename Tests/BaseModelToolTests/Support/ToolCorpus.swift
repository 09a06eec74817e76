import Foundation
import Testing

/// The shared corpus the tool's tests read: `../shared/corpus` from the package root, or the
/// folder `BASEMODEL_CORPUS_DIR` names (as the library's tests find it).
enum ToolCorpus {
    static let folder: URL = {
        if let folder = ProcessInfo.processInfo.environment["BASEMODEL_CORPUS_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus")
    }()

    /// Whether the corpus is there; under `CI=true` the tests that read it run (and fail) without it.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.path) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Why the tests that read the corpus are skipped, in the words of the library's tests.
    static var missingMessage: Comment {
        "skipped: the shared corpus is not at \(folder.path) (clone the project with shared/ beside it, or set BASEMODEL_CORPUS_DIR)"
    }
}
