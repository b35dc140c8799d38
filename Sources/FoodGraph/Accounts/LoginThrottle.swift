import Postgres

/// Password guesses (sign-in, and the current password of `changePassword`), counted in
/// PostgreSQL so every server instance shares the counts. Two keys are counted: the account
/// (guessing one password) and the client address (trying one password on many accounts). Past its
/// limit within the window a key is refused until its oldest failure ages out.
///
/// An attempt is counted before its password is checked (`reserve`), atomically: concurrent
/// attempts for one key queue on a lock, so however many arrive at once, at most `limit` are
/// ever checked in a window. A successful attempt takes its count back (`succeeded`).
enum LoginThrottle {
    struct Key: Sendable, Hashable {
        var value: String
        var limit: Int

        /// An account, by its email key (`EmailAddress.key`), so every form of one address counts as one.
        static func account(_ emailKey: String, _ policy: AccountPolicy) -> Key {
            Key(value: "account:" + emailKey, limit: policy.failuresPerAccount)
        }

        static func address(_ address: String, _ policy: AccountPolicy) -> Key {
            Key(value: "address:" + address, limit: policy.failuresPerAddress)
        }
    }

    /// The keys of a guess at an account's password from the request's client.
    static func keys(account emailKey: String, _ context: RequestContext) -> [Key] {
        [Key.account(emailKey, context.policy)] + (context.client.address.map { [Key.address($0, context.policy)] } ?? [])
    }

    /// An attempt counted against its keys: the failure rows written for it.
    struct Attempt: Sendable {
        var keys: [Key]
        /// The rows (`ctid`s) recorded for this attempt, one per key.
        var rows: [String]
    }

    /// Counts one attempt against every key, or throws `RATE_LIMITED` (with the seconds until
    /// another attempt is allowed) when a key is at its limit; then nothing is counted.
    static func reserve(_ keys: [Key], policy: AccountPolicy, in database: PostgresDatabase) async throws -> Attempt {
        // One lock order for every attempt, so two attempts sharing keys never deadlock.
        let keys = keys.sorted { $0.value < $1.value }
        let values = PostgresArray(keys.map(\.value))
        let window = policy.throttleWindowSeconds
        let outcome = try await database.withTransaction { transaction -> Result<[String], DomainError> in
            // Held to the end of the transaction; the next statement's snapshot sees every attempt
            // that held the lock before.
            _ = try await transaction.query(
                "SELECT count(pg_advisory_xact_lock(hashtextextended('login_throttle:' || k, 0))) FROM unnest($1::text[]) AS k", [values])
            // Old rows are useless: prune these keys', so the table stays small without a job.
            _ = try await transaction.query(
                "DELETE FROM login_failures WHERE throttle_key = ANY($1) AND failed_at <= now() - make_interval(secs => $2)",
                [values, window])
            let counts = try await transaction.query(
                """
                SELECT throttle_key, count(*), ceil(extract(epoch FROM min(failed_at) + make_interval(secs => $2) - now()))::int
                FROM login_failures WHERE throttle_key = ANY($1) AND failed_at > now() - make_interval(secs => $2)
                GROUP BY throttle_key
                """, [values, window])
            var retryAfter: Int?
            for row in counts {
                let key = try row.decode(String.self, at: 0)
                guard let limit = keys.first(where: { $0.value == key })?.limit, try row.decode(Int.self, at: 1) >= limit else { continue }
                retryAfter = max(retryAfter ?? 1, try row.decode(Int.self, at: 2))
            }
            if let retryAfter {
                return .failure(
                    DomainError(.rateLimited, "Too many failed attempts; try again in \(retryAfter) seconds.", retryAfterSeconds: retryAfter))
            }
            let rows = try await transaction.query(
                "INSERT INTO login_failures (throttle_key) SELECT unnest($1::text[]) RETURNING ctid::text", [values])
            return .success(try rows.map { try $0.decode(String.self, at: 0) })
        }
        return Attempt(keys: keys, rows: try outcome.get())
    }

    /// The password was right: the account's count starts again (so its owner is not locked out
    /// by earlier guesses), and this attempt no longer counts against the address. The address's
    /// earlier failures stay: otherwise signing in to one's own account between guesses at others
    /// would reset them.
    static func succeeded(_ attempt: Attempt, in database: PostgresDatabase) async throws {
        let accounts = attempt.keys.map(\.value).filter { $0.hasPrefix("account:") }
        _ = try await database.query(
            "DELETE FROM login_failures WHERE throttle_key = ANY($1) OR ctid = ANY($2::text[]::tid[])",
            [PostgresArray(accounts), PostgresArray(attempt.rows)])
    }
}
