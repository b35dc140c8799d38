import Postgres

/// Failed sign-ins per account, kept in PostgreSQL so every server instance shares the count:
/// after `limit` failures within `window`, sign-in is refused until the oldest failure ages out.
enum LoginThrottle {
    static let limit = 5
    static let windowSeconds = 15 * 60

    /// Seconds until another attempt is allowed, or nil when one is allowed now.
    static func retryAfter(for key: String, in database: some PostgresQuerying) async throws -> Int? {
        let rows = try await database.query(
            """
            SELECT count(*), coalesce(extract(epoch FROM min(failed_at) + make_interval(secs => $2) - now())::int, 0)
            FROM login_failures WHERE throttle_key = $1 AND failed_at > now() - make_interval(secs => $2)
            """, [key, windowSeconds])
        let count = try rows[0].decode(Int.self, at: 0)
        return count >= limit ? max(1, try rows[0].decode(Int.self, at: 1)) : nil
    }

    static func recordFailure(for key: String, in database: some PostgresQuerying) async throws {
        _ = try await database.query("INSERT INTO login_failures (throttle_key) VALUES ($1)", [key])
        // Old rows are useless: prune this key's, so the table stays small without a job.
        _ = try await database.query(
            "DELETE FROM login_failures WHERE throttle_key = $1 AND failed_at < now() - make_interval(secs => $2)",
            [key, windowSeconds])
    }

    static func reset(for key: String, in database: some PostgresQuerying) async throws {
        _ = try await database.query("DELETE FROM login_failures WHERE throttle_key = $1", [key])
    }
}
