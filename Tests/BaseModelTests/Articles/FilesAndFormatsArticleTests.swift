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

        /// More certain than JSON (50) when there are several lines, each an object.
        func confidence(for data: Data) -> Int? {
            let lines = data.split(separator: UInt8(ascii: "\n"))
            return lines.count > 1 && lines.allSatisfy { $0.first == UInt8(ascii: "{") } ? 60 : nil
        }

        func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
            var values: [ModelValue] = []
            for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
                do {
                    values.append(try ModelValue(data: Data(line)))
                } catch {
                    throw ModelError(.malformed("line \(number + 1): \(error.reason)"), path: [.index(number)], format: format)
                }
            }
            return .array(values)
        }

        func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
            guard case .array(let values) = tree else {
                throw ModelError(.typeMismatch(expected: "array", found: "a single value"), format: format)
            }
            var data = Data()
            for value in values {
                do {
                    data.append(try JSONEncoder().encode(value))
                } catch {
                    throw ModelError(.unsupported("\(error)"), format: format)
                }
                data.append(UInt8(ascii: "\n"))
            }
            return data
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
        let bytes = try formats.detect(log).encodeTree(.array(items.map { try $0.treeRepresentation() }))

        #expect(items == [TodoItem(label: "Buy milk", checked: true), TodoItem(label: "Feed the cat", checked: false)])
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").count == 2)
        #expect(try TodoItem.instances(array: ModelValue(data: bytes, context: context)) == items)
        #expect(try ModelValue(data: log, context: context) == [["label": "Buy milk", "checked": true], ["label": "Feed the cat"]])

        let broken = Data("{\"label\": \"ok\"}\n{\"label\": \n".utf8)
        let error = #expect(throws: ModelError.self) { try ModelValue(data: broken, context: context) }
        #expect(error?.path == [.index(1)])
        #expect(error?.format == ModelFormat(rawValue: "json-lines"))
        #expect(throws: ModelError.self) { try JSONLinesCodec().encodeTree(["label": "not a list"]) }
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
