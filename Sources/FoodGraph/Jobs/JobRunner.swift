import Foundation
import Logging
import Postgres

/// The job runner every server runs: background work (recurring orders, expiry alerts, retention
/// purges, mail and webhook delivery, data exports) taken from the PostgreSQL `jobs` table. Due
/// rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several servers share the work
/// and each run happens on one of them; a failed run is tried again with exponential back-off (a
/// one-off job is kept as `FAILED` after its last attempt, for administrators to see in
/// `Query.jobs` and queue again). Nothing here runs on a request's path: requests only enqueue.
public struct JobRunner: Sendable {
    public let database: PostgresDatabase
    let periodic: [String: PeriodicJob]
    let oneOff: [String: OneOffJob]
    /// Names this server in `jobs.locked_by`.
    public let worker: String
    /// How long a claim holds a job before another server may take it (its server died).
    public var lease: Duration = .seconds(600)
    /// How often the runner looks for due jobs.
    public var pollInterval: Duration = .seconds(1)
    /// Back-off of a failed run: `base · 2^(attempt−1)`, at most `maximum`, with ±20 % jitter.
    public var backoffBaseSeconds = 5.0
    public var backoffMaximumSeconds = 3600.0

    /// The runner of `periodic` jobs (every area's, and the server's mail and webhook senders) and
    /// every one-off job kind the domain queues.
    public init(database: PostgresDatabase, periodic: [PeriodicJob], worker: String? = nil) {
        self.database = database
        self.periodic = Dictionary(periodic.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.oneOff = Dictionary(Self.oneOffJobs.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.worker = worker ?? "\(ProcessInfo.processInfo.hostName)#\(ProcessInfo.processInfo.processIdentifier)#\(UUID().uuidString.prefix(8))"
    }

    /// Every kind of one-off job.
    static let oneOffJobs: [OneOffJob] = [RecurringOrders.runJob]

    var kinds: [String] { Array(periodic.keys) + Array(oneOff.keys) }

    /// Runs until the task is cancelled: registers the periodic jobs, then runs what is due.
    public func run(logger: Logger) async {
        var registered = false
        while !Task.isCancelled {
            do {
                if !registered {
                    try await register()
                    registered = true
                }
                try await runDue(logger: logger)
            } catch is CancellationError {
                return
            } catch {
                logger.warning("job runner: could not claim jobs", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: pollInterval)
        }
    }

    /// Writes the periodic jobs' rows (each due at once when new).
    public func register() async throws {
        try await JobQueue.register(
            periodic: periodic.values.map { ($0.name, max(1, Int($0.interval.components.seconds))) }, in: database)
    }

    /// Claims and runs every job due now, one at a time; returns how many ran.
    @discardableResult
    public func runDue(logger: Logger) async throws -> Int {
        var count = 0
        while !Task.isCancelled {
            let claimed = try await JobQueue.claim(kinds: kinds, limit: 1, lease: lease, by: worker, in: database)
            guard let job = claimed.first else { break }
            await execute(job, logger: logger)
            count += 1
        }
        return count
    }

    private func execute(_ job: JobRecord, logger: Logger) async {
        var metadata: Logger.Metadata = ["job": "\(job.kind)", "job_id": "\(job.id)", "attempt": "\(job.attempts + 1)"]
        do {
            if let periodic = periodic[job.kind] {
                try await periodic.runOnce(in: database, logger: logger)
                try await JobQueue.succeed(job, in: database)
            } else if let oneOff = oneOff[job.kind] {
                try await database.withTransaction { transaction in
                    try await oneOff.work(job, transaction, logger)
                    // Recorded with the job's writes: if the claim was lost, neither stays.
                    guard try await JobQueue.succeed(job, in: transaction) else { throw LostClaim() }
                }
            }
            JobMetrics.recordRun(kind: job.kind, failed: false)
        } catch is CancellationError {
            return
        } catch {
            JobMetrics.recordRun(kind: job.kind, failed: true)
            let delay = backoffSeconds(afterAttempt: job.attempts + 1)
            metadata["error"] = "\(error)"
            metadata["retry_in_seconds"] = "\(Int(delay.rounded()))"
            logger.warning("background job failed", metadata: metadata)
            do {
                try await JobQueue.fail(job, error: "\(error)", delaySeconds: delay, in: database)
            } catch {
                logger.error("job runner: could not record a failure", metadata: ["job_id": "\(job.id)", "error": "\(error)"])
            }
        }
    }

    func backoffSeconds(afterAttempt attempt: Int) -> Double {
        let raw = backoffBaseSeconds * pow(2, Double(max(0, min(attempt - 1, 20))))
        return min(raw, backoffMaximumSeconds) * Double.random(in: 0.8...1.2)
    }

    private struct LostClaim: Error, CustomStringConvertible {
        var description: String { "the job's claim ran out and another server took it" }
    }
}
