import Logging
import Postgres

/// Background work of an area that runs every `interval`: retention purges, outgoing mail, expiry
/// alerts. The job runner (`Jobs/JobRunner.swift`) keeps one row per periodic job in the `jobs`
/// table and claims it with `FOR UPDATE SKIP LOCKED` when it is due, so that however many servers
/// run, each run happens on one of them; the next run is `interval` after the last ended. The work
/// must still be safe to repeat (idempotent deletes, rows claimed with `SKIP LOCKED`): a server
/// that dies mid-run leaves the job to be taken again when its lease ends.
public struct PeriodicJob: Sendable {
    public let name: String
    public let interval: Duration
    let work: @Sendable (PostgresDatabase, Logger) async throws -> Void

    init(_ name: String, every interval: Duration, _ work: @escaping @Sendable (PostgresDatabase, Logger) async throws -> Void) {
        self.name = name
        self.interval = interval
        self.work = work
    }

    /// Runs the work once (the runner's call, and tests').
    public func runOnce(in database: PostgresDatabase, logger: Logger) async throws {
        try await work(database, logger)
    }
}

/// A one-off task of a kind (a recurring order's run for one user and date): queued as a row of
/// `jobs` by `JobQueue.enqueue`, claimed by one server, and run in one transaction together with
/// the record of its success, so that its writes happen exactly once.
struct OneOffJob: Sendable {
    let kind: String
    let work: @Sendable (JobRecord, PostgresTransaction, Logger) async throws -> Void

    init(_ kind: String, _ work: @escaping @Sendable (JobRecord, PostgresTransaction, Logger) async throws -> Void) {
        self.kind = kind
        self.work = work
    }
}
