import Postgres

/// A user's notifications, for `exportMyData` and `deleteMyAccount`.
enum NotificationsPersonalData: PersonalDataHolder {
    static let exportKey = "notifications"

    static let userColumns = [
        UserColumn(table: "notifications", column: "user_id", handling: .deleted, exportPath: "notifications.notifications")
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'notifications', coalesce((SELECT jsonb_agg(to_jsonb(n) - 'user_id' ORDER BY n.created_at, n.id) FROM notifications n
                WHERE n.user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM notifications WHERE user_id = $1", [userID])
    }
}
