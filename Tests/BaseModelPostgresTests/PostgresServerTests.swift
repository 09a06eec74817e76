import Foundation
import Testing

/// Says why the PostgreSQL suites did not run, and fails the run under `CI=true`.
@Suite struct PostgresServerTests {
    @Test func aServerIsConfiguredOrTheSkipIsSaid() {
        guard !TestServer.isConfigured else { return }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("CI=true and no PostgreSQL server: \(TestServer.missingMessage)")
        } else {
            print(TestServer.missingMessage)
        }
    }
}
