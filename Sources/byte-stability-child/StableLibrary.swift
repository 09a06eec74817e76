import BaseModel
import Foundation

/// The model the byte-stability test writes: dictionaries with `String` and `Int` keys, a set,
/// dictionaries of models and of dictionaries, and a tree, each with enough entries that two
/// hash orders practically never agree.
///
/// This file is compiled into `byte-stability-child` and, through a symbolic link, into the
/// core tests, which compare what the child wrote with what they write themselves.
final class StableLibrary: Model, @unchecked Sendable {
    /// A model held in the library's dictionaries.
    struct Shelf: Model, Equatable {
        var label = ""
        var books: [String: Int] = [:]
    }

    var name = ""
    var counts: [String: Int] = [:]
    var titles: [Int: String] = [:]
    var tags: Set<String> = []
    var shelves: [String: Shelf] = [:]
    var ratings: [String: [String: Double]] = [:]
    var extra: ModelValue = [:]
    required init() {}

    /// The fixed sample: 24 entries in each dictionary.
    static func sample() -> StableLibrary {
        let library = StableLibrary()
        library.name = "Stable"
        let words = (0..<24).map { "word\($0 * 7 % 24)-\(String(repeating: "x", count: $0 % 5))" }
        for (index, word) in words.enumerated() {
            library.counts[word] = index
            library.titles[index * 37 % 101] = "title \(word)"
            library.tags.insert("tag-\(word)")
            library.ratings[word] = ["a\(index)": Double(index) / 4, "b\(index)": 1.5, "c": 2]
        }
        for index in 0..<8 {
            var books: [String: Int] = [:]
            for book in 0..<12 { books["book-\(index)-\(book)"] = book }
            library.shelves["shelf-\(index)"] = Shelf(label: "Shelf \(index)", books: books)
        }
        library.extra = ["zeta": 1, "alpha": 2, "mu": ["y": true, "b": "text"]]
        return library
    }

    /// The formats the test writes: every core format.
    static let formats: [ModelFormat] = [
        .json, .xmlPropertyList, .binaryPropertyList, .userDefaults, .keyedArchive, .hrJSON, .hrXML, .hrBinary, .fast,
    ]

    /// Each format's bytes of ``sample()``, then of its plain tree (`tree:` plus the format),
    /// as hex, one line each.
    static func report() throws -> String {
        let library = sample()
        let tree = try ModelEncoder().encode(library)
        var lines: [String] = []
        for format in formats {
            let bytes = try library.data(format: format)
            lines.append("\(format.rawValue) \(bytes.map { String(format: "%02x", $0) }.joined())")
            let treeBytes = try FormatRegistry.shared.codec(for: format).encodeTree(tree)
            lines.append("tree:\(format.rawValue) \(treeBytes.map { String(format: "%02x", $0) }.joined())")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
