@testable import BaseModelPostgres
import Foundation
import PostgresNIO
import Testing

/// Opening fails with a typed error naming what to fix.
@Suite(.timeLimit(.minutes(2))) struct PostgresOpenErrorTests {
    @Test func anUnreachableServerIsSaid() async {
        do {
            _ = try await PostgresStore(url: "postgres://nobody:secret@127.0.0.1:1/none?sslmode=disable")
            Issue.record("opened a store on a closed port")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.message == "no PostgreSQL server answers at 127.0.0.1:1: connection refused")
            #expect(!error.message.contains("secret"))
        }
    }

    /// The messages the article quotes, word for word.
    @Test func theDocumentedMessages() {
        #expect(PostgresStoreError.refused(
            user: "app", at: "db.local:5432", server: "password authentication failed for user \"app\"", state: "28P01"
        ).description == "PostgreSQL at db.local:5432 refused user app: password authentication failed for user \"app\" (SQLSTATE 28P01); check the password (PGPASSWORD or the URL)")
        #expect(PostgresStoreError.missingDatabase("app", at: "db.local:5432").description == "PostgreSQL at db.local:5432 has no database app: create it (createdb app) or name another")
        #expect(PostgresStoreError.cause(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == "connection refused")
        #expect(PostgresStoreError.cause(ChannelError.connectTimeout(.seconds(10))) == "no answer within 10 s")
    }

    @Test func aBadURLIsSaid() async {
        do {
            _ = try await PostgresStore(url: "mysql://localhost/app")
            Issue.record("opened a store from a mysql URL")
        } catch {
            #expect(error.kind == .invalidConfiguration)
        }
    }

    @Test(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"))
    func aWrongPasswordIsSaid() async throws {
        var settings = try #require(TestServer.settings)
        settings.password = "not the password"
        do {
            _ = try await TestServer.store(settings)
            Issue.record("opened a store with a wrong password")
        } catch let error as PostgresStoreError {
            #expect(error.kind == .authenticationFailed)
            #expect(error == .refused(user: settings.user, at: settings.address, server: "password authentication failed for user \"\(settings.user)\"", state: "28P01"))
            #expect(error.message.contains("refused user \(settings.user)"), "\(error)")
            #expect(error.message.contains("check the password"))
            #expect(!error.message.contains("not the password"))
        }
    }

    @Test(.enabled(if: TestServer.isConfigured, "\(TestServer.missingMessage)"))
    func aMissingDatabaseIsSaid() async throws {
        var settings = try #require(TestServer.settings)
        settings.database = "basemodel_no_such_database"
        do {
            _ = try await TestServer.store(settings)
            Issue.record("opened a store on a missing database")
        } catch let error as PostgresStoreError {
            #expect(error.kind == .missingDatabase)
            #expect(error == .missingDatabase("basemodel_no_such_database", at: settings.address))
            #expect(error.message.contains("has no database basemodel_no_such_database: create it"), "\(error)")
        }
    }

    @Test func theEnvironmentIsReadAsPsqlReadsIt() throws {
        let settings = try PostgresSettings(environment: [
            "PGHOST": "db.example", "PGPORT": "6543", "PGUSER": "app", "PGPASSWORD": "pw", "PGDATABASE": "models",
        ])
        #expect(settings.address == "db.example:6543")
        #expect(settings.user == "app" && settings.password == "pw" && settings.database == "models")
        let socket = try PostgresSettings(environment: ["PGHOST": "/var/run/postgresql", "PGUSER": "app"])
        #expect(socket.address == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(throws: PostgresStoreError.self) { try PostgresSettings(environment: ["PGPORT": "many"]) }
    }
}
