import Metrics
import Postgres

/// The job queue as operators watch it: how many jobs are due and not yet taken, running, and
/// given up (`FAILED`), read when `/metrics` is scraped; and failed runs, counted as they happen
/// (`foodgraph_job_failures_total`, by kind) through the process's swift-metrics backend.
public struct JobQueueDepth: Hashable, Sendable {
    public var due: Int
    public var running: Int
    public var failed: Int

    /// One statement over the `jobs` table (the due and running rows come from its partial index).
    public static func read(in database: some PostgresQuerying) async throws -> JobQueueDepth {
        let rows = try await database.query(
            """
            SELECT count(*) FILTER (WHERE status = 'queued' AND run_at <= now())::int8,
              count(*) FILTER (WHERE status = 'running')::int8,
              (SELECT count(*) FROM jobs WHERE status = 'failed')::int8
            FROM jobs WHERE status IN ('queued', 'running')
            """, [])
        guard let row = rows.first else { return JobQueueDepth(due: 0, running: 0, failed: 0) }
        return JobQueueDepth(
            due: try row.decode(Int.self, at: 0), running: try row.decode(Int.self, at: 1), failed: try row.decode(Int.self, at: 2))
    }
}

enum JobMetrics {
    static let failuresMetric = "foodgraph_job_failures_total"
    static let runsMetric = "foodgraph_job_runs_total"

    static func recordRun(kind: String, failed: Bool) {
        Counter(label: runsMetric, dimensions: [("kind", kind), ("outcome", failed ? "failure" : "success")]).increment()
        if failed { Counter(label: failuresMetric, dimensions: [("kind", kind)]).increment() }
    }
}
