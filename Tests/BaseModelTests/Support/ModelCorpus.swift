@testable import BaseModel
import Foundation
import Testing

/// The shared corpus, found from this file: up to the package root (the first directory that
/// holds `Package.swift`), then `../shared/corpus`; `BASEMODEL_CORPUS_DIR` names another folder.
///
/// A clone of the repository alone has no corpus: the tests that read it are then skipped with a
/// message naming the folder (the ``Testing/Trait/corpus`` trait), except under `CI=true`, where
/// they run and fail.
enum ModelCorpus {
    static let root: URL = {
        if let folder = ProcessInfo.processInfo.environment["BASEMODEL_CORPUS_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/nonexistent/shared/corpus")
    }()

    /// Whether the corpus is there (its `json/` folder).
    static let isAvailable = FileManager.default.fileExists(atPath: root.appendingPathComponent("json").path)

    /// Whether this is a CI run (`CI=true`), where a missing corpus fails instead of skipping.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Why corpus tests are skipped.
    static var missingMessage: Comment {
        "skipped: the shared corpus is not at \(root.path) (clone the project with shared/ beside it, or set BASEMODEL_CORPUS_DIR)"
    }

    static let badJSON = root.appendingPathComponent("bad/json")

    /// A file of `json/`.
    static func json(_ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("json").appendingPathComponent(name))
    }

    /// The names of the `.json` files of `bad/json/`, sorted.
    static let badJSONNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: badJSON.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// A value in a canonical form for comparing an input with a model's tree: explicit nulls and
    /// the keys in `dropping` removed at every level, keys sorted, written as JSON.
    ///
    /// The value goes through Foundation objects, whose numbers and booleans convert back
    /// exactly, because building a pruned tree directly needs `OrderedCollections`.
    static func canonicalJSON(_ value: ModelValue, dropping: Set<String> = []) throws -> String {
        func prune(_ object: Any) -> Any {
            if let dictionary = object as? [String: Any] {
                var kept: [String: Any] = [:]
                for (key, child) in dictionary where !(child is NSNull) && !dropping.contains(key) {
                    kept[key] = prune(child)
                }
                return kept
            }
            if let array = object as? [Any] { return array.map(prune) }
            return object
        }
        return try JSONWriter.string(from: ModelValue(foundation: prune(value.foundationValue)), options: .sortedKeys)
    }

    /// A date from its UTC components.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: components)!
    }
}
