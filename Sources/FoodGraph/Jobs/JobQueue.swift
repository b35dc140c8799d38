import Foundation
import GraphQLEngine
import Postgres

/// A row of the `jobs` table as a server claimed it, or as administrators list it (schema type `Job`).
struct JobRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Job"

    var id: Int64
    var kind: String
    var key: String
    var payload: String
    var status: JobStatus
    var periodicSeconds: Int?
    var runAt: Date
    var attempts: Int
    var maxAttempts: Int
    var lastError: String?
    var lockedBy: String?
    var lockedUntil: Date?
    var lastStartedAt: Date?
    var lastFinishedAt: Date?
    var createdAt: Date
    /// The claim a server holds: only the holder records the outcome.
    var claimToken: UUID?

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = """
        j.id, j.kind, j.key, j.payload::text, j.status, j.periodic_seconds, j.run_at, j.attempts, j.max_attempts, j.last_error,
        j.claimed_worker, j.locked_until, j.last_started_at, j.last_finished_at, j.created_at, j.claim_token::text
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        kind = try row.decode(String.self, at: 1)
        key = try row.decode(String.self, at: 2)
        payload = try row.decode(String.self, at: 3)
        status = JobStatus(rawValue: try row.decode(String.self, at: 4).uppercased()) ?? .queued
        periodicSeconds = try row.decode(Int?.self, at: 5)
        runAt = try row.decode(Date.self, at: 6)
        attempts = try row.decode(Int.self, at: 7)
        maxAttempts = try row.decode(Int.self, at: 8)
        lastError = try row.decode(String?.self, at: 9)
        lockedBy = try row.decode(String?.self, at: 10)
        lockedUntil = try row.decode(Date?.self, at: 11)
        lastStartedAt = try row.decode(Date?.self, at: 12)
        lastFinishedAt = try row.decode(Date?.self, at: 13)
        createdAt = try row.decode(Date.self, at: 14)
        claimToken = try row.decode(String?.self, at: 15).flatMap(UUID.init(uuidString:))
    }
}

/// The SQL of the `jobs` table. Areas enqueue one-off jobs inside their own transactions
/// (`enqueue`: a job of a kind and key is queued once, however often it is asked for); the runner
/// claims due jobs with `FOR UPDATE SKIP LOCKED` and a lease, and records each outcome.
enum JobQueue {
    /// Queues a one-off job (nothing when a job of that kind and key exists already). Returns
    /// whether it was queued now.
    @discardableResult
    static func enqueue(
        kind: String, key: String, payload: String = "{}", runAt: Date? = nil, maxAttempts: Int = 8, in database: some PostgresQuerying
    ) async throws -> Bool {
        try await database.query(
            """
            INSERT INTO jobs (kind, key, payload, run_at, max_attempts) VALUES ($1, $2, $3::jsonb, coalesce($4, now()), $5)
            ON CONFLICT (kind, key) DO NOTHING
            """, [kind, key, payload, runAt, maxAttempts]
        ).affectedRowCount == 1
    }

    /// Makes sure each periodic job has its row (due now when new), and follows a changed interval.
    static func register(periodic jobs: [(name: String, seconds: Int)], in database: some PostgresQuerying) async throws {
        guard !jobs.isEmpty else { return }
        // The upsert locks every row it meets, updated or not: servers that start together must
        // take them in one order (`ORDER BY name`), or two of them deadlock. Each runner's list
        // comes from a dictionary, whose order differs from one instance to the next.
        _ = try await database.query(
            """
            INSERT INTO jobs (kind, key, periodic_seconds, max_attempts)
            SELECT name, 'periodic', seconds, 1000000 FROM unnest($1::text[], $2::int[]) AS p(name, seconds) ORDER BY name
            ON CONFLICT (kind, key) DO UPDATE SET periodic_seconds = excluded.periodic_seconds
              WHERE jobs.periodic_seconds IS DISTINCT FROM excluded.periodic_seconds
            """, [PostgresArray(jobs.map(\.name)), PostgresArray(jobs.map(\.seconds))])
    }

    /// Claims up to `limit` due jobs of the given kinds for `lease`: their rows are taken with
    /// `FOR UPDATE SKIP LOCKED`, so two servers never claim one job, and a claim whose lease ran out
    /// (its server died) is taken again.
    static func claim(kinds: [String], limit: Int, lease: Duration, by worker: String, in database: some PostgresQuerying) async throws
        -> [JobRecord]
    {
        let rows = try await database.query(
            """
            UPDATE jobs j SET status = 'running', claim_token = gen_random_uuid(), claimed_worker = $4,
              locked_until = now() + make_interval(secs => $3), last_started_at = now()
            WHERE j.id IN (
              SELECT id FROM jobs
              WHERE kind = ANY($1) AND run_at <= now()
                AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
              ORDER BY run_at, id LIMIT $2
              FOR UPDATE SKIP LOCKED)
            RETURNING \(JobRecord.columns)
            """, [PostgresArray(kinds), limit, Double(lease.components.seconds), worker])
        return try rows.map(JobRecord.init).sorted { ($0.runAt, $0.id) < ($1.runAt, $1.id) }
    }

    /// A periodic job ran: its next run is `interval` from now. A one-off job succeeded.
    /// False when the claim was lost (the lease ran out and another server took the job).
    @discardableResult
    static func succeed(_ job: JobRecord, in database: some PostgresQuerying) async throws -> Bool {
        try await database.query(
            """
            UPDATE jobs SET status = CASE WHEN periodic_seconds IS NULL THEN 'succeeded' ELSE 'queued' END,
              run_at = CASE WHEN periodic_seconds IS NULL THEN run_at ELSE now() + make_interval(secs => periodic_seconds) END,
              attempts = CASE WHEN periodic_seconds IS NULL THEN attempts + 1 ELSE 0 END,
              last_error = NULL, claim_token = NULL, claimed_worker = NULL, locked_until = NULL, last_finished_at = now()
            WHERE id = $1 AND claim_token = $2::uuid
            """, [job.id, job.claimToken?.uuidString]
        ).affectedRowCount == 1
    }

    /// A failed run: tried again after `delaySeconds`, or kept as failed after its last attempt (a
    /// periodic job is never given up: it runs again at the later of its interval and the back-off).
    static func fail(_ job: JobRecord, error: String, delaySeconds: Double, in database: some PostgresQuerying) async throws {
        _ = try await database.query(
            """
            UPDATE jobs SET attempts = attempts + 1, last_error = left($3, 2000), last_finished_at = now(),
              claim_token = NULL, claimed_worker = NULL, locked_until = NULL,
              status = CASE WHEN periodic_seconds IS NULL AND attempts + 1 >= max_attempts THEN 'failed' ELSE 'queued' END,
              run_at = now() + make_interval(secs => CASE WHEN periodic_seconds IS NULL THEN $4::float8
                ELSE least(greatest($4::float8, 1), periodic_seconds) END)
            WHERE id = $1 AND claim_token = $2::uuid
            """, [job.id, job.claimToken?.uuidString, error, delaySeconds])
    }

    /// Administrators' list: one status, or every job; newest first.
    static func page(status: JobStatus?, _ page: Page, in database: some PostgresQuerying) async throws -> Connection<JobRecord> {
        try await page.fetch(
            select: JobRecord.columns, from: "SELECT * FROM jobs WHERE ($1::text IS NULL OR status = $1)", as: "j",
            keys: [Page.Key(expression: "j.id", type: "int8")], descending: true, parameters: [status?.rawValue.lowercased()],
            in: database, decode: JobRecord.init)
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: JobRecord] {
        try await JobRecord.load("SELECT \(JobRecord.columns) FROM jobs j WHERE j.id = ANY($1)", ids: ids, from: database)
    }

    /// Queues a failed one-off job again, now (administrators).
    static func retry(_ id: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await transaction.query(
            "UPDATE jobs SET status = 'queued', run_at = now(), attempts = 0, last_error = NULL WHERE id = $1 AND status = 'failed'", [id]
        ).affectedRowCount == 1
    }
}
