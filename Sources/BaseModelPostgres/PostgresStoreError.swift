/// Why a ``PostgresStore`` could not be opened: a typed error with a message that says what to
/// fix (the server, the password, the database).
public struct PostgresStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The configuration is incomplete or not a PostgreSQL URL.
        case invalidConfiguration
        /// No server answered at the address (refused, timed out, unknown host).
        case unreachable
        /// The server refused the user name or password.
        case authenticationFailed
        /// The database named in the configuration does not exist on the server.
        case missingDatabase
        /// The server answered with another error (the message has its SQLSTATE).
        case server
    }

    /// What went wrong.
    public var kind: Kind
    /// What happened, for a person (``description``).
    var message: String

    /// Creates an error.
    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// What happened, for a person: the address, the user or the database, and the server's words.
    public var description: String { message }
}
