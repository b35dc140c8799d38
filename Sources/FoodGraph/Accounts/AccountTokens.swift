import Foundation
import Postgres

/// Single-use tokens sent by email (confirming an address, resetting a password): 32 random bytes,
/// stored only as their SHA-256, written with the email to the outbox in one transaction.
enum AccountTokens {
    enum Purpose: String {
        case confirmEmail = "confirm_email"
        case resetPassword = "reset_password"

        var lifetimeSeconds: Int { self == .resetPassword ? 3600 : 7 * 24 * 3600 }
    }

    static func issue(_ purpose: Purpose, userID: Int64, email: String, in transaction: PostgresTransaction) async throws {
        let token = Base64URL.encode(Crypto.randomBytes(32))
        _ = try await transaction.query(
            "INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))",
            [userID, purpose.rawValue, Crypto.sha256(Array(token.utf8)), purpose.lifetimeSeconds])
        let (subject, body) =
            switch purpose {
            case .confirmEmail:
                ("Confirm your FoodGraph email", "Confirm your address with this code (valid for 7 days):\n\n\(token)\n")
            case .resetPassword:
                (
                    "Reset your FoodGraph password",
                    "Someone asked to reset your password. If it was you, use this code within an hour:\n\n\(token)\n\nIf not, ignore this email."
                )
            }
        _ = try await transaction.query(
            "INSERT INTO email_outbox (recipient, subject, body) VALUES ($1, $2, $3)", [email, subject, body])
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
