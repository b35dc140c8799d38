import Foundation
import GraphQLEngine
import Postgres

/// Bearer-token sessions. The token is 32 random bytes shown once; only its SHA-256 is stored.
/// Expiry slides: a session lives `sessionIdleTimeoutSeconds` past its last use, capped at
/// `sessionMaxLifetimeSeconds` after sign-in. The policy is checked on every request, so shortening
/// it applies to existing sessions at once.
enum SessionStore {
    struct Created: Sendable {
        var token: String
        var session: SessionRecord
    }

    static func create(
        for userID: Int64, userAgent: String?, policy: AccountPolicy, in transaction: PostgresTransaction
    ) async throws -> Created {
        let token = Base64URL.encode(Crypto.randomBytes(32))
        let rows = try await transaction.query(
            """
            INSERT INTO sessions AS s (user_id, token_hash, expires_at, user_agent)
            VALUES ($1, $2, now() + make_interval(secs => $3), $4)
            RETURNING \(SessionRecord.columns)
            """, [userID, Crypto.sha256(Array(token.utf8)), policy.sessionIdleTimeoutSeconds, userAgent])
        return Created(token: token, session: try SessionRecord(rows[0]))
    }

    /// How long a session's last use may lag before a request records a new one: a minute, or a
    /// tenth of a shorter idle timeout (so that a session in use never idles out).
    static func touchInterval(_ policy: AccountPolicy) -> Int { min(60, max(1, policy.sessionIdleTimeoutSeconds / 10)) }

    /// The viewer of a live session. Reading it writes nothing; the session's last use (and with
    /// it the sliding expiry) is written only when the recorded one is older than `touchInterval`:
    /// at most once a minute per session, not once per request.
    static func viewer(forToken token: String, policy: AccountPolicy, in database: some PostgresQuerying) async throws -> Viewer? {
        guard token.utf8.count <= 128 else { return nil }
        let rows = try await database.query(
            """
            SELECT s.id, s.user_id,
              ARRAY(SELECT role FROM user_roles r WHERE r.user_id = s.user_id) AS roles,
              (SELECT chain_id FROM user_roles r WHERE r.user_id = s.user_id AND r.role = 'chain_representative') AS chain_id,
              s.last_used_at < now() - make_interval(secs => $4) AS due
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = $1 AND s.revoked_at IS NULL
              AND s.last_used_at > now() - make_interval(secs => $2) AND s.created_at > now() - make_interval(secs => $3)
              AND u.disabled_at IS NULL
            """,
            [Crypto.sha256(Array(token.utf8)), policy.sessionIdleTimeoutSeconds, policy.sessionMaxLifetimeSeconds, touchInterval(policy)])
        guard let row = rows.first else { return nil }
        let sessionID = try row.decode(Int64.self, at: 0)
        if try row.decode(Bool.self, at: 4) {
            // The condition is repeated so that concurrent requests write it once.
            _ = try await database.query(
                """
                UPDATE sessions SET last_used_at = now(),
                  expires_at = least(created_at + make_interval(secs => $3), now() + make_interval(secs => $2))
                WHERE id = $1 AND last_used_at < now() - make_interval(secs => $4)
                """, [sessionID, policy.sessionIdleTimeoutSeconds, policy.sessionMaxLifetimeSeconds, touchInterval(policy)])
        }
        let roles = try row.decode([String].self, at: 2).compactMap(Role.init(rawValue:))
        return Viewer(
            userID: try row.decode(Int64.self, at: 1), sessionID: sessionID, roles: Set(roles),
            representedChainID: try row.decode(Int64?.self, at: 3))
    }

    /// Whether the session signed in within the last `seconds` (a recent sign-in, for what needs
    /// the password otherwise).
    static func signedIn(_ sessionID: Int64, within seconds: Int, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query(
            "SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NULL AND created_at > now() - make_interval(secs => $2)",
            [sessionID, seconds]
        ).isEmpty
    }

    /// Ends one session; false when it was not live.
    static func revoke(_ sessionID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await !transaction.query("UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id", [sessionID])
            .isEmpty
    }

    /// Ends one of a user's sessions; false when the user has no such live session.
    static func revoke(_ sessionID: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await !transaction.query(
            "UPDATE sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id",
            [sessionID, userID]
        ).isEmpty
    }

    /// Ends every session of a user, but the one given; returns how many ended.
    @discardableResult
    static func revokeAll(of userID: Int64, except kept: Int64? = nil, in transaction: PostgresTransaction) async throws -> Int {
        try await transaction.query(
            "UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id IS DISTINCT FROM $2 AND revoked_at IS NULL RETURNING id",
            [userID, kept]
        ).count
    }

    /// A user's live sessions, most recently used first.
    static func page(of userID: Int64, _ page: Page, in database: some PostgresQuerying) async throws -> Connection<SessionRecord> {
        try await page.fetch(
            select: SessionRecord.columns,
            from: "SELECT * FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()", as: "s",
            keys: [.init(expression: "s.last_used_at", type: "timestamptz"), .init(expression: "s.id", type: "bigint")],
            descending: true, parameters: [userID], in: database, decode: SessionRecord.init)
    }

    /// Live sessions by id, of one user only (another user's id is simply not found).
    static func load(_ ids: [Int64], of userID: Int64, in database: some PostgresQuerying) async throws -> [Int64: SessionRecord] {
        let rows = try await database.query(
            """
            SELECT \(SessionRecord.columns) FROM sessions s
            WHERE s.id = ANY($1) AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
            """, [PostgresArray(ids), userID])
        var sessions: [Int64: SessionRecord] = [:]
        for row in rows {
            let session = try SessionRecord(row)
            sessions[session.id] = session
        }
        return sessions
    }
}

/// The name the application's request set-up knows the sessions by.
typealias Sessions = SessionStore

/// A signed-in session (schema type `Session`).
struct SessionRecord: Sendable {
    var id: Int64
    var userID: Int64
    var createdAt: Date
    var lastUsedAt: Date
    var expiresAt: Date
    var userAgent: String?

    /// The columns `init` reads, for a row source aliased `s` (or the table itself).
    static let columns = "s.id, s.user_id, s.created_at, s.last_used_at, s.expires_at, s.user_agent"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        createdAt = try row.decode(Date.self, at: 2)
        lastUsedAt = try row.decode(Date.self, at: 3)
        expiresAt = try row.decode(Date.self, at: 4)
        userAgent = try row.decode(String?.self, at: 5)
    }
}
