import BaseModelMacros
import Foundation
import Testing

/// Version 1 of the article's versioned `TodoList`, as the app wrote it before the rename: the
/// same type name, `name` instead of `title`.
@Model final class TodoListVersion1 {
    var name = ""
    var items: [SharedInstancesArticle.TodoItem] = []
    static var typeName: String { "TodoList" }
}

/// A version-2 model whose migration is not idempotent (it turns a string into a boolean): read
/// back without its version, its own data would be migrated again and come out wrong.
@Model struct Chore: Equatable {
    var done = false
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.convert("done") { .bool($0 == "yes") }]] }
}

/// The article's versioned `TodoList` (schema version 2, `[1: [.move("name", to: "title")]]`) reads
/// a version-1 file through every read, in every format, as its shared instance does; refuses a
/// newer version; and records its version in everything it writes.
@Suite("Versions on every read", .serialized) struct VersionedReadsTests {
    typealias TodoList = SharedInstancesArticle.Versioned.TodoList
    typealias TodoItem = SharedInstancesArticle.TodoItem

    static let formats: [ModelFormat] = [.json, .fast, .keyedArchive, .binaryPropertyList, .xmlPropertyList, .hrJSON, .hrXML, .hrBinary]

    /// The version-1 list's bytes in `format`, as version 1 of the app wrote them.
    static func version1(_ format: ModelFormat) throws -> Data {
        let old = TodoListVersion1()
        old.name = "Home"
        old.items = [TodoItem(label: "Buy milk", checked: true)]
        return try old.data(format: format)
    }

    static func expectMigrated(_ list: TodoList?, _ comment: Comment) {
        #expect(list?.title == "Home", comment)
        #expect(list?.items.map(\.label) == ["Buy milk"], comment)
        #expect(list?.items.map(\.checked) == [true], comment)
    }

    @Test(arguments: formats) func aVersion1FileIsMigratedByEveryRead(format: ModelFormat) throws {
        let bytes = try Self.version1(format)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("$schemaVersion"))
        Self.expectMigrated(try TodoList(data: bytes), "init(data:), \(format)")
        Self.expectMigrated(try TodoList(object: bytes), "init(object:) of bytes, \(format)")
        var report = ModelReport()
        Self.expectMigrated(try TodoList(object: bytes, report: &report), "init(object:report:), \(format)")
        Self.expectMigrated(try TodoList.instance(object: bytes), "instance(object:), \(format)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("VersionedReads-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("TodoList.\(format.rawValue)")
        try bytes.write(to: file)
        Self.expectMigrated(try TodoList(contentsOf: file), "init(contentsOf:), \(format)")
        try ModelLocations.withApplicationSupport(folder) {
            Self.expectMigrated(try TodoList(contentsOf: "TodoList.\(format.rawValue)"), "init(contentsOf: path), \(format)")
            // The shared instance: the same versions and migrations.
            try bytes.write(to: folder.appendingPathComponent(TodoList.saveFile))
            TodoList.setSharedInstance(nil)
            defer { TodoList.setSharedInstance(nil) }
            Self.expectMigrated(TodoList.shared, "shared, \(format)")
        }
    }

    @Test func aVersion1TreeOrDictionaryIsMigrated() throws {
        let tree: ModelValue = ["name": "Home", "items": [["label": "Buy milk", "checked": true]]]
        Self.expectMigrated(try TodoList(object: tree), "init(object:) of a tree")
        Self.expectMigrated(try TodoList(object: tree.foundationValue), "init(object:) of a dictionary")
        Self.expectMigrated(try TodoList(json: #"{"name": "Home", "items": [{"label": "Buy milk", "checked": true}]}"#), "init(json:)")
        Self.expectMigrated(try TodoList.instance(object: tree.foundationValue), "instance(object:)")
        let lists = try TodoList.instances(array: [tree.foundationValue, NSNull(), tree.foundationValue])
        #expect(lists.count == 2)
        for list in lists { Self.expectMigrated(list, "instances(array:)") }

        var report = ModelReport()
        Self.expectMigrated(try TodoList(object: tree, report: &report), "init(object:report:)")
        #expect(report.unusedKeys.isEmpty, "the moved key is read, not left over")
    }

    /// What the model writes records its version, so reading it back never migrates it again.
    @Test(arguments: formats) func theModelsOwnBytesAreNotMigratedAgain(format: ModelFormat) throws {
        let list = TodoList()
        list.title = "Home"
        list.items = [TodoItem(label: "Buy milk", checked: true)]
        let bytes = try list.data(format: format)
        #expect(try ModelValue(data: bytes)["$schemaVersion"] == 2, "\(format)")
        Self.expectMigrated(try TodoList(data: bytes), "\(format)")

        let chore = Chore(done: true)
        #expect(try Chore(data: chore.data(format: format)) == chore, "\(format)")
    }

    @Test func representationsRecordTheVersion() throws {
        let chore = Chore(done: true)
        #expect(try chore.treeRepresentation() == ["done": true, "$schemaVersion": 2])
        #expect(try Chore(object: chore.treeRepresentation()) == chore)
        #expect(try Chore(object: chore.dictionaryRepresentation) == chore)
        #expect(try Chore(json: String(decoding: chore.jsonData(), as: UTF8.self)) == chore)
        #expect(try Chore(data: chore.jsonData(prettyPrinted: true, sortedKeys: true)) == chore)
        // Version 1 data, unversioned, is still migrated.
        #expect(try Chore(object: ["done": "yes"] as ModelValue) == Chore(done: true))
        #expect(try Chore(json: #"{"done": "no"}"#) == Chore(done: false))
    }

    @Test(arguments: formats) func aNewerVersionIsRefused(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        let newer = try codec.encodeTree(["title": "Home", "items": [], "color": "teal", "$schemaVersion": 3])
        for read in [{ try TodoList(data: newer) }, { try TodoList(object: newer) }] {
            let error = try #require(throws: ModelError.self) { try read() }
            #expect(error.reason == .newerVersion(found: 3, known: 2), "\(format): \(error)")
            #expect(error.description.hasPrefix("the saved data is version 3, newer than version 2 of the model"))
        }
        // A version-1 model refuses version-2 data too.
        let error = try #require(throws: ModelError.self) { try TodoListVersion1(data: TodoList().data(format: format)) }
        #expect(error.reason == .newerVersion(found: 2, known: 1), "\(format)")
    }

    @Test func aNewerDictionaryIsRefused() throws {
        let error = try #require(throws: ModelError.self) { try TodoList(object: ["title": "Home", "$schemaVersion": 3] as ModelValue) }
        #expect(error.reason == .newerVersion(found: 3, known: 2))
        #expect(throws: ModelError.self) { try TodoList(json: #"{"title": "Home", "$schemaVersion": 3}"#) }
        #expect(throws: ModelError.self) { try TodoList.instances(array: [["$schemaVersion": 3] as [String: Any]]) }
    }

    @Test func aFailedMigrationNamesTheStepAndTheFormat() throws {
        let error = try #require(throws: ModelError.self) { try Chore(json: #"{"done": "yes", "$schemaVersion": "one"}"#) }
        #expect(error.format == .json)
        #expect(error.path == [.key("$schemaVersion")])
    }
}
