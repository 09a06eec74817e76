import Foundation
import PostgresNIO

/// The messages of the errors opening a store most often meets, in one place so that the
/// documentation's quotes of them are tested word for word.
extension PostgresStoreError {
    /// Nothing answered at `address`: `no PostgreSQL server answers at 127.0.0.1:1: connection refused`.
    static func unreachable(_ address: String, because cause: String) -> PostgresStoreError {
        PostgresStoreError(.unreachable, "no PostgreSQL server answers at \(address): \(cause)")
    }

    /// The server refused the user or its password; `server` is the server's own message.
    static func refused(user: String, at address: String, server: String, state: String) -> PostgresStoreError {
        PostgresStoreError(
            .authenticationFailed,
            "PostgreSQL at \(address) refused user \(user): \(server) (SQLSTATE \(state)); check the password (PGPASSWORD or the URL)")
    }

    /// The database the settings name does not exist on the server.
    static func missingDatabase(_ database: String, at address: String) -> PostgresStoreError {
        PostgresStoreError(
            .missingDatabase, "PostgreSQL at \(address) has no database \(database): create it (createdb \(database)) or name another")
    }

    /// Why a connection failed, in the words of the system rather than of NIO's types:
    /// `connection refused`, `cannot resolve db.local: …`, `no answer within 10 s`.
    static func cause(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let lookup = error.dnsAError ?? error.dnsAAAAError { return "cannot resolve \(error.host): \(cause(lookup))" }
            // Every address refused the same way, as a rule: the first says why.
            if let first = error.connectionErrors.first { return cause(first.error) }
            return "no address found for \(error.host)"
        case let error as IOError:
            let text = String(cString: strerror(error.errnoCode))
            return text.prefix(1).lowercased() + text.dropFirst()
        case ChannelError.connectTimeout(let timeout):
            return "no answer within \(timeout.nanoseconds / 1_000_000_000) s"
        default:
            return "\(error)"
        }
    }
}
