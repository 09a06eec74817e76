@testable import BaseModel
import Foundation
import OrderedCollections

/// `../shared/corpus/originals/`: files written by the Objective-C originals (FastCoding, HRCoder,
/// CryptoCoding, AutoCoding, BaseModel) compiled on Linux, each graph with the original program's
/// own dump of it (`NAME.expected.json`).
///
/// The dump's conventions (the folder's README): `$class` for a model object, `{"$date": seconds
/// since 2001}` and `{"$data": base64}` for dates and data, `{"$ref": "$root[0].buddy"}` where the
/// graph holds the same object a second time, `null` for NSNull (and, in a model object, for a
/// nil property).
enum OriginalsCorpus {
    static let folder = ModelCorpus.root.appendingPathComponent("originals")
    static let fromJSON = folder.appendingPathComponent("fromjson")

    /// The password the originals' encrypted files were written with.
    static let password = "interop-password"

    /// The graph files of a folder, sorted: everything but the dumps, the JSON inputs and, with
    /// `encrypted` false, the CryptoCoding files (read by the crypto target's tests).
    static func files(in directory: URL = folder, encrypted: Bool = false) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isFolder)
            let isCrypto = name.hasSuffix(".crypto") || name.hasSuffix(".cryptocoder")
            return !isFolder.boolValue && !name.hasSuffix(".expected.json") && name != "README.md" && isCrypto == encrypted
        }.sorted()
    }

    /// The format the originals wrote a file in, from its name.
    static func format(of name: String) -> ModelFormat {
        if name.hasSuffix(".fast") { return .fast }
        if name.hasSuffix(".hr.xml") { return .hrXML }
        if name.hasSuffix(".hr.json") { return .hrJSON }
        if name.hasSuffix(".hr.bplist") { return .hrBinary }
        if name.hasSuffix(".keyed") { return .keyedArchive }
        if name.hasSuffix(".bm.xml.plist") { return .xmlPropertyList }
        if name.hasSuffix(".bm.bplist") { return .binaryPropertyList }
        if name.hasSuffix(".bm.json") { return .json }
        return ModelFormat(rawValue: "crypto")
    }

    /// The plain format an HR format stores its document in: JSON, an XML or a binary property
    /// list; `nil` for other formats.
    static func plainTwin(of format: ModelFormat) -> ModelFormat? {
        switch format {
        case .hrJSON: .json
        case .hrXML: .xmlPropertyList
        case .hrBinary: .binaryPropertyList
        default: nil
        }
    }

    /// Whether the bytes hold `$class`, `$alias` or `$data` anywhere (HRCoder's marks; every
    /// file here stores them as ASCII).
    static func holdsHRMarks(_ data: Data) -> Bool {
        ["$class", "$alias", "$data"].contains { data.range(of: Data($0.utf8)) != nil }
    }

    /// The graph a file holds: its name up to the first dot (`people.hr.xml` → `people`).
    static func graph(of name: String) -> String { String(name.prefix { $0 != "." }) }

    static func data(_ name: String, in directory: URL = folder) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The dump of a graph, read as a plain tree.
    static func expected(_ graph: String, in directory: URL = folder) throws -> ModelValue {
        try JSONParser.parse(Data(contentsOf: directory.appendingPathComponent("\(graph).expected.json")))
    }

    /// The differences between what a file read to (`actual`, a typed tree whose second
    /// occurrences are `{"$alias": "a.0.b"}`) and the originals' dump of it; empty when they
    /// hold the same values with the same sharing.
    ///
    /// Sharing is compared as a graph: every object the dump names twice (`$ref`) must be one
    /// object in `actual` (an alias to the same place), and two objects the dump keeps apart must
    /// not be one in `actual`. A nil property of a model object (`null` in the dump) may be
    /// missing or null.
    ///
    /// Where the file's `format` cannot say what the dump says, the difference is allowed: a
    /// plain format (JSON, property lists) stores no `$class`, JSON has no dates (BaseModel wrote
    /// them as ISO-8601 strings) and does not tell a whole double from an integer, an XML property
    /// list keeps whole seconds of a date, and GNUstep's XML writer (not the libraries) writes a character
    /// outside the BMP as the text `\UD83C\UDF89` (the folder's README lists it).
    static func differences(actual: ModelValue, expected: ModelValue, format: ModelFormat) -> [String] {
        var comparison = GraphComparison(actualRoot: actual, expectedRoot: expected, format: format)
        comparison.compare(actual, expected, at: "$root", actualPlace: "$root", expectedPlace: "$root")
        return comparison.differences
    }
}

/// One walk of ``OriginalsCorpus/differences(actual:expected:)``.
private struct GraphComparison {
    let actualRoot: ModelValue
    let expectedRoot: ModelValue
    var differences: [String] = []
    /// Expected object (its defining place) → actual object (its defining place).
    var matched: [String: String] = [:]
    var matchedBack: [String: String] = [:]

    let format: ModelFormat

    init(actualRoot: ModelValue, expectedRoot: ModelValue, format: ModelFormat) {
        self.actualRoot = actualRoot
        self.expectedRoot = expectedRoot
        self.format = format
    }

    var isPlain: Bool { [.json, .xmlPropertyList, .binaryPropertyList].contains(format) }

    /// Compares the values at `path` (printed), whose defining places (their first occurrence:
    /// the key path an alias or `$ref` names) are `actualPlace` and `expectedPlace`.
    mutating func compare(_ actual: ModelValue, _ expected: ModelValue, at path: String, actualPlace: String, expectedPlace: String) {
        var actual = actual, expected = expected
        var actualPlace = actualPlace, expectedPlace = expectedPlace
        if case .string(let target)? = expected["$ref"] {
            expectedPlace = Self.aliasPath(ofRef: target)
            guard let resolved = TypedTree.resolve(expectedPlace, in: expectedRoot) else {
                return differences.append("\(path): the dump's $ref \(target) names nothing")
            }
            expected = resolved
        }
        if TypedTree.isAlias(actual) {
            guard case .string(let target)? = actual[TypedTree.aliasKey], let resolved = TypedTree.resolve(target, in: actualRoot) else {
                return differences.append("\(path): an alias that names nothing: \(actual)")
            }
            actualPlace = target
            actual = resolved
        }
        if Self.hasIdentity(expected) {
            if let earlier = matched[expectedPlace] {
                if earlier != actualPlace {
                    differences.append("\(path): the same object as at \(expectedPlace) in the dump, but a different one (\(actualPlace), not \(earlier))")
                }
                return
            }
            if let earlier = matchedBack[actualPlace] {
                return differences.append("\(path): one object with \(earlier) here, two in the dump")
            }
            matched[expectedPlace] = actualPlace
            matchedBack[actualPlace] = expectedPlace
        }
        switch expected {
        case .dictionary(let entries) where entries.count == 1 && entries["$date"] != nil:
            let seconds: Double? = switch entries["$date"]! {
            case .double(let value): value
            case .integer(let value): Double(value)
            default: nil
            }
            if format == .json, case .string(let text) = actual, let seconds,
               (try? JSONWriter.string(from: .date(Date(timeIntervalSinceReferenceDate: seconds)))) == "\"\(text)\"" {
                return
            }
            // An XML property list stores whole seconds (Apple's and GNUstep's writers alike).
            if format == .hrXML || format == .xmlPropertyList, case .date(let date) = actual, let seconds,
               date.timeIntervalSince1970 == Date(timeIntervalSinceReferenceDate: seconds).timeIntervalSince1970.rounded(.down) {
                return
            }
            guard case .date(let date) = actual, date.timeIntervalSinceReferenceDate == seconds else {
                return differences.append("\(path): expected the date \(entries["$date"]!) seconds since 2001, found \(actual.excerpt)")
            }
        case .dictionary(let entries) where entries.count == 1 && entries["$data"] != nil:
            guard case .string(let base64) = entries["$data"]!, case .data(let bytes) = actual, bytes == Data(base64Encoded: base64) else {
                return differences.append("\(path): expected data, found \(actual.excerpt)")
            }
        case .dictionary(let entries):
            guard case .dictionary(let found) = actual else {
                return differences.append("\(path): expected a dictionary, found \(actual.excerpt)")
            }
            let isObject = entries[TypedTree.classKey] != nil
            for (key, value) in entries {
                if isPlain && key == TypedTree.classKey { continue }
                let childPath = path + "." + key
                guard let other = found[key] else {
                    if isObject && value.isNull { continue }
                    differences.append("\(childPath): missing")
                    continue
                }
                compare(other, value, at: childPath, actualPlace: Self.join(actualPlace, key), expectedPlace: Self.join(expectedPlace, key))
            }
            for key in found.keys where entries[key] == nil && !(isObject && found[key]!.isNull) {
                differences.append("\(path).\(key): not in the dump (\(found[key]!.excerpt))")
            }
        case .array(let elements):
            guard case .array(let found) = actual, found.count == elements.count else {
                return differences.append("\(path): expected an array of \(elements.count), found \(actual.excerpt)")
            }
            for (index, (other, value)) in zip(found, elements).enumerated() {
                compare(other, value, at: "\(path)[\(index)]", actualPlace: Self.join(actualPlace, String(index)),
                        expectedPlace: Self.join(expectedPlace, String(index)))
            }
        case .string(let text) where format == .hrXML && text.unicodeScalars.contains { $0.value > 0xFFFF }:
            if actual != expected, actual != .string(Self.gnustepEscaped(text)) {
                differences.append("\(path): expected \(expected), found \(actual)")
            }
        case .double(let number) where format == .json || format == .hrJSON:
            // JSON text does not say double: the writer of the file wrote 1.0 as `1`, -0.0 as `-0`.
            if case .integer(let integer) = actual, Double(integer) == number { return }
            if !Self.sameScalar(actual, expected) { differences.append("\(path): expected \(expected), found \(actual)") }
        default:
            if !Self.sameScalar(actual, expected) {
                differences.append("\(path): expected \(expected), found \(actual)")
            }
        }
    }

    /// Containers, model objects, dates and data are objects with an identity; numbers and
    /// strings are compared by value (the originals' string cache shares equal strings).
    static func hasIdentity(_ value: ModelValue) -> Bool {
        switch value {
        case .array, .dictionary: true
        default: false
        }
    }

    static func sameScalar(_ actual: ModelValue, _ expected: ModelValue) -> Bool {
        switch (actual, expected) {
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        default: actual == expected
        }
    }

    /// `text` as GNUstep's XML property-list writer writes it: each character outside the BMP
    /// as the text of its UTF-16 surrogates, `\UD83C\UDF89`.
    static func gnustepEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value > 0xFFFF {
                for unit in String(scalar).utf16 { result += "\\U" + String(unit, radix: 16, uppercase: true) }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `$root[0].buddy` → `0.buddy`, `$root` → `$root`.
    static func aliasPath(ofRef ref: String) -> String {
        guard ref != "$root" else { return TypedTree.rootKeyPath }
        var steps: [String] = []
        var rest = Substring(ref.dropFirst("$root".count))
        while let first = rest.first {
            if first == "[" {
                let index = rest.dropFirst().prefix { $0 != "]" }
                steps.append(String(index))
                rest = rest.dropFirst(index.count + 2)
            } else if first == "." {
                let key = rest.dropFirst().prefix { $0 != "." && $0 != "[" }
                steps.append(String(key))
                rest = rest.dropFirst(key.count + 1)
            } else {
                break
            }
        }
        return steps.joined(separator: ".")
    }

    static func join(_ place: String, _ step: String) -> String {
        place == TypedTree.rootKeyPath ? step : place + "." + step
    }
}
