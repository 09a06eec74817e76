@testable import BaseModel
import Foundation
import Testing

/// `basemodel extract`, `type`, `set` and `remove`: a value at a key path, read or changed in
/// place, run as the built executable.
@Suite("The command line's key-path verbs")
struct KeyPathCommandTests {
    private static let tool = SiblingExecutable.url(named: "basemodel")

    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    private static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let tool = try #require(Self.tool, "basemodel is not built; run swift build")
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: outputBytes, as: UTF8.self),
            error: String(decoding: errorBytes, as: UTF8.self))
    }

    /// A folder of its own holding `name` with `contents`.
    private static func file(_ name: String, _ contents: Data) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-keypath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    /// The environment variable the command line reads its password from.
    private static let passwordVariable = "BASEMODEL_PASSWORD"

    private static let sample = Data(#"{"a":{"b.c":[1,"two",true,2.5]},"n":null,"d":"x"}"#.utf8)

    @Test("extract writes the value as JSON, a property list, or bare for scripts")
    func extract() throws {
        let file = try Self.file("sample.json", Self.sample)
        #expect(try Self.run(["extract", #"a.b\.c.1"#, file.path, "--as", "raw"]).output == "two\n")
        #expect(try Self.run(["extract", #"a.b\.c.3"#, file.path, "--as", "raw"]).output == "2.5\n")
        #expect(try Self.run(["extract", #"a.b\.c.2"#, file.path, "--as", "raw"]).output == "true\n")
        #expect(try Self.run(["extract", "n", file.path, "--as", "raw"]).output == "null\n")
        let json = try Self.run(["extract", "a", file.path])
        #expect(json.status == 0)
        #expect(try JSONParser.parse(Data(json.output.utf8)) == ["b.c": [1, "two", true, 2.5]])
        #expect(json.output.contains("\n  "))  // indented
        let xml = try Self.run(["extract", "a", file.path, "--as", "xml"])
        #expect(xml.output.hasPrefix("<?xml"))
        #expect(xml.output.contains("<key>b.c</key>"))
        let binary = try Self.run(["extract", #"a.b\.c"#, file.path, "--as", "binary"])
        #expect(binary.output.hasPrefix("bplist00"))
    }

    @Test("a missing path, a container asked for raw and a null in a property list are one line and status 1")
    func extractFailures() throws {
        let file = try Self.file("sample.json", Self.sample)
        let missing = try Self.run(["extract", "a.x", file.path])
        #expect(missing.status == 1)
        #expect(missing.output.isEmpty)
        #expect(missing.error == "basemodel: \(file.path): a.x: missing value (expected a value at a.x)\n")
        let raw = try Self.run(["extract", "a", file.path, "--as", "raw"])
        #expect(raw.status == 1)
        #expect(raw.error == "basemodel: \(file.path): a: a dictionary has no raw form; use --as json\n")
        let scalar = try Self.run(["type", "d.e", file.path])
        #expect(scalar.status == 1)
        #expect(scalar.error == "basemodel: \(file.path): d: expected a dictionary, array or object to find \"e\" in, found string\n")
        let null = try Self.run(["extract", "n", file.path, "--as", "xml"])
        #expect(null.status == 1)
        #expect(null.error.hasPrefix("basemodel: \(file.path): "))
        #expect(null.error.split(separator: "\n").count == 1)
    }

    @Test("type names the kind, or an object's class", .corpus)
    func type() throws {
        let people = try Self.file("people.fast", OriginalsCorpus.data("people.fast"))
        let kinds = ["0": "IOPerson", "0.buddy.birthday": "date", "0.score": "real", "0.age": "integer", "0.tags": "array", "0.name": "string"]
        for (path, kind) in kinds {
            let result = try Self.run(["type", path, people.path])
            #expect(result.status == 0)
            #expect(result.output == "\(kind)\n", "\(path)")
        }
        let json = try Self.file("sample.json", Self.sample)
        #expect(try Self.run(["type", "a", json.path]).output == "dictionary\n")
        #expect(try Self.run(["type", "n", json.path]).output == "null\n")
        #expect(try Self.run(["type", #"a.b\.c.2"#, json.path]).output == "bool\n")
    }

    @Test("set changes a shared object everywhere, keeps the file's format and the rest of its graph", .corpus)
    func setShared() throws {
        let people = try Self.file("people.fast", OriginalsCorpus.data("people.fast"))
        let set = try Self.run(["set", "0.buddy.name", "Robert", people.path])
        #expect(set.status == 0)
        #expect(set.error.isEmpty)
        #expect(try Self.run(["extract", "1.buddy.name", people.path, "--as", "raw"]).output == "Robert\n")
        #expect(try Self.run(["extract", "2.name", people.path, "--as", "raw"]).output == "Robert\n")
        let data = try Data(contentsOf: people)
        #expect(try FormatRegistry.shared.detect(data).format == .fast)
        let tree = try FormatRegistry.shared.graph(of: data).graph.typedTree()
        #expect(tree[1]?["buddy"] == ["$alias": "0.buddy"])
        #expect(tree[2] == ["$alias": "0.buddy"])
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: people.deletingLastPathComponent().path) == ["people.fast"])
    }

    @Test("set reads VALUE as a string, as the --type given, or as JSON")
    func setTypes() throws {
        let file = try Self.file("sample.json", Self.sample)
        let edits: [([String], String, ModelValue)] = [
            (["--type", "integer"], "7", 7),
            (["--type", "real"], "-0.5", -0.5),
            (["--type", "bool"], "yes", true),
            (["--type", "date"], "2026-11-27T21:40:00Z", .date(Date(timeIntervalSince1970: 1_795_815_600))),
            (["--type", "data"], "AQI=", .data(Data([1, 2]))),
            (["--json"], #"{"k":[1,"z"]}"#, ["k": [1, "z"]]),
            ([], "-1", "-1"),
        ]
        let binary = try Self.file("sample.plist", FormatRegistry.shared.convert(Data(#"{"a":{"b":[1]},"d":"x"}"#.utf8), to: .binaryPropertyList))
        for (options, text, value) in edits {
            let result = try Self.run(["set"] + options + ["--", "new", text, binary.path])
            #expect(result.status == 0, "\(options): \(result.error)")
            let data = try Data(contentsOf: binary)
            #expect(try FormatRegistry.shared.detect(data).format == .binaryPropertyList)
            #expect(try FormatRegistry.shared.graph(of: data).graph.value(at: "new") == value, "\(options)")
        }
        let bad = try Self.run(["set", "--type", "integer", "d", "seven", file.path])
        #expect(bad.status != 0 && bad.status != 1)
        #expect(bad.error.contains("\"seven\" is not an integer"))
        #expect(try Data(contentsOf: file) == Self.sample)
        let added = try Self.run(["set", #"a.b\.c.4"#, "five", file.path])
        #expect(added.status == 0)
        #expect(try JSONParser.parse(Data(contentsOf: file)) == ["a": ["b.c": [1, "two", true, 2.5, "five"]], "n": .null, "d": "x"])
    }

    @Test("remove takes the value out; a missing path leaves the file as it was")
    func remove() throws {
        let file = try Self.file("sample.json", Self.sample)
        #expect(try Self.run(["remove", #"a.b\.c.0"#, file.path]).status == 0)
        #expect(try Self.run(["remove", "n", file.path]).status == 0)
        #expect(try Data(contentsOf: file) == Data(#"{"a":{"b.c":["two",true,2.5]},"d":"x"}"#.utf8))
        let before = try Data(contentsOf: file)
        let missing = try Self.run(["remove", "n", file.path])
        #expect(missing.status == 1)
        #expect(missing.error == "basemodel: \(file.path): n: missing value (expected a value at n)\n")
        #expect(try Data(contentsOf: file) == before)
    }

    /// `set` of the value a place holds, for every file the originals wrote: fast files keep
    /// their bytes, the other formats their values (the help says so); encrypted files are
    /// sealed again with the password and keep their values.
    @Test("set of the value a place holds keeps each original file's bytes or values", .corpus,
          arguments: OriginalsCorpus.files() + OriginalsCorpus.files(in: OriginalsCorpus.fromJSON).map { "fromjson/" + $0 })
    func unchangedOriginals(name: String) throws {
        let original = try Data(contentsOf: OriginalsCorpus.folder.appendingPathComponent(name))
        let (codec, graph) = try FormatRegistry.shared.graph(of: original)
        let leaf = try #require(GraphLeaf.first(in: graph, kinds: [.string, .integer, .bool, .double, .data]), "\(name) holds no scalar")
        let (type, text): (String, String)
        switch graph.scalar(leaf.node)! {
        case .string(let value): (type, text) = ("string", value)
        case .integer(let value): (type, text) = ("integer", String(value))
        case .bool(let value): (type, text) = ("bool", String(value))
        case .double(let value): (type, text) = ("real", "\(value)")
        case .data(let value): (type, text) = ("data", value.base64EncodedString())
        case let other: Issue.record("\(other)"); return
        }
        let file = try Self.file(String(name.split(separator: "/").last!), original)
        let result = try Self.run(["set", "--type", type, "--", leaf.path.description, text, file.path])
        #expect(result.status == 0, "\(name): \(result.error)")
        let edited = try Data(contentsOf: file)
        if codec.format == .fast {
            #expect(edited == original, "\(name)")
        } else {
            let again = try FormatRegistry.shared.graph(of: edited)
            #expect(again.codec.format == codec.format)
            #expect(try again.graph.typedTree() == graph.typedTree(), "\(name)")
        }
        // The same graph encrypted: set through the password, the same values after.
        let sealedName = name.replacingOccurrences(of: ".keyed", with: ".crypto")
        guard name.hasSuffix(".keyed"), FileManager.default.fileExists(atPath: OriginalsCorpus.folder.appendingPathComponent(sealedName).path) else {
            return
        }
        let sealed = try Self.file("sealed.crypto", Data(contentsOf: OriginalsCorpus.folder.appendingPathComponent(sealedName)))
        let password = [Self.passwordVariable: OriginalsCorpus.password]
        let before = try Self.run(["convert", sealed.path, "--to", "hr-json"], environment: password)
        #expect(before.status == 0, "\(sealedName): \(before.error)")
        let sealedResult = try Self.run(["set", "--type", type, "--", leaf.path.description, text, sealed.path], environment: password)
        #expect(sealedResult.status == 0, "\(sealedName): \(sealedResult.error)")
        #expect(try Data(contentsOf: sealed) != Data(contentsOf: OriginalsCorpus.folder.appendingPathComponent(sealedName)))
        let after = try Self.run(["convert", sealed.path, "--to", "hr-json"], environment: password)
        #expect(after.output == before.output, "\(sealedName)")
        #expect(try Self.run(["convert", sealed.path, "--to", "hr-json"], environment: [Self.passwordVariable: "wrong"]).status == 1)
    }

    @Test("an envelope is sealed again with the same password")
    func envelope() throws {
        let password = [Self.passwordVariable: "correct horse"]
        let plain = try Self.file("sample.json", Self.sample)
        let sealed = plain.deletingLastPathComponent().appendingPathComponent("sample.sealed")
        let convert = try Self.run(["convert", plain.path, "--to", "encrypted", "--inner", "fast", "-o", sealed.path], environment: password)
        #expect(convert.status == 0, "\(convert.error)")
        #expect(try Self.run(["set", "d", "y", sealed.path], environment: password).status == 0)
        #expect(try Self.run(["extract", "d", sealed.path, "--as", "raw"], environment: password).output == "y\n")
        #expect(try Self.run(["type", "a", sealed.path], environment: password).output == "dictionary\n")
        let wrong = try Self.run(["set", "d", "z", sealed.path], environment: [Self.passwordVariable: "wrong"])
        #expect(wrong.status == 1)
        #expect(wrong.error.hasPrefix("basemodel: \(sealed.path): "))
        #expect(try Self.run(["extract", "d", sealed.path, "--as", "raw"], environment: password).output == "y\n")
    }

    @Test("the help of set and remove says what an edit keeps")
    func help() throws {
        for verb in ["set", "remove"] {
            let help = try Self.run([verb, "--help"]).output.replacingOccurrences(of: "\n", with: " ")
                .split(separator: " ").joined(separator: " ")
            #expect(help.contains("FastCoding files keep their bytes"), "\(verb)")
            #expect(help.contains("keyed archives keep their values, sharing and classes"), "\(verb)")
            #expect(help.contains("seen from every place that holds it"), "\(verb)")
        }
    }
}
