import Postgres

/// What the Privacy area holds about a user: consents, export requests, and what administrators
/// did to their data (the audit log's entries stay, without them).
enum PrivacyPersonalData: PersonalDataHolder {
    static let exportKey = "privacy"

    static let userColumns = [
        UserColumn(table: "consents", column: "user_id", handling: .deleted, exportPath: "privacy.consents"),
        UserColumn(table: "data_exports", column: "user_id", handling: .deleted, exportPath: "privacy.dataExports"),
        UserColumn(
            table: "audit_log", column: "subject_user_id", handling: .anonymised(kept: "what administrators did stays accountable"),
            exportPath: "privacy.auditLog"),
        UserColumn(
            table: "audit_log", column: "actor_id", handling: .anonymised(kept: "what administrators did stays accountable"),
            exportPath: ""),
    ]

    /// The export requests without their documents (this one is being built).
    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'consents', coalesce((SELECT jsonb_agg(to_jsonb(c) - 'user_id' ORDER BY c.accepted_at, c.document) FROM consents c
                WHERE c.user_id = $1), '[]'),
              'dataExports', coalesce((SELECT jsonb_agg(to_jsonb(e) - 'user_id' - 'document' ORDER BY e.id) FROM data_exports e
                WHERE e.user_id = $1), '[]'),
              'auditLog', coalesce((SELECT jsonb_agg(to_jsonb(a) - 'actor_id' - 'subject_user_id' ORDER BY a.created_at, a.id)
                FROM audit_log a WHERE a.subject_user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM consents WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM data_exports WHERE user_id = $1", [userID])
        _ = try await transaction.query("UPDATE audit_log SET subject_user_id = NULL WHERE subject_user_id = $1", [userID])
        _ = try await transaction.query("UPDATE audit_log SET actor_id = NULL WHERE actor_id = $1", [userID])
    }
}
