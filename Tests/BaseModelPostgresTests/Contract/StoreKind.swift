@testable import BaseModelPostgres
@testable import BaseModelSQLite
import Foundation
import GRDB
import Testing

/// The stores the contract suite runs against: every ``ModelStore`` of the package.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, directory, sqlite, postgres

    /// The kinds to test: PostgreSQL only when a server is configured, or under `CI=true`
    /// (where a missing server then fails the test instead of skipping it).
    static var underTest: [StoreKind] {
        TestServer.isConfigured || TestServer.isCI ? allCases : allCases.filter { $0 != .postgres }
    }

    /// The kinds whose batch save is one transaction that a database can refuse halfway.
    static var transactional: [StoreKind] { underTest.filter { $0 == .sqlite || $0 == .postgres } }

    var testDescription: String { rawValue }

    /// A new, empty store of this kind (JSON bodies where the store takes a format).
    func make(_ name: String = #function) async throws -> StoreUnderTest {
        switch self {
        case .memory:
            return StoreUnderTest(store: MemoryStore())
        case .directory:
            let folder = Self.temporaryFolder()
            return StoreUnderTest(
                store: try DirectoryStore(directory: folder, format: .json),
                tearDown: { try? FileManager.default.removeItem(at: folder) })
        case .sqlite:
            let folder = Self.temporaryFolder()
            let store = try SQLiteStore(url: folder.appendingPathComponent("models.sqlite"), format: .json)
            return StoreUnderTest(
                store: store,
                refuseRow: { id in
                    try await store.pool.write { db in
                        try db.execute(sql: """
                            CREATE TRIGGER refuse_\(id) BEFORE INSERT ON model WHEN NEW.id = \(id)
                            BEGIN SELECT RAISE(ABORT, 'row \(id) refused by the test'); END
                            """)
                    }
                },
                tearDown: {
                    try? store.close()
                    try? FileManager.default.removeItem(at: folder)
                })
        case .postgres:
            let settings = try await TestServer.createDatabase(name)
            let store = try await TestServer.store(settings)
            return StoreUnderTest(
                store: store,
                refuseRow: { id in
                    try await TestServer.execute(settings, """
                        CREATE FUNCTION refuse_\(id)() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN RAISE EXCEPTION 'row \(id) refused by the test'; END $$
                        """)
                    try await TestServer.execute(settings, """
                        CREATE TRIGGER refuse_\(id) BEFORE INSERT OR UPDATE ON basemodel_model
                        FOR EACH ROW WHEN (NEW.id = '\(id)') EXECUTE FUNCTION refuse_\(id)()
                        """)
                },
                tearDown: {
                    await store.close()
                    try? await TestServer.dropDatabase(settings)
                })
        }
    }

    private static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("store-contract-\(UUID().uuidString)", isDirectory: true)
    }
}
