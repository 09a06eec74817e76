// shared-instance-crash-child: builds shared instances from unreadable save files in a loop, for
// the crash test of BaseModelTests, which kills it with SIGKILL at a random moment and then
// checks that every file's bytes are still under its name or its quarantined name.
//
// Usage: shared-instance-crash-child <root folder> <folder count> <started file>
//
// Folder <root>/<n> holds Journal.json for n in 0..<count. For each folder the child points
// ModelLocations there, frees the shared instance and reads `Journal.shared`, which moves an
// unreadable Journal.json aside. It creates <started file> before the first folder.
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

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: shared-instance-crash-child <root> <count> <started file>\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1], isDirectory: true)
_ = FileManager.default.createFile(atPath: arguments[3], contents: Data())
for index in 0..<count {
    ModelLocations.applicationSupport = root.appendingPathComponent(String(index), isDirectory: true)
    Journal.setSharedInstance(nil)
    _ = Journal.shared
}
