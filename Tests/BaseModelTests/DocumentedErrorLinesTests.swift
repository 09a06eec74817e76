@testable import BaseModel
import Foundation
import Testing

/// Every error line the documentation quotes is one the library prints: each must appear,
/// word for word, as a string literal that a test compares with `==` to what the library
/// produced (`#expect(error.description == "…")`).
///
/// A quoted error line is found where the README, the articles and the doc comments of the
/// sources show code or output: a line of a fenced block that is not Swift, the comment of a
/// line of a Swift block (`// items[2].done: expected bool, …`), an inline code span, and in doc
/// comments also an indented code line. It is an error line when it has the words a
/// ``ModelError`` reason puts in its message (taken from ``ModelError/description`` itself,
/// below), ends with the format an error names (`(json)`, `(tree, at byte 3)`), or has the words
/// of an error of another target (PostgreSQL's opening errors). A quote may leave out a part as
/// `…`, which then stands for any text.
@Suite("Documented error lines")
struct DocumentedErrorLinesTests {
    /// One quote of an error line: where, and the text.
    struct Quote: Hashable, CustomStringConvertible {
        var place: String
        var text: String
        var description: String { "\(place): \(text)" }
    }

    // MARK: What an error line looks like

    /// One value of each reason, with a marker where the message has free text: exhaustive, so
    /// a new reason does not compile until it is here (or said to be found another way).
    static func sample(of reason: ModelError.Reason) -> ModelError.Reason? {
        let free = "\u{1}"
        switch reason {
        case .typeMismatch: return .typeMismatch(expected: free, found: free)
        case .missingValue: return .missingValue(expected: free)
        case .invalidValue: return .invalidValue(free)
        case .malformed: return .malformed(free)
        case .truncated: return .truncated
        case .empty: return .empty
        case .unsupported: return .unsupported(free)
        case .io: return .io(operation: free, path: "/" + free, code: nil, message: free)
        case .migrationFailed: return .migrationFailed(fromVersion: 7_771, step: 7_771, name: free, message: free)
        case .newerVersion: return .newerVersion(found: 7_771, known: 7_771)
        case .conflict: return .conflict(free)
        case .other: return nil  // free text only: found by the format it ends with
        }
    }

    /// The reasons, one of each case.
    static let reasons: [ModelError.Reason] = [
        .typeMismatch(expected: "", found: ""), .missingValue(expected: ""), .invalidValue(""), .malformed(""), .truncated,
        .empty, .unsupported(""), .io(operation: "", path: "", code: nil, message: ""),
        .migrationFailed(fromVersion: 1, step: 1, name: "", message: ""), .newerVersion(found: 2, known: 1), .conflict(""),
        .other(domain: "", code: "", message: ""),
    ]

    /// The words of each reason's message as a regular expression, from the library's own
    /// description of it: free text matches any text, a number any number.
    static let reasonPatterns: [NSRegularExpression] = reasons.compactMap(sample).map { reason in
        let message = ModelError(reason).description
        let pattern = NSRegularExpression.escapedPattern(for: message)
            .replacingOccurrences(of: "\u{1}", with: ".+?")
            .replacingOccurrences(of: "7771", with: "[0-9]+")
        return try! NSRegularExpression(pattern: pattern)
    }

    /// The formats an error names at its end: the core's codecs, a tree decoded in memory, and
    /// those of the other targets.
    static let formatSuffix: NSRegularExpression = {
        let names = FormatRegistry.shared.formats.map(\.rawValue)
            + ["tree", "encrypted", "crypto", "keychain", "postgres", "sqlite"]
        let alternatives = names.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        return try! NSRegularExpression(pattern: " \\((\(alternatives))(, at byte [0-9]+)?\\)$")
    }()

    /// The words of errors other targets print without a format: opening a PostgreSQL store.
    static let otherTargetsWords = ["no PostgreSQL server answers at ", "refused user ", "has no database "]

    static func isErrorLine(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        if formatSuffix.firstMatch(in: text, range: range) != nil { return true }
        if otherTargetsWords.contains(where: text.contains) { return true }
        return reasonPatterns.contains { $0.firstMatch(in: text, range: range) != nil }
    }

    // MARK: Finding the quotes

    /// The places a Markdown text shows code or output, as texts that may quote an error.
    static func candidates(inMarkdown text: String) -> [String] {
        var found: [String] = []
        var prose: [String] = []
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let language = fence {
                if trimmed == "```" {
                    fence = nil
                } else if language == "swift" {
                    if let comment = comment(in: trimmed) { found.append(comment) }
                } else if !trimmed.isEmpty {
                    found.append(trimmed)
                }
            } else if trimmed.hasPrefix("```") {
                fence = String(trimmed.dropFirst(3))
                prose.append("")
            } else {
                prose.append(trimmed)
            }
        }
        // Code spans may run over a line break, which is a space inside them.
        return found + codeSpans(in: prose.joined(separator: " "))
    }

    /// The places a source file's doc comments show code or output.
    static func candidates(inDocComments text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("///") else { continue }
            let body = trimmed.dropFirst(3)
            if let comment = comment(in: String(body)) {
                found.append(comment)
            } else if body.hasPrefix("     ") {
                found.append(body.trimmingCharacters(in: .whitespaces))  // an indented code line, the output it shows
            }
            found += codeSpans(in: String(body))
        }
        return found
    }

    /// The comment ending a line of code, when it has one (`//` after a space, so not a URL).
    static func comment(in line: String) -> String? {
        guard let range = line.range(of: "// ") ?? (line.hasPrefix("//") ? line.range(of: "//") : nil) else { return nil }
        if range.lowerBound != line.startIndex, line[line.index(before: range.lowerBound)] != " " { return nil }
        let text = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// The single-backtick code spans of a text (DocC's double-backtick symbol links left out).
    static func codeSpans(in text: String) -> [String] {
        let pieces = text.replacingOccurrences(of: "``", with: "\u{2}").split(separator: "`", omittingEmptySubsequences: false)
        // Odd pieces are inside backticks.
        return stride(from: 1, to: pieces.count - 1, by: 2).map {
            pieces[$0].replacingOccurrences(of: "\u{2}", with: "``").trimmingCharacters(in: .whitespaces)
        }
    }

    /// The error lines the README, the articles and the sources' doc comments quote.
    static func documentedErrorLines() throws -> [Quote] {
        var quotes: [Quote] = []
        for document in DocumentationCodeTests.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for candidate in candidates(inMarkdown: text) where isErrorLine(candidate) {
                quotes.append(Quote(place: document.lastPathComponent, text: candidate))
            }
        }
        let sources = DocumentationCodeTests.packageRoot.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for candidate in candidates(inDocComments: text) where isErrorLine(candidate) {
                quotes.append(Quote(place: url.lastPathComponent, text: candidate))
            }
        }
        return quotes
    }

    // MARK: Finding the assertions

    /// The string literals a line compares with `==`, unescaped; literals with interpolations
    /// are left out (their text is not known).
    static func assertedLiterals(in line: Substring) -> [String] {
        guard line.contains("==") else { return [] }
        var literals: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == "#" {
                // A raw string: `#"…"#`, `##"…"##`, …
                let hashes = line[index...].prefix { $0 == "#" }.count
                let quote = line.index(index, offsetBy: hashes)
                guard quote < line.endIndex, line[quote] == "\"" else {
                    index = quote
                    continue
                }
                let start = line.index(after: quote)
                let close = "\"" + String(repeating: "#", count: hashes)
                guard let end = line[start...].range(of: close) else { break }
                let body = String(line[start..<end.lowerBound])
                if !body.contains("\\" + String(repeating: "#", count: hashes) + "(") { literals.append(body) }
                index = end.upperBound
            } else if line[index] == "\"" {
                var body = ""
                var cursor = line.index(after: index)
                var interpolated = false
                while cursor < line.endIndex, line[cursor] != "\"" {
                    if line[cursor] == "\\", line.index(after: cursor) < line.endIndex {
                        cursor = line.index(after: cursor)
                        switch line[cursor] {
                        case "n": body.append("\n")
                        case "t": body.append("\t")
                        case "0": body.append("\0")
                        case "(": interpolated = true
                        case "u":
                            if let close = line[cursor...].firstIndex(of: "}"),
                                let scalar = UInt32(line[line.index(cursor, offsetBy: 2)..<close], radix: 16).flatMap(Unicode.Scalar.init)
                            {
                                body.unicodeScalars.append(scalar)
                                cursor = close
                            }
                        default: body.append(line[cursor])
                        }
                    } else {
                        body.append(line[cursor])
                    }
                    cursor = line.index(after: cursor)
                }
                if !interpolated { literals.append(body) }
                index = cursor < line.endIndex ? line.index(after: cursor) : cursor
            } else {
                index = line.index(after: index)
            }
        }
        return literals
    }

    /// Whether `literal` is the quoted line, `…` in the quote standing for any text.
    static func quote(_ quote: String, matches literal: String) -> Bool {
        guard quote.contains("…") else { return quote == literal }
        let pattern = quote.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*")
        let expression = try! NSRegularExpression(pattern: "^" + pattern + "$", options: [.dotMatchesLineSeparators])
        return expression.firstMatch(in: literal, range: NSRange(literal.startIndex..., in: literal)) != nil
    }

    /// The quotes no literal of `sources` asserts.
    static func unasserted(_ quotes: [Quote], in sources: [[Substring]]) -> [Quote] {
        let literals = Set(sources.flatMap { $0.flatMap(assertedLiterals) })
        return quotes.filter { quote in !literals.contains { Self.quote(quote.text, matches: $0) } }
    }

    // MARK: Tests

    @Test("every error line the documentation quotes is asserted, word for word, by a test")
    func everyQuotedErrorLineIsAsserted() throws {
        let quotes = try Self.documentedErrorLines()
        // The README and the articles quote errors in several places: finding none means the
        // search is broken, not that there is nothing to check.
        #expect(quotes.count >= 10, "only \(quotes.count) quoted error lines found: \(quotes)")
        // This file's own examples assert nothing.
        let sources = DocumentationCodeTests.testSources.filter { !$0.path.hasSuffix("/DocumentedErrorLinesTests.swift") }
        for quote in Self.unasserted(quotes, in: sources.map(\.lines)) {
            Issue.record("\(quote.place) quotes an error line no test asserts with == \"…\": \(quote.text)")
        }
    }

    @Test("the check finds error lines of every kind of place and fails for one not asserted")
    func theCheckFailsForAnUnassertedLine() {
        let article = """
            Prose with `checked: expected bool, found string "yes" (tree)` over
            a line break: `a[0]: missing value
            (expected integer)`, and `Game.self`, ``ModelError/reason``, `fetch(_:id:)`.

            ```text
            [0]: malformed input: unexpected 'x' (json, at byte 1)
            ```

            ```swift
            let game = try Game(object: payload)   // release: invalid value: no date (tree)
            let url = "postgres://db.local/app"    // not an error
            ```
            """
        let candidates = Self.candidates(inMarkdown: article)
        let lines = candidates.filter(Self.isErrorLine)
        #expect(lines == [
            "[0]: malformed input: unexpected 'x' (json, at byte 1)",
            "release: invalid value: no date (tree)",
            "checked: expected bool, found string \"yes\" (tree)",
            "a[0]: missing value (expected integer)",
        ])
        let docComment = """
            /// ```swift
            /// print(failure.error)      // items[2].done: expected bool, found string "yes" (json)
            /// ```
            ///
            ///     statuses[3].followers: expected integer, found string "12k" (json)
            ///     let error = try Game(object: ["followers": "12k"])
            """
        #expect(Self.candidates(inDocComments: docComment).filter(Self.isErrorLine) == [
            "items[2].done: expected bool, found string \"yes\" (json)",
            "statuses[3].followers: expected integer, found string \"12k\" (json)",
        ])
        let quotes = lines.map { Quote(place: "Article.md", text: $0) } + [Quote(place: "Article.md", text: "no PostgreSQL server answers at … refused")]
        let source: [Substring] = [
            #"#expect(error.description == "[0]: malformed input: unexpected 'x' (json, at byte 1)")"#,
            ##"#expect("\(error)" == #"release: invalid value: no date (tree)"#)"##,
            #"#expect(error.description.contains("checked: expected bool, found string \"yes\" (tree)"))"#,  // not ==
            #"#expect(error.message == "no PostgreSQL server answers at 127.0.0.1:1: connection refused")"#,
            #"#expect(message == "a[0]: missing value (expected \(kind))")"#,  // interpolated: unknown text
        ]
        #expect(Self.unasserted(quotes, in: [source]).map(\.text) == [
            "checked: expected bool, found string \"yes\" (tree)",
            "a[0]: missing value (expected integer)",
        ])
    }
}
