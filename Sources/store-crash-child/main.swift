// store-crash-child: saves CrashRecords into a store in an endless loop, for the crash-safety
// test, which kills it with SIGKILL at a random moment and then checks the store.
//
// Usage: store-crash-child <sqlite|directory> <store path> <first generation> <ready file>
//
// Each generation saves records 0..<16 with every field derived from that generation: the SQLite
// store as one batch (one transaction), the directory store one file at a time. After the first
// generation is saved the child creates <ready file>, so the test kills it while it is writing.
import BaseModelSQLite
import Foundation

let recordCount = 16

let arguments = CommandLine.arguments
guard arguments.count == 5, let firstGeneration = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: store-crash-child <sqlite|directory> <path> <first generation> <ready file>\n".utf8))
    exit(2)
}
let kind = arguments[1]
// The test is the parent: when it goes away without killing this child (a test run cut short),
// the child stops too instead of saving forever.
let parent = getppid()
let path = URL(fileURLWithPath: arguments[2])
let readyFile = URL(fileURLWithPath: arguments[4])

do {
    let store: any ModelStore
    switch kind {
    case "sqlite": store = try SQLiteStore(url: path)
    case "directory": store = try DirectoryStore(directory: path, format: .binaryPropertyList)
    default:
        FileHandle.standardError.write(Data("unknown store kind \(kind)\n".utf8))
        exit(2)
    }
    var generation = firstGeneration
    while true {
        let records = (0..<recordCount).map { CrashRecord(id: $0, generation: generation) }
        if kind == "sqlite" {
            try await store.save(records)
        } else {
            for record in records { try await store.save(record) }
        }
        if generation == firstGeneration {
            try Data().write(to: readyFile)
        }
        generation += 1
        if getppid() != parent { exit(0) }
    }
} catch {
    FileHandle.standardError.write(Data("store-crash-child: \(error)\n".utf8))
    exit(1)
}
