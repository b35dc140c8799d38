import Foundation
import Logging
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// The outbox and its development sender (no SMTP server configured). Delivery over SMTP is tested
/// against a real server in EndToEndTests/MailDeliveryTests.
struct OutboxTests {
    @Test func inDevelopmentTheEmailIsWrittenToTheLogOnceWithTheRecipientPartlyHidden() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        _ = try await api.signUp("mail.reader@example.com")
        let log = LogRecorder()
        let delivery = MailDelivery(transport: .log)
        #expect(try await delivery.deliverDue(in: api.database.database, logger: log.logger) == MailDeliveryReport(sent: 1))
        #expect(try await delivery.deliverDue(in: api.database.database, logger: log.logger) == MailDeliveryReport())

        let entries = log.entries.filter { $0.message.hasPrefix("email (development") }
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.level == .info)
        #expect(entry.metadata["to"] == "ma***@example.com")
        #expect(entry.metadata["subject"] == "Confirm your FoodGraph email")
        // The body, with the code a developer needs, is in the log; the full address is not.
        let body = try #require(entry.metadata["body"])
        #expect(body.split(separator: "\n").contains { $0.count == 43 })
        #expect(!log.entries.contains { "\($0.message) \($0.metadata)".contains("mail.reader@") })

        let row = try await api.database.database.query("SELECT sent_at IS NOT NULL, attempts, failed_at IS NULL FROM email_outbox")[0]
            .decode((Bool, Int, Bool).self)
        #expect(row == (true, 1, true))
    }

    @Test func severalSendersAtOnceTakeEachEmailOnce() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        try await database.withTransaction { transaction in
            for index in 0..<60 {
                try await MailOutbox.enqueue(recipient: "user\(index)@example.com", subject: "Hello", body: "Body \(index)", in: transaction)
            }
        }
        let log = LogRecorder()
        var configured = MailDelivery(transport: .log)
        configured.batchSize = 7
        let delivery = configured
        let reports = try await withThrowingTaskGroup(of: MailDeliveryReport.self) { group in
            for _ in 0..<4 { group.addTask { try await delivery.deliverDue(in: database, logger: log.logger) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(reports.map(\.sent).reduce(0, +) == 60)
        let bodies = log.entries.compactMap { $0.metadata["body"] }
        #expect(bodies.count == 60)
        #expect(Set(bodies).count == 60)
        let unsent = try await database.query("SELECT count(*) FROM email_outbox WHERE sent_at IS NULL")[0].decode(Int.self, at: 0)
        #expect(unsent == 0)
    }

    @Test func onlyDueEmailsAreTakenAndSentOrFailedOnesNever() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        try await database.withTransaction { transaction in
            for recipient in ["due@example.com", "later@example.com", "sent@example.com", "failed@example.com"] {
                try await MailOutbox.enqueue(recipient: recipient, subject: "S", body: "B", in: transaction)
            }
        }
        _ = try await database.query("UPDATE email_outbox SET next_attempt_at = now() + interval '1 hour' WHERE recipient = 'later@example.com'")
        _ = try await database.query("UPDATE email_outbox SET sent_at = now() WHERE recipient = 'sent@example.com'")
        _ = try await database.query("UPDATE email_outbox SET failed_at = now(), last_error = 'x' WHERE recipient = 'failed@example.com'")
        let claimed = try await MailOutbox.claimDue(limit: 10, lease: .seconds(60), in: database)
        #expect(claimed.map(\.recipient) == ["due@example.com"])
        // A claim holds the email for its lease: nobody else takes it meanwhile.
        #expect(try await MailOutbox.claimDue(limit: 10, lease: .seconds(60), in: database).isEmpty)
        // Handed back untried, it is due again at once, its attempts unchanged.
        try await MailOutbox.release(claimed[0].id, in: database)
        let again = try await MailOutbox.claimDue(limit: 10, lease: .seconds(60), in: database)
        #expect(again.map(\.id) == [claimed[0].id])
        #expect(again[0].attempts == 0)
    }

    @Test func theAccountsInsertStillQueuesAnEmailAfterMigration0007() async throws {
        // Accounts writes `INSERT INTO email_outbox (recipient, subject, body)`: the new columns
        // have defaults, and such an email is due at once.
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        _ = try await api.signUp("due.now@example.com")
        let row = try await api.database.database.query(
            "SELECT next_attempt_at <= now(), last_error IS NULL, failed_at IS NULL, attempts FROM email_outbox")[0].decode((Bool, Bool, Bool, Int).self)
        #expect(row == (true, true, true, 0))
    }
}
