@testable import BaseModelPostgres
import Foundation
import PostgresNIO
import Testing

/// The PostgreSQL server the tests use: `BASEMODEL_POSTGRES_URL`, else the `PG*` variables when
/// `PGHOST` is set. `scripts/postgres-test-server.sh start` starts one and prints the variable.
/// Each test gets a database of its own, dropped at the end.
enum TestServer {
    static let environment = ProcessInfo.processInfo.environment

    /// The server's settings, or `nil` when none is configured.
    static let settings: PostgresSettings? = {
        if let url = environment["BASEMODEL_POSTGRES_URL"], !url.isEmpty { return try? PostgresSettings(url: url) }
        if environment["PGHOST"] != nil { return try? PostgresSettings(environment: environment) }
        return nil
    }()

    static var isConfigured: Bool { settings != nil }

    static let missingMessage = """
        BaseModelPostgresTests skipped: no PostgreSQL server configured. Set BASEMODEL_POSTGRES_URL \
        (postgres://user:password@host:port/database) or PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE, \
        or run: eval "$(scripts/postgres-test-server.sh start)"
        """

    /// Whether the tests run under `CI=true`, where a missing server fails instead of skipping.
    static var isCI: Bool { environment["CI"] == "true" }

    /// The URL of a database's settings, for tests that import the module without `@testable`.
    static func url(of settings: PostgresSettings) -> String { settings.url }

    /// Runs `body` with the settings of a new, empty database, dropped afterwards.
    static func withDatabase(
        _ name: String = #function, _ body: (PostgresSettings) async throws -> Void
    ) async throws {
        let settings = try await createDatabase(name)
        do {
            try await body(settings)
        } catch {
            try? await dropDatabase(settings)
            throw error
        }
        try await dropDatabase(settings)
    }

    /// The settings of a new, empty database named after `name` and a random suffix (so runs
    /// and parallel tests never share one, and a database left by a killed run is never reused).
    static func createDatabase(_ name: String) async throws -> PostgresSettings {
        let server = try #require(settings, "\(missingMessage)")
        let database = "bm_" + name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(30) + "_"
            + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        try await admin(server, "CREATE DATABASE \(database)")
        var settings = server
        settings.database = database
        return settings
    }

    /// Drops the database of `settings`, closing what is still connected to it.
    static func dropDatabase(_ settings: PostgresSettings) async throws {
        let server = try #require(self.settings)
        guard let database = settings.database, database != server.database else { return }
        try await admin(server, "DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
    }

    /// Runs `sql` on the server's own database.
    static func admin(_ server: PostgresSettings, _ sql: String) async throws {
        try await execute(server, sql)
    }

    /// Runs `sql` (no parameters) on the database of `settings` and returns the first column of
    /// each row as text.
    @discardableResult
    static func execute(_ settings: PostgresSettings, _ sql: String) async throws -> [String?] {
        let connection = try await PostgresStore.connect(settings)
        do {
            var values: [String?] = []
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: PostgresStore.logger)
                .decode(String?.self)
            {
                values.append(value)
            }
            await PostgresStore.closeQuietly(connection)
            return values
        } catch {
            await PostgresStore.closeQuietly(connection)
            throw error
        }
    }

    /// A store on the database of `settings`.
    static func store(_ settings: PostgresSettings, onConflict: PostgresStore.ConflictPolicy = .fail) async throws -> PostgresStore {
        try await PostgresStore(settings: settings, format: .json, policy: onConflict, context: ModelContext())
    }
}
