/// A stored entry that could not be read: where it is and why.
public struct StoreFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The entry: a file name, a row's identifier.
    public var location: String
    /// Why it could not be read.
    public var error: ModelError

    /// Creates a failure.
    public init(location: String, error: ModelError) {
        self.location = location
        self.error = error
    }

    /// `location: error`.
    public var description: String { "\(location): \(error)" }
}
