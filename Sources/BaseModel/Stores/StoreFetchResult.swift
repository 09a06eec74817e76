/// What ``ModelStore/fetchAll(_:)`` found: the models that decoded, and the error of each stored
/// entry that did not, so one bad file or row never hides the others.
///
/// ```swift
/// let all = try await store.fetchAll(Game.self)
/// for (location, error) in all.failures { print("\(location): \(error)") }   // "Game-7: …"
/// ```
public struct StoreFetchResult<M: IdentifiedModel>: Sendable {
    /// The models read, in no particular order.
    public var models: [M]
    /// The entries that could not be read or decoded: each entry's location (a file name in a
    /// directory store, `"<typeName>-<id>"` for a row or an in-memory entry) → why it could not be read.
    public var failures: [String: ModelError]

    /// Creates a result (the stores build theirs; the articles teach reading one, not making one).
    package init(models: [M] = [], failures: [String: ModelError] = [:]) {
        self.models = models
        self.failures = failures
    }
}
