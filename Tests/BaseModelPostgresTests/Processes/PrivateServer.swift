@testable import BaseModelPostgres
import Foundation

/// A throwaway cluster of the test's own, started with `scripts/postgres-test-server.sh`, for
/// tests that restart the server (the shared one keeps serving the other tests meanwhile).
struct PrivateServer {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/postgres-test-server.sh").path

    let settings: PostgresSettings
    let folder: String

    /// Starts a cluster on the first free port.
    static func start() throws -> PrivateServer {
        var environment = ProcessInfo.processInfo.environment
        environment["BASEMODEL_POSTGRES_PORT"] = nil
        let output = try run(["start"], environment: environment)
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { values[String(pair[0])] = String(pair[1]) }
        }
        guard let url = values["BASEMODEL_POSTGRES_URL"], let folder = values["BASEMODEL_POSTGRES_DIR"] else {
            throw ScriptError(message: "postgres-test-server.sh start printed no URL: \(output)")
        }
        return PrivateServer(settings: try PostgresSettings(url: url), folder: folder)
    }

    /// Restarts the server (`pg_ctl restart -m fast`): every client loses its connections.
    func restart() throws { _ = try Self.run(["restart", folder]) }

    /// Stops the server and removes its folder.
    func stop() { _ = try? Self.run(["stop", folder]) }

    /// Runs the script and returns what it printed. Spawned and reaped here (`posix_spawn`,
    /// `waitpid`) rather than through Foundation's `Process`, whose wait can miss the exit of a
    /// script that leaves a daemon (the server) behind.
    private static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let err = folder.appendingPathComponent("err").path
        let quoted = ([script] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "exec " + quoted.joined(separator: " ") + " >'\(out)' 2>'\(err)' </dev/null"
        let argv = ["/bin/bash", "-c", command]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cArgv = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer {
            for pointer in cArgv { free(pointer) }
            for pointer in cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", nil, nil, &cArgv, &cEnv)
        guard spawned == 0 else { throw ScriptError(message: "cannot start postgres-test-server.sh: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let complained = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw ScriptError(message: "postgres-test-server.sh \(arguments.joined(separator: " ")) failed (\(status)): \(complained)")
        }
        return printed
    }
}
