/// What ``ModelStore/fetchAll(_:)`` found: the models that decoded, and a failure for each stored
/// entry that did not, so one bad file or row never hides the others.
public struct StoreFetchResult<M: IdentifiedModel>: Sendable {
    /// The models read, in no particular order.
    public var models: [M]
    /// The entries that could not be read or decoded.
    public var failures: [StoreFailure]

    /// Creates a result.
    public init(models: [M] = [], failures: [StoreFailure] = []) {
        self.models = models
        self.failures = failures
    }
}
