import Foundation
import Postgres

/// The SQL of `provider_nonces`: single-use nonces for provider ID tokens, kept as SHA-256 hashes
/// until they expire or are used.
///
/// Why the server issues them: a client could make up its own nonce, but then a token stolen from
/// one sign-in (a log, a compromised app) could be replayed against this server as long as it has
/// not expired. A nonce this server issued and burns on first use makes each token good for one
/// sign-in only.
enum ProviderNonceStore {
    /// A new nonce (32 random bytes, base64url); expired ones are pruned on the way, so the table
    /// stays small without a job.
    static func issue(lifetimeSeconds: Int, in transaction: PostgresTransaction) async throws -> (nonce: String, expiresAt: Date) {
        let nonce = Base64URL.encode(Crypto.randomBytes(32))
        _ = try await transaction.query("DELETE FROM provider_nonces WHERE expires_at < now()", [])
        let rows = try await transaction.query(
            "INSERT INTO provider_nonces (nonce_hash, expires_at) VALUES ($1, now() + make_interval(secs => $2)) RETURNING expires_at",
            [Crypto.sha256(Array(nonce.utf8)), lifetimeSeconds])
        return (nonce, try rows[0].decode(Date.self, at: 0))
    }

    /// Uses up a nonce: true once for a nonce issued here and not expired, false ever after.
    static func consume(_ nonce: String, in database: some PostgresQuerying) async throws -> Bool {
        let rows = try await database.query(
            "DELETE FROM provider_nonces WHERE nonce_hash = $1 AND expires_at >= now() RETURNING 1", [Crypto.sha256(Array(nonce.utf8))])
        return !rows.isEmpty
    }
}
