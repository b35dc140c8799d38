import Postgres

/// Failed sign-ins, kept in PostgreSQL so every server instance shares the counts. Two keys are
/// counted: the account (guessing one password) and the client address (trying one password on many
/// accounts). Past its limit within the window a key is refused until its oldest failure ages out.
enum LoginThrottle {
    struct Key: Sendable {
        var value: String
        var limit: Int

        static func account(_ email: String, _ policy: AccountPolicy) -> Key {
            Key(value: "account:" + email.lowercased(), limit: policy.failuresPerAccount)
        }

        static func address(_ address: String, _ policy: AccountPolicy) -> Key {
            Key(value: "address:" + address, limit: policy.failuresPerAddress)
        }
    }

    /// Seconds until another attempt is allowed, or nil when one is allowed now.
    static func retryAfter(for keys: [Key], policy: AccountPolicy, in database: some PostgresQuerying) async throws -> Int? {
        let rows = try await database.query(
            """
            SELECT throttle_key, count(*), coalesce(extract(epoch FROM min(failed_at) + make_interval(secs => $2) - now())::int, 0)
            FROM login_failures WHERE throttle_key = ANY($1) AND failed_at > now() - make_interval(secs => $2)
            GROUP BY throttle_key
            """, [PostgresArray(keys.map(\.value)), policy.throttleWindowSeconds])
        var retryAfter: Int?
        for row in rows {
            let key = try row.decode(String.self, at: 0)
            guard let limit = keys.first(where: { $0.value == key })?.limit, try row.decode(Int.self, at: 1) >= limit else { continue }
            retryAfter = max(retryAfter ?? 1, try row.decode(Int.self, at: 2))
        }
        return retryAfter
    }

    static func recordFailure(for keys: [Key], policy: AccountPolicy, in database: some PostgresQuerying) async throws {
        let values = PostgresArray(keys.map(\.value))
        _ = try await database.query("INSERT INTO login_failures (throttle_key) SELECT unnest($1::text[])", [values])
        // Old rows are useless: prune these keys', so the table stays small without a job.
        _ = try await database.query(
            "DELETE FROM login_failures WHERE throttle_key = ANY($1) AND failed_at < now() - make_interval(secs => $2)",
            [values, policy.throttleWindowSeconds])
    }

    /// Clears the account's count after a successful sign-in. The address's count stays: otherwise
    /// signing in to one's own account between guesses would reset it.
    static func reset(_ key: Key, in database: some PostgresQuerying) async throws {
        _ = try await database.query("DELETE FROM login_failures WHERE throttle_key = $1", [key.value])
    }
}
