@testable import BaseModel
import Foundation
import Testing

/// The HR formats on the graph: HRCoder's plain-container roots, null, sharing and cycles, read
/// and written as HRCoder did (issue 31, items 4 and 5).
@Suite("HRCoder: roots, null, sharing and cycles")
struct HRCoderGraphTests {
    typealias Fixtures = HRCoderFixtures

    struct Note: Model, Equatable {
        var text = ""
        var when: Date?
    }

    final class Node: Model, @unchecked Sendable {
        var name = ""
        var friend: Node?
        required init() {}
    }

    static let registry: ModelRegistry = {
        let registry = ModelRegistry()
        registry.register(Note.self)
        registry.register(Node.self)
        return registry
    }()

    @Test("JSON with an array root converts to every HR format and reads back (github_events.json)", .corpus)
    func arrayRootConverts() throws {
        let data = try Data(contentsOf: ModelCorpus.root.appendingPathComponent("json/github_events.json"))
        let original = try ModelValue(data: data)
        for format in [ModelFormat.hrJSON, .hrXML, .hrBinary] {
            let converted = try FormatRegistry.shared.convert(data, to: format)
            let codec = try FormatRegistry.shared.codec(for: format)
            let back = try codec.decodeTree(from: converted)
            guard case .array(let events) = back else { Issue.record("\(format): not an array"); continue }
            #expect(events.count == 30)
            if format == .hrJSON { #expect(back == original) }
        }
    }

    @Test("models in an array root write and read back in every HR format, detected as it", arguments: Fixtures.codecs)
    func modelArrayRoot(codec: any FormatCodec) throws {
        let notes = [Note(text: "a", when: Date(timeIntervalSinceReferenceDate: 60)), Note(text: "b")]
        let bytes = try codec.encodeModel(notes, using: ModelEncoder(registry: Self.registry))
        #expect(try codec.decodeTree(from: bytes) == [
            ["$class": "Note", "text": "a", "when": .date(Date(timeIntervalSinceReferenceDate: 60))], ["$class": "Note", "text": "b"],
        ])
        #expect(try FormatRegistry.shared.detect(bytes).format == codec.format)
        #expect(try codec.decodeModel([Note].self, from: bytes, using: ModelDecoder(registry: Self.registry)) == notes)
    }

    @Test("a class instance met twice in an array root is one object: an alias, read back as one instance",
          arguments: Fixtures.codecs)
    func sharedInstances(codec: any FormatCodec) throws {
        let shared = Node()
        shared.name = "Bob"
        let bytes = try codec.encodeModel([shared, shared], using: ModelEncoder(registry: Self.registry))
        #expect(try codec.decodeTree(from: bytes) == [["$class": "Node", "name": "Bob"], ["$alias": "0"]])
        let back = try codec.decodeModel([Node].self, from: bytes, using: ModelDecoder(registry: Self.registry))
        #expect(back.count == 2 && back[0] === back[1])
    }

    @Test("null goes into HR as HRCoder writes it and reads back as null, also when JSON is converted",
          arguments: Fixtures.codecs)
    func nullRoundTrips(codec: any FormatCodec) throws {
        let json = Data(#"{"a":null,"b":[1,null],"c":{"d":null}}"#.utf8)
        let converted = try FormatRegistry.shared.convert(json, to: codec.format)
        let text = String(decoding: converted, as: UTF8.self)
        if codec.format == .hrJSON {
            #expect(text == #"{"a":null,"b":[1,null],"c":{"d":null}}"#)
        } else if codec.format == .hrXML {
            #expect(text.contains("<dict>\n\t\t<key>$class</key>\n\t\t<string>NSNull</string>\n\t</dict>"))
        }
        // Detected as HR (the NSNull objects are HRCoder's marks; the JSON form has none and is JSON).
        #expect(try FormatRegistry.shared.detect(converted).format == (codec.format == .hrJSON ? .json : codec.format))
        #expect(try ModelValue(data: converted) == ["a": .null, "b": [1, .null], "c": ["d": .null]])
        struct Loose: Model, Equatable {
            var a: String?
            var b: [Int?] = []
        }
        #expect(try Loose(data: converted) == Loose(a: nil, b: [1, nil]))
    }

    @Test("every HR file of the originals with a plain root is detected as HR and its typed leaves decode", .corpus,
          arguments: ["people.hr.json", "people.hr.xml", "people.hr.bplist", "scalars.hr.json", "scalars.hr.xml",
                      "scalars.hr.bplist", "cycle.hr.json", "shared.hr.bplist"])
    func originalsDetected(name: String) throws {
        let data = try OriginalsCorpus.data(name)
        #expect(try FormatRegistry.shared.detect(data).format == OriginalsCorpus.format(of: name))
        let tree = try ModelValue(data: data)
        if name.hasPrefix("scalars") {
            #expect(tree["null"] == .null)
            guard case .date(let date)? = tree["date"], case .data(let bytes)? = tree["data"] else {
                Issue.record("\(name): \(tree)")
                return
            }
            #expect(date.timeIntervalSinceReferenceDate.rounded(.down) == 123_456_789)
            #expect(bytes.count == 300)
        }
        if name.hasPrefix("people") {
            #expect(tree[1]?["buddy"] == ["$alias": "0.buddy"])
            guard case .date? = tree[0]?["buddy"]?["birthday"] else {
                Issue.record("\(name): \(tree)")
                return
            }
        }
        if name.hasPrefix("cycle") {
            #expect(tree == ["head", ["parent": ["$alias": "$root"]]])
        }
    }

    @Test("a cycle and shared containers of the originals write back as HRCoder wrote them", .corpus,
          arguments: ["cycle.hr.json", "shared.hr.json", "fastpeople.hr.json"])
    func rewriteJSON(name: String) throws {
        let data = try OriginalsCorpus.data(name)
        let again = try FormatRegistry.shared.convert(data, to: .hrJSON)
        let expected: String = switch name {
        case "cycle.hr.json": #"["head",{"parent":{"$alias":"$root"}}]"#
        case "shared.hr.json":
            #"[{"shared":"yes","n":42},{"$alias":"0"},["repeated string value","repeated string value"],"#
                + #""repeated string value",{"again":{"$alias":"0"}}]"#
        default:
            #"[{"$class":"IOFastPerson","age":-70000,"tags":[],"name":"Eve","score":1e+100,"buddy":{"$class":"IOFastPerson","#
                + #""birthday":{"$class":"NSDate","NS.time":123456789.25},"age":7,"tags":["d"],"name":"Dan","score":2.5}},"#
                + #"{"$alias":"0.buddy"},{"owner":{"$alias":"0"}}]"#
        }
        #expect(String(decoding: again, as: UTF8.self) == expected)
    }

    @Test("mutable strings, mutable data and URLs read as values, and write back as HRCoder's objects", arguments: Fixtures.codecs)
    func foundationForms(codec: any FormatCodec) throws {
        let json = #"""
            {"s":{"$class":"NSMutableString","NS.string":"text"},"d":{"$class":"NSMutableData","$data":"AQI="},
             "u":{"$class":"NSURL","NS.relative":"https://example.com/"}}
            """#
        let converted = try FormatRegistry.shared.convert(Data(json.utf8), to: codec.format)
        let tree: ModelValue = ["s": "text", "d": .data(Data([1, 2])), "u": "https://example.com/"]
        #expect(try codec.decodeTree(from: converted) == tree)
        let graph = try (codec as! any GraphCodec).readGraph(from: converted)
        let s = try #require(graph.value(of: graph.root, forKey: "s", request: -1))
        let d = try #require(graph.value(of: graph.root, forKey: "d", request: -1))
        let u = try #require(graph.value(of: graph.root, forKey: "u", request: -1))
        #expect(graph[s].flags == .mutable && graph[d].flags == .mutable && graph[u].variant == .url)
        let text = String(decoding: converted, as: UTF8.self)
        if codec.format == .hrJSON {
            #expect(text == #"{"s":{"$class":"NSMutableString","NS.string":"text"},"d":{"$class":"NSMutableData","$data":"AQI="},"#
                + #""u":{"$class":"NSURL","NS.relative":"https:\/\/example.com\/"}}"#)
        }
    }

    @Test("an HR writer names its own format in errors, the encoder's included")
    func errorsNameTheFormat() throws {
        final class Loop: Model, @unchecked Sendable {
            var next: Loop?
            required init() {}
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
            }
        }
        for codec in Fixtures.codecs {
            let error = #expect(throws: ModelError.self) { try codec.encodeModel(Loop(), using: ModelEncoder(registry: Self.registry)) }
            #expect(error?.format == codec.format)
        }
        for format in [ModelFormat.xmlPropertyList, .binaryPropertyList] {
            let error = #expect(throws: ModelError.self) { try Loop().data(format: format) }
            #expect(error?.format == format)
        }
    }
}
