import Testing

/// Waits for a pool or replica to reach a state, checking every 10 ms: fixed sleeps fail when a
/// loaded machine runs a test slowly. Records an issue if `condition` still fails after `limit`.
func until(within limit: Duration = .seconds(10), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("The expected state was not reached within \(limit).")
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
