import Foundation
import Postgres

/// The SQL of accounts (`users`, with their roles from `user_roles`). Emails arrive normalised
/// (`EmailAddress`): the store compares keys, never folds case itself.
enum UserStore {
    /// `UserRecord`'s columns, for a row source aliased `u`.
    static let columns = """
        u.id, u.email, u.email_confirmed_at, u.disabled_at, u.created_at,
        ARRAY(SELECT role FROM user_roles r WHERE r.user_id = u.id ORDER BY role) AS roles,
        (SELECT chain_id FROM user_roles r WHERE r.user_id = u.id AND r.role = 'chain_representative') AS chain_id
        """

    static func load(_ ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: UserRecord] {
        try await UserRecord.load("SELECT \(columns) FROM users u WHERE u.id = ANY($1)", ids: ids, from: database)
    }

    static func load(_ id: Int64, in database: some PostgresQuerying) async throws -> UserRecord? {
        try await load([id], in: database)[id]
    }

    /// Creates an account; a taken address is a unique violation.
    static func insert(_ email: EmailAddress, passwordHash: String, in transaction: PostgresTransaction) async throws -> Int64 {
        let rows = try await transaction.query(
            "INSERT INTO users (email, email_key, password_hash) VALUES ($1, $2, $3) RETURNING id",
            [email.address, email.key, passwordHash])
        return try rows[0].decode(Int64.self, at: 0)
    }

    /// An account signed up through a provider (`signInWithProvider`): it has no password until
    /// its owner sets one with `requestPasswordReset`.
    static func insertWithoutPassword(_ email: EmailAddress, confirmed: Bool, in transaction: PostgresTransaction) async throws -> Int64 {
        let rows = try await transaction.query(
            """
            INSERT INTO users (email, email_key, email_confirmed_at) VALUES ($1, $2, CASE WHEN $3 THEN now() END) RETURNING id
            """, [email.address, email.key, confirmed])
        return try rows[0].decode(Int64.self, at: 0)
    }

    static func hasPassword(_ userID: Int64, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query("SELECT 1 FROM users WHERE id = $1 AND password_hash IS NOT NULL", [userID]).isEmpty
    }

    struct Credentials: Sendable {
        var userID: Int64
        var emailKey: String
        var passwordHash: String
        var isDisabled: Bool
    }

    /// A password-less account's hash is empty, which no password verifies against.
    private static let credentialColumns = "id, email_key, coalesce(password_hash, ''), disabled_at IS NOT NULL"

    private static func credentials(_ row: PostgresRow) throws -> Credentials {
        Credentials(
            userID: try row.decode(Int64.self, at: 0), emailKey: try row.decode(String.self, at: 1),
            passwordHash: try row.decode(String.self, at: 2), isDisabled: try row.decode(Bool.self, at: 3))
    }

    /// The account signing in with an address, by its key.
    static func credentials(forKey key: String, in database: some PostgresQuerying) async throws -> Credentials? {
        try await database.query("SELECT \(credentialColumns) FROM users WHERE email_key = $1", [key]).first.map(credentials)
    }

    static func credentials(of userID: Int64, in database: some PostgresQuerying) async throws -> Credentials? {
        try await database.query("SELECT \(credentialColumns) FROM users WHERE id = $1", [userID]).first.map(credentials)
    }

    /// An enabled account's id and address, by the address's key (for a password reset).
    static func enabledAccount(forKey key: String, in database: some PostgresQuerying) async throws -> (id: Int64, email: String)? {
        guard let row = try await database.query("SELECT id, email FROM users WHERE email_key = $1 AND disabled_at IS NULL", [key]).first
        else { return nil }
        return (try row.decode(Int64.self, at: 0), try row.decode(String.self, at: 1))
    }

    /// The address of an account whose address is not confirmed yet.
    static func unconfirmedEmail(of userID: Int64, in database: some PostgresQuerying) async throws -> String? {
        try await database.query("SELECT email FROM users WHERE id = $1 AND email_confirmed_at IS NULL", [userID])
            .first?.decode(String.self, at: 0)
    }

    static func confirmEmail(of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1", [userID])
    }

    /// Whether an account signs in with this address key.
    static func isTaken(_ key: String, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query("SELECT 1 FROM users WHERE email_key = $1", [key]).isEmpty
    }

    /// A confirmed new address for the account; a taken one is a unique violation.
    static func changeEmail(of userID: Int64, to email: EmailAddress, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "UPDATE users SET email = $2, email_key = $3, email_confirmed_at = now(), updated_at = now() WHERE id = $1",
            [userID, email.address, email.key])
    }

    static func setPasswordHash(_ hash: String, of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [userID, hash])
    }

    /// Disables (keeping the first moment) or enables an account; false when there is no such account.
    static func setDisabled(_ disabled: Bool, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        let rows = try await transaction.query(
            """
            UPDATE users SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) END, updated_at = now()
            WHERE id = $1 RETURNING id
            """, [userID, disabled])
        return !rows.isEmpty
    }

    /// Deletes the account's row; what still points at it goes with it or is set to null by the
    /// foreign keys (docs/security.md lists each). Returns its address, nil when there was none.
    @discardableResult
    static func delete(_ userID: Int64, in transaction: PostgresTransaction) async throws -> String? {
        try await transaction.query("DELETE FROM users WHERE id = $1 RETURNING email", [userID]).first?.decode(String.self, at: 0)
    }

    /// The account's row locked for the rest of the transaction, with its address.
    static func lock(_ userID: Int64, in transaction: PostgresTransaction) async throws -> String? {
        try await transaction.query("SELECT email FROM users WHERE id = $1 FOR UPDATE", [userID]).first?.decode(String.self, at: 0)
    }

    /// Accounts newest first, optionally those whose address, username or display name contains
    /// `query` (as typed: `%`, `_` and `\` match themselves).
    static func search(_ query: String?, page: Page, in database: some PostgresQuerying) async throws -> Connection<UserRecord> {
        let pattern = query.map { text in
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            return "%" + escaped + "%"
        }
        return try await page.fetch(
            select: columns,
            from: """
                SELECT users.* FROM users LEFT JOIN profiles p ON p.user_id = users.id
                WHERE $1::text IS NULL OR users.email_key ILIKE $1 OR p.username_key ILIKE $1 OR p.display_name ILIKE $1
                """, as: "u", keys: [.init(expression: "u.created_at", type: "timestamptz"), .init(expression: "u.id", type: "bigint")],
            descending: true, parameters: [pattern], in: database, decode: UserRecord.init)
    }
}

/// The SQL of `user_roles`.
enum RoleStore {
    /// Grants a role (a chain representative's with their chain); false when there is no such
    /// account. An unknown chain is a foreign-key violation.
    static func grant(
        _ role: Role, chainID: Int64?, to userID: Int64, by granter: Int64, in transaction: PostgresTransaction
    ) async throws -> Bool {
        let rows = try await transaction.query(
            """
            INSERT INTO user_roles (user_id, role, chain_id, granted_by) SELECT id, $2, $3, $4 FROM users WHERE id = $1
            ON CONFLICT (user_id, role) DO UPDATE SET chain_id = excluded.chain_id RETURNING user_id
            """, [userID, role.rawValue, chainID, granter])
        return !rows.isEmpty
    }

    static func revoke(_ role: Role, from userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM user_roles WHERE user_id = $1 AND role = $2", [userID, role.rawValue])
    }
}
