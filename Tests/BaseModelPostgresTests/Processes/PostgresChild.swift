@testable import BaseModel
import Foundation

/// The `postgres-child` executable, found beside the test binary (SwiftPM builds every executable
/// of the package into the same folder as the test bundle), and a running child's output lines.
final class PostgresChild: Sendable {
    static let name = "postgres-child"

    /// The executable's URL, or `nil` when it has not been built.
    static let executable: URL? = SiblingExecutable.url(named: name)

    let process: Process
    private let input: Pipe
    /// The lines the child printed, as they come.
    let lines: AsyncStream<String>

    /// Starts `postgres-child` with `arguments`; its standard output is read line by line.
    init(_ arguments: [String]) throws {
        guard let executable = Self.executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(Self.name) is not built; run swift build --build-tests"])
        }
        let output = Pipe()
        let input = Pipe()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardInput = input
        let (lines, continuation) = AsyncStream<String>.makeStream()
        // Read on a thread of its own with blocking reads, not with a `readabilityHandler`: on
        // Linux, dispatch read sources set up and torn down while other tests start and kill
        // processes corrupt libdispatch's epoll bookkeeping, and its manager thread crashes
        // (swiftlang/swift-corelibs-libdispatch#949; seen here as a signal 11 in
        // `_dispatch_event_loop_drain`).
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            var buffer = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            continuation.finish()
        }
        try process.run()
        self.process = process
        self.input = input
        self.lines = lines
    }

    /// Closes the child's standard input (the `follow` mode ends then) and waits for it to exit,
    /// killing it after `timeout`.
    func finish(timeout: Duration = .seconds(20)) async {
        try? input.fileHandleForWriting.close()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while process.isRunning, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
