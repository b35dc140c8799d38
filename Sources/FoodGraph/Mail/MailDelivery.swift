import Foundation
import Logging
import Postgres

/// Where outgoing mail goes.
public enum MailTransport: Sendable, Equatable {
    /// Handed to an SMTP server, from `from` (the envelope sender and the From header).
    case smtp(SMTPServer, from: MailAddress)
    /// Development: written to the log at info (recipient partly hidden, body in full, so a
    /// developer can use a confirmation or reset code) and counted as sent.
    case log
}

/// What one delivery run did.
public struct MailDeliveryReport: Sendable, Equatable {
    public var sent = 0
    /// Failed attempts that will be tried again.
    public var deferred = 0
    /// Emails given up on (a permanent refusal, or the last attempt).
    public var failed = 0
    /// Claimed but handed back untried (the connection broke before their turn).
    public var released = 0
}

/// The outbox sender: takes due emails from `email_outbox`, delivers them through its transport,
/// and records each outcome. A transient failure (the server unreachable, a 4xx reply, a timeout)
/// is tried again after an exponential back-off; a 5xx refusal of the message, or the last allowed
/// attempt, keeps the email as failed with its error. Every server runs it (`job`): claims skip
/// what another server holds, so each email is sent once.
public struct MailDelivery: Sendable {
    public var transport: MailTransport
    public var retry: MailRetryPolicy
    /// Emails taken per claim (and sent over one SMTP connection).
    public var batchSize = 20
    /// How long a claim holds an email: another server takes it again after this if the holder
    /// neither sent it nor recorded a failure (it crashed). Longer than a batch can take.
    public var lease: Duration = .seconds(900)
    /// How often the job looks for due emails.
    public var interval: Duration = .seconds(2)

    public init(transport: MailTransport, retry: MailRetryPolicy = MailRetryPolicy()) {
        self.transport = transport
        self.retry = retry
    }

    /// The sender as the server runs it: once at start, then every `interval`.
    public var job: PeriodicJob {
        PeriodicJob("mail delivery", every: interval) { database, logger in
            _ = try await deliverDue(in: database, logger: logger)
        }
    }

    /// Delivers what is due now, batch after batch (at most ten), and stops early when a batch's
    /// server could not be reached, so an outage costs one connection attempt per run.
    @discardableResult
    public func deliverDue(in database: PostgresDatabase, logger: Logger) async throws -> MailDeliveryReport {
        var report = MailDeliveryReport()
        for _ in 0..<10 {
            let emails = try await MailOutbox.claimDue(limit: batchSize, lease: lease, in: database)
            if emails.isEmpty { break }
            let reachable = try await deliver(emails, in: database, logger: logger, report: &report)
            if !reachable || emails.count < batchSize { break }
        }
        return report
    }

    /// Returns false when the server could not be reached or the connection broke.
    private func deliver(_ emails: [OutboxEmail], in database: PostgresDatabase, logger: Logger, report: inout MailDeliveryReport)
        async throws -> Bool
    {
        switch transport {
        case .log:
            for email in emails {
                logger.info(
                    "email (development: written to the log, not sent)",
                    metadata: [
                        "to": "\(MailAddress.redacted(email.recipient))", "subject": "\(email.subject)", "body": "\(email.body)",
                    ])
                try await MailOutbox.markSent(email.id, in: database)
                report.sent += 1
            }
            return true
        case .smtp(let server, let from):
            var pending = emails[...]
            do {
                try await SMTPClient(server: server).withSession { session in
                    while let email = pending.first {
                        pending.removeFirst()
                        guard let message = Self.message(for: email, from: from) else {
                            try await record(email, .failed("the recipient is not one valid address"), in: database, logger: logger, report: &report)
                            continue
                        }
                        let outcome: Outcome
                        var broken: SMTPError?
                        do {
                            try await session.deliver(message)
                            outcome = .sent
                        } catch {
                            // A refusal of this message (the session goes on after RSET), or a
                            // broken connection: the message may or may not have arrived, so it
                            // is tried again later.
                            let failure = error as? SMTPError ?? SMTPError(.transient, SMTPClient.describe(error))
                            outcome = failure.kind == .permanent ? .failed(failure.description) : .transient(failure.description)
                            if failure.endsSession { broken = failure }
                        }
                        try await record(email, outcome, in: database, logger: logger, report: &report)
                        if let broken { throw broken }
                    }
                }
                return true
            } catch let error as PostgresError {
                throw error
            } catch {
                // Before the first message (connect, TLS, sign-in): every email of the batch had
                // its attempt. After a broken connection: those not yet tried go back untried.
                let text = (error as? SMTPError)?.description ?? SMTPClient.describe(error)
                let untried = pending.count == emails.count
                for email in pending {
                    if untried {
                        try await record(email, .transient(text), in: database, logger: logger, report: &report)
                    } else {
                        try await MailOutbox.release(email.id, in: database)
                        report.released += 1
                    }
                }
                if untried { logger.warning("mail server unavailable", metadata: ["server": "\(server)", "error": "\(text)"]) }
                return false
            }
        }
    }

    private enum Outcome {
        case sent
        case transient(String)
        case failed(String)
    }

    private func record(_ email: OutboxEmail, _ outcome: Outcome, in database: PostgresDatabase, logger: Logger, report: inout MailDeliveryReport)
        async throws
    {
        let attempt = email.attempts + 1
        var metadata: Logger.Metadata = ["outbox_id": "\(email.id)", "to": "\(MailAddress.redacted(email.recipient))", "attempt": "\(attempt)"]
        switch outcome {
        case .sent:
            try await MailOutbox.markSent(email.id, in: database)
            report.sent += 1
            logger.info("email sent", metadata: metadata)
        case .transient(let error) where attempt < retry.maxAttempts:
            let delay = retry.jitteredDelaySeconds(afterAttempt: attempt)
            try await MailOutbox.markRetry(email.id, error: error, delaySeconds: delay, in: database)
            report.deferred += 1
            metadata["error"] = "\(error)"
            metadata["retry_in_seconds"] = "\(Int(delay.rounded()))"
            logger.warning("email not sent; will try again", metadata: metadata)
        case .transient(let error), .failed(let error):
            try await MailOutbox.markFailed(email.id, error: error, in: database)
            report.failed += 1
            metadata["error"] = "\(error)"
            logger.error("email not sent; gave up", metadata: metadata)
        }
    }

    /// The RFC 5322 message for an outbox email; nil when its recipient is not one address.
    static func message(for email: OutboxEmail, from: MailAddress) -> MailMessage? {
        guard let to = MailAddress(address: email.recipient) else { return nil }
        return MailMessage(
            from: from, to: to, subject: email.subject, body: email.body, date: email.createdAt,
            messageID: "foodgraph.\(email.id).\(email.createdAtMicroseconds)@\(from.domain)")
    }
}
