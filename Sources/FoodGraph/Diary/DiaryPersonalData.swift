import Postgres

/// What the diary holds about a user (food entries, weigh-ins), for `exportMyData` and
/// `deleteMyAccount`.
enum DiaryPersonalData: PersonalDataHolder {
    static let exportKey = "diary"

    static let userColumns = [
        UserColumn(table: "diary_entries", column: "user_id", handling: .deleted, exportPath: "diary.entries"),
        UserColumn(table: "weight_entries", column: "user_id", handling: .deleted, exportPath: "diary.weights"),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'entries', coalesce((SELECT jsonb_agg(to_jsonb(d) - 'user_id' ORDER BY d.local_date, d.id) FROM diary_entries d
                WHERE d.user_id = $1), '[]'),
              'weights', coalesce((SELECT jsonb_agg(to_jsonb(w) - 'user_id' ORDER BY w.local_date) FROM weight_entries w
                WHERE w.user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM diary_entries WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM weight_entries WHERE user_id = $1", [userID])
    }
}
