@testable import BaseModel
import Foundation
import Synchronization
import Testing
@testable import TodoList

/// `todolist watch`: edits read one a line change the shared list, and a `TodoWatcher` that
/// observes it with `withObservationTracking` prints one line per change it is told of.
@Suite(.serialized) struct TodoWatchTests {
    /// Lines written from any thread.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Runs `body` with the list saved as JSON in a fresh folder and the shared list read anew.
    private func withFreshList(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TodoWatchTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let format = TodoSettings.format.withLock { $0 }
        TodoSettings.format.withLock { $0 = .json }
        defer { TodoSettings.format.withLock { $0 = format } }
        try ModelLocations.withApplicationSupport(folder) {
            try TodoList.reloadSharedInstance()
            try body(folder)
            TodoList.setSharedInstance(nil)
        }
    }

    @Test func eachEditPrintsOneLineAndIsSaved() throws {
        try withFreshList { folder in
            let output = Lines()
            var errors: [String] = []
            TodoCommand.Watch.watch(
                lines: ["add Buy milk", "check 1", "remove 2", "check 9", "bogus", "check 1"], output: output.add
            ) { errors.append($0) }

            #expect(
                output.all == [
                    "watching 4 items, 0 done",
                    #"added "Buy milk" (5 items, 0 done)"#,
                    #"checked "Do washing" (5 items, 1 done)"#,
                    #"removed "Mow lawn" (4 items, 1 done)"#,
                    #"unchecked "Do washing" (4 items, 0 done)"#,
                ])
            #expect(errors == ["no item 9", #""bogus" is not add LABEL, check N or remove N"#])
            let saved = try TodoList(contentsOf: folder.appendingPathComponent("TodoList.plist"))
            #expect(saved.items.map(\.label) == ["Do washing", "Write an open source library", "Feed the cat", "Buy milk"])
        }
    }

    @Test func theWatcherObservesAgainAfterEachChangeAndSeesAReplacedList() throws {
        try withFreshList { _ in
            let output = Lines()
            let watcher = TodoWatcher(write: output.add)
            watcher.start()
            watcher.reportChange()  // nothing changed: no line
            TodoList.shared.items[0].label = "Do the washing"
            watcher.reportChange()
            TodoList.shared.items.removeAll()
            watcher.reportChange()
            TodoList.setSharedInstance(try TodoList(contentsOf: TodoModelFormsTests.bundledList()))
            watcher.reportChange()

            #expect(
                output.all == [
                    "watching 4 items, 0 done",
                    "changed (4 items, 0 done)",
                    "changed (0 items, 0 done)",
                    "changed (4 items, 0 done)",
                ])
        }
    }

    /// `todolist`, built beside the tests.
    static let todolist = SiblingExecutable.url(named: "todolist")

    @Test(.enabled(if: todolist != nil, "the todolist example is not built beside the tests"))
    func theCommandPrintsTheChangesOfTheEditsOnItsInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TodoWatchTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = Self.todolist
        process.arguments = ["watch", "--format", "hr-json", "--data-directory", folder.path]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("add Buy milk\nremove 9\ncheck 5\n".utf8))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let reported = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        #expect(
            String(decoding: printed, as: UTF8.self) == """
                watching 4 items, 0 done
                added "Buy milk" (5 items, 0 done)
                checked "Buy milk" (5 items, 1 done)

                """)
        #expect(String(decoding: reported, as: UTF8.self) == "error: no item 9\n")
        let saved = try TodoList(contentsOf: folder.appendingPathComponent("TodoList.plist"))
        #expect(saved.items.last == TodoItem(label: "Buy milk", checked: true))
    }
}
