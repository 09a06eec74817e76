import Foundation
import Testing

/// Every Swift code block of the README and of the DocC articles is compiled: its lines appear,
/// in order, in one of the test sources (which the build compiles with zero warnings), so a
/// renamed API breaks the build of the test that holds the block, not a reader's first try.
///
/// A block fenced as `swift` is checked line by line, each line compared with leading and
/// trailing spaces removed; lines of the test file may come between two lines of the block (the
/// `@Test` function around statements, an `#expect` after them). Blocks fenced otherwise
/// (`sh`, `text`) are not Swift. A package manifest excerpt (a block with `.package(url:`) is
/// checked against `Package.swift` instead.
@Suite("Documentation code blocks")
struct DocumentationCodeTests {
    /// The package root: the first folder above this file that holds `Package.swift`.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return directory
    }()

    /// The README and every article of every DocC catalog under `Sources/`.
    static var documents: [URL] {
        var documents = [packageRoot.appendingPathComponent("README.md")]
        let sources = packageRoot.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "md", url.deletingLastPathComponent().pathExtension == "docc" {
                documents.append(url)
            }
        }
        return documents.sorted { $0.path < $1.path }
    }

    /// The Swift test sources, each as its lines with spaces trimmed.
    static let testSources: [(path: String, lines: [Substring])] = {
        let tests = packageRoot.appendingPathComponent("Tests")
        var sources: [(String, [Substring])] = []
        let enumerator = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            sources.append((url.path, trimmedLines(text)))
        }
        return sources
    }()

    static func trimmedLines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            .filter { !$0.isEmpty }
    }

    /// The `swift` blocks of a Markdown document with the line each starts on.
    static func swiftBlocks(in document: URL) throws -> [(line: Int, lines: [Substring])] {
        let text = try String(contentsOf: document, encoding: .utf8)
        var blocks: [(Int, [Substring])] = []
        var current: [Substring]?
        var start = 0
        var fence = ""
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed.hasPrefix("```") {
                    fence = String(trimmed.dropFirst(3))
                    current = []
                    start = number + 1
                }
            } else if trimmed == "```" {
                if fence == "swift", let lines = current { blocks.append((start, trimmedLines(lines.joined(separator: "\n")))) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether `block` is an in-order subsequence of `lines`.
    static func contains(_ lines: [Substring], inOrder block: [Substring]) -> Bool {
        var next = block.startIndex
        for line in lines where next < block.endIndex && line == block[next] { next += 1 }
        return next == block.endIndex
    }

    @Test("every Swift block of the README and the articles is in a compiled test source")
    func everySwiftBlockIsCompiled() throws {
        let manifest = Self.trimmedLines(try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8))
        var checked = 0
        for document in Self.documents {
            for block in try Self.swiftBlocks(in: document) where !block.lines.isEmpty {
                checked += 1
                let name = "\(document.lastPathComponent):\(block.line)"
                if block.lines.contains(where: { $0.contains(".package(url:") }) {
                    let products = block.lines.filter { $0.contains(".product(name:") }
                    for product in products {
                        let name = product.split(separator: "\"").dropFirst().first ?? ""
                        #expect(manifest.contains { $0.contains(".library(name: \"\(name)\"") },
                                "\(name): the manifest excerpt names a product Package.swift does not have")
                    }
                    continue
                }
                let holder = Self.testSources.first { Self.contains($0.lines, inOrder: block.lines) }
                #expect(holder != nil, "\(name): no test source holds this block's lines in order; first line: \(block.lines[0])")
            }
        }
        #expect(checked >= 20, "only \(checked) Swift blocks found: is the README there?")
    }
}
