@testable import BaseModel
import Foundation
import Logging
import Testing

/// The save format of ``Journal``, chosen by each test (the suite runs serially).
enum JournalFixture {
    static let format = Locked<ModelFormat>(.json)
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("bm-quarantine-\(UUID().uuidString)")
    /// A new name for each test: resource files are read once per process.
    private static let resourceName = Locked("Journal.json")
    static var resource: URL { root.appendingPathComponent("resources/\(resourceName.withLock { $0 })") }

    /// An empty folder for the save file, the resource file absent.
    static func reset(format: ModelFormat) throws {
        JournalFixture.format.withLock { $0 = format }
        resourceName.withLock { $0 = "Journal-\(UUID().uuidString).json" }
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("resources"), withIntermediateDirectories: true)
        Journal.setSharedInstance(nil)
    }

    /// The files in the folder whose name holds `unreadable-`.
    static func quarantined() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains(".unreadable-") }.sorted()
            .map { root.appendingPathComponent($0) }
    }
}

final class Journal: SharedModel, @unchecked Sendable {
    var title = "untitled"
    var count = 0
    var tags: [String] = []
    required init() {}
    static var saveFormat: ModelFormat { JournalFixture.format.withLock { $0 } }
    static var saveFile: String {
        let fileExtension = (try? FormatRegistry.shared.codec(for: saveFormat).fileExtension) ?? "plist"
        return JournalFixture.root.appendingPathComponent("Journal.\(fileExtension)").path
    }
    static var resourceFile: String { JournalFixture.resource.path }
}

/// Log lines given to an app's logger, kept in memory.
final class CapturedLog: LogHandler, @unchecked Sendable {
    let lines = Locked<[String]>([])
    var logger: Logger { Logger(label: "App", factory: { _ in self }) }

    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        lines.withLock { $0.append("\(event.level): \(event.message)") }
    }
}

@Suite(.serialized) struct QuarantineTests {
    static let formats: [ModelFormat] = [
        .json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrXML, .hrJSON, .hrBinary, .fast,
    ]

    /// A save file cut in half, in every format: moved aside byte for byte, the resource layer
    /// still applies, and the next save writes a new file without touching the moved one.
    @Test(arguments: formats)
    func aDamagedSaveFileIsQuarantinedAndNeverOverwritten(format: ModelFormat) throws {
        try JournalFixture.reset(format: format)
        try Data(#"{"title": "from the resource", "tags": ["a"]}"#.utf8).write(to: JournalFixture.resource)
        let written = Journal()
        written.title = "mine"
        written.count = 41
        let whole = try written.data(format: format)
        let damaged = whole.prefix(whole.count / 2)
        try damaged.write(to: URL(fileURLWithPath: Journal.saveFile))

        let journal = Journal.shared
        #expect(journal.title == "from the resource")
        #expect(journal.tags == ["a"])
        #expect(journal.count == 0)
        let failure = try #require(Journal.sharedInstanceFailure)
        let moved = try JournalFixture.quarantined()
        #expect(moved.count == 1)
        #expect(failure.quarantine == moved.first?.path)
        #expect(try Data(contentsOf: try #require(moved.first)) == damaged)
        #expect(!FileManager.default.fileExists(atPath: Journal.saveFile))
        let name = try #require(moved.first).lastPathComponent
        let fileExtension = try FormatRegistry.shared.codec(for: format).fileExtension
        #expect(name.hasPrefix("Journal.unreadable-") && name.hasSuffix("Z.\(fileExtension)"), "\(name)")

        journal.count = 1
        try journal.save()
        #expect(try Data(contentsOf: try #require(moved.first)) == damaged)
        #expect(try Journal(contentsOf: URL(fileURLWithPath: Journal.saveFile)).count == 1)
    }

    /// A file written when `count` was a string: decodes no longer, so it is moved aside and the
    /// failure names the key.
    @Test func aFileFromBeforeATypeChangeIsQuarantinedAndReported() throws {
        try JournalFixture.reset(format: .json)
        let old = Data(#"{"title": "kept", "count": "12"}"#.utf8)
        try old.write(to: URL(fileURLWithPath: Journal.saveFile))
        #expect(Journal.shared.title == "untitled")
        let failure = try #require(Journal.sharedInstanceFailure)
        #expect(failure.typeName == "Journal")
        #expect(failure.error.path == ModelPath([.key("count")]))
        guard case .typeMismatch = failure.error.reason else { Issue.record("\(failure.error)"); return }
        #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(failure.quarantine))) == old)
    }

    /// The failure is announced two ways: a stream event and a log line to the app's logger (the
    /// task-local one of `withLogger`).
    @Test func theFailureIsStreamedAndLogged() async throws {
        let log = CapturedLog()
        try JournalFixture.reset(format: .json)
        try Data("{\"title\": ".utf8).write(to: URL(fileURLWithPath: Journal.saveFile))
        let updates = Journal.sharedInstanceUpdates
        withLogger(log.logger) { _ in _ = Journal.shared }
        let failure = try #require(Journal.sharedInstanceFailure)
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next() == SharedInstanceUpdate(typeName: "Journal", wasCleared: false, failure: failure))
        let logged = log.lines.withLock { $0 }.filter { $0.contains("Journal.unreadable-") }
        #expect(logged.count == 1)
        #expect(logged.first?.hasPrefix("error: Journal: ") == true)
    }

    /// Without a `withLogger` scope the library writes no log line anywhere: swift-log's
    /// default handler would print to standard error.
    @Test func withoutTheAppsLoggerNothingIsLogged() throws {
        #expect(PersistenceLog.logger.handler is SwiftLogNoOpLogHandler)
        let log = CapturedLog()
        withLogger(log.logger) { _ in
            #expect(PersistenceLog.logger.label == "App")
        }
        try JournalFixture.reset(format: .json)
        try Data("{\"title\": ".utf8).write(to: URL(fileURLWithPath: Journal.saveFile))
        _ = Journal.shared
        #expect(Journal.sharedInstanceFailure != nil)
        #expect(log.lines.withLock { $0 }.isEmpty)
    }

    /// `reloadSharedInstance()` still throws, moves the file aside, and keeps the instance; the
    /// error says where the file went.
    @Test func reloadThrowsAndQuarantines() throws {
        try JournalFixture.reset(format: .json)
        let before = Journal.shared
        before.title = "in memory"
        let damaged = Data("[1, 2".utf8)
        try damaged.write(to: URL(fileURLWithPath: Journal.saveFile))
        let error = try #require(throws: ModelError.self) { try Journal.reloadSharedInstance() }
        #expect(Journal.shared === before)
        let moved = try JournalFixture.quarantined()
        #expect(try moved.map { try Data(contentsOf: $0) } == [damaged])
        #expect(Journal.sharedInstanceFailure?.quarantine == moved.first?.path)
        #expect(error.reason == .truncated)
        #expect(error.description == "[2]: input ends too early (json, at byte 5); moved to \(moved.first?.path ?? "?")")
        #expect(error.quarantine == moved.first?.path)
        #expect(Journal.sharedInstanceFailure?.error.quarantine == nil, "the failure names it once, in `quarantine`")
        // A good file read again clears the failure.
        try before.save()
        try Journal.reloadSharedInstance()
        #expect(Journal.sharedInstanceFailure == nil)
        #expect(Journal.shared.title == "in memory")
    }

    /// A damaged resource file is left out and reported, never moved: the bundle is not ours.
    @Test func aDamagedResourceIsReportedNotMoved() throws {
        try JournalFixture.reset(format: .json)
        try Data(#"{"title": 5}"#.utf8).write(to: JournalFixture.resource)
        try Data(#"{"count": 3}"#.utf8).write(to: URL(fileURLWithPath: Journal.saveFile))
        let journal = Journal.shared
        #expect(journal.count == 3)
        #expect(journal.title == "untitled")
        let failure = try #require(Journal.sharedInstanceFailure)
        #expect(failure.quarantine == nil)
        #expect(try JournalFixture.quarantined().isEmpty)
        #expect(FileManager.default.fileExists(atPath: JournalFixture.resource.path))
    }

    /// A save file that is there but cannot be read at all (here a folder in its place) is not
    /// moved; `save()` refuses to replace it until told to.
    @Test func unreadableDataThatStaysMakesSaveRefuse() throws {
        try JournalFixture.reset(format: .json)
        try FileManager.default.createDirectory(atPath: Journal.saveFile, withIntermediateDirectories: false)
        let journal = Journal.shared
        let failure = try #require(Journal.sharedInstanceFailure)
        #expect(failure.quarantine == nil)
        guard case .io = failure.error.reason else { Issue.record("\(failure.error)"); return }
        let refusal = #expect(throws: ModelError.self) { try journal.save() }
        #expect(refusal?.description.contains("save(overwriting: true)") == true)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: Journal.saveFile, isDirectory: &isFolder) && isFolder.boolValue)
        try FileManager.default.removeItem(atPath: Journal.saveFile)
        try journal.save(overwriting: true)
        try journal.save()
    }

    /// Data this run cannot open (an I/O failure, an encrypted file without its password) stays
    /// where it is; data that is bad is moved.
    @Test func onlyBadDataIsMoved() {
        typealias Build = SharedInstanceBuild<Journal>
        #expect(Build.isUnreadableForNow(ModelError(.io(operation: "read", path: "/x", code: 13, message: "denied"))))
        #expect(Build.isUnreadableForNow(ModelError(.other(domain: "crypto", code: "wrongPassword", message: "wrong"))))
        #expect(Build.isUnreadableForNow(ModelError(.other(domain: "crypto", code: "passwordRequired", message: "none"))))
        #expect(!Build.isUnreadableForNow(ModelError(.other(domain: "crypto", code: "authenticationFailed", message: "damaged"))))
        #expect(!Build.isUnreadableForNow(ModelError(.truncated)))
        #expect(!Build.isUnreadableForNow(ModelError(.typeMismatch(expected: "integer", found: "string"))))
    }

    /// Quarantined names: the tag before the extension, a number when the name is taken.
    @Test func quarantinedNamesKeepTheExtensionAndNeverCollide() throws {
        let folder = JournalFixture.root.appendingPathComponent("names")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("TodoList.plist")
        #expect(Quarantine.tag(at: Date(timeIntervalSince1970: 1_795_000_000)) == "unreadable-20261118T110640Z")
        try Data("one".utf8).write(to: file)
        let first = try Quarantine.moveAside(file, tag: "unreadable-X")
        try Data("two".utf8).write(to: file)
        let second = try Quarantine.moveAside(file, tag: "unreadable-X")
        #expect(first.lastPathComponent == "TodoList.unreadable-X.plist")
        #expect(second.lastPathComponent == "TodoList.unreadable-X-2.plist")
        #expect(try String(contentsOf: first, encoding: .utf8) == "one")
        #expect(try String(contentsOf: second, encoding: .utf8) == "two")
        #expect(Quarantine.destination(for: URL(fileURLWithPath: "/a/Notes"), tag: "t").path == "/a/Notes.t")
    }
}
