import Postgres

extension UserStore {
    /// The enabled accounts granted `role` itself (administrators hold every role, but are not
    /// counted as its staff), oldest account first: whom another area may assign work to.
    static func enabledHolders(of role: Role, in database: some PostgresQuerying) async throws -> [Int64] {
        try await database.query(
            """
            SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = $1
            WHERE u.disabled_at IS NULL ORDER BY u.id
            """, [role.rawValue]
        ).map { try $0.decode(Int64.self, at: 0) }
    }
}
