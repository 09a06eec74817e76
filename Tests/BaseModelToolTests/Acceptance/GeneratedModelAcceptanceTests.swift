import BaseModel
@testable import basemodel
import Foundation
import Testing

/// The acceptance test of `basemodel model`: over every JSON file and every keyed archive of
/// `../shared/corpus` (and the JSON files and keyed archives of `corpus/originals`), the
/// generated models compile against this build, decode their sample with nothing in the
/// report (no unused key, no conversion), and encode back to the same values.
///
/// Both forms are checked, `@Model` and `--no-macro`. All models go into one program (a
/// namespace per sample and form), compiled once with `swiftc` and this build's modules and
/// macro plug-in, then run; the program prints `ok NAME` or `FAIL NAME: why` for each. "The same values" compares dictionaries by key (a `null`
/// and a missing key are the same value: an optional property left `nil` is not written), and
/// numbers by value (a `Double` property writes `2.0` where the sample had `2`). Defaulted keys
/// are allowed where a property is optional because the key is missing from some objects: that
/// the model wrote nothing for them is what the round trip checks.
@Suite(
    "basemodel model: models of the corpus",
    .enabled(if: ToolCorpus.isAvailable, ToolCorpus.missingMessage))
struct GeneratedModelAcceptanceTests {
    static let corpus = ToolCorpus.folder

    /// The samples, as paths inside the corpus.
    static func samples() -> [String] {
        func files(_ folder: String, _ keep: (String) -> Bool) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)) ?? []
            return names.filter(keep).sorted().map { "\(folder)/\($0)" }
        }
        return files("json") { $0.hasSuffix(".json") } + files("keyed-archives") { _ in true }
            + files("originals") { $0.hasSuffix(".keyed") || $0.hasSuffix(".json") }
    }

    /// Samples with no model to write, and why: the root is a bare value, or an array whose
    /// elements are not all dictionaries of one type (a model is a dictionary's type).
    static let refused: [String: String] = [
        "keyed-archives/bpylist2__nsmutabledata_archive.plist": "the root is data",
        "keyed-archives/corelibs__NSKeyedUnarchiver-ArrayTest.plist": "the root is an array of strings",
        "keyed-archives/corelibs__NSKeyedUnarchiver-OrderedSetTest.plist": "the root is an array of strings",
        "keyed-archives/corelibs__NSKeyedUnarchiver-URLTest.plist": "the root is a string",
        "keyed-archives/corelibs__NSKeyedUnarchiver-UUIDTest.plist": "the root is a string",
        "keyed-archives/corelibs__macOS-10.14__NSMutableOrderedSet-Empty.archive": "the root is an empty array",
        "keyed-archives/corelibs__macOS-10.14__NSMutableOrderedSet-Numbers.archive": "the root is an array of numbers",
        "keyed-archives/corelibs__macOS-10.14__NSMutableSet-Empty.archive": "the root is an empty array",
        "keyed-archives/corelibs__macOS-10.14__NSMutableSet-Numbers.archive": "the root is an array of numbers",
        "keyed-archives/corelibs__macOS-10.14__NSOrderedSet-Empty.archive": "the root is an empty array",
        "keyed-archives/corelibs__macOS-10.14__NSOrderedSet-Numbers.archive": "the root is an array of numbers",
        "keyed-archives/corelibs__macOS-10.14__NSSet-Empty.archive": "the root is an empty array",
        "keyed-archives/corelibs__macOS-10.14__NSSet-Numbers.archive": "the root is an array of numbers",
        "keyed-archives/go-ios__ax_focus_on_element.bin": "the root is null",
        "keyed-archives/go-ios__nestedarrays.bin": "the root is an array of arrays",
        "keyed-archives/go-ios__nestedarrays.xml": "the root is an array of arrays",
        "keyed-archives/go-ios__nsuuid.bin": "the root is a string",
        "keyed-archives/go-ios__onevalue.bin": "the root is a boolean",
        "keyed-archives/go-ios__onevalue.xml": "the root is a boolean",
        "originals/cycle.keyed": "the root is an array of a string and a dictionary",
        "originals/cycle.expected.json": "the root is an array of a string and a dictionary",
        "originals/cycle.hr.json": "the root is an array of a string and a dictionary",
        "originals/fastpeople.keyed": "the root is an array of an IOFastPerson and a plain dictionary",
        "originals/fastpeople.expected.json": "the root is an array of an IOFastPerson and plain dictionaries",
        "originals/fastpeople.hr.json": "the root is an array of an IOFastPerson and a plain dictionary",
        "originals/people.expected.json": "the root is an array of IOPersons and plain dictionaries (the dump's `$ref`)",
        "originals/shared.keyed": "the root is an array of dictionaries, arrays and strings",
        "originals/shared.expected.json": "the root is an array of dictionaries, arrays and strings",
        "originals/shared.hr.json": "the root is an array of dictionaries, arrays and strings",
        "originals/strings300.keyed": "the root is an array of strings",
        "originals/strings300.expected.json": "the root is an array of strings",
        "originals/strings300.hr.json": "the root is an array of strings",
    ]

    /// Samples whose models compile but do not pass, and why; each is expected to fail (a known
    /// issue), and fails the test once it passes, so the list only shrinks.
    static let knownFailures: [String: String] = [:]

    @Test("every sample's models compile, decode it with an empty report and encode back to the same values",
          .enabled(if: ProgramBuild.isAvailable, ProgramBuild.unavailableMessage))
    func corpusModels() throws {
        var namespaces: [String] = []
        var checks: [String] = []
        var refusedNow: [String: String] = [:]
        for (index, sample) in Self.samples().enumerated() {
            let url = Self.corpus.appendingPathComponent(sample)
            let data = try Data(contentsOf: url)
            let tree = try FormatRegistry.shared.detect(data).decodeTree(from: data)
            let generator: ModelGenerator, macroFree: ModelGenerator
            do {
                generator = try ModelGenerator(tree: tree)
                macroFree = try ModelGenerator(tree: tree, options: .init(macro: false))
            } catch {
                refusedNow[sample] = error.description
                continue
            }
            namespaces.append("enum Sample\(index) {\n\(generator.declarations())}\n")
            namespaces.append("enum MacroFree\(index) {\n\(macroFree.declarations())}\n")
            checks.append(Self.check(name: sample, path: url.path, namespace: "Sample\(index)", generator: generator))
            checks.append(Self.check(name: sample + " --no-macro", path: url.path, namespace: "MacroFree\(index)", generator: macroFree))
        }
        #expect(Set(refusedNow.keys) == Set(Self.refused.keys), "refused: \(refusedNow)")

        let main = (["import BaseModelMacros", "import Foundation", ""] + namespaces + [
            "let checks: [(String, () throws -> String?)] = [", checks.joined(separator: "\n"), "]",
            """
            for (name, check) in checks {
                do {
                    if let problem = try check() { print("FAIL \\(name): \\(problem)") } else { print("ok \\(name)") }
                } catch {
                    print("FAIL \\(name): \\(error)")
                }
            }
            """,
        ]).joined(separator: "\n")
        let checkSource = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Support/GeneratedModelCheck.swift"), encoding: .utf8)
        let (executable, compilerOutput) = try ProgramBuild.compile(["main.swift": main, "GeneratedModelCheck.swift": checkSource])
        let program = try #require(executable, "the generated models do not compile:\n\(compilerOutput.prefix(20_000))")
        let (status, output) = try ProgramBuild.run(program)
        #expect(status == 0, "\(output.suffix(4_000))")

        var results: [String: String?] = [:]
        for line in output.split(separator: "\n") {
            if line.hasPrefix("ok ") { results[String(line.dropFirst(3))] = .some(nil) }
            if line.hasPrefix("FAIL "), let colon = line.range(of: ": ")?.lowerBound {
                results[String(line[line.index(line.startIndex, offsetBy: 5)..<colon])] = String(line[line.index(after: colon)...])
            }
        }
        for sample in Self.samples().flatMap({ [$0, $0 + " --no-macro"] }) where Self.refused[sample] == nil && Self.refused[String(sample.prefix { $0 != " " })] == nil {
            guard let result = results[sample] else {
                Issue.record("\(sample): no result (the program stopped early?)\n\(output.suffix(2_000))")
                continue
            }
            if let reason = Self.knownFailures[sample] {
                withKnownIssue("\(sample): \(reason)") { if let problem = result { Issue.record("\(sample):\(problem)") } }
            } else if let problem = result {
                Issue.record("\(sample):\(problem)")
            }
        }
    }

    /// The check of one sample's models as Swift source: decode it with a report (an object root
    /// from the file's bytes, read with the classes and sharing of its format; the elements of an
    /// array or map root from the plain tree), then the file itself, write the model back in the
    /// file's format and compare the values.
    static func check(name: String, path: String, namespace: String, generator: ModelGenerator) -> String {
        let type = "\(namespace).\(generator.rootType)"
        let (reading, writing): (String, String)
        switch generator.rootKind {
        case .object:
            // `init(object:)` reads file bytes with their classes and sharing, but JSON text
            // (HR JSON too) as plain JSON: those get the plain tree, its dates and aliases read.
            reading = """
                let input: Any = codec.format == .json || codec.format == .hrJSON ? plain : data
                        _ = try \(type)(object: input, report: &report)
                """
            writing = """
                let model = try \(type)(data: data, context: ModelContext())
                        again = try ModelValue(data: model.data(format: codec.format))
                """
        case .array:
            reading = """
                guard case .array(let items) = plain else { return "not an array" }
                        for item in items { _ = try \(type)(object: item, report: &report) }
                """
            writing = """
                let models = try codec.decodeModel([\(type)].self, from: data, using: ModelDecoder())
                        again = try ModelValue(data: codec.encodeModel(models, using: ModelEncoder()))
                """
        case .map:
            reading = """
                guard case .dictionary(let items) = plain else { return "not a dictionary" }
                        for (_, item) in items { _ = try \(type)(object: item, report: &report) }
                """
            writing = """
                let models = try codec.decodeModel([String: \(type)].self, from: data, using: ModelDecoder())
                        again = try ModelValue(data: codec.encodeModel(models, using: ModelEncoder()))
                """
        }
        return """
                (\(GeneratedProperty.stringLiteral(name)), { () throws -> String? in
                    \(generator.registeringBases.map { "\(namespace).\($0).registerSubclasses()" }.joined(separator: "; "))
                    let data = try Data(contentsOf: URL(fileURLWithPath: \(GeneratedProperty.stringLiteral(path))))
                    let codec = try FormatRegistry.shared.detect(data)
                    let tree = try ModelValue(data: data)
                    let plain = GeneratedModelCheck.plain(tree, in: tree)
                    var report = ModelReport()
                    \(reading)
                    let problems = GeneratedModelCheck.problems(report)
                    if !problems.isEmpty { return problems.prefix(5).joined(separator: "; ") }
                    let again: ModelValue
                    \(writing)
                    let differences = GeneratedModelCheck.differences(tree, again)
                    return differences.isEmpty ? nil : differences.joined(separator: "; ")
                }),
            """
    }
}
