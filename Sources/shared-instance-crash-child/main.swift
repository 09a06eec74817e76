// shared-instance-crash-child: builds shared instances from save files in a loop, for the crash
// tests of BaseModelTests, which kill it with SIGKILL at a random moment and then check every file.
//
// Usage: shared-instance-crash-child <root folder> <folder count> <started file> [quarantine|migrate]
//
// Folder <root>/<n> holds Journal.json for n in 0..<count. For each folder the child points
// ModelLocations there, frees the shared instance and reads `Journal.shared`:
// - quarantine (the default): Journal.json is unreadable, and is moved aside;
// - migrate: Journal.json is version 1 (`name`), read by version 2 (`title`) and saved as version 2.
// It creates <started file> before the first folder.
import BaseModel
import Foundation

final class Journal: SharedModel, @unchecked Sendable {
    var title = "untitled"
    var count = 0
    required init() {}
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { "Journal.json" }
    static var resourceFile: String { "/nonexistent/Journal.json" }
}

/// Version 2 of the journal: `name` became `title`.
final class JournalV2: SharedModel, @unchecked Sendable {
    var title = "untitled"
    var count = 0
    required init() {}
    static var typeName: String { "Journal" }
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("name", to: "title")]] }
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { "Journal.json" }
    static var resourceFile: String { "/nonexistent/Journal.json" }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: shared-instance-crash-child <root> <count> <started file> [quarantine|migrate]\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1], isDirectory: true)
let migrating = arguments.count == 5 && arguments[4] == "migrate"
_ = FileManager.default.createFile(atPath: arguments[3], contents: Data())
for index in 0..<count {
    ModelLocations.applicationSupport = root.appendingPathComponent(String(index), isDirectory: true)
    if migrating {
        JournalV2.setSharedInstance(nil)
        do {
            try JournalV2.shared.save()
        } catch {
            FileHandle.standardError.write(Data("shared-instance-crash-child: \(error)\n".utf8))
            exit(1)
        }
    } else {
        Journal.setSharedInstance(nil)
        _ = Journal.shared
    }
}
