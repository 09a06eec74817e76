import BaseModelSQLite

/// The record the crash-safety test saves and checks. Every field is derived from `id` and
/// `generation`, so a record read back either is one whole generation or is torn.
///
/// This file is compiled into `store-crash-child` and, through a symbolic link, into the
/// SQLite tests, which read what the child wrote.
struct CrashRecord: IdentifiedModel, Equatable {
    /// How many `values` a record holds: enough that a record spans several disk blocks' worth
    /// of encoded bytes in every format.
    static let valueCount = 512

    var id = 0
    var generation = 0
    var label = ""
    var values: [Int] = []
    var checksum = 0

    init() {}

    /// The record `id` as saved in `generation`.
    init(id: Int, generation: Int) {
        self.id = id
        self.generation = generation
        label = "record \(id), generation \(generation)"
        values = Array(repeating: generation, count: Self.valueCount)
        checksum = Self.checksum(id: id, generation: generation)
    }

    /// Whether every field agrees with `id` and `generation`.
    var isWhole: Bool { self == CrashRecord(id: id, generation: generation) }

    private static func checksum(id: Int, generation: Int) -> Int {
        id &* 1_000_003 &+ generation &* valueCount
    }
}
