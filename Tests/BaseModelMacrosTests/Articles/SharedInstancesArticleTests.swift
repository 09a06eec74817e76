import BaseModelMacros
import Foundation
import Observation
import Testing

/// The article "Shared instances and migrations", compiled and run: every Swift block of it
/// appears here line for line (`DocumentationCodeTests` checks that).
enum SharedInstancesArticle {
    @Model struct TodoItem {
        var label = ""
        var checked = false
    }

    @Model final class TodoList: SharedModel {
        var items: [TodoItem] = []
        static var saveFormat: ModelFormat { .json }     // default .keyedArchive, as in BaseModel
        static var resourceBundle: Bundle { .main }      // where TodoList.plist, the seed, lives
    }

    @Model @Observable final class Settings: SharedModel {
        var theme = "light"
        var fontSize = 12
        @ObservationIgnored var lastOpened = ""          // saved, but no observer is told
        @Uncodable var draft = ""                        // observed, never saved
        static var saveFormat: ModelFormat { .json }
    }

    enum Versioned {
        @Model final class TodoList: SharedModel {
            var title = ""                                               // version 1 called it "name"
            var items: [TodoItem] = []
            static var schemaVersion: Int { 2 }                          // default 1
            static var migrations: [Int: [ModelMigration]] {
                [1: [.move("name", to: "title")]]                        // steps from version 1 to 2
            }
        }
    }
}

/// Serialized: the tests share the shared instances of the article's types.
@Suite("Article: Shared instances and migrations", .serialized) struct SharedInstancesArticleTests {
    typealias TodoList = SharedInstancesArticle.TodoList
    typealias TodoItem = SharedInstancesArticle.TodoItem

    static func inTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("SharedArticle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ModelLocations.withApplicationSupport(folder) { try body(folder) }
    }

    @Test func theLifeCycle() throws {
        try Self.inTemporaryFolder { folder in
            TodoList.setSharedInstance(nil)
            defer { TodoList.setSharedInstance(nil) }
            TodoList.shared.items.append(TodoItem(label: "Buy milk", checked: false))
            try TodoList.shared.save()                           // atomically to saveFile (default TodoList.<ext>)
            let exists = TodoList.hasSharedInstance              // never creates one
            TodoList.setSharedInstance(nil)                      // frees it; the next `shared` builds a new one
            try TodoList.reloadSharedInstance()                  // rebuilds from the files, announcing the replacement
            let updates = TodoList.sharedInstanceUpdates         // an AsyncStream of replacements

            #expect(exists)
            #expect(TodoList.shared.items.map(\.label) == ["Buy milk"])
            let saved = try Data(contentsOf: folder.appendingPathComponent(TodoList.saveFile))
            #expect(String(decoding: saved, as: UTF8.self).contains(#""label":"Buy milk""#))
            _ = updates
        }
    }

    @Test func aReplacementNotifiesItsObserver() throws {
        try Self.inTemporaryFolder { _ in
            defer { TodoList.setSharedInstance(nil) }
            let replaced = Locked(false)
            withObservationTracking {
                _ = TodoList.shared
            } onChange: {
                print("the shared list was replaced")
                replaced.value = true
            }
            TodoList.setSharedInstance(TodoList())
            #expect(replaced.value)
        }
    }

    @Test func anObservableClassModel() throws {
        typealias Settings = SharedInstancesArticle.Settings
        try Self.inTemporaryFolder { folder in
            Settings.setSharedInstance(nil)
            defer { Settings.setSharedInstance(nil) }
            let themeChanged = Locked(false)
            let fontSizeChanged = Locked(false)
            withObservationTracking {
                _ = Settings.shared.theme
            } onChange: {
                print("the theme will change")
                themeChanged.value = true
            }
            withObservationTracking { _ = Settings.shared.fontSize } onChange: { fontSizeChanged.value = true }
            Settings.shared.fontSize = 14                        // tells fontSize's readers only
            try Settings.shared.save()                           // {"theme":"light","fontSize":14,"lastOpened":""}
            #expect(fontSizeChanged.value && !themeChanged.value)
            let saved = try String(decoding: Data(contentsOf: folder.appendingPathComponent(Settings.saveFile)), as: UTF8.self)
            #expect(saved == #"{"theme":"light","fontSize":14,"lastOpened":""}"#)
        }
    }

    @Test func aVersionOneFileIsMigrated() throws {
        typealias Versioned = SharedInstancesArticle.Versioned.TodoList
        try Self.inTemporaryFolder { folder in
            Versioned.setSharedInstance(nil)
            defer { Versioned.setSharedInstance(nil) }
            let file = folder.appendingPathComponent(Versioned.saveFile)
            try FormatRegistry.shared.codec(for: .keyedArchive).encodeTree(["name": "Home", "items": []]).write(to: file)
            #expect(Versioned.shared.title == "Home")
        }
    }

    @Test func everyReadMigrates() throws {
        typealias TodoList = SharedInstancesArticle.Versioned.TodoList
        let home = try TodoList(data: Data(#"{"name": "Home", "items": []}"#.utf8))  // version 1
        print(home.title)                                                 // Home
        let bytes = try home.data(format: .json)                          // {"title":"Home","items":[],"$schemaVersion":2}
        #expect(home.title == "Home")
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"title":"Home","items":[],"$schemaVersion":2}"#)
    }

    @Test func reloadSaysWhereTheUnreadableListWent() throws {
        try Self.inTemporaryFolder { folder in
            TodoList.setSharedInstance(nil)
            defer { TodoList.setSharedInstance(nil) }
            let file = folder.appendingPathComponent(TodoList.saveFile)
            try Data(#"{"items": ["#.utf8).write(to: file)
            let error = try #require(throws: ModelError.self) { try TodoList.reloadSharedInstance() }
            let moved = try #require(TodoList.sharedInstanceFailure?.quarantine)
            #expect(moved.hasSuffix(".json") && moved.contains("/TodoList.unreadable-"))
            #expect(error.description == "items[0]: input ends too early (json, at byte 11); moved to " + moved)

            try Data(#"{"items": ["#.utf8).write(to: file)
            do {
                try TodoList.reloadSharedInstance()
            } catch {
                guard let kept = TodoList.sharedInstanceFailure?.quarantine else { throw error }
                print("Your list could not be read; it was kept as \(kept); starting from the defaults.")
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func unreadableDataIsMovedAsideAndReported() throws {
        try Self.inTemporaryFolder { folder in
            TodoList.setSharedInstance(nil)
            defer { TodoList.setSharedInstance(nil) }
            try Data(#"{"items": [{"label": "a", "checked": "yes"}]}"#.utf8)
                .write(to: folder.appendingPathComponent(TodoList.saveFile))
            let list = TodoList.shared                                   // never throws
            if let failure = TodoList.sharedInstanceFailure {            // SharedInstanceFailure
                print(failure.error, failure.quarantine ?? "")           // why, and where the data went
            }
            #expect(list.items.isEmpty)
            let quarantine = try #require(TodoList.sharedInstanceFailure?.quarantine)
            #expect(FileManager.default.fileExists(atPath: quarantine))
        }
    }
}

/// A value the observation callback sets from whatever thread it runs on.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
