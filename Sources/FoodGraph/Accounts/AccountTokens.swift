import Foundation
import Postgres

/// Single-use tokens sent by email (confirming an address, resetting a password, confirming a new
/// address): 32 random bytes, stored only as their SHA-256, written with the email to the outbox
/// in one transaction.
enum AccountTokens {
    enum Purpose: String {
        case confirmEmail = "confirm_email"
        case resetPassword = "reset_password"
        /// Confirms a new address (`account_tokens.new_email`) before it replaces the account's.
        case changeEmail = "change_email"

        var lifetimeSeconds: Int { self == .resetPassword ? 3600 : 7 * 24 * 3600 }
    }

    /// A new code for `purpose`, emailed to `email` (in the recipient's locale) in the same transaction.
    static func issue(
        _ purpose: Purpose, userID: Int64, email: String, locale: String? = nil, in transaction: PostgresTransaction
    ) async throws {
        let token = try await store(purpose, userID: userID, newEmail: nil, in: transaction)
        let message = Messages.email(purpose == .confirmEmail ? .confirmEmail : .resetPassword, locale: locale, code: token)
        try await MailOutbox.enqueue(recipient: email, subject: message.subject, body: message.body, in: transaction)
    }

    /// Stores a new code's hash (with the address it confirms, for an email change); returns the code.
    static func store(_ purpose: Purpose, userID: Int64, newEmail: String?, in transaction: PostgresTransaction) async throws -> String {
        let token = Base64URL.encode(Crypto.randomBytes(32))
        _ = try await transaction.query(
            """
            INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at, new_email)
            VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)
            """,
            [userID, purpose.rawValue, Crypto.sha256(Array(token.utf8)), purpose.lifetimeSeconds, newEmail])
        return token
    }

    /// Asks to change an account's address: earlier requests die, a code goes to the new address,
    /// and the current one is told.
    static func requestEmailChange(
        userID: Int64, from current: String, to new: EmailAddress, locale: String?, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            "UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'change_email' AND used_at IS NULL", [userID])
        let token = try await store(.changeEmail, userID: userID, newEmail: new.address, in: transaction)
        let confirm = Messages.email(.confirmNewEmail, locale: locale, code: token, address: new.address)
        try await MailOutbox.enqueue(recipient: new.address, subject: confirm.subject, body: confirm.body, in: transaction)
        let notice = Messages.email(.emailChangeRequested, locale: locale, address: new.address)
        try await MailOutbox.enqueue(recipient: current, subject: notice.subject, body: notice.body, in: transaction)
    }

    /// Uses a live email-change code once; returns its user and the new address.
    static func redeemEmailChange(_ token: String, in transaction: PostgresTransaction) async throws -> (userID: Int64, newEmail: String)? {
        guard token.utf8.count <= 128 else { return nil }
        let rows = try await transaction.query(
            """
            UPDATE account_tokens SET used_at = now()
            WHERE token_hash = $1 AND purpose = 'change_email' AND used_at IS NULL AND expires_at > now()
            RETURNING user_id, new_email
            """, [Crypto.sha256(Array(token.utf8))])
        guard let row = rows.first else { return nil }
        return (try row.decode(Int64.self, at: 0), try row.decode(String.self, at: 1))
    }

    /// Users' pending new addresses (the latest live request each), by user.
    static func pendingEmails(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: String] {
        let rows = try await database.query(
            """
            SELECT DISTINCT ON (user_id) user_id, new_email FROM account_tokens
            WHERE user_id = ANY($1) AND purpose = 'change_email' AND used_at IS NULL AND expires_at > now()
            ORDER BY user_id, created_at DESC, id DESC
            """, [PostgresArray(userIDs)])
        var emails: [Int64: String] = [:]
        for row in rows { emails[try row.decode(Int64.self, at: 0)] = try row.decode(String.self, at: 1) }
        return emails
    }

    /// Uses a live token once; returns its user.
    static func redeem(_ token: String, purpose: Purpose, in transaction: PostgresTransaction) async throws -> Int64? {
        guard token.utf8.count <= 128 else { return nil }
        let rows = try await transaction.query(
            """
            UPDATE account_tokens SET used_at = now()
            WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
            RETURNING user_id
            """, [Crypto.sha256(Array(token.utf8)), purpose.rawValue])
        return try rows.first?.decode(Int64.self, at: 0)
    }
}
