import Foundation
import Postgres

/// Bearer-token sessions. The token is 32 random bytes shown once; only its SHA-256 is stored.
/// Expiry slides: a session lives `sessionIdleTimeoutSeconds` past its last use, capped at
/// `sessionMaxLifetimeSeconds` after sign-in. The policy is checked on every request, so shortening
/// it applies to existing sessions at once.
enum Sessions {
    struct Created: Sendable {
        var token: String
        var session: SessionRecord
    }

    static func create(
        for userID: Int64, userAgent: String?, policy: AccountPolicy, in database: some PostgresQuerying
    ) async throws -> Created {
        let token = Base64URL.encode(Crypto.randomBytes(32))
        let rows = try await database.query(
            """
            INSERT INTO sessions (user_id, token_hash, expires_at, user_agent)
            VALUES ($1, $2, now() + make_interval(secs => $3), $4)
            RETURNING id, user_id, created_at, last_used_at, expires_at, user_agent
            """, [userID, Crypto.sha256(Array(token.utf8)), policy.sessionIdleTimeoutSeconds, userAgent])
        return Created(token: token, session: try SessionRecord(rows[0]))
    }

    /// The viewer of a live session. Also marks the session used and slides its expiry, at most once
    /// per tenth of the idle timeout (and once a minute at most), so busy clients do not write per request.
    static func viewer(forToken token: String, policy: AccountPolicy, in database: some PostgresQuerying) async throws -> Viewer? {
        guard token.utf8.count <= 128 else { return nil }
        let rows = try await database.query(
            """
            UPDATE sessions s SET
              last_used_at = CASE WHEN s.last_used_at < now() - make_interval(secs => $4) THEN now() ELSE s.last_used_at END,
              expires_at = CASE WHEN s.last_used_at < now() - make_interval(secs => $4)
                THEN least(s.created_at + make_interval(secs => $3), now() + make_interval(secs => $2)) ELSE s.expires_at END
            FROM users u
            WHERE s.token_hash = $1 AND s.revoked_at IS NULL
              AND s.last_used_at > now() - make_interval(secs => $2) AND s.created_at > now() - make_interval(secs => $3)
              AND u.id = s.user_id AND u.disabled_at IS NULL
            RETURNING s.id, s.user_id,
              ARRAY(SELECT role FROM user_roles r WHERE r.user_id = s.user_id) AS roles,
              (SELECT chain_id FROM user_roles r WHERE r.user_id = s.user_id AND r.role = 'chain_representative') AS chain_id
            """,
            [Crypto.sha256(Array(token.utf8)), policy.sessionIdleTimeoutSeconds, policy.sessionMaxLifetimeSeconds,
             min(60, max(1, policy.sessionIdleTimeoutSeconds / 10))])
        guard let row = rows.first else { return nil }
        let roles = try row.decode([String].self, at: 2).compactMap(Role.init(rawValue:))
        return Viewer(
            userID: try row.decode(Int64.self, at: 1), sessionID: try row.decode(Int64.self, at: 0), roles: Set(roles),
            representedChainID: try row.decode(Int64?.self, at: 3))
    }

    static func revoke(_ sessionID: Int64, in database: some PostgresQuerying) async throws {
        _ = try await database.query("UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [sessionID])
    }
}

struct SessionRecord: Sendable {
    var id: Int64
    var userID: Int64
    var createdAt: Date
    var lastUsedAt: Date
    var expiresAt: Date
    var userAgent: String?

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        createdAt = try row.decode(Date.self, at: 2)
        lastUsedAt = try row.decode(Date.self, at: 3)
        expiresAt = try row.decode(Date.self, at: 4)
        userAgent = try row.decode(String?.self, at: 5)
    }
}
