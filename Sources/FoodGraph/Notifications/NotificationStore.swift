import Foundation
import Postgres

/// The SQL of `notifications`.
enum NotificationStore {
    /// The new notification's ID; nil when its dedupe key was used for the user already.
    static func insert(_ notification: NewNotification, in database: some PostgresQuerying) async throws -> Int64? {
        let rows = try await database.query(
            """
            WITH added AS (
              INSERT INTO notifications (user_id, kind, title, body, subject_id, dedupe_key) VALUES ($1, $2, $3, $4, $5, $6)
              ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
              RETURNING id, user_id
            )
            SELECT id, pg_notify($7, user_id || ':' || id) FROM added
            """,
            [
                notification.userID, notification.kind.rawValue, String(notification.title.prefix(200)),
                String(notification.body.prefix(2000)), notification.subjectID?.description, notification.dedupeKey,
                Notifications.channel,
            ])
        return try rows.first?.decode(Int64.self, at: 0)
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: NotificationRecord] {
        try await NotificationRecord.load("SELECT \(NotificationRecord.columns) FROM notifications n WHERE n.id = ANY($1)", ids: ids, from: database)
    }

    /// The user's notifications, newest first.
    static func page(of userID: Int64, unreadOnly: Bool, page: Page, in database: some PostgresQuerying) async throws -> Connection<NotificationRecord> {
        try await page.fetch(
            select: NotificationRecord.columns,
            from: "SELECT * FROM notifications WHERE user_id = $1 \(unreadOnly ? "AND read_at IS NULL" : "")",
            as: "n", keys: [.init(expression: "n.created_at", type: "timestamptz"), .init(expression: "n.id", type: "bigint")],
            descending: true, parameters: [userID], count: .none, in: database, decode: NotificationRecord.init)
    }

    /// How many unread notifications each user has.
    static func unreadCounts(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: Int] {
        var counts = Dictionary(uniqueKeysWithValues: userIDs.map { ($0, 0) })
        for row in try await database.query(
            "SELECT user_id, count(*)::int FROM notifications WHERE user_id = ANY($1) AND read_at IS NULL GROUP BY user_id",
            [PostgresArray(userIDs)])
        {
            counts[try row.decode(Int64.self, at: 0)] = try row.decode(Int.self, at: 1)
        }
        return counts
    }

    /// Marks the user's notifications read: those of `ids`, or all when nil. The number marked.
    static func markRead(_ ids: [Int64]?, of userID: Int64, in transaction: PostgresTransaction) async throws -> Int {
        let rows: PostgresRows
        if let ids {
            rows = try await transaction.query(
                "UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id = ANY($2) AND read_at IS NULL RETURNING id",
                [userID, PostgresArray(ids)])
        } else {
            rows = try await transaction.query(
                "UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id", [userID])
        }
        return rows.count
    }

    /// Which of `ids` are the user's.
    static func owned(_ ids: [Int64], by userID: Int64, in database: some PostgresQuerying) async throws -> Set<Int64> {
        Set(try await database.query("SELECT id FROM notifications WHERE user_id = $1 AND id = ANY($2)", [userID, PostgresArray(ids)])
            .map { try $0.decode(Int64.self, at: 0) })
    }

    /// Retention: read notifications after `readRetention`, any after `retention`.
    static func purge(readBefore: Date, before: Date, in database: some PostgresQuerying) async throws -> Int {
        try await database.query(
            "DELETE FROM notifications WHERE (read_at IS NOT NULL AND created_at < $1) OR created_at < $2 RETURNING 1",
            [readBefore, before]).count
    }
}
