import BaseModel
import Foundation
import Testing

/// The article "Files and formats", compiled and run: every Swift block of it appears here line
/// for line (`DocumentationCodeTests` checks that).
enum FilesAndFormatsArticle {
    struct Project: Model, Equatable {
        var name = ""
        var parts: [String] = []
        var started: Date?
    }

    final class TodoList: Model {
        var items: [String] = []
        required init() {}
    }

    struct TodoItem: Model, Equatable {
        var label = ""
        var checked = false
    }

    struct JSONLinesCodec: FormatCodec {
        var format: ModelFormat { ModelFormat(rawValue: "json-lines") }
        var fileExtension: String { "jsonl" }
        var storesTypes: Bool { false }

        /// More certain than JSON (50) when there are several lines, each an object.
        func confidence(for data: Data) -> Int? {
            let lines = data.split(separator: UInt8(ascii: "\n"))
            return lines.count > 1 && lines.allSatisfy { $0.first == UInt8(ascii: "{") } ? 60 : nil
        }

        /// An array (node 0) of each line's JSON graph, its nodes moved past those before it.
        func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode] {
            let json = try FormatRegistry.shared.codec(for: .json)
            var graph: [ModelNode] = [.array([])]
            var lines: [Int] = []
            for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
                do {
                    let offset = graph.count
                    graph += try json.decodeGraph(from: Data(line)).map { renumbered($0) { $0 + offset } }
                    lines.append(offset)
                } catch {
                    throw ModelError(.malformed("line \(number + 1): \(error.reason)"), path: [.index(number)], format: format)
                }
            }
            graph[0] = .array(lines)
            return graph
        }

        /// Each element of the root array as one line of JSON.
        func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data {
            guard case .array(let lines) = graph[0] else {
                throw ModelError(.typeMismatch(expected: "array", found: "a single value"), format: format)
            }
            let json = try FormatRegistry.shared.codec(for: .json)
            var data = Data()
            for line in lines {
                data.append(try json.encodeGraph(subgraph(of: graph, at: line)))
                data.append(UInt8(ascii: "\n"))
            }
            return data
        }

        /// The nodes `root` reaches, numbered in the order they are met: `root` is node 0.
        func subgraph(of graph: [ModelNode], at root: Int) -> [ModelNode] {
            var numbers = [root: 0]
            var order = [root]
            var result: [ModelNode] = []
            while result.count < order.count {
                result.append(renumbered(graph[order[result.count]]) { node in
                    if let known = numbers[node] { return known }
                    numbers[node] = order.count
                    order.append(node)
                    return order.count - 1
                })
            }
            return result
        }

        /// `node` with each child's number replaced by `number(child)`.
        func renumbered(_ node: ModelNode, _ number: (Int) -> Int) -> ModelNode {
            switch node {
            case .array(let elements): .array(elements.map(number))
            case .dictionary(let entries): .dictionary(entries.mapValues(number))
            case .object(let name, let properties): .object(className: name, properties: properties.mapValues { $0.map(number) })
            default: node
            }
        }
    }

    final class Folder: Model, BackReferencingModel {
        var children: [Folder] = []
        weak var parent: Folder?
        func restoreBackReference(_ object: AnyObject, forKey key: String) -> Bool {
            guard key == "parent", let folder = object as? Folder else { return false }
            parent = folder
            return true
        }
        required init() {}
    }
}

@Suite("Article: Files and formats") struct FilesAndFormatsArticleTests {
    typealias Project = FilesAndFormatsArticle.Project
    typealias TodoList = FilesAndFormatsArticle.TodoList

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("FilesAndFormats-\(UUID())")
    }

    /// A codec of one's own: the article's JSON Lines codec reads a log into models, writes them
    /// back line by line, and refuses a bad line with its number, path and format.
    @Test func aFormatOfYourOwn() throws {
        typealias TodoItem = FilesAndFormatsArticle.TodoItem
        typealias JSONLinesCodec = FilesAndFormatsArticle.JSONLinesCodec
        let formats = FormatRegistry(codecs: [JSONLinesCodec()])
        let context = ModelContext(formats: formats)
        let log = Data("""
            {"label": "Buy milk", "checked": true}
            {"label": "Feed the cat"}
            """.utf8)
        let items = try TodoItem.instances(array: ModelValue(data: log, context: context))
        let codec = try formats.detect(log)
        let bytes = try codec.encodeGraph(codec.decodeGraph(from: log))

        #expect(items == [TodoItem(label: "Buy milk", checked: true), TodoItem(label: "Feed the cat", checked: false)])
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").count == 2)
        #expect(try TodoItem.instances(array: ModelValue(data: bytes, context: context)) == items)
        #expect(try ModelValue(data: log, context: context) == [["label": "Buy milk", "checked": true], ["label": "Feed the cat"]])

        let broken = Data("{\"label\": \"ok\"}\n{\"label\": \n".utf8)
        let error = #expect(throws: ModelError.self) { try ModelValue(data: broken, context: context) }
        #expect(error?.path == [.index(1)])
        #expect(error?.format == ModelFormat(rawValue: "json-lines"))
        #expect(throws: ModelError.self) { try JSONLinesCodec().encodeGraph([.dictionary(["label": 1]), .string("not a list")]) }
        // Each line's graph is moved past the lines before it: node numbers name the right values.
        let graph = try JSONLinesCodec().decodeGraph(from: log)
        #expect(graph[0] == .array([1, 4]))
        #expect(graph[4] == .dictionary(["label": 5]) && graph[5] == .string("Feed the cat"))
        // A value shared by two lines is written into each of them.
        let shared: [ModelNode] = [.array([1, 1]), .dictionary(["label": 2]), .string("Same")]
        #expect(String(decoding: try JSONLinesCodec().encodeGraph(shared), as: UTF8.self) == "{\"label\":\"Same\"}\n{\"label\":\"Same\"}\n")
    }

    @Test func oneWayInAndOneWayOut() throws {
        let project = Project(name: "Engine", parts: ["piston", "valve"], started: Date(timeIntervalSince1970: 1_000_000))
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ModelLocations.withApplicationSupport(folder) {
            let url = folder.appendingPathComponent("Projects/Engine.json")
            try project.write(to: "Projects/Engine.json", format: .json)  // relative: the application-support folder
            let again = try Project(contentsOf: "Projects/Engine.json")   // read back from the same place
            let other = try Project(contentsOf: url)                      // a URL; any format, detected from the bytes
            let bytes = try project.data(format: .hrJSON)                 // the bytes without a file
            let decoded = try Project(data: bytes)                        // bytes in any format, detected
            let tree = try ModelValue(data: Data(contentsOf: url))        // any file as a tree (what `inspect` shows)

            #expect(again == project && other == project && decoded == project)
            #expect(tree["name"] == "Engine")
            #expect(String(decoding: bytes, as: UTF8.self).contains("$class"))
        }
    }

    @Test func aContextOfYourOwn() throws {
        let project = Project(name: "Engine", parts: ["piston"], started: nil)
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = ModelRegistry()
        types.register(Project.self, name: "EngineProject")
        let context = ModelContext(types: types, applicationSupport: folder)
        try project.write(to: "Projects/Engine.fast", format: .fast, context: context)
        let loaded = try Project(contentsOf: "Projects/Engine.fast", context: context)
        #expect(loaded == project)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("Projects/Engine.fast"))
        #expect(bytes.range(of: Data("EngineProject".utf8)) != nil)
    }

    @Test func theFastFormat() throws {
        let list = TodoList()
        list.items = ["Do washing", "Mow lawn"]
        let untrusted = try FormatRegistry.shared.codec(for: .fast).encodeTree(["a", 1, true])
        let bytes = try list.data(format: .fast)                  // or write(to:format:) / init(contentsOf:)
        let back = try TodoList(data: bytes)                      // detected: fast
        let plain = try ModelValue(fastPlainValues: untrusted)    // plain values only, for files you did not write
        #expect(back.items == list.items)
        #expect(plain == ["a", 1, true])
        #expect(throws: ModelError.self) { try ModelValue(fastPlainValues: bytes) }
    }

    /// Which format a file is, in one call: every format of the registry, and bytes that are
    /// none or empty.
    @Test func detectionIsOneCall() throws {
        let list = TodoList()
        list.items = ["Do washing"]
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for written in [ModelFormat.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrXML, .hrJSON, .hrBinary, .fast] {
            let url = folder.appendingPathComponent("list.\(written.rawValue)")
            try list.write(to: url, format: written)
            let codec = try FormatRegistry.shared.detect(Data(contentsOf: url))   // the codec most sure of the bytes
            let format = codec.format                                             // .fast, .keyedArchive, …
            #expect(format == written)
            #expect(try codec.decodeTree(from: Data(contentsOf: url)) == ModelValue(data: Data(contentsOf: url)))
        }
        let unknown = #expect(throws: ModelError.self) { try FormatRegistry.shared.detect(Data("hello".utf8)) }
        #expect(unknown?.reason == .malformed("not a format this library reads"))
        #expect(throws: ModelError(.empty)) { try FormatRegistry.shared.detect(Data()) }
    }

    /// A plain format cannot store a back reference: the article quotes the error.
    @Test func aBackReferenceInAPlainFormatIsAnError() throws {
        let root = FilesAndFormatsArticle.Folder()
        let child = FilesAndFormatsArticle.Folder()
        child.parent = root
        root.children = [child]
        let error = #expect(throws: ModelError.self) { try root.data(format: .json) }
        #expect(error?.description == "children[0].parent: unsupported: a cycle: the Folder at children[0].parent is an ancestor of itself (at <root>); plain formats cannot store back references: use a typed format (keyed archive, hr-json, hr-xml, hr-binary, fast) or list the property in uncodableKeys (json)")
    }

    @Test func aBackReferenceIsRestored() throws {
        let root = FilesAndFormatsArticle.Folder()
        let child = FilesAndFormatsArticle.Folder()
        child.parent = root
        root.children = [child]
        let again = try FilesAndFormatsArticle.Folder(data: root.data(format: .keyedArchive))
        #expect(again.children.first?.parent === again)
    }
}
