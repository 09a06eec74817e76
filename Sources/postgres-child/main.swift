// postgres-child: the second process of BaseModelPostgresTests, and the store's benchmark.
//
//   postgres-child follow <url> <id>                       print the live instance's generation on each change
//   postgres-child race <url> <update|save> <tasks> <increments> <ids>
//   postgres-child batches <url> <first generation> <ready file>   save 16 records per batch until killed
//   postgres-child bench <url> <twitter.json> [rounds]     measure against SQLiteStore (BENCHMARKS.md)
//
// `url` is a postgres:// URL. Every mode prints its results on standard output, one line each.
import BaseModelPostgres
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("postgres-child: \(message)\n".utf8))
    exit(2)
}

guard arguments.count >= 2 else {
    fail("usage: postgres-child follow|race|batches|bench <url> …")
}

do {
    switch (arguments[0], arguments.count) {
    case ("follow", 3):
        guard let id = Int(arguments[2]) else { fail("follow: the id is not a number") }
        try await ChildModes.follow(url: arguments[1], id: id)
    case ("race", 6):
        guard let tasks = Int(arguments[3]), let increments = Int(arguments[4]), let ids = Int(arguments[5]) else {
            fail("race: tasks, increments and ids are numbers")
        }
        try await ChildModes.race(url: arguments[1], mode: arguments[2], tasks: tasks, increments: increments, ids: ids)
    case ("batches", 4):
        guard let generation = Int(arguments[2]) else { fail("batches: the generation is not a number") }
        try await ChildModes.batches(url: arguments[1], firstGeneration: generation, readyFile: arguments[3])
    case ("bench", 3), ("bench", 4):
        try await PostgresBench.run(
            url: arguments[1], corpus: arguments[2], rounds: arguments.count == 4 ? Int(arguments[3]) ?? 5 : 5)
    default:
        fail("unknown mode or wrong argument count: \(arguments.joined(separator: " "))")
    }
} catch {
    fail("\(error)")
}
