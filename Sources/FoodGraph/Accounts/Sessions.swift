import Foundation
import Postgres

/// Bearer-token sessions. The token is 32 random bytes shown once; only its SHA-256 is stored.
enum Sessions {
    static let lifetime: TimeInterval = 30 * 24 * 3600

    struct Created: Sendable {
        var token: String
        var session: SessionRecord
    }

    static func create(for userID: Int64, userAgent: String?, in database: some PostgresQuerying) async throws -> Created {
        let token = Base64URL.encode(Crypto.randomBytes(32))
        let rows = try await database.query(
            """
            INSERT INTO sessions (user_id, token_hash, expires_at, user_agent)
            VALUES ($1, $2, now() + make_interval(secs => $3), $4)
            RETURNING id, user_id, created_at, last_used_at, expires_at, user_agent
            """, [userID, Crypto.sha256(Array(token.utf8)), lifetime, userAgent])
        return Created(token: token, session: try SessionRecord(rows[0]))
    }

    /// The viewer of a live session; also marks the session used (at most once a minute).
    static func viewer(forToken token: String, in database: some PostgresQuerying) async throws -> Viewer? {
        guard token.utf8.count <= 128 else { return nil }
        let rows = try await database.query(
            """
            UPDATE sessions s SET last_used_at = CASE WHEN s.last_used_at < now() - interval '1 minute' THEN now() ELSE s.last_used_at END
            FROM users u
            WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
              AND u.id = s.user_id AND u.disabled_at IS NULL
            RETURNING s.id, s.user_id,
              ARRAY(SELECT role FROM user_roles r WHERE r.user_id = s.user_id) AS roles,
              (SELECT chain_id FROM user_roles r WHERE r.user_id = s.user_id AND r.role = 'chain_representative') AS chain_id
            """, [Crypto.sha256(Array(token.utf8))])
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
