@testable import BaseModel
import Foundation
import Testing

/// One save file, read and written by several versions of the `Note` model, as successive app
/// versions would.
enum NoteFixture {
    static let format = Locked<ModelFormat>(.json)
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("bm-versions-\(UUID().uuidString)")

    static var saveFile: String {
        let format = format.withLock { $0 }
        let fileExtension = (try? FormatRegistry.shared.codec(for: format).fileExtension) ?? "plist"
        return root.appendingPathComponent("Note.\(fileExtension)").path
    }
    static var url: URL { URL(fileURLWithPath: saveFile) }

    static func reset(format: ModelFormat = .json) throws {
        NoteFixture.format.withLock { $0 = format }
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        NoteV1.setSharedInstance(nil)
        NoteV2.setSharedInstance(nil)
        NoteV4.setSharedInstance(nil)
        FailingNote.setSharedInstance(nil)
        ForgetfulNote.setSharedInstance(nil)
    }

    /// The save file as a tree.
    static func savedTree() throws -> ModelValue { try ModelValue(contentsOf: url) }
}

/// Version 1: `name`.
final class NoteV1: SharedModel, @unchecked Sendable {
    var name = ""
    required init() {}
    static var typeName: String { "Note" }
    static var saveFormat: ModelFormat { NoteFixture.format.withLock { $0 } }
    static var saveFile: String { NoteFixture.saveFile }
    static var resourceFile: String { "/nonexistent/Note.plist" }
}

/// Version 2: `name` became `title`.
final class NoteV2: SharedModel, @unchecked Sendable {
    var title = ""
    var count = 0
    required init() {}
    static var typeName: String { "Note" }
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("name", to: "title")]] }
    static var saveFormat: ModelFormat { NoteFixture.format.withLock { $0 } }
    static var saveFile: String { NoteFixture.saveFile }
    static var resourceFile: String { "/nonexistent/Note.plist" }
}

struct Address: Model, Equatable {
    var city = ""
}

/// Version 4, three steps from version 1: `name` → `title`; `city` into `address`, `legacy`
/// dropped, `priority` defaulted; `done` from "yes"/"no" to a boolean.
final class NoteV4: SharedModel, @unchecked Sendable {
    var title = ""
    var address = Address()
    var priority = 0
    var done = false
    required init() {}
    static var typeName: String { "Note" }
    static var schemaVersion: Int { 4 }
    static var migrations: [Int: [ModelMigration]] {
        [
            1: [.move("name", to: "title")],
            2: [.move("city", to: "address.city"), .drop("legacy"), .setDefault("priority", to: 3)],
            3: [.convert("done") { value in .bool(value == "yes") }],
        ]
    }
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { NoteFixture.saveFile }
    static var resourceFile: String { "/nonexistent/Note.plist" }
}

/// Version 2 whose one step throws on the data it meets.
final class FailingNote: SharedModel, @unchecked Sendable {
    var count = 0
    required init() {}
    static var typeName: String { "Note" }
    static var schemaVersion: Int { 2 }
    struct NotANumber: Error {}
    static var migrations: [Int: [ModelMigration]] {
        [1: [.move("name", to: "title"), .convert("count") { value in
            guard case .string(let text) = value, let number = Int64(text) else { throw NotANumber() }
            return .integer(number)
        }]]
    }
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { NoteFixture.saveFile }
    static var resourceFile: String { "/nonexistent/Note.plist" }
}

/// Version 1 that opts out of keeping unknown keys.
final class ForgetfulNote: SharedModel, @unchecked Sendable {
    var name = ""
    required init() {}
    static var typeName: String { "Note" }
    static var keepsUnknownKeys: Bool { false }
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { NoteFixture.saveFile }
    static var resourceFile: String { "/nonexistent/Note.plist" }
}

@Suite(.serialized) struct VersionTests {
    static let formats: [ModelFormat] = [
        .json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrXML, .hrJSON, .hrBinary, .fast,
    ]

    /// Every format records the version (`$schemaVersion`), and reading reports it; a version-1
    /// model writes none, so its files stay as they were.
    @Test(arguments: formats)
    func everyFormatRecordsTheVersion(format: ModelFormat) throws {
        try NoteFixture.reset(format: format)
        NoteV2.shared.title = "kept"
        try NoteV2.shared.save()
        #expect(try NoteFixture.savedTree()[TypedTree.schemaVersionKey] == 2)
        NoteV2.setSharedInstance(nil)
        #expect(NoteV2.shared.title == "kept")
        #expect(NoteV2.savedSchemaVersion == 2)

        try NoteFixture.reset(format: format)
        NoteV1.shared.name = "one"
        try NoteV1.shared.save()
        #expect(try NoteFixture.savedTree()[TypedTree.schemaVersionKey] == nil)
        #expect(try NoteFixture.savedTree() == (try NoteV1.shared.treeRepresentation(format: format)))
    }

    /// A version-1 file (no version key: every file from before, and the Objective-C
    /// originals') loads into version 2 through the rename step and saves as version 2.
    @Test func aRenameStepBringsVersion1Up() throws {
        try NoteFixture.reset()
        try Data(#"{"name": "groceries", "count": 2}"#.utf8).write(to: NoteFixture.url)
        #expect(NoteV2.shared.title == "groceries")
        #expect(NoteV2.shared.count == 2)
        #expect(NoteV2.savedSchemaVersion == 1)
        try NoteV2.shared.save()
        #expect(try NoteFixture.savedTree() == ["title": "groceries", "count": 2, "$schemaVersion": 2])
        #expect(NoteV2.savedSchemaVersion == 2)
    }

    /// Three versions of steps run in order: rename, move to a path, drop, default, convert.
    @Test func aChainOfThreeVersions() throws {
        try NoteFixture.reset()
        try Data(#"{"name": "trip", "city": "Lyon", "legacy": 1, "done": "yes"}"#.utf8).write(to: NoteFixture.url)
        let note = NoteV4.shared
        #expect(NoteV4.sharedInstanceFailure == nil)
        #expect(note.title == "trip")
        #expect(note.address == Address(city: "Lyon"))
        #expect(note.priority == 3)
        #expect(note.done)
        try note.save()
        #expect(try NoteFixture.savedTree() == [
            "title": "trip", "address": ["city": "Lyon"], "priority": 3, "done": true, "$schemaVersion": 4,
        ])
        // Data already at version 2 skips the first step.
        NoteV4.setSharedInstance(nil)
        try Data(#"{"$schemaVersion": 2, "title": "t", "name": "not renamed", "done": "no"}"#.utf8).write(to: NoteFixture.url)
        #expect(NoteV4.shared.title == "t")
        #expect(NoteV4.shared.done == false)
    }

    /// A failing step is a typed error naming the version and the step, and the file is
    /// quarantined like any unreadable file.
    @Test func aFailingStepIsNamedAndQuarantines() throws {
        try NoteFixture.reset()
        let original = Data(#"{"name": "n", "count": "many"}"#.utf8)
        try original.write(to: NoteFixture.url)
        _ = FailingNote.shared
        let failure = try #require(FailingNote.sharedInstanceFailure)
        guard case .migrationFailed(let version, let step, let name, _) = failure.error.reason else {
            Issue.record("\(failure.error)")
            return
        }
        #expect(version == 1 && step == 2 && name == "convert count")
        #expect(failure.error.description.hasPrefix("migration from version 1, step 2 (convert count) failed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(failure.quarantine))) == original)
        #expect(!FileManager.default.fileExists(atPath: NoteFixture.saveFile))
        try original.write(to: NoteFixture.url)
        let thrown = try #require(throws: ModelError.self) { try FailingNote.reloadSharedInstance() }
        #expect(thrown.reason == failure.error.reason)
        let moved = try #require(FailingNote.sharedInstanceFailure?.quarantine)
        #expect(thrown.description == "\(failure.error); moved to \(moved)")
    }

    /// A version-3 file opened by version 2: what it knows loads, `save()` refuses with a typed
    /// error and leaves the file alone; `save(overwriting: true)` writes, keeping the unknown key.
    @Test func aNewerFileIsNotOverwritten() throws {
        try NoteFixture.reset()
        let newer = Data(#"{"$schemaVersion": 3, "title": "from the future", "count": 5, "color": "teal"}"#.utf8)
        try newer.write(to: NoteFixture.url)
        let note = NoteV2.shared
        #expect(note.title == "from the future")
        #expect(note.count == 5)
        #expect(NoteV2.savedSchemaVersion == 3)
        #expect(NoteV2.sharedInstanceFailure == nil)
        note.count = 6
        let error = #expect(throws: ModelError.self) { try note.save() }
        #expect(error?.reason == .newerVersion(found: 3, known: 2))
        #expect(try Data(contentsOf: NoteFixture.url) == newer)
        try note.save(overwriting: true)
        #expect(try NoteFixture.savedTree() == ["title": "from the future", "count": 6, "color": "teal", "$schemaVersion": 2])
        try note.save()   // the file is ours now
    }

    /// A newer version's file that this version cannot decode stays where it is: it is the
    /// newer app's data, not damage. The failure is reported and saves are refused.
    @Test func aNewerFileThatDoesNotDecodeIsNotMoved() throws {
        try NoteFixture.reset()
        let newer = Data(#"{"$schemaVersion": 3, "title": "t", "count": "a string in version 3"}"#.utf8)
        try newer.write(to: NoteFixture.url)
        #expect(NoteV2.shared.count == 0)
        let failure = try #require(NoteV2.sharedInstanceFailure)
        #expect(failure.quarantine == nil)
        #expect(try Data(contentsOf: NoteFixture.url) == newer)
        let error = #expect(throws: ModelError.self) { try NoteV2.shared.save() }
        #expect(error?.reason == .newerVersion(found: 3, known: 2))
        #expect(try Data(contentsOf: NoteFixture.url) == newer)
    }

    /// Keys an older model does not know (a newer build added them) survive its load and save,
    /// in every format.
    @Test(arguments: formats)
    func unknownKeysSurviveALoadAndSave(format: ModelFormat) throws {
        try NoteFixture.reset(format: format)
        let written = NoteV2()
        written.title = "newer"
        written.count = 9
        let tree = try written.treeRepresentation(format: format)
        try FormatRegistry.shared.codec(for: format).encodeTree(tree).write(to: NoteFixture.url)

        NoteV1.shared.name = "older"
        try NoteV1.shared.save()
        let saved = try NoteFixture.savedTree()
        #expect(saved["name"] == "older")
        #expect(saved["title"] == "newer")
        #expect(saved["count"] == 9)
        #expect(saved[TypedTree.schemaVersionKey] == nil)
    }

    /// A type that opts out drops keys it does not know.
    @Test func unknownKeysCanBeDropped() throws {
        try NoteFixture.reset()
        try Data(#"{"name": "n", "color": "teal"}"#.utf8).write(to: NoteFixture.url)
        try ForgetfulNote.shared.save()
        #expect(try NoteFixture.savedTree() == ["name": "n"])
    }
}

extension Model {
    /// The model's tree as `format` writes it (typed in formats that store types).
    func treeRepresentation(format: ModelFormat) throws -> ModelValue {
        let codec = try FormatRegistry.shared.codec(for: format)
        return try codec.forThisFormat(ModelContext().encoder).encode(self)
    }
}
