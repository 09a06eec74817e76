@testable import BaseModel
import Foundation

/// The shared corpus, found from this file: up to the package root (the first directory that
/// holds `Package.swift`), then `../shared/corpus`.
enum ModelCorpus {
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/nonexistent/shared/corpus")
    }()

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
