import ArgumentParser
import FoodGraph
import Logging

/// How `serve` delivers the email outbox: over SMTP when a server is configured; to the log in
/// development (the embedded database, or `--mail-log`); otherwise not at all (emails wait in the
/// outbox, and the start-up log says so).
struct MailOptions: ParsableArguments {
    @Option(
        name: .customLong("smtp-url"),
        help: ArgumentHelp(
            "SMTP server for outgoing mail: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465 (env FOODGRAPH_SMTP_URL; prefer the variable, a flag shows in the process list).",
            valueName: "url"))
    var smtpURL: String?

    @Option(name: .customLong("mail-from"), help: "The sender of outgoing mail, e.g. 'FoodGraph <no-reply@example.com>' (env FOODGRAPH_MAIL_FROM).")
    var mailFrom: String?

    @Option(
        name: .customLong("smtp-ca-file"),
        help: "PEM certificates to trust for the SMTP server instead of the system's (env FOODGRAPH_SMTP_CA_FILE).")
    var caFile: String?

    @Option(name: .customLong("mail-max-attempts"), help: "Attempts before an email is kept as failed (env FOODGRAPH_MAIL_MAX_ATTEMPTS, default 12).")
    var maxAttempts: Int?

    @Flag(
        name: .customLong("mail-log"),
        help: "Without an SMTP server, write emails to the log (as with the embedded database) (env FOODGRAPH_MAIL_LOG=true).")
    var mailLog = false

    /// The sender to run, or nil when mail is not delivered; logs which at info.
    func delivery(developmentDatabase: Bool, logger: Logger) throws -> MailDelivery? {
        var retry = MailRetryPolicy()
        if let attempts = try maxAttempts ?? Environment.integer("FOODGRAPH_MAIL_MAX_ATTEMPTS") {
            guard (1...100).contains(attempts) else { throw StartupError("FOODGRAPH_MAIL_MAX_ATTEMPTS must be 1–100, not \(attempts).") }
            retry.maxAttempts = attempts
        }
        if let url = smtpURL ?? Environment.string("FOODGRAPH_SMTP_URL") {
            let server: SMTPServer
            do {
                server = try SMTPServer(url: url, trustedCertificatesFile: caFile ?? Environment.string("FOODGRAPH_SMTP_CA_FILE"))
            } catch let error as MailConfigurationError {
                throw StartupError(error.description)
            }
            guard let fromText = mailFrom ?? Environment.string("FOODGRAPH_MAIL_FROM") else {
                throw StartupError("FOODGRAPH_SMTP_URL is set but FOODGRAPH_MAIL_FROM is not: give the sender, e.g. 'FoodGraph <no-reply@example.com>'.")
            }
            guard let from = MailAddress(parsing: fromText) else {
                throw StartupError("FOODGRAPH_MAIL_FROM must be one address, e.g. no-reply@example.com or 'FoodGraph <no-reply@example.com>', not \"\(fromText)\".")
            }
            logger.info("mail: delivering over SMTP", metadata: ["server": "\(server)", "from": "\(from)"])
            return MailDelivery(transport: .smtp(server, from: from), retry: retry)
        }
        if try mailLog || (Environment.flag("FOODGRAPH_MAIL_LOG") ?? developmentDatabase) {
            logger.info("mail: no SMTP server configured; emails are written to this log, not sent (development)")
            return MailDelivery(transport: .log, retry: retry)
        }
        logger.warning("mail: FOODGRAPH_SMTP_URL is not set; emails wait in the email_outbox table and are not sent")
        return nil
    }
}
