import Foundation
import Postgres

/// The SQL of friends: `friend_requests`, `friendships` and `user_blocks`. Every statement that
/// acts for a viewer filters by the viewer's ID.
enum FriendStore {
    /// The most friend requests one user may have pending.
    static let maximumPendingRequests = 50

    private static let select = "SELECT \(FriendRequestRecord.columns) FROM friend_requests r"

    /// Requests by id, whoever sent them (callers check visibility): the node loader's batch.
    static func requests(ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: FriendRequestRecord] {
        var requests: [Int64: FriendRequestRecord] = [:]
        for row in try await database.query(select + " WHERE r.id = ANY($1::bigint[])", [PostgresArray(ids)]) {
            let request = try FriendRequestRecord(row)
            requests[request.id] = request
        }
        return requests
    }

    /// One request, locked for the transaction's change.
    static func lockRequest(id: Int64, in transaction: PostgresTransaction) async throws -> FriendRequestRecord? {
        try await transaction.query(select + " WHERE r.id = $1 FOR UPDATE", [id]).first.map(FriendRequestRecord.init)
    }

    /// The pending request between two users, whichever sent it.
    static func pendingRequest(between a: Int64, and b: Int64, in database: some PostgresQuerying) async throws -> FriendRequestRecord? {
        try await database.query(
            select + """
                 WHERE least(r.from_user_id, r.to_user_id) = least($1::bigint, $2::bigint)
                  AND greatest(r.from_user_id, r.to_user_id) = greatest($1::bigint, $2::bigint) AND r.status = 'pending'
                """, [a, b]
        ).first.map(FriendRequestRecord.init)
    }

    static func pendingCount(from userID: Int64, in database: some PostgresQuerying) async throws -> Int {
        try await database.query(
            "SELECT count(*) FROM friend_requests WHERE from_user_id = $1 AND status = 'pending'", [userID])[0].decode(Int.self, at: 0)
    }

    static func insertRequest(from: Int64, to: Int64, in transaction: PostgresTransaction) async throws -> FriendRequestRecord {
        try FriendRequestRecord(
            try await transaction.query(
                "INSERT INTO friend_requests AS r (from_user_id, to_user_id) VALUES ($1, $2) RETURNING \(FriendRequestRecord.columns)",
                [from, to])[0])
    }

    static func answer(_ id: Int64, status: FriendRequestStatus, in transaction: PostgresTransaction) async throws -> FriendRequestRecord {
        try FriendRequestRecord(
            try await transaction.query(
                "UPDATE friend_requests AS r SET status = $2, responded_at = now() WHERE r.id = $1 RETURNING \(FriendRequestRecord.columns)",
                [id, status.databaseName])[0])
    }

    /// Makes two users friends (both directions); nothing when they already are.
    static func befriend(_ a: Int64, _ b: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2), ($2, $1) ON CONFLICT DO NOTHING", [a, b])
    }

    /// Ends a friendship; false when there was none.
    static func unfriend(_ a: Int64, _ b: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await !transaction.query(
            "DELETE FROM friendships WHERE (user_id = $1 AND friend_id = $2) OR (user_id = $2 AND friend_id = $1) RETURNING user_id",
            [a, b]
        ).isEmpty
    }

    static func areFriends(_ a: Int64, _ b: Int64, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query("SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2", [a, b]).isEmpty
    }

    /// Whether either user blocked the other.
    static func isBlocked(_ a: Int64, _ b: Int64, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query(
            "SELECT 1 FROM user_blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)", [a, b]
        ).isEmpty
    }

    /// Blocks `blocked` for `blocker`: the friendship and pending requests between them end.
    static func block(_ blocked: Int64, by blocker: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [blocker, blocked])
        _ = try await unfriend(blocker, blocked, in: transaction)
        _ = try await transaction.query(
            """
            UPDATE friend_requests SET status = 'cancelled', responded_at = now()
            WHERE status = 'pending' AND ((from_user_id = $1 AND to_user_id = $2) OR (from_user_id = $2 AND to_user_id = $1))
            """, [blocker, blocked])
    }

    static func unblock(_ blocked: Int64, by blocker: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await !transaction.query(
            "DELETE FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2 RETURNING blocker_id", [blocker, blocked]
        ).isEmpty
    }

    /// A page of the user's friends, by username.
    static func friends(of userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<RivalProfile> {
        try await page.fetch(
            select: "f.friend_id", from: "SELECT friend_id FROM friendships WHERE user_id = $1", as: "f",
            keys: [.init(expression: "f.friend_id", type: "bigint")], parameters: [userID], count: .none, in: database
        ) { RivalProfile(userID: try $0.decode(Int64.self, at: 0)) }
    }

    /// A page of the users `userID` blocked.
    static func blocked(by userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<RivalProfile> {
        try await page.fetch(
            select: "b.blocked_id", from: "SELECT blocked_id FROM user_blocks WHERE blocker_id = $1", as: "b",
            keys: [.init(expression: "b.blocked_id", type: "bigint")], parameters: [userID], count: .none, in: database
        ) { RivalProfile(userID: try $0.decode(Int64.self, at: 0)) }
    }

    /// A page of the requests sent to or by the user, newest first.
    static func requests(
        of userID: Int64, direction: FriendRequestDirection, includeAnswered: Bool, page: Page, in database: some PostgresQuerying
    ) async throws -> Connection<FriendRequestRecord> {
        let column = direction == .incoming ? "to_user_id" : "from_user_id"
        return try await page.fetch(
            select: FriendRequestRecord.columns,
            from: "SELECT * FROM friend_requests WHERE \(column) = $1 AND ($2 OR status = 'pending')", as: "r",
            keys: [.init(expression: "r.created_at", type: "timestamptz"), .init(expression: "r.id", type: "bigint")], descending: true,
            parameters: [userID, includeAnswered], count: .none, in: database, decode: FriendRequestRecord.init)
    }
}
