@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

/// The JSON folders of the shared corpus.
enum JSONTestCorpus {
    static let root = ModelCorpus.root

    static let good = root.appendingPathComponent("json")
    static let bad = root.appendingPathComponent("bad/json")

    static func names(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func data(_ name: String, in directory: URL = good) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static let goodNames = names(in: good)
    static let badNames = names(in: bad)
}

/// Parses `text` and returns the error it throws, or `nil` when it parses.
func jsonError(_ text: String, maximumDepth: Int = 512) -> ModelError? {
    do {
        _ = try JSONParser.parse(text, maximumDepth: maximumDepth)
        return nil
    } catch {
        return error
    }
}

/// Parses raw bytes and returns the error they throw, or `nil` when they parse.
func jsonError(bytes: [UInt8]) -> ModelError? {
    do {
        _ = try JSONParser.parse(Data(bytes))
        return nil
    } catch {
        return error
    }
}

extension ModelError.Reason {
    var isMalformed: Bool {
        if case .malformed = self { return true }
        return false
    }
}

@Suite("JSONParser: corpus")
struct JSONParserCorpusTests {
    @Test("the corpus is present", .corpus)
    func corpusIsPresent() {
        #expect(JSONTestCorpus.goodNames.count >= 9)
        #expect(JSONTestCorpus.badNames.count >= 43)
        #expect(JSONTestCorpus.goodNames.contains("twitter.json"))
        #expect(JSONTestCorpus.goodNames.contains("citm_catalog.json"))
    }

    @Test("every corpus file parses, and writing and parsing again gives the same tree", arguments: JSONTestCorpus.goodNames)
    func corpusFileRoundTrips(name: String) throws {
        let data = try JSONTestCorpus.data(name)
        let value = try JSONParser.parse(data)
        let compact = try JSONWriter.data(from: value)
        #expect(try JSONParser.parse(compact) == value)
        // The pretty layout too (on the smaller files, to keep debug-build test time down).
        if data.count < 1_000_000 {
            let pretty = try JSONWriter.data(from: value, options: [.prettyPrinted, .withoutEscapingSlashes])
            #expect(try JSONParser.parse(pretty) == value)
        }
    }

    @Test("every corpus file agrees with JSONSerialization", arguments: JSONTestCorpus.goodNames)
    func corpusFileMatchesFoundation(name: String) throws {
        let data = try JSONTestCorpus.data(name)
        let value = try JSONParser.parse(data)
        let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        var mismatches: [String] = []
        compare(value, foundation, path: "", mismatches: &mismatches)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Compares kinds, counts, keys, strings and numbers; records the first differences.
    func compare(_ value: ModelValue, _ object: Any, path: String, mismatches: inout [String]) {
        guard mismatches.count < 5 else { return }
        switch value {
        case .dictionary(let entries):
            guard let dictionary = object as? [String: Any] else { return mismatches.append("\(path): not a dictionary") }
            guard Set(entries.keys) == Set(dictionary.keys) else { return mismatches.append("\(path): keys differ") }
            for (key, child) in entries { compare(child, dictionary[key]!, path: path + "." + key, mismatches: &mismatches) }
        case .array(let elements):
            guard let array = object as? [Any], array.count == elements.count else {
                return mismatches.append("\(path): not an array of \(elements.count)")
            }
            for (index, child) in elements.enumerated() {
                compare(child, array[index], path: path + "[\(index)]", mismatches: &mismatches)
            }
        case .string(let text):
            if object as? String != text { mismatches.append("\(path): string differs") }
        case .null:
            if !(object is NSNull) { mismatches.append("\(path): not null") }
        case .bool(let flag):
            if (object as? NSNumber)?.boolValue != flag { mismatches.append("\(path): bool differs") }
        case .integer(let number):
            if (object as? NSNumber)?.int64Value != number { mismatches.append("\(path): integer differs") }
        case .unsignedInteger(let number):
            if (object as? NSNumber)?.uint64Value != number { mismatches.append("\(path): unsigned differs") }
        case .double(let number):
            // Foundation's reader on Linux is not always correctly rounded (it can be several
            // ulps off); exactness is checked against `Double(String)` in
            // `doublesAreCorrectlyRounded`.
            guard let other = (object as? NSNumber)?.doubleValue,
                  abs(other - number) <= abs(number) * 1e-12
            else { return mismatches.append("\(path): double \(number) differs") }
        case .date, .data:
            mismatches.append("\(path): a parser never makes dates or data")
        }
    }

    @Test("twitter.json: spot checks", .corpus)
    func twitter() throws {
        let value = try JSONParser.parse(try JSONTestCorpus.data("twitter.json"))
        guard case .array(let statuses) = try #require(value["statuses"]) else {
            Issue.record("statuses is not an array")
            return
        }
        #expect(statuses.count == 100)
        #expect(value["statuses"]?[0]?["id"] == .integer(505_874_924_095_815_681))
        #expect(value["statuses"]?[0]?["id_str"] == "505874924095815681")
        #expect(value["statuses"]?[0]?["user"]?["screen_name"] == "ayuu0123")
        #expect(value["statuses"]?[0]?["created_at"] == "Sun Aug 31 00:29:15 +0000 2014")
        #expect(value["statuses"]?[0]?["metadata"]?["iso_language_code"] == "ja")
        #expect(value["statuses"]?[0]?["favorited"] == false)
        #expect(value["statuses"]?[0]?["in_reply_to_status_id"] == .null)
        #expect(value["search_metadata"]?["count"] == 100)
        // Key order of the source is kept.
        guard case .dictionary(let first) = statuses[0] else {
            Issue.record("statuses[0] is not a dictionary")
            return
        }
        #expect(Array(first.keys.prefix(4)) == ["metadata", "created_at", "id", "id_str"])
        // Non-ASCII text, including astral-plane emoji, decodes to the right scalars.
        guard case .string(let text) = try #require(first["text"]) else {
            Issue.record("text is not a string")
            return
        }
        #expect(text.hasPrefix("@aym0566x \n\n名前:前田あゆみ"))
        #expect(text.unicodeScalars.contains("\u{1F60B}"))
    }

    @Test("citm_catalog.json: spot checks", .corpus)
    func citmCatalog() throws {
        let value = try JSONParser.parse(try JSONTestCorpus.data("citm_catalog.json"))
        #expect(value["areaNames"]?["205705993"] == "Arrière-scène central")
        guard case .dictionary(let areaNames) = try #require(value["areaNames"]),
              case .dictionary(let events) = try #require(value["events"]),
              case .array(let performances) = try #require(value["performances"])
        else {
            Issue.record("unexpected kinds")
            return
        }
        #expect(areaNames.count == 17)
        #expect(events.count == 184)
        #expect(performances.count == 243)
        #expect(areaNames.keys.first == "205705993")
        #expect(value["events"]?["138586341"]?["name"] == "30th Anniversary Tour")
        #expect(value["events"]?["138586341"]?["description"] == .null)
    }

    @Test("canada.json: coordinates are doubles", .corpus)
    func canada() throws {
        let value = try JSONParser.parse(try JSONTestCorpus.data("canada.json"))
        let ring = try #require(value["features"]?[0]?["geometry"]?["coordinates"]?[0])
        guard case .array(let points) = ring, case .array(let point) = try #require(points.first) else {
            Issue.record("coordinates are not arrays")
            return
        }
        #expect(point.count == 2)
        #expect(point[0] == .double(-65.613616999999977))
        #expect(point[1] == .double(43.420273000000009))
        #expect(value["type"] == "FeatureCollection")
    }

    /// The numbers of a document in order, by a scan that skips strings.
    static func numberTokens(_ data: Data) -> [String] {
        var starts = [Bool](repeating: false, count: 256)
        var continues = [Bool](repeating: false, count: 256)
        for byte in "-0123456789".utf8 { starts[Int(byte)] = true }
        for byte in "-+.eE0123456789".utf8 { continues[Int(byte)] = true }
        var tokens: [String] = []
        var current: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in [UInt8](data) {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            if byte == 0x22 {
                inString = true
            } else if current.isEmpty ? starts[Int(byte)] : continues[Int(byte)] {
                current.append(byte)
                continue
            }
            if !current.isEmpty {
                tokens.append(String(decoding: current, as: UTF8.self))
                current.removeAll()
            }
        }
        if !current.isEmpty { tokens.append(String(decoding: current, as: UTF8.self)) }
        return tokens
    }

    /// The numbers of a tree in document order.
    static func numbers(in value: ModelValue, into result: inout [ModelValue]) {
        switch value {
        case .array(let elements): for element in elements { numbers(in: element, into: &result) }
        case .dictionary(let entries): for element in entries.values { numbers(in: element, into: &result) }
        case .integer, .unsignedInteger, .double: result.append(value)
        default: break
        }
    }

    @Test("every number of the float-heavy files is exactly Double(String) of its text", .corpus,
          arguments: ["canada.json", "mesh.json", "citm_catalog.json", "twitter.json"])
    func doublesAreCorrectlyRounded(name: String) throws {
        let data = try JSONTestCorpus.data(name)
        var parsed: [ModelValue] = []
        Self.numbers(in: try JSONParser.parse(data), into: &parsed)
        let tokens = Self.numberTokens(data)
        #expect(parsed.count == tokens.count)
        var mismatches = 0
        for (token, value) in zip(tokens, parsed) {
            let expected: ModelValue
            if token.contains(where: { ".eE".contains($0) }) {
                expected = .double(try #require(Double(token)))
            } else if let integer = Int64(token) {
                expected = .integer(integer)
            } else {
                expected = .unsigned(try #require(UInt64(token)))
            }
            if value != expected {
                mismatches += 1
                if mismatches < 5 { Issue.record("\(token) parsed as \(value)") }
            }
        }
        #expect(mismatches == 0)
        #expect(name != "canada.json" || parsed.count > 100_000)
    }

    /// What this parser does with each implementation-defined (`i_`) file; a change of behaviour
    /// fails the test.
    static let implementationDefined: [String: Bool] = [
        "i_number_huge_exp.json": false, // the value overflows a double: rejected
        "i_number_real_underflow.json": true, // 123e-10000000 becomes 0.0
        "i_number_too_big_pos_int.json": true, // 1e20 becomes a double
        "i_number_very_big_negative_int.json": true, // becomes a double
        "i_string_UTF-16LE_with_BOM.json": false, // UTF-16 input is rejected
        "i_string_incomplete_surrogate_pair.json": false, // lone low surrogate
        "i_string_invalid_utf-8.json": false,
        "i_string_lone_second_surrogate.json": false,
        "i_string_overlong_sequence_2_bytes.json": false, // overlong UTF-8 is invalid
        "i_structure_500_nested_arrays.json": true, // within the default depth of 512
        "i_structure_UTF-8_BOM_empty_object.json": true, // the BOM is skipped
    ]

    @Test("bad corpus: every n_ file throws a JSON error, every i_ file has its documented outcome",
          arguments: JSONTestCorpus.badNames)
    func badFile(name: String) throws {
        let data = try JSONTestCorpus.data(name, in: JSONTestCorpus.bad)
        let outcome: Result<ModelValue, ModelError>
        do {
            outcome = .success(try JSONParser.parse(data))
        } catch {
            outcome = .failure(error)
        }
        if case .failure(let error) = outcome {
            #expect(error.format == .json)
            #expect(!error.description.isEmpty)
            #expect(error.offset != nil)
        }
        if name.hasPrefix("n_") {
            guard case .failure = outcome else {
                Issue.record("\(name) parsed but must not")
                return
            }
        } else {
            guard let expected = Self.implementationDefined[name] else {
                Issue.record("no documented outcome for \(name)")
                return
            }
            switch outcome {
            case .success: #expect(expected, "\(name) parsed")
            case .failure(let error): #expect(!expected, "\(name) threw \(error)")
            }
        }
    }

    @Test("bad corpus: the documented i_ outcomes name exactly the i_ files", .corpus)
    func implementationDefinedListIsComplete() {
        let files = Set(JSONTestCorpus.badNames.filter { $0.hasPrefix("i_") })
        #expect(files == Set(Self.implementationDefined.keys))
    }

    @Test("bad corpus: specific reasons", .corpus)
    func badReasons() throws {
        func error(_ name: String) throws -> ModelError? {
            do {
                _ = try JSONParser.parse(try JSONTestCorpus.data(name, in: JSONTestCorpus.bad))
                return nil
            } catch let error as ModelError {
                return error
            }
        }
        #expect(try error("n_structure_no_data.json")?.reason == .empty)
        #expect(try error("n_structure_UTF8_BOM_no_data.json")?.reason == .empty)
        #expect(try error("n_array_unclosed.json")?.reason == .truncated)
        #expect(try error("n_structure_unclosed_object.json")?.reason == .truncated)
        #expect(try error("n_structure_100000_opening_arrays.json")?.reason
            == DecodingLimits.depthExceeded(512))
        #expect(try error("n_structure_object_with_trailing_garbage.json")?.offset == 12)
        #expect(try error("i_string_UTF-16LE_with_BOM.json")?.reason == .malformed("UTF-16 or UTF-32 input; JSON must be UTF-8"))
        #expect(try JSONParser.parse(try JSONTestCorpus.data("i_number_too_big_pos_int.json", in: JSONTestCorpus.bad))
            == [.double(1e20)])
        #expect(try JSONParser.parse(try JSONTestCorpus.data("i_number_real_underflow.json", in: JSONTestCorpus.bad))
            == [.double(0)])
        #expect(try JSONParser.parse(try JSONTestCorpus.data("i_structure_UTF-8_BOM_empty_object.json", in: JSONTestCorpus.bad))
            == [:])
    }
}

@Suite("JSONParser: rules")
struct JSONParserRuleTests {
    // MARK: Values

    @Test("scalars at the top level")
    func fragments() throws {
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse("true") == true)
        #expect(try JSONParser.parse("false") == false)
        #expect(try JSONParser.parse(" 42 ") == 42)
        #expect(try JSONParser.parse("\"text\"") == "text")
        #expect(try JSONParser.parse("-1.5") == -1.5)
        #expect(try JSONParser.parse("[]") == [])
        #expect(try JSONParser.parse("{}") == [:])
    }

    @Test("nested containers keep key order")
    func containers() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": [true, null, {"m": "x", "b": []}], "k": {}}"#)
        let expected: ModelValue = .dictionary([
            "z": 1,
            "a": [true, .null, .dictionary(["m": "x", "b": []])],
            "k": [:],
        ])
        #expect(value == expected)
        guard case .dictionary(let entries) = value else { return }
        #expect(Array(entries.keys) == ["z", "a", "k"])
    }

    @Test("duplicate keys: the last value wins at the first key's position")
    func duplicateKeys() throws {
        let small = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        guard case .dictionary(let entries) = small else { return }
        #expect(Array(entries.keys) == ["a", "b"])
        #expect(Array(entries.values) == [3, 2])
        // Above 15 keys the dictionary hashes; the rule is the same.
        let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try JSONParser.parse("{\(keys), \"k3\": \"last\"}")
        guard case .dictionary(let many) = large else { return }
        #expect(many.count == 20)
        #expect(many["k3"] == "last")
        #expect(many.keys[3] == "k3")
        #expect(many["k19"] == 19)
    }

    @Test("large dictionaries whose keys look alike keep every key in order")
    func lookalikeKeys() throws {
        // Same length and same first, middle and last eight bytes: only bytes 8, 9, 18 and 19
        // differ.
        let keys = (0..<40).map { "AAAAAAAA\($0 / 10)\($0 % 10)MMMMMMMMx\($0 % 7)ZZZZZZZZ" }
        let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
        guard case .dictionary(let entries) = try JSONParser.parse(text) else {
            Issue.record("not a dictionary")
            return
        }
        #expect(Array(entries.keys) == keys)
        #expect(Array(entries.values) == (0..<40).map { ModelValue.integer(Int64($0)) })
        // Escaped and non-ASCII keys in a large dictionary.
        let mixed = (0..<20).map { #""k\u00e9\#($0)": \#($0)"# }.joined(separator: ", ") + #", "ké3": "last""#
        guard case .dictionary(let decoded) = try JSONParser.parse("{\(mixed)}") else { return }
        #expect(decoded.count == 20)
        #expect(decoded["ké3"] == "last")
        #expect(decoded.keys[3] == "ké3")
    }

    @Test("keys are compared as Swift strings: canonically equivalent spellings are one key")
    func canonicallyEquivalentKeys() throws {
        let small = try JSONParser.parse(#"{"\u00e9": 1, "e\u0301": 2}"#)
        guard case .dictionary(let entries) = small else { return }
        #expect(entries.count == 1)
        #expect(entries.values.first == 2)
        let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try JSONParser.parse("{\(keys), \"\u{E9}\": 1, \"e\u{301}\": 2}")
        guard case .dictionary(let many) = large else { return }
        #expect(many.count == 21)
        #expect(many["\u{E9}"] == 2)
    }

    @Test("whitespace: space, tab, CR and LF only")
    func whitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n[ 1 ,\t2\r\n]\n ") == [1, 2])
        // Form feed and vertical tab are not JSON whitespace.
        #expect(jsonError("[1,\u{0C}2]")?.reason.isMalformed == true)
        #expect(jsonError("\u{0B}1")?.reason.isMalformed == true)
        // Non-breaking space is not either.
        #expect(jsonError("\u{A0}1")?.reason.isMalformed == true)
    }

    @Test("a leading UTF-8 byte-order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
        #expect(jsonError(bytes: [0xEF, 0xBB, 0xBF])?.reason == .empty)
        #expect(jsonError(bytes: [0xEF, 0xBB, 0xBF, 0x20])?.reason == .empty)
        // Only at the start.
        #expect(jsonError(bytes: Array("[".utf8) + [0xEF, 0xBB, 0xBF] + Array("1]".utf8))?.reason.isMalformed == true)
    }

    // MARK: Strings

    @Test("escapes")
    func escapes() throws {
        #expect(try JSONParser.parse(#""\" \\ \/ \b \f \n \r \t""#) == "\" \\ / \u{08} \u{0C} \n \r \t")
        #expect(try JSONParser.parse(#""\u0041\u00e9\u20AC\u0000""#) == "Aé€\u{0}")
        #expect(try JSONParser.parse(#""plain then \n then plain again, long enough to span words""#)
            == "plain then \n then plain again, long enough to span words")
        #expect(try JSONParser.parse(#"["é\u00e9", "日本\n語"]"#) == ["éé", "日本\n語"])
    }

    @Test("surrogate pairs make the right scalar")
    func surrogatePairs() throws {
        let value = try JSONParser.parse(#""\uD83D\uDE00 \ud834\udd1e""#)
        guard case .string(let text) = value else {
            Issue.record("not a string")
            return
        }
        #expect(text.unicodeScalars.map(\.value) == [0x1F600, 0x20, 0x1D11E])
        #expect(text == "😀 𝄞")
        // The same scalar written as raw UTF-8.
        #expect(try JSONParser.parse("\"😀\"") == "😀")
    }

    @Test("lone surrogates are rejected")
    func loneSurrogates() throws {
        let high = try #require(jsonError(#"["\uD800"]"#))
        #expect(high.reason == .malformed("high surrogate \\uD800 not followed by a low surrogate"))
        #expect(high.offset == 2)
        #expect(high.path == [.index(0)])
        #expect(jsonError(#""\uD800\u0041""#)?.reason.isMalformed == true)
        #expect(jsonError(#""\uD800x""#)?.reason.isMalformed == true)
        #expect(jsonError(#""\uDC00""#)?.reason == .malformed("lone low surrogate \\uDC00"))
        #expect(jsonError(#""\uD800"#)?.reason == .truncated)
    }

    @Test("invalid escapes")
    func invalidEscapes() throws {
        #expect(jsonError(#""\x41""#)?.reason == .malformed("invalid escape sequence"))
        #expect(jsonError(#""\x41""#)?.offset == 1)
        #expect(jsonError(#""\u12G4""#)?.reason.isMalformed == true)
        #expect(jsonError(#""\u12""#)?.reason.isMalformed == true)
        #expect(jsonError(#""\u12"#)?.reason == .truncated)
        #expect(jsonError(#""\'""#)?.reason.isMalformed == true)
    }

    @Test("control characters in strings are rejected")
    func controlCharacters() throws {
        let error = try #require(jsonError("{\"key\": \"a\tb\"}"))
        #expect(error.reason == .malformed("unescaped control character U+0009 in string"))
        #expect(error.offset == 10)
        #expect(error.path == [.key("key")])
        #expect(jsonError("\"\u{0}\"")?.reason.isMalformed == true)
        #expect(jsonError("\"\u{1F}\"")?.reason.isMalformed == true)
        // DEL is allowed raw.
        #expect(try JSONParser.parse("\"\u{7F}\"") == "\u{7F}")
    }

    @Test("invalid UTF-8 is rejected with its offset")
    func invalidUTF8() throws {
        let inString = try #require(jsonError(bytes: Array(#"["ab"#.utf8) + [0xFF] + Array(#""]"#.utf8)))
        #expect(inString.reason == .malformed("invalid UTF-8 in string"))
        #expect(inString.offset == 4)
        // Overlong encoding of "/", a surrogate encoded in UTF-8, a truncated sequence.
        #expect(jsonError(bytes: [0x22, 0xC0, 0xAF, 0x22])?.offset == 1)
        #expect(jsonError(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22])?.offset == 1)
        #expect(jsonError(bytes: [0x22, 0x61, 0xE6, 0x97, 0x22])?.offset == 2)
        // Invalid bytes after an escape are still found.
        #expect(jsonError(bytes: [0x22, 0x5C, 0x6E, 0xE5, 0x22])?.offset == 3)
        // A truncated four-byte sequence of three bytes, which U+FFFD (three bytes too) would
        // replace, and the same with a valid U+FFFD beside it: rejected, and accepted.
        #expect(jsonError(bytes: [0x22, 0x61, 0xF0, 0x9F, 0x98, 0x22])?.offset == 2)
        #expect(try JSONParser.parse(Data([0x22, 0x61, 0xEF, 0xBF, 0xBD, 0x22])) == "a\u{FFFD}")
        // Outside strings.
        #expect(jsonError(bytes: [0x5B, 0xFF, 0x5D])?.offset == 1)
        // Four-byte UTF-8 that is valid.
        #expect(try JSONParser.parse(Data([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])) == "😀")
    }

    @Test("UTF-16 and UTF-32 input is rejected")
    func wideEncodings() throws {
        let utf16LE: [UInt8] = [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]
        let utf16BE: [UInt8] = [0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]
        let utf32LE: [UInt8] = [0x31, 0x00, 0x00, 0x00]
        for bytes in [utf16LE, utf16BE, utf32LE, [0xFF, 0xFE, 0x31, 0x00], [0xFE, 0xFF, 0x00, 0x31]] {
            let error = try #require(jsonError(bytes: bytes))
            #expect(error.reason == .malformed("UTF-16 or UTF-32 input; JSON must be UTF-8"))
            #expect(error.offset == 0)
        }
    }

    // MARK: Numbers

    @Test("integer boundaries")
    func integerBoundaries() throws {
        #expect(try JSONParser.parse("9223372036854775807") == .integer(.max))
        #expect(try JSONParser.parse("-9223372036854775808") == .integer(.min))
        #expect(try JSONParser.parse("9223372036854775808") == .unsignedInteger(9_223_372_036_854_775_808))
        #expect(try JSONParser.parse("18446744073709551615") == .unsignedInteger(.max))
        #expect(try JSONParser.parse("18446744073709551616") == .double(18_446_744_073_709_551_616))
        #expect(try JSONParser.parse("-9223372036854775809") == .double(-9_223_372_036_854_775_808.0))
        #expect(try JSONParser.parse("99999999999999999999") == .double(1e20))
        #expect(try JSONParser.parse("123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(try JSONParser.parse("[0, -0, 7, -7, 1000000]") == [0, 0, 7, -7, 1_000_000])
    }

    @Test("doubles are correctly rounded")
    func doubles() throws {
        let cases: [(String, Double)] = [
            ("0.1", 0.1), ("-0.0", -0.0), ("1.0", 1.0), ("1e2", 100), ("1E+2", 100), ("1e-2", 0.01),
            ("2.5e-3", 0.0025), ("123.456", 123.456), ("-65.613616999999977", -65.613616999999977),
            ("5e-324", .leastNonzeroMagnitude), ("2.2250738585072014e-308", 2.2250738585072014e-308),
            ("1.7976931348623157e308", 1.7976931348623157e308), ("0.30000000000000004", 0.30000000000000004),
            ("9007199254740993.0", 9_007_199_254_740_992), ("9007199254740995.0", 9_007_199_254_740_996),
            ("1e-400", 0), ("0e0", 0), ("0.000001", 0.000001), ("1234567890123456789e-5", 12_345_678_901_234.56789),
            ("3.141592653589793238462643383279", Double.pi),
        ]
        for (text, expected) in cases {
            let value = try JSONParser.parse(text)
            if text.contains(where: { ".eE".contains($0) }) {
                guard case .double(let number) = value else {
                    Issue.record("\(text) is not a double: \(value)")
                    continue
                }
                #expect(number.bitPattern == expected.bitPattern, "\(text) → \(number), expected \(expected)")
            }
        }
        // -0.0 keeps its sign; -0 is the integer 0.
        guard case .double(let negativeZero) = try JSONParser.parse("-0.0") else { return }
        #expect(negativeZero.sign == .minus)
        #expect(try JSONParser.parse("-0") == .integer(0))
    }

    @Test("doubles round-trip through their shortest text")
    func doubleRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let number = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            let text = number.description
            guard case .double(let parsed) = try JSONParser.parse(text) else {
                // An integral description such as "1e+20" still has an exponent, so this is rare.
                continue
            }
            #expect(parsed.bitPattern == number.bitPattern, "\(text)")
        }
    }

    @Test("long mantissas with small exponents match Double(String) exactly")
    func longMantissas() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "9007199254740993e0", "9007199254740995e-1", "18446744073709551615e-3",
            "9999999999999999999e22", "9999999999999999999e-22", "1000000000000000000e-22", "123456789012345678e5",
            "4503599627370497.5", "4503599627370496.5", "0.1000000000000000055511151231257827",
            "2.2250738585072011e-308",
        ]
        for _ in 0..<3000 {
            let digits = Int.random(in: 15...19, using: &generator)
            var mantissa = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digits { mantissa += String(Int.random(in: 0...9, using: &generator)) }
            let exponent = Int.random(in: -30...30, using: &generator)
            let point = Int.random(in: 0...digits, using: &generator)
            let withPoint = point == digits ? mantissa : String(mantissa.prefix(point == 0 ? 1 : point)) + "." + mantissa.dropFirst(point == 0 ? 1 : point)
            texts.append("\(withPoint)e\(exponent)")
            // Halfway cases: an odd 53-bit significand followed by a 1 bit, exactly.
            let significand = UInt64.random(in: (1 << 52)...((1 << 53) - 1), using: &generator) | 1
            texts.append("\(significand * 2 + 1)e0")
            texts.append("\(significand * 2 + 1)0e-1")
        }
        for text in texts {
            let expected = try #require(Double(text))
            guard case .double(let parsed) = try JSONParser.parse(text) else {
                Issue.record("\(text) is not a double")
                continue
            }
            #expect(parsed.bitPattern == expected.bitPattern, "\(text): \(parsed) ≠ \(expected)")
            guard case .double(let negative) = try JSONParser.parse("-" + text) else { continue }
            #expect(negative.bitPattern == (-expected).bitPattern)
        }
    }

    @Test("numbers out of the double range are rejected")
    func hugeNumbers() throws {
        let error = try #require(jsonError("[1e400]"))
        #expect(error.reason == .malformed("number is too large for a double"))
        #expect(error.offset == 1)
        #expect(error.path == [.index(0)])
        #expect(jsonError("-1e99999999999999999999")?.reason.isMalformed == true)
    }

    @Test("number grammar")
    func numberGrammar() throws {
        let malformed = ["01", "-01", "00", "+1", ".5", "1.", "1.e5", "-", "1e", "1e+", "0x1", "1.5e", "--1", "- 1",
                         "NaN", "Infinity", "-Infinity", "[1.]", "[.5]", "[1e]", "1 2", "012"]
        for text in malformed {
            let error = jsonError(text)
            #expect(error != nil, "\(text) parsed")
        }
        #expect(jsonError("01")?.reason == .malformed("leading zeros are not allowed in numbers"))
        #expect(jsonError("[NaN]")?.reason == .malformed("NaN and Infinity are not allowed"))
        #expect(jsonError("[+1]")?.reason == .malformed("numbers cannot start with '+'"))
        #expect(jsonError("-")?.reason == .truncated)
        #expect(jsonError("1.")?.reason == .truncated)
        #expect(jsonError("1e")?.reason == .truncated)
        #expect(jsonError("1e-")?.reason == .truncated)
        #expect(jsonError("[1.x]")?.reason == .malformed("expected a digit after '.'"))
    }

    // MARK: Structure errors

    @Test("errors name the path where they happen")
    func errorPaths() throws {
        let error = try #require(jsonError(#"{"a": [0, {"b": tru}]}"#))
        #expect(error.path == [.key("a"), .index(1), .key("b")])
        #expect(error.path.description == "a[1].b")
        #expect(error.reason == .malformed("invalid literal, expected 'true'"))
        #expect(error.offset == 16)
        #expect(error.format == .json)
        #expect(error.description.hasPrefix("a[1].b: malformed input: invalid literal"))
        #expect(error.description.hasSuffix("(json, at byte 16)"))

        let deep = try #require(jsonError(#"{"statuses": [{}, {}, {}, {"user": {"name": "x", "id": 01}}]}"#))
        #expect(deep.path.description == "statuses[3].user.id")
        // An error at a key names the dictionary itself.
        #expect(jsonError(#"{"a": {"b": 1, c: 2}}"#)?.path == [.key("a")])
        // An error after an array element names the next element.
        #expect(jsonError("[1, 2 3]")?.path == [.index(2)])
        // Top level.
        #expect(jsonError("nul1")?.path == .root)
    }

    @Test("offsets are byte offsets")
    func offsets() throws {
        #expect(jsonError("[1, 2, x]")?.offset == 7)
        #expect(jsonError("{\"é\": tru}")?.offset == 7)
        #expect(jsonError("   ]")?.offset == 3)
        #expect(jsonError("[1, 2")?.offset == 5)
    }

    @Test("trailing data, comments, single quotes, trailing commas and unquoted keys")
    func syntaxErrors() throws {
        #expect(jsonError("[1] x")?.reason == .malformed("unexpected data after the value"))
        #expect(jsonError("[1] x")?.offset == 4)
        #expect(jsonError("{} /* c */")?.reason == .malformed("comments are not allowed"))
        #expect(jsonError("[1, // c\n 2]")?.reason == .malformed("comments are not allowed"))
        #expect(jsonError("['a']")?.reason == .malformed("strings must use double quotes"))
        #expect(jsonError("{'a': 1}")?.reason == .malformed("strings must use double quotes"))
        #expect(jsonError("[1,]")?.reason == .malformed("expected a value (trailing comma?)"))
        #expect(jsonError("{\"a\": 1,}")?.reason == .malformed("trailing comma in dictionary"))
        #expect(jsonError("{a: 1}")?.reason == .malformed("dictionary keys must be strings in double quotes"))
        #expect(jsonError("{1: 1}")?.reason == .malformed("dictionary keys must be strings in double quotes"))
        #expect(jsonError("{\"a\" 1}")?.reason == .malformed("expected ':' after a dictionary key"))
        #expect(jsonError("[1 2]")?.reason == .malformed("expected ',' or ']' after an array element"))
        #expect(jsonError("{\"a\": 1 \"b\": 2}")?.reason == .malformed("expected ',' or '}' after a dictionary value"))
        #expect(jsonError("[1}")?.reason.isMalformed == true)
        #expect(jsonError("{\"a\": 1]")?.reason.isMalformed == true)
        #expect(jsonError("]")?.reason.isMalformed == true)
        #expect(jsonError("[,1]")?.reason.isMalformed == true)
        #expect(jsonError("[\u{0}]")?.reason == .malformed("unexpected control character 0x00, expected a value"))
        #expect(jsonError("123\u{0}")?.reason == .malformed("unexpected data after the value"))
        #expect(jsonError("truee")?.reason == .malformed("unexpected data after the value"))
        #expect(jsonError("[True]")?.reason.isMalformed == true)
    }

    @Test("empty and truncated input")
    func emptyAndTruncated() throws {
        #expect(jsonError("")?.reason == .empty)
        #expect(jsonError(" \n\t ")?.reason == .empty)
        #expect(jsonError("")?.offset == 0)
        #expect(jsonError("[tru")?.reason == .truncated)
        #expect(jsonError("[tru]")?.reason.isMalformed == true)
        #expect(jsonError("\"abc")?.reason == .truncated)
        #expect(jsonError("{\"a\"")?.reason == .truncated)
        #expect(jsonError("{\"a\":")?.reason == .truncated)
        #expect(jsonError("{\"a\":")?.path == [.key("a")])
        // Every proper prefix of a document ends inside a value.
        let document = #"{"a": [1, -2.5e3, "x\u00e9\n", true, false, null, {}], "b": {"c": []}}"#
        let bytes = Array(document.utf8)
        for length in 1..<bytes.count {
            let error = jsonError(bytes: Array(bytes[..<length]))
            #expect(error?.reason == .truncated, "prefix \(length): \(String(describing: error))")
        }
        #expect(jsonError(bytes: bytes) == nil)
    }

    @Test("nesting deeper than the maximum depth is an error, not a crash")
    func depthLimit() throws {
        let depth512 = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONParser.parse(depth512) != .null)
        let depth513 = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(jsonError(depth513))
        #expect(error.reason == DecodingLimits.depthExceeded(512))
        #expect(error.offset == 512)
        #expect(error.path.components.count == 512)
        // Objects count too, and the limit can be changed.
        let objects = String(repeating: #"{"a":"#, count: 10) + "1" + String(repeating: "}", count: 10)
        #expect(jsonError(objects, maximumDepth: 10) == nil)
        #expect(jsonError(objects, maximumDepth: 9)?.path.description == "a.a.a.a.a.a.a.a.a")
        #expect(jsonError("[]", maximumDepth: 0) != nil)
        #expect(jsonError("1", maximumDepth: 0) == nil)
        // A raised limit allows deeper documents (the parser uses no stack per level; a tree is
        // destroyed recursively, though, so limits far above the default are not advisable).
        let deep = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        #expect(jsonError(deep, maximumDepth: 2000) == nil)
        #expect(jsonError(deep, maximumDepth: 1999)?.offset == 1999)
        #expect(jsonError(deep)?.reason == DecodingLimits.depthExceeded(512))
        // 100,000 opening brackets stop at the limit, long before the end of the input.
        let unclosed = String(repeating: "[", count: 100_000)
        #expect(jsonError(unclosed)?.offset == 512)
        #expect(jsonError(unclosed, maximumDepth: 200_000)?.reason == .truncated)
    }

    @Test("text and substrings parse like bytes")
    func stringOverloads() throws {
        let text = "xx[1, \"a\"]yy"
        let slice = text.dropFirst(2).dropLast(2)
        #expect(try JSONParser.parse(slice) == [1, "a"])
        #expect(try JSONParser.parse(Data("[1]".utf8)) == [1])
        let bytes = Array("{\"k\": 2}".utf8)
        #expect(try bytes.withUnsafeBytes { buffer throws(ModelError) in try JSONParser.parse(bytes: buffer) } == ["k": 2])
    }

    @Test("random mutations of a document never crash or hang")
    func mutations() throws {
        let document = Array(#"{"a": [1, -2.5e3, "x\u00e9\n😀", true, false, null, {}], "b": {"c": [0.5, "\uD83D\uDE00"]}}"#.utf8)
        let alphabet = Array(#"{}[]":,\/-+.eE0123456789tfnul \#t"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF, 0xED, 0xF0]
        var generator = SystemRandomNumberGenerator()
        var parsed = 0
        for _ in 0..<3000 {
            var bytes = document
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = alphabet.randomElement(using: &generator)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                }
                if bytes.isEmpty { break }
            }
            if let error = jsonError(bytes: bytes) {
                #expect(error.format == .json)
                #expect(error.offset.map { $0 >= 0 && $0 <= bytes.count } == true)
            } else {
                parsed += 1
            }
        }
        #expect(parsed < 3000)
    }
}
