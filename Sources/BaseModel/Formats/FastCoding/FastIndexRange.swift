/// One run of an index set: `length` indexes from `location`.
struct FastIndexRange: Sendable, Hashable {
    /// The first index.
    var location: UInt32
    /// How many indexes.
    var length: UInt32

    /// Creates a run.
    init(location: UInt32, length: UInt32) {
        self.location = location
        self.length = length
    }
}
