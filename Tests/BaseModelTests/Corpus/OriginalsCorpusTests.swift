@testable import BaseModel
import Foundation
import Testing

/// The files the Objective-C originals wrote (`../shared/corpus/originals/`) read back with the
/// originals' values and sharing, and write back as the originals wrote them.
@Suite("The originals' files", .corpus)
struct OriginalsCorpusTests {
    /// The cases that fail today, per test: each is expected to fail (a known issue), and fails
    /// the test once it passes, so the list only shrinks.
    static let knownFailures: [String: Set<String>] = [:]

    /// Runs `body`, expecting it to fail when `name` is a known failure of `test`.
    func check(_ test: String, _ name: String, _ body: () throws -> Void) rethrows {
        if Self.knownFailures[test, default: []].contains(name) {
            withKnownIssue("\(name) is a known failure of \(test)") { try body() }
        } else {
            try body()
        }
    }

    @Test("the folder is there")
    func folderIsThere() {
        #expect(OriginalsCorpus.files().count == 45)
        #expect(OriginalsCorpus.files(encrypted: true).count == 10)
    }

    @Test("every file is detected as the format that wrote it", arguments: OriginalsCorpus.files())
    func detection(name: String) throws {
        let data = try OriginalsCorpus.data(name)
        try check("detection", name) {
            let format = try FormatRegistry.shared.detect(data).format
            let expected = OriginalsCorpus.format(of: name)
            // An HR file of plain arrays, dictionaries, strings and numbers holds none of HRCoder's
            // marks: it is what a plain writer writes, read the same as plain JSON or a plain
            // property list, and detected as one.
            if format != expected, format == OriginalsCorpus.plainTwin(of: expected), !OriginalsCorpus.holdsHRMarks(data) { return }
            #expect(format == expected)
        }
    }

    @Test("every file reads with the values and sharing of its dump", arguments: OriginalsCorpus.files())
    func values(name: String) throws {
        let data = try OriginalsCorpus.data(name)
        let expected = try OriginalsCorpus.expected(OriginalsCorpus.graph(of: name))
        try check("values", name) {
            let differences = OriginalsCorpus.differences(
                actual: try ModelValue(data: data), expected: expected, format: OriginalsCorpus.format(of: name))
            #expect(differences.isEmpty, "\(name):\n\(differences.joined(separator: "\n"))")
        }
    }

    @Test("every fast file, converted to fast, is the same bytes", arguments: OriginalsCorpus.files().filter { $0.hasSuffix(".fast") })
    func fastBytes(name: String) throws {
        let data = try OriginalsCorpus.data(name)
        try check("fastBytes", name) {
            let again = try FormatRegistry.shared.convert(data, to: .fast)
            #expect(again == data, "\(name): \(data.count) bytes, written again \(again.count)")
        }
    }

    @Test("every file, converted to its own format, reads with the same values and sharing",
          arguments: OriginalsCorpus.files())
    func rewrite(name: String) throws {
        let data = try OriginalsCorpus.data(name)
        let format = OriginalsCorpus.format(of: name)
        let expected = try OriginalsCorpus.expected(OriginalsCorpus.graph(of: name))
        try check("rewrite", name) {
            let again = try ModelValue(data: FormatRegistry.shared.convert(data, to: format))
            let differences = OriginalsCorpus.differences(actual: again, expected: expected, format: format)
            #expect(differences.isEmpty, "\(name):\n\(differences.joined(separator: "\n"))")
        }
    }

    @Test("the originals' encodings of JSON documents read with the values of their dumps",
          arguments: OriginalsCorpus.files(in: OriginalsCorpus.fromJSON))
    func fromJSON(name: String) throws {
        let data = try OriginalsCorpus.data(name, in: OriginalsCorpus.fromJSON)
        let expected = try OriginalsCorpus.expected(OriginalsCorpus.graph(of: name), in: OriginalsCorpus.fromJSON)
        try check("fromJSON", name) {
            let differences = OriginalsCorpus.differences(
                actual: try ModelValue(data: data), expected: expected, format: OriginalsCorpus.format(of: name))
            #expect(differences.isEmpty, "\(name):\n\(differences.joined(separator: "\n"))")
        }
    }

    @Test("JSON documents converted to fast and to keyed archives read back with equal values",
          arguments: ["array.json", "plain.json", "single.json", "typed.json"], [ModelFormat.fast, .keyedArchive])
    func jsonConverted(name: String, format: ModelFormat) throws {
        let data = try OriginalsCorpus.data(name, in: OriginalsCorpus.fromJSON.appendingPathComponent("inputs"))
        let original = try ModelValue(data: data)
        try check("jsonConverted", "\(name) → \(format)") {
            let again = try ModelValue(data: FormatRegistry.shared.convert(data, to: format))
            #expect(again == original, "\(name) → \(format)")
        }
    }
}
