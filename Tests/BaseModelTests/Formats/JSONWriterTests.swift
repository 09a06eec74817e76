@testable import BaseModel
import Foundation
import OrderedCollections
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    static let sample: ModelValue = .dictionary([
        "name": "Ada",
        "age": 36,
        "tags": ["math", "poetry"],
        "address": .dictionary(["city": "London", "zip": .null]),
        "empty": [],
        "none": [:],
        "active": true,
    ])

    @Test("compact output keeps the tree's key order")
    func compact() throws {
        #expect(try JSONWriter.string(from: Self.sample)
            == #"{"name":"Ada","age":36,"tags":["math","poetry"],"address":{"city":"London","zip":null},"empty":[],"none":{},"active":true}"#)
    }

    @Test("pretty-printed output")
    func prettyPrinted() throws {
        let expected = """
            {
              "name" : "Ada",
              "age" : 36,
              "tags" : [
                "math",
                "poetry"
              ],
              "address" : {
                "city" : "London",
                "zip" : null
              },
              "empty" : [],
              "none" : {},
              "active" : true
            }
            """
        #expect(try JSONWriter.string(from: Self.sample, options: .prettyPrinted) == expected)
    }

    @Test("sorted keys, compact and pretty")
    func sortedKeys() throws {
        #expect(try JSONWriter.string(from: Self.sample, options: .sortedKeys)
            == #"{"active":true,"address":{"city":"London","zip":null},"age":36,"empty":[],"name":"Ada","none":{},"tags":["math","poetry"]}"#)
        let value: ModelValue = .dictionary(["b": 1, "a": .dictionary(["é": 1, "z": 2, "Z": 3]), "B": 2])
        let expected = """
            {
              "B" : 2,
              "a" : {
                "Z" : 3,
                "z" : 2,
                "é" : 1
              },
              "b" : 1
            }
            """
        #expect(try JSONWriter.string(from: value, options: [.sortedKeys, .prettyPrinted]) == expected)
    }

    @Test("scalars at the top level")
    func scalars() throws {
        #expect(try JSONWriter.string(from: .null) == "null")
        #expect(try JSONWriter.string(from: false) == "false")
        #expect(try JSONWriter.string(from: "x") == #""x""#)
        #expect(try JSONWriter.string(from: []) == "[]")
        #expect(try JSONWriter.string(from: [:], options: .prettyPrinted) == "{}")
    }

    @Test("integers are exact")
    func integers() throws {
        #expect(try JSONWriter.string(from: [0, 7, -7, 10, 1_000_000, .integer(.max), .integer(.min)])
            == "[0,7,-7,10,1000000,9223372036854775807,-9223372036854775808]")
        #expect(try JSONWriter.string(from: .unsignedInteger(.max)) == "18446744073709551615")
        #expect(try JSONWriter.string(from: .unsignedInteger(9_223_372_036_854_775_808)) == "9223372036854775808")
    }

    @Test("doubles in shortest round-trip form")
    func doubles() throws {
        #expect(try JSONWriter.string(from: [1.0, 0.1, -0.0, 1e-05, .double(.leastNonzeroMagnitude), 1e20, 123.456, -65.613616999999977])
            == "[1.0,0.1,-0.0,1e-05,5e-324,1e+20,123.456,-65.61361699999998]")
        // Every written double reads back as the same double.
        var generator = SystemRandomNumberGenerator()
        let numbers = (0..<1000).map { _ in Double(bitPattern: generator.next() & 0xFFEF_FFFF_FFFF_FFFF) }
        let parsed = try JSONParser.parse(try JSONWriter.data(from: .array(numbers.map(ModelValue.double))))
        guard case .array(let elements) = parsed else {
            Issue.record("not an array")
            return
        }
        for (number, element) in zip(numbers, elements) {
            guard case .double(let read) = element else {
                Issue.record("\(number) read back as \(element)")
                continue
            }
            #expect(read.bitPattern == number.bitPattern)
        }
    }

    @Test("NaN and infinities are errors with the value's path")
    func nonFiniteDoubles() throws {
        for number in [Double.nan, .infinity, -.infinity] {
            let value: ModelValue = .dictionary(["a": [1, .dictionary(["b": .double(number)])]])
            do {
                _ = try JSONWriter.data(from: value)
                Issue.record("\(number) was written")
            } catch {
                #expect(error.path.description == "a[1].b")
                #expect(error.format == .json)
                guard case .invalidValue = error.reason else {
                    Issue.record("unexpected reason \(error.reason)")
                    continue
                }
            }
        }
    }

    @Test("escaping")
    func escaping() throws {
        #expect(try JSONWriter.string(from: "quote \" backslash \\ slash /")
            == #""quote \" backslash \\ slash \/""#)
        #expect(try JSONWriter.string(from: "a/b", options: .withoutEscapingSlashes) == #""a/b""#)
        #expect(try JSONWriter.string(from: "\u{08}\u{0C}\n\r\t\u{0}\u{1}\u{1F}\u{7F}")
            == #""\b\f\n\r\t\u0000\u0001\u001f"# + "\u{7F}\"")
        #expect(try JSONWriter.string(from: "é日本😀") == "\"é日本😀\"")
        #expect(try JSONWriter.data(from: "é") == Data([0x22, 0xC3, 0xA9, 0x22]))
        #expect(try JSONWriter.string(from: .dictionary(["k\"ey\n": 1])) == #"{"k\"ey\n":1}"#)
        // Everything the writer escapes reads back unchanged.
        let tricky = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{2028}\u{FEFF}😀"
        #expect(try JSONParser.parse(try JSONWriter.data(from: .string(tricky))) == .string(tricky))
    }

    @Test("escaping at every position of strings longer than a word")
    func escapingAtEveryPosition() throws {
        // The writer looks for bytes to escape eight at a time: each escape, alone or next to
        // another, at every offset of strings of 1 to 24 bytes, among ASCII and non-ASCII text.
        let escapes: [(String, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("/", #"\/"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#),
            ("\u{1F}", #"\u001f"#), ("é", "é"), ("\u{7F}", "\u{7F}"),
        ]
        for length in 1...24 {
            for position in 0..<length {
                for (raw, escaped) in escapes {
                    let before = String(repeating: "a", count: position)
                    let after = String(repeating: position % 2 == 0 ? "b" : "日", count: length - position - 1)
                    #expect(try JSONWriter.string(from: .string(before + raw + after)) == "\"" + before + escaped + after + "\"")
                    #expect(try JSONWriter.string(from: .string(before + raw + raw + after)) == "\"" + before + escaped + escaped + after + "\"")
                }
            }
        }
        #expect(try JSONWriter.string(from: "https://example.com/a/b", options: .withoutEscapingSlashes) == #""https://example.com/a/b""#)
    }

    @Test("dates: ISO-8601 in UTC with milliseconds")
    func dates() throws {
        func written(_ seconds: Double) throws -> String {
            try JSONWriter.string(from: .date(Date(timeIntervalSince1970: seconds)))
        }
        #expect(try written(1_409_444_955) == #""2014-08-31T00:29:15.000Z""#)
        #expect(try written(1_409_444_955.123) == #""2014-08-31T00:29:15.123Z""#)
        #expect(try written(0) == #""1970-01-01T00:00:00.000Z""#)
        #expect(try written(-0.001) == #""1969-12-31T23:59:59.999Z""#)
        #expect(try written(951_782_400) == #""2000-02-29T00:00:00.000Z""#)
        #expect(try written(-62_135_596_800) == #""0001-01-01T00:00:00.000Z""#)
        #expect(try written(253_402_300_799.999) == #""9999-12-31T23:59:59.999Z""#)
        // Rounded to the nearest millisecond: Foundation's style truncates, which can print
        // .290 for a date made from 12.291 seconds.
        #expect(try written(12.291) == #""1970-01-01T00:00:12.291Z""#)
        #expect(try written(12.2914) == #""1970-01-01T00:00:12.291Z""#)
        #expect(try written(12.2916) == #""1970-01-01T00:00:12.292Z""#)
        #expect(try written(59.9996) == #""1970-01-01T00:01:00.000Z""#)
        // Years before 1582 use the proleptic Gregorian calendar, as ISO 8601 requires.
        #expect(try written(-12_219_292_800) == #""1582-10-15T00:00:00.000Z""#)
        #expect(try written(-12_219_292_801) == #""1582-10-14T23:59:59.000Z""#)
        // The hand-written formatter agrees with Foundation's on whole seconds of the Gregorian era.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Int64.random(in: -12_219_292_800..<253_402_300_800, using: &generator)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let foundation = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
            #expect(try JSONWriter.string(from: .date(date)) == "\"\(foundation)\"")
        }
        let nonFinite = ModelValue.array([.date(Date(timeIntervalSinceReferenceDate: .nan))])
        #expect(throws: ModelError.self) { try JSONWriter.data(from: nonFinite) }
    }

    @Test("data: standard base64 without line breaks")
    func data() throws {
        #expect(try JSONWriter.string(from: .data(Data([0, 1, 2, 255]))) == #""AAEC/w==""#)
        #expect(try JSONWriter.string(from: .data(Data())) == #""""#)
        let long = Data((0..<300).map { UInt8($0 % 256) })
        let text = try JSONWriter.string(from: .data(long), options: .withoutEscapingSlashes)
        #expect(!text.contains("\n"))
        #expect(text == "\"\(long.base64EncodedString())\"")
    }

    @Test("data(from:) and string(from:) agree", .corpus)
    func dataMatchesString() throws {
        let value = try JSONParser.parse(try JSONTestCorpus.data("github_events.json"))
        let data = try JSONWriter.data(from: value, options: .prettyPrinted)
        #expect(data == Data(try JSONWriter.string(from: value, options: .prettyPrinted).utf8))
        #expect(Array(data) == (try JSONWriter.bytes(from: value, options: .prettyPrinted)))
    }

    @Test("output is read by JSONSerialization")
    func foundationReadsOutput() throws {
        let data = try JSONWriter.data(from: Self.sample)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["name"] as? String == "Ada")
        #expect((object["tags"] as? [Any])?.count == 2)
        #expect(Set(object.keys) == ["name", "age", "tags", "address", "empty", "none", "active"])
    }

    @Test("a graph is written by the same writer: a shared dictionary or a cycle met again is an $alias, as its tree shows it")
    func graphs() throws {
        for graph in [InputIndexGraphTests.sharedDictionary(), InputIndexGraphTests.cycle()] {
            for options: JSONWriter.Options in [[], .prettyPrinted, .sortedKeys] {
                let writer = JSONModelWriter(options: options)
                try graph.write(to: writer)
                #expect(try writer.finish() == JSONWriter.data(from: graph.typedTree(), options: options))
            }
        }
        let writer = JSONCodec().makeWriter()
        try InputIndexGraphTests.cycle().write(to: writer)
        #expect(String(decoding: try writer.finish(), as: UTF8.self) == #"["head",{"parent":{"$alias":"$root"}}]"#)
    }

    @Test("sorted keys from the writer's own calls: each dictionary in key order when it closes, values moved whole")
    func sortedByTheWriter() throws {
        let writer = JSONModelWriter(options: [.sortedKeys, .prettyPrinted])
        writer.beginDictionary(count: nil)
        writer.writeKey("zeta")
        writer.beginArray(count: nil)
        writer.beginDictionary(count: nil)
        writer.writeKey("b")
        writer.writeInteger(2)
        writer.writeKey("a")
        writer.writeString("x,\"y\"")
        writer.endDictionary()
        writer.endArray()
        writer.writeKey("alpha")
        writer.writeTree(["z": 1, "m": [:]])
        writer.writeKey("é")
        writer.writeNull()
        writer.writeKey("e")
        writer.writeBool(true)
        writer.endDictionary()
        let value: ModelValue = ["zeta": [["b": 2, "a": "x,\"y\""]], "alpha": ["z": 1, "m": [:]], "é": .null, "e": true]
        #expect(try writer.finish() == JSONWriter.data(from: value, options: [.sortedKeys, .prettyPrinted]))
        #expect(try JSONWriter.string(from: value, options: .sortedKeys) == #"{"alpha":{"m":{},"z":1},"e":true,"zeta":[{"a":"x,\"y\"","b":2}],"é":null}"#)
    }

    @Test("jsonData(sortedKeys:) streams: the bytes of the model's tree written with sorted keys")
    func modelsWithSortedKeys() throws {
        struct Inner: Model { var zulu = 1; var alpha = [3, 2] }
        struct Outer: Model { var name = "n"; var inner = Inner(); var extra: ModelValue = ["b": 1, "a": ["y": 1, "x": 2]] }
        let model = Outer()
        for pretty in [false, true] {
            let options: JSONWriter.Options = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
            #expect(try model.jsonData(prettyPrinted: pretty, sortedKeys: true) == JSONWriter.data(from: model.treeRepresentation(), options: options))
        }
        #expect(String(decoding: try model.jsonData(sortedKeys: true), as: UTF8.self)
            == #"{"extra":{"a":{"x":2,"y":1},"b":1},"inner":{"alpha":[3,2],"zulu":1},"name":"n"}"#)
    }
}
