import Logging
import Postgres

/// The development email sender: delivers the outbox to the log (bodies included, so a developer
/// can follow a confirmation or reset link). Production needs a real sender; this one is only
/// started with the embedded database.
public struct OutboxLogSender: Sendable {
    public let database: PostgresDatabase
    public let logger: Logger

    public init(database: PostgresDatabase, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// Sends what is pending every two seconds until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            do {
                _ = try await sendPending()
            } catch {
                logger.warning("email outbox could not be read", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(2))
        }
    }

    /// Claims pending emails (skipping rows another instance holds) and logs them; returns how many.
    public func sendPending() async throws -> Int {
        let rows = try await database.query(
            """
            UPDATE email_outbox SET sent_at = now(), attempts = attempts + 1
            WHERE id IN (SELECT id FROM email_outbox WHERE sent_at IS NULL ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
            RETURNING recipient, subject, body
            """)
        for row in rows {
            let (recipient, subject, body) = try row.decode((String, String, String).self)
            logger.info("email (development sender)", metadata: ["to": "\(recipient)", "subject": "\(subject)", "body": "\(body)"])
        }
        return rows.count
    }
}
