import ArgumentParser
import Foundation
import Logging
import Postgres
import TestSupport
import Testing

@testable import FoodGraph
@testable import FoodGraphCLI

/// Outgoing mail against a real SMTP server (aiosmtpd, started by each test on a free loopback
/// port): the outbox delivered over STARTTLS or TLS with AUTH, retried with back-off when the
/// server is down or refuses for now, and kept as failed when it refuses for good.
@Suite(.serialized)
struct MailDeliveryTests {
    private static let from = MailAddress(parsing: "FoodGraph <no-reply@foodgraph.test>")!

    private var quietLogger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    private struct OutboxRow: Equatable {
        var attempts: Int
        var sent: Bool
        var failed: Bool
        var lastError: String?
        /// Seconds until the next attempt (negative when due).
        var dueIn: Double
    }

    private func outbox(_ database: PostgresDatabase) async throws -> [OutboxRow] {
        try await database.query(
            """
            SELECT attempts, sent_at IS NOT NULL, failed_at IS NOT NULL, last_error,
              extract(epoch FROM next_attempt_at - now())::float8
            FROM email_outbox ORDER BY id
            """
        ).map { row in
            let (attempts, sent, failed, lastError, dueIn) = try row.decode((Int, Bool, Bool, String?, Double).self)
            return OutboxRow(attempts: attempts, sent: sent, failed: failed, lastError: lastError, dueIn: dueIn)
        }
    }

    /// Makes every pending email due now, as if its back-off had passed.
    private func timePasses(_ database: PostgresDatabase) async throws {
        _ = try await database.query("UPDATE email_outbox SET next_attempt_at = now() WHERE sent_at IS NULL AND failed_at IS NULL")
    }

    private func queue(_ recipients: [String], in database: PostgresDatabase) async throws {
        try await database.withTransaction { transaction in
            for recipient in recipients {
                try await MailOutbox.enqueue(recipient: recipient, subject: "Hello", body: "Hello \(recipient)\n", in: transaction)
            }
        }
    }

    @Test func aConfirmationEmailArrivesOverSMTPAndItsCodeConfirmsTheAddress() async throws {
        let server = try MailTestServer.start(security: .startTLS, credentials: ("mailer", "s3cret:@pass"))
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("new.cook@example.com")

            // The sender as `foodgraph serve` configures and runs it.
            let options = try MailOptions.parse([
                "--smtp-url", "smtp://mailer:s3cret%3A%40pass@localhost:\(server.port)",
                "--mail-from", "FoodGraph <no-reply@foodgraph.test>",
                "--smtp-ca-file", try #require(server.certificateFile),
            ])
            let log = LogRecorder()
            let delivery = try #require(try options.delivery(developmentDatabase: false, logger: log.logger))
            let sender = Task { await JobRunner(database: api.database.database, periodic: [delivery.job]).run(logger: log.logger) }
            defer { sender.cancel() }
            var received: [MailTestServer.Received] = []
            for _ in 0..<100 where received.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                received = try server.received()
            }
            let mail = try #require(received.first, "nothing arrived; server log: \(server.log)")
            #expect(received.count == 1)

            #expect(mail.tls)
            #expect(mail.authMechanism == "PLAIN")
            #expect(mail.authLogin == "mailer")
            #expect(mail.mailFrom == "no-reply@foodgraph.test")
            #expect(mail.rcptTos == ["new.cook@example.com"])
            #expect(mail.defects == [])
            #expect(mail.headers["From"] == "FoodGraph <no-reply@foodgraph.test>")
            #expect(mail.headers["To"] == "new.cook@example.com")
            #expect(mail.headers["Subject"] == "Confirm your FoodGraph email")
            #expect(mail.headers["MIME-Version"] == "1.0")
            #expect(mail.headers["Content-Type"] == "text/plain; charset=\"utf-8\"")
            #expect(mail.headers["Auto-Submitted"] == "auto-generated")
            let messageID = try #require(mail.headers["Message-ID"])
            #expect(messageID.hasPrefix("<foodgraph.") && messageID.hasSuffix("@foodgraph.test>"))
            let date = try #require(mail.headers["Date"])
            let parser = DateFormatter()
            parser.locale = Locale(identifier: "en_US_POSIX")
            parser.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
            let sentAt = try #require(parser.date(from: date), "Date: \(date)")
            #expect(abs(sentAt.timeIntervalSinceNow) < 120)

            // The code in the email confirms the address through the API.
            let code = try #require(mail.body.components(separatedBy: .newlines).first { $0.count == 43 })
            let confirmed = try await api.run(
                #"mutation { confirmEmail(input: {token: "\#(code)"}) { user { emailConfirmed } userErrors { code } } }"#)
            #expect(confirmed["data.confirmEmail.user.emailConfirmed"] as? Bool == true)
            _ = token

            let rows = try await outbox(api.database.database)
            #expect(rows.count == 1)
            #expect(rows.first == OutboxRow(attempts: 1, sent: true, failed: false, lastError: nil, dueIn: rows.first?.dueIn ?? 0))
            // The password is never logged; the recipient only partly.
            let logged = log.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
            #expect(!logged.contains("s3cret"))
            #expect(!logged.contains("new.cook@"))
            #expect(logged.contains("ne***@example.com"))
        }
    }

    @Test func whenTheServerIsDownTheEmailIsTriedAgainAfterABackOff() async throws {
        // A port nothing listens on: a server started and stopped.
        let gone = try MailTestServer.start()
        let port = gone.port
        gone.stop()
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["down@example.com"], in: database)
            let delivery = MailDelivery(
                transport: .smtp(SMTPServer(host: "127.0.0.1", port: port, security: .none), from: Self.from))
            let report = try await delivery.deliverDue(in: database, logger: quietLogger)
            #expect(report == MailDeliveryReport(deferred: 1))
            let row = try #require(try await outbox(database).first)
            #expect(row.attempts == 1 && !row.sent && !row.failed)
            #expect(row.lastError?.contains("cannot connect to 127.0.0.1:\(port)") == true, "\(row.lastError ?? "")")
            #expect(row.lastError?.lowercased().contains("refused") == true, "\(row.lastError ?? "")")
            // 30 s after the first failure, stretched by up to a fifth.
            #expect(row.dueIn > 28 && row.dueIn <= 36.5, "\(row.dueIn)")
            // Not due yet: a second run leaves it alone.
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport())
            #expect(try await outbox(database).first?.attempts == 1)
        }
    }

    @Test func aTemporaryRefusalIsRetriedWithAGrowingBackOffThenDelivered() async throws {
        let server = try MailTestServer.start()
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["busy@example.com"], in: database)
            let delivery = MailDelivery(
                transport: .smtp(SMTPServer(host: "127.0.0.1", port: server.port, security: .none), from: Self.from))
            try server.refuseRecipients(with: "451 4.3.0 Mailbox busy, try later")

            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(deferred: 1))
            var row = try #require(try await outbox(database).first)
            #expect(row.attempts == 1 && !row.sent && !row.failed)
            #expect(row.lastError == "RCPT TO: 451 4.3.0 Mailbox busy, try later")
            #expect(row.dueIn > 28 && row.dueIn <= 36.5, "\(row.dueIn)")

            try await timePasses(database)
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(deferred: 1))
            row = try #require(try await outbox(database).first)
            #expect(row.attempts == 2)
            // The wait doubled.
            #expect(row.dueIn > 58 && row.dueIn <= 72.5, "\(row.dueIn)")

            try server.refuseRecipients(with: nil)
            try await timePasses(database)
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(sent: 1))
            row = try #require(try await outbox(database).first)
            #expect(row.sent && row.attempts == 3 && row.lastError == nil)
            #expect(try server.received().map(\.rcptTos) == [["busy@example.com"]])
        }
    }

    @Test func aPermanentRefusalIsKeptAsFailedAndTheNextEmailStillGoes() async throws {
        let server = try MailTestServer.start()
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["nobody@example.com", "somebody@example.com"], in: database)
            try server.refuseRecipients("nobody@example.com", with: "550 5.1.1 No such user")
            let delivery = MailDelivery(
                transport: .smtp(SMTPServer(host: "127.0.0.1", port: server.port, security: .none), from: Self.from))
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(sent: 1, failed: 1))
            let rows = try await outbox(database)
            #expect(rows[0].failed && !rows[0].sent && rows[0].attempts == 1)
            #expect(rows[0].lastError == "RCPT TO: 550 5.1.1 No such user")
            #expect(rows[1].sent)
            #expect(try server.received().map(\.rcptTos) == [["somebody@example.com"]])
            // Failed is final: later runs leave it.
            try await timePasses(database)
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport())
        }
    }

    @Test func afterTheLastAttemptTheEmailIsKeptAsFailedWithItsError() async throws {
        let server = try MailTestServer.start()
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["busy@example.com"], in: database)
            try server.refuseRecipients(with: "452 4.2.2 Mailbox full")
            let delivery = MailDelivery(
                transport: .smtp(SMTPServer(host: "127.0.0.1", port: server.port, security: .none), from: Self.from),
                retry: MailRetryPolicy(maxAttempts: 2))
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(deferred: 1))
            try await timePasses(database)
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(failed: 1))
            let row = try #require(try await outbox(database).first)
            #expect(row.failed && row.attempts == 2 && row.lastError == "RCPT TO: 452 4.2.2 Mailbox full")
        }
    }

    @Test func severalSendersAtOnceDeliverEachEmailOnce() async throws {
        let server = try MailTestServer.start()
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            let recipients = (0..<24).map { "reader\($0)@example.com" }
            try await queue(recipients, in: database)
            var configured = MailDelivery(
                transport: .smtp(SMTPServer(host: "127.0.0.1", port: server.port, security: .none), from: Self.from))
            configured.batchSize = 4
            let delivery = configured
            let logger = quietLogger
            let reports = try await withThrowingTaskGroup(of: MailDeliveryReport.self) { group in
                for _ in 0..<3 { group.addTask { try await delivery.deliverDue(in: database, logger: logger) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(reports.map(\.sent).reduce(0, +) == 24)
            let received = try server.received().flatMap(\.rcptTos)
            #expect(received.count == 24)
            #expect(Set(received) == Set(recipients))
        }
    }

    @Test func implicitTLSWithAuthLogin() async throws {
        let server = try MailTestServer.start(security: .implicitTLS, credentials: ("mailer", "pw-login"), mechanisms: ["LOGIN"])
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["tls@example.com"], in: database)
            let smtp = try SMTPServer(url: "smtps://mailer:pw-login@127.0.0.1:\(server.port)", trustedCertificatesFile: server.certificateFile)
            let delivery = MailDelivery(transport: .smtp(smtp, from: Self.from))
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(sent: 1))
            let mail = try #require(try server.received().first)
            #expect(mail.tls && mail.authMechanism == "LOGIN" && mail.authLogin == "mailer")
        }
    }

    @Test func nothingIsSentToAServerWhoseCertificateIsNotTrusted() async throws {
        let server = try MailTestServer.start(security: .startTLS, credentials: ("mailer", "never-sent"))
        let other = try MailTestServer.start(security: .implicitTLS)
        defer {
            server.stop()
            other.stop()
        }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["mitm@example.com"], in: database)
            // The system's roots, then another server's certificate: neither signed this one.
            for trusted in [nil, other.certificateFile] {
                try await timePasses(database)
                let smtp = try SMTPServer(url: "smtp://mailer:never-sent@localhost:\(server.port)", trustedCertificatesFile: trusted)
                let delivery = MailDelivery(transport: .smtp(smtp, from: Self.from))
                #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(deferred: 1))
            }
            let row = try #require(try await outbox(database).first)
            #expect(row.attempts == 2 && !row.sent)
            #expect(row.lastError?.uppercased().contains("CERTIFICATE") == true, "\(row.lastError ?? "")")
            #expect(try server.received().isEmpty)
            #expect(!server.log.contains("AUTH"), "\(server.log)")
        }
    }

    @Test func aServerWithoutSTARTTLSIsNotSentTheMessageInClear() async throws {
        let server = try MailTestServer.start()
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["clear@example.com"], in: database)
            let delivery = MailDelivery(
                transport: .smtp(try SMTPServer(url: "smtp://127.0.0.1:\(server.port)"), from: Self.from))
            #expect(try await delivery.deliverDue(in: database, logger: quietLogger) == MailDeliveryReport(deferred: 1))
            #expect(try await outbox(database).first?.lastError?.contains("does not offer STARTTLS") == true)
            #expect(try server.received().isEmpty)
        }
    }

    @Test func aRefusedSignInIsRetriedAndItsErrorHoldsNoPassword() async throws {
        let server = try MailTestServer.start(security: .startTLS, credentials: ("mailer", "right-password"))
        defer { server.stop() }
        try await HTTPTestAPI.with { api in
            let database = api.database.database
            try await queue(["auth@example.com"], in: database)
            let smtp = try SMTPServer(url: "smtp://mailer:wrong-password@localhost:\(server.port)", trustedCertificatesFile: server.certificateFile)
            let log = LogRecorder()
            let delivery = MailDelivery(transport: .smtp(smtp, from: Self.from))
            #expect(try await delivery.deliverDue(in: database, logger: log.logger) == MailDeliveryReport(deferred: 1))
            let row = try #require(try await outbox(database).first)
            #expect(row.lastError?.hasPrefix("AUTH PLAIN: 535") == true, "\(row.lastError ?? "")")
            let credentials = Data("\0mailer\0wrong-password".utf8).base64EncodedString()
            for text in [row.lastError ?? ""] + log.entries.map({ "\($0.message) \($0.metadata)" }) {
                #expect(!text.contains("wrong-password") && !text.contains(credentials))
            }
        }
    }

    @Test func serveRefusesAnSMTPServerWithoutASender() throws {
        let options = try MailOptions.parse(["--smtp-url", "smtp://u:secret-pw@mail.example.com"])
        #expect {
            _ = try options.delivery(developmentDatabase: false, logger: quietLogger)
        } throws: { error in
            "\(error)".contains("FOODGRAPH_MAIL_FROM") && !"\(error)".contains("secret-pw")
        }
        // Without SMTP: the log in development, nothing otherwise.
        let none = try MailOptions.parse([])
        #expect(try none.delivery(developmentDatabase: true, logger: quietLogger)?.transport == .log)
        if ProcessInfo.processInfo.environment["FOODGRAPH_SMTP_URL"] == nil && ProcessInfo.processInfo.environment["FOODGRAPH_MAIL_LOG"] == nil {
            #expect(try none.delivery(developmentDatabase: false, logger: quietLogger) == nil)
        }
        #expect(try MailOptions.parse(["--mail-log"]).delivery(developmentDatabase: false, logger: quietLogger)?.transport == .log)
    }
}
