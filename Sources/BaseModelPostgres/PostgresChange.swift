/// A change to a stored model, as ``PostgresStore/changes(of:)`` reports it: saved or deleted by
/// any process using the database, or a resync after the feed's connection was lost.
public enum PostgresChange<ID: ModelIdentifierValue>: Sendable, Hashable {
    /// The model with this identifier was saved (inserted or replaced).
    case saved(ID)
    /// The model with this identifier was deleted.
    case deleted(ID)
    /// The feed reconnected after losing its connection: changes made meanwhile were not
    /// reported, so reread what you hold.
    case resync
}
