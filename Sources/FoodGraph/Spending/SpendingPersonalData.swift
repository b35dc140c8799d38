import Postgres

/// What Spending holds about a user (receipts and lines, purchases, objectives, answers about
/// receipt texts), for `exportMyData` and `deleteMyAccount`. The receipt prices the user's
/// purchases gave the catalog stay, anonymised by the catalog (`price_observations.reported_by`);
/// a community mapping stays, but the user's answer no longer counts towards it; a mapping an
/// administrator reviewed stays, without who reviewed it.
enum SpendingPersonalData: PersonalDataHolder {
    static let exportKey = "spending"

    static let userColumns = [
        UserColumn(table: "receipts", column: "user_id", handling: .deleted, exportPath: "spending.receipts"),
        UserColumn(table: "receipt_lines", column: "user_id", handling: .deleted, exportPath: "spending.receiptLines"),
        UserColumn(table: "purchases", column: "user_id", handling: .deleted, exportPath: "spending.purchases"),
        UserColumn(table: "spending_objectives", column: "user_id", handling: .deleted, exportPath: "spending.objectives"),
        UserColumn(table: "mapping_votes", column: "user_id", handling: .deleted, exportPath: "spending.mappingAnswers"),
        UserColumn(table: "spending_changes", column: "user_id", handling: .deleted, exportPath: "spending.changes"),
        UserColumn(
            table: "product_mappings", column: "reviewed_by",
            handling: .anonymised(kept: "community mappings stay, without the administrator who reviewed them"),
            exportPath: "spending.reviewedMappings"),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'receipts', coalesce((SELECT jsonb_agg(to_jsonb(r) - 'user_id' ORDER BY r.purchased_at, r.id) FROM receipts r WHERE r.user_id = $1), '[]'),
              'receiptLines', coalesce((SELECT jsonb_agg(to_jsonb(l) - 'user_id' ORDER BY l.receipt_id, l.position) FROM receipt_lines l
                WHERE l.user_id = $1), '[]'),
              'purchases', coalesce((SELECT jsonb_agg(to_jsonb(u) - 'user_id' ORDER BY u.purchased_at, u.id) FROM purchases u WHERE u.user_id = $1), '[]'),
              'objectives', coalesce((SELECT jsonb_agg(to_jsonb(o) - 'user_id' ORDER BY o.id) FROM spending_objectives o WHERE o.user_id = $1), '[]'),
              'mappingAnswers', coalesce((SELECT jsonb_agg(to_jsonb(v) - 'user_id' ORDER BY v.voted_at) FROM mapping_votes v WHERE v.user_id = $1), '[]'),
              'reviewedMappings', coalesce((SELECT jsonb_agg(to_jsonb(m) - 'reviewed_by' ORDER BY m.id) FROM product_mappings m
                WHERE m.reviewed_by = $1), '[]'),
              'changes', coalesce((SELECT jsonb_agg(jsonb_build_object('kind', c.kind, 'description', c.description, 'at', c.made_at,
                'previous', c.previous) ORDER BY c.id) FROM spending_changes c WHERE c.user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM receipts WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM purchases WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM spending_objectives WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM mapping_votes WHERE user_id = $1", [userID])
        try await SpendingChanges.erase(userID, in: transaction)
        _ = try await transaction.query("UPDATE product_mappings SET reviewed_by = NULL WHERE reviewed_by = $1", [userID])
    }
}
