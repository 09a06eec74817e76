import Foundation
import PostgresNIO

/// Where and as whom to connect, read from a URL or the `PG*` environment variables.
struct PostgresSettings: Sendable {
    var host = "localhost"
    var port = 5432
    /// A folder holding the server's socket (`PGHOST=/var/run/postgresql`), instead of TCP.
    var socketFolder: String?
    var user = "postgres"
    var password: String?
    var database: String?
    /// `disable`, `prefer` (the default, as libpq) or `require`.
    var sslMode = "prefer"

    /// `postgres://user:password@host:port/database?sslmode=disable`.
    init(url text: String) throws(PostgresStoreError) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, scheme == "postgres" || scheme == "postgresql"
        else {
            throw PostgresStoreError(.invalidConfiguration, "not a postgres:// URL: \(Self.redacted(text))")
        }
        if let host = components.host, !host.isEmpty { self.host = host }
        if let port = components.port { self.port = port }
        if let user = components.user, !user.isEmpty { self.user = user }  // already percent-decoded
        password = components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode": sslMode = item.value ?? sslMode
            case "host": if let value = item.value, value.hasPrefix("/") { socketFolder = value }
            default: break
            }
        }
    }

    /// `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`, as libpq reads them.
    init(environment: [String: String]) throws(PostgresStoreError) {
        if let host = environment["PGHOST"], !host.isEmpty {
            if host.hasPrefix("/") { socketFolder = host } else { self.host = host }
        }
        if let text = environment["PGPORT"], !text.isEmpty {
            guard let port = Int(text) else {
                throw PostgresStoreError(.invalidConfiguration, "PGPORT is not a port number: \(text)")
            }
            self.port = port
        }
        user = environment["PGUSER"] ?? environment["USER"] ?? user
        password = environment["PGPASSWORD"]
        database = environment["PGDATABASE"]
        sslMode = environment["PGSSLMODE"] ?? sslMode
    }

    /// The settings as a `postgres://` URL that ``init(url:)`` reads back (password included).
    var url: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        components.password = password
        components.host = socketFolder == nil ? host : ""
        components.port = port
        components.path = "/" + (database ?? "")
        var items = [URLQueryItem(name: "sslmode", value: sslMode)]
        if let socketFolder { items.append(URLQueryItem(name: "host", value: socketFolder)) }
        components.queryItems = items
        return components.string ?? ""
    }

    /// Where the server is, for messages.
    var address: String { socketFolder.map { "\($0)/.s.PGSQL.\(port)" } ?? "\(host):\(port)" }

    var databaseName: String { database ?? user }

    func tls() throws(PostgresStoreError) -> PostgresConnection.Configuration.TLS {
        do {
            switch sslMode {
            case "disable", "allow": return .disable
            case "prefer": return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case "require", "verify-ca", "verify-full":
                return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            default:
                throw PostgresStoreError(.invalidConfiguration, "unknown sslmode \(sslMode)")
            }
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError(.invalidConfiguration, "cannot set up TLS: \(error)")
        }
    }

    func connectionConfiguration() throws(PostgresStoreError) -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if let socketFolder {
            configuration = .init(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: try tls())
        }
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    func clientConfiguration() throws(PostgresStoreError) -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let socketFolder {
            configuration = .init(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            let tls: PostgresClient.Configuration.TLS
            switch sslMode {
            case "disable", "allow": tls = .disable
            case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
            default: tls = .prefer(.makeClientConfiguration())
            }
            configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    /// The URL with its password replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    /// Turns a connection error into a typed error naming what to fix.
    func openError(_ error: any Error) -> PostgresStoreError {
        if let error = error as? PostgresStoreError { return error }
        if let error = error as? PSQLError {
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                let text = error.serverInfo?[.message] ?? ""
                switch state {
                case "28P01", "28000":
                    return .refused(user: user, at: address, server: text, state: state)
                case "3D000":
                    return .missingDatabase(databaseName, at: address)
                default:
                    return PostgresStoreError(.server, "PostgreSQL at \(address): \(text) (SQLSTATE \(state))")
                }
            }
            if error.code == .connectionError || error.code == .serverClosedConnection || error.code == .uncleanShutdown {
                return .unreachable(address, because: error.underlying.map(PostgresStoreError.cause) ?? "\(error.code)")
            }
            if error.code == .authMechanismRequiresPassword {
                return PostgresStoreError(
                    .authenticationFailed, "PostgreSQL at \(address) wants a password for user \(user); set PGPASSWORD or put it in the URL")
            }
            return PostgresStoreError(.server, "PostgreSQL at \(address): \(error.code) \(error.underlying.map { "\($0)" } ?? "")")
        }
        return .unreachable(address, because: PostgresStoreError.cause(error))
    }
}
