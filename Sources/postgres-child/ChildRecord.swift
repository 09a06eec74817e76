import BaseModelPostgres

/// The record the two-process tests write and check. Every field but `counter` is derived from
/// `id` and `generation`, so a record read back either is one whole generation or is torn.
///
/// This file is compiled into `postgres-child` and, through a symbolic link, into
/// BaseModelPostgresTests, which read what the child wrote.
struct ChildRecord: IdentifiedModel, Equatable {
    /// How many `values` a record holds.
    static let valueCount = 64

    var id = 0
    var generation = 0
    var counter = 0
    var label = ""
    var values: [Int] = []
    var checksum = 0

    init() {}

    /// The record `id` as saved in `generation`.
    init(id: Int, generation: Int, counter: Int = 0) {
        self.id = id
        self.generation = generation
        self.counter = counter
        label = "record \(id), generation \(generation)"
        values = Array(repeating: generation, count: Self.valueCount)
        checksum = id &* 1_000_003 &+ generation &* Self.valueCount
    }

    /// Whether every field but `counter` agrees with `id` and `generation`.
    var isWhole: Bool { self == ChildRecord(id: id, generation: generation, counter: counter) }
}
