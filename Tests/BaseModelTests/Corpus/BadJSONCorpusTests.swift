@testable import BaseModel
import Foundation
import Testing

/// A small model in the manner of FDModel's game example, to feed the malformed files to.
struct CorpusGame: Model, Equatable {
    var id = ""
    var name = "Untitled"
    var releaseDate: Date?
    var city = ""

    static let keyPaths: [String: RemoteKeyPath] = [
        "id": "game_id", "releaseDate": "release_date", "city": "venue.address.city",
    ]
    static let transformers: [String: ModelTransformer] = ["releaseDate": .date(format: "MM-dd-yyyy")]
}

/// What one entry point did with one file: a value, or an error of some kind.
enum BadJSONOutcome: Hashable, CustomStringConvertible {
    /// `JSONParser.parse` returned a value, or the model was built.
    case value
    case empty
    case truncated
    case malformed
    case unsupported
    /// The model could not be built from the value: the kind found instead of a dictionary.
    case typeMismatch(found: String)
    /// Any other error, which no file should give.
    case other(ModelError.Reason)

    init(_ error: ModelError) {
        switch error.reason {
        case .empty: self = .empty
        case .truncated: self = .truncated
        case .malformed: self = .malformed
        case .unsupported: self = .unsupported
        case .typeMismatch(_, let found): self = .typeMismatch(found: found)
        default: self = .other(error.reason)
        }
    }

    var description: String {
        switch self {
        case .value: "value"
        case .empty: "empty"
        case .truncated: "truncated"
        case .malformed: "malformed"
        case .unsupported: "unsupported"
        case .typeMismatch(let found): "typeMismatch(found: \(found))"
        case .other(let reason): "other(\(reason))"
        }
    }
}

/// The documented outcome of a file for the three entry points.
struct BadJSONExpectation: CustomStringConvertible {
    /// `JSONParser.parse(data)`.
    var parser: BadJSONOutcome
    /// `CorpusGame(object: data)`: the bytes are parsed as JSON only when their first non-blank
    /// byte is `{` or `[`; anything else is a bare `Data` value, which a model without
    /// `make(from:)` does not take.
    var object: BadJSONOutcome
    /// `CorpusGame(json: data)`: always parsed as JSON.
    var jsonData: BadJSONOutcome

    /// JSON-looking bytes the parser rejects: both model entry points throw the parser's error.
    static func rejected(_ outcome: BadJSONOutcome) -> BadJSONExpectation {
        BadJSONExpectation(parser: outcome, object: outcome, jsonData: outcome)
    }

    /// Bytes that do not start with `{` or `[`: `init(object:)` takes them for bare data.
    static func bareData(parser outcome: BadJSONOutcome) -> BadJSONExpectation {
        BadJSONExpectation(parser: outcome, object: .typeMismatch(found: "data"), jsonData: outcome)
    }

    /// A document the parser accepts whose value is not a dictionary.
    static func parsesTo(_ kind: String) -> BadJSONExpectation {
        BadJSONExpectation(parser: .value, object: .typeMismatch(found: kind), jsonData: .typeMismatch(found: kind))
    }

    var description: String { "parser: \(parser), object: \(object), jsonData: \(jsonData)" }
}

@Suite("Corpus: bad JSON through the parser and a model", .corpus)
struct BadJSONCorpusTests {
    /// Every file of `bad/json/` and what each entry point does with it. The `i_` rows agree with
    /// `JSONParserCorpusTests.implementationDefined` in `Formats/JSONParserTests.swift`.
    static let expectations: [String: BadJSONExpectation] = [
        // Implementation-defined.
        "i_number_huge_exp.json": .rejected(.malformed), // overflows a double
        "i_number_real_underflow.json": .parsesTo("array"), // [0.0]
        "i_number_too_big_pos_int.json": .parsesTo("array"), // [1e20] as a double
        "i_number_very_big_negative_int.json": .parsesTo("array"), // a double
        "i_string_UTF-16LE_with_BOM.json": .bareData(parser: .malformed), // FF FE: UTF-16 is rejected
        "i_string_incomplete_surrogate_pair.json": .rejected(.malformed),
        "i_string_invalid_utf-8.json": .rejected(.malformed),
        "i_string_lone_second_surrogate.json": .rejected(.malformed),
        "i_string_overlong_sequence_2_bytes.json": .rejected(.malformed),
        "i_structure_500_nested_arrays.json": .parsesTo("array"), // within the depth of 512
        // The parser and init(object:)'s sniffing both skip the byte-order mark and read {}, so
        // every entry point builds a model of defaults.
        "i_structure_UTF-8_BOM_empty_object.json": BadJSONExpectation(parser: .value, object: .value, jsonData: .value),
        // Must be rejected.
        "n_array_colon_instead_of_comma.json": .rejected(.malformed),
        "n_array_extra_comma.json": .rejected(.malformed),
        "n_array_invalid_utf8.json": .rejected(.malformed),
        "n_array_unclosed.json": .rejected(.truncated),
        "n_incomplete_true.json": .rejected(.malformed),
        "n_multidigit_number_then_00.json": .bareData(parser: .malformed), // 123 then a NUL byte
        "n_number_+1.json": .rejected(.malformed),
        "n_number_-01.json": .rejected(.malformed),
        "n_number_.2e-3.json": .rejected(.malformed),
        "n_number_0.3e.json": .rejected(.malformed),
        "n_number_Inf.json": .rejected(.malformed),
        "n_number_NaN.json": .rejected(.malformed),
        "n_number_hex_1_digit.json": .rejected(.malformed),
        "n_number_with_leading_zero.json": .rejected(.malformed),
        "n_object_non_string_key.json": .rejected(.malformed),
        "n_object_single_quote.json": .rejected(.malformed),
        "n_object_trailing_comma.json": .rejected(.malformed),
        "n_object_trailing_comment.json": .rejected(.malformed),
        "n_object_unquoted_key.json": .rejected(.malformed),
        "n_string_1_surrogate_then_escape_u1x.json": .rejected(.malformed),
        "n_string_backslash_00.json": .rejected(.malformed),
        "n_string_escape_x.json": .rejected(.malformed),
        "n_string_incomplete_surrogate.json": .rejected(.malformed),
        "n_string_invalid_utf8_after_escape.json": .rejected(.malformed),
        "n_string_single_quote.json": .rejected(.malformed),
        "n_string_unescaped_newline.json": .rejected(.malformed),
        "n_structure_100000_opening_arrays.json": .rejected(.unsupported), // deeper than 512
        // Nothing but a byte-order mark, or 0 bytes: empty input everywhere.
        "n_structure_UTF8_BOM_no_data.json": BadJSONExpectation(parser: .empty, object: .empty, jsonData: .empty),
        "n_structure_no_data.json": BadJSONExpectation(parser: .empty, object: .empty, jsonData: .empty),
        "n_structure_null-byte-outside-string.json": .rejected(.malformed),
        "n_structure_object_with_trailing_garbage.json": .rejected(.malformed),
        "n_structure_unclosed_object.json": .rejected(.truncated),
    ]

    @Test("the table names exactly the 43 files of bad/json")
    func tableIsComplete() {
        #expect(ModelCorpus.badJSONNames.count == 43)
        #expect(Set(ModelCorpus.badJSONNames) == Set(Self.expectations.keys))
    }

    @Test("every file gives its documented outcome: a value or a typed ModelError", arguments: ModelCorpus.badJSONNames)
    func badFile(name: String) throws {
        let expected = try #require(Self.expectations[name], "no documented outcome for \(name)")
        let data = try Data(contentsOf: ModelCorpus.badJSON.appendingPathComponent(name))

        let parser = Result { () throws(ModelError) in try JSONParser.parse(data) }
        let object = Result { () throws(ModelError) in try CorpusGame(object: data) }
        let jsonData = Result { () throws(ModelError) in try CorpusGame(json: data) }

        #expect(Self.outcome(parser) == expected.parser, "\(name): JSONParser.parse")
        #expect(Self.outcome(object) == expected.object, "\(name): init(object:)")
        #expect(Self.outcome(jsonData) == expected.jsonData, "\(name): init(json:)")

        // A parse error is a JSON error at a byte offset within the input.
        if case .failure(let error) = parser {
            #expect(error.format == .json)
            #expect(error.offset.map { (0...data.count).contains($0) } == true, "\(error)")
            // The model entry points that parse throw the very same error.
            if case .failure(let modelError) = jsonData { #expect(modelError == error) }
            if expected.object == expected.parser, case .failure(let modelError) = object { #expect(modelError == error) }
        }
        // A value of the wrong kind is reported at the root, in the format the bytes were read in:
        // JSON, or for `init(object:)` a bare value ("tree") when the bytes do not open a container.
        let opensContainer = [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(JSONParser.firstSignificantByte(of: data))
        for (result, format) in [(object, opensContainer ? "json" : "tree"), (jsonData, "json")] {
            guard case .failure(let error) = result, case .typeMismatch(let wanted, _) = error.reason else { continue }
            #expect(wanted == "dictionary (CorpusGame)")
            #expect(error.path == .root)
            #expect(error.format == ModelFormat(rawValue: format))
            #expect(!error.description.isEmpty)
        }
        // A model that is built is built from {}: all defaults.
        if case .success(let game) = jsonData { #expect(game == CorpusGame()) }
    }

    static func outcome<Value>(_ result: Result<Value, ModelError>) -> BadJSONOutcome {
        switch result {
        case .success: .value
        case .failure(let error): BadJSONOutcome(error)
        }
    }
}
