/// Reads a child's lines until one passes a test, within a time limit.
enum LineWaiter {
    /// The first line of `lines` for which `matches` is true, or `nil` when the stream ends or
    /// `timeout` passes first.
    static func first(
        in lines: AsyncStream<String>, within timeout: Duration, where matches: @escaping @Sendable (String) -> Bool
    ) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for await line in lines where matches(line) { return line }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
