import Foundation
import Postgres

/// An email waiting in the outbox, as a sender claimed it.
struct OutboxEmail: Sendable, Equatable {
    let id: Int64
    let recipient: String
    let subject: String
    let body: String
    /// Failed attempts so far (a claim does not count one; its outcome does).
    let attempts: Int
    let createdAt: Date
    /// `created_at` in microseconds since 1970: with the id, a Message-ID stable across retries.
    let createdAtMicroseconds: Int64
}

/// The SQL of the `email_outbox` table. An email is written in the same transaction as the change
/// that causes it (`enqueue`, or an `INSERT` of recipient, subject and body, as Accounts does), and
/// a sender delivers it afterwards: `claimDue` takes due emails (rows another sender is taking are
/// skipped: `FOR UPDATE SKIP LOCKED`) and pushes their next attempt out by a lease, so that several
/// servers never send one email together and an email a crashed sender held is taken again once
/// the lease ends. Its outcome is then recorded: sent, tried again later, or failed.
enum MailOutbox {
    /// Queues an email inside the caller's transaction: it is sent only if that commits.
    static func enqueue(recipient: String, subject: String, body: String, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "INSERT INTO email_outbox (recipient, subject, body) VALUES ($1, $2, $3)", [recipient, subject, body])
    }

    static func claimDue(limit: Int, lease: Duration, in database: PostgresDatabase) async throws -> [OutboxEmail] {
        let rows = try await database.query(
            """
            UPDATE email_outbox SET next_attempt_at = now() + make_interval(secs => $2)
            WHERE id IN (
              SELECT id FROM email_outbox
              WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
              ORDER BY next_attempt_at, id LIMIT $1
              FOR UPDATE SKIP LOCKED)
            RETURNING id, recipient, subject, body, attempts, created_at,
              (extract(epoch FROM created_at) * 1000000)::bigint
            """, [limit, Double(lease.components.seconds)])
        return try rows.map { row in
            let (id, recipient, subject, body, attempts, createdAt, micros) = try row.decode((Int64, String, String, String, Int, Date, Int64).self)
            return OutboxEmail(
                id: id, recipient: recipient, subject: subject, body: body, attempts: attempts, createdAt: createdAt,
                createdAtMicroseconds: micros)
        }.sorted { $0.id < $1.id }
    }

    static func markSent(_ id: Int64, in database: PostgresDatabase) async throws {
        _ = try await database.query(
            "UPDATE email_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL",
            [id])
    }

    /// A failed attempt to be tried again after `delaySeconds`.
    static func markRetry(_ id: Int64, error: String, delaySeconds: Double, in database: PostgresDatabase) async throws {
        _ = try await database.query(
            """
            UPDATE email_outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3)
            WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL
            """, [id, String(error.prefix(1000)), delaySeconds])
    }

    /// Gives up: the email stays in the outbox with its error.
    static func markFailed(_ id: Int64, error: String, in database: PostgresDatabase) async throws {
        _ = try await database.query(
            """
            UPDATE email_outbox SET attempts = attempts + 1, last_error = $2, failed_at = now()
            WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL
            """, [id, String(error.prefix(1000))])
    }

    /// Hands a claimed email back untried (its batch's connection broke first): due at once.
    static func release(_ id: Int64, in database: PostgresDatabase) async throws {
        _ = try await database.query(
            "UPDATE email_outbox SET next_attempt_at = now() WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL", [id])
    }
}
