import Logging
import Postgres

/// Background work of an area that the server runs every `interval` (and once at start): retention
/// purges, outgoing mail. It must be safe to run from several servers at once (each row handled
/// once: `FOR UPDATE SKIP LOCKED`, idempotent deletes), since every instance runs it.
public struct PeriodicJob: Sendable {
    public let name: String
    public let interval: Duration
    let work: @Sendable (PostgresDatabase, Logger) async throws -> Void

    init(_ name: String, every interval: Duration, _ work: @escaping @Sendable (PostgresDatabase, Logger) async throws -> Void) {
        self.name = name
        self.interval = interval
        self.work = work
    }

    /// Runs until the task is cancelled; a failed run is logged and retried at the next interval.
    public func run(in database: PostgresDatabase, logger: Logger) async {
        while !Task.isCancelled {
            do {
                try await work(database, logger)
            } catch is CancellationError {
                return
            } catch {
                logger.warning("background job failed", metadata: ["job": "\(name)", "error": "\(error)"])
            }
            try? await Task.sleep(for: interval)
        }
    }
}
