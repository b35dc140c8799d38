import Postgres

/// What Rivals holds about a user, for `exportMyData` and `deleteMyAccount`: friend requests,
/// friendships and blocks (deleted with the account), group memberships and invitations (deleted),
/// the daily figures leaderboards read (deleted), and the groups they own (handed to the
/// longest-standing other member, or deleted when none is left).
enum RivalsPersonalData: PersonalDataHolder {
    static let exportKey = "rivals"

    static let userColumns = [
        UserColumn(table: "friend_requests", column: "from_user_id", handling: .deleted, exportPath: "rivals.friendRequestsSent"),
        UserColumn(table: "friend_requests", column: "to_user_id", handling: .deleted, exportPath: "rivals.friendRequestsReceived"),
        UserColumn(table: "friendships", column: "user_id", handling: .deleted, exportPath: "rivals.friends"),
        UserColumn(table: "friendships", column: "friend_id", handling: .deleted, exportPath: ""),
        UserColumn(table: "user_blocks", column: "blocker_id", handling: .deleted, exportPath: "rivals.blocked"),
        UserColumn(table: "user_blocks", column: "blocked_id", handling: .deleted, exportPath: ""),
        UserColumn(
            table: "rival_groups", column: "owner_id",
            handling: .anonymised(kept: "the group stays with its longest-standing other member as owner; deleted when none is left"),
            exportPath: "rivals.ownedGroups"),
        UserColumn(table: "rival_group_members", column: "user_id", handling: .deleted, exportPath: "rivals.memberships"),
        UserColumn(table: "rival_group_invitations", column: "user_id", handling: .deleted, exportPath: "rivals.invitations"),
        UserColumn(
            table: "rival_group_invitations", column: "invited_by", handling: .anonymised(kept: "an invitation they sent stays, without who sent it"),
            exportPath: ""),
        UserColumn(table: "rival_days", column: "user_id", handling: .deleted, exportPath: "rivals.dailyFigures"),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'friendRequestsSent', coalesce((SELECT jsonb_agg(to_jsonb(r) ORDER BY r.id) FROM friend_requests r WHERE r.from_user_id = $1), '[]'),
              'friendRequestsReceived', coalesce((SELECT jsonb_agg(to_jsonb(r) ORDER BY r.id) FROM friend_requests r WHERE r.to_user_id = $1), '[]'),
              'friends', coalesce((SELECT jsonb_agg(to_jsonb(f) - 'user_id' ORDER BY f.friend_id) FROM friendships f WHERE f.user_id = $1), '[]'),
              'blocked', coalesce((SELECT jsonb_agg(to_jsonb(b) - 'blocker_id' ORDER BY b.blocked_id) FROM user_blocks b WHERE b.blocker_id = $1), '[]'),
              'ownedGroups', coalesce((SELECT jsonb_agg(to_jsonb(g) ORDER BY g.id) FROM rival_groups g WHERE g.owner_id = $1), '[]'),
              'memberships', coalesce((SELECT jsonb_agg(to_jsonb(m) - 'user_id' ORDER BY m.group_id) FROM rival_group_members m WHERE m.user_id = $1), '[]'),
              'invitations', coalesce((SELECT jsonb_agg(to_jsonb(i) - 'user_id' ORDER BY i.group_id) FROM rival_group_invitations i WHERE i.user_id = $1), '[]'),
              'dailyFigures', coalesce((SELECT jsonb_agg(to_jsonb(d) - 'user_id' ORDER BY d.local_date) FROM rival_days d WHERE d.user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        // Owned groups go to the longest-standing other member; groups left without one are deleted.
        _ = try await transaction.query(
            """
            UPDATE rival_groups g SET owner_id = next.user_id, updated_at = now()
            FROM (
              SELECT DISTINCT ON (m.group_id) m.group_id, m.user_id FROM rival_group_members m JOIN rival_groups x ON x.id = m.group_id
              WHERE x.owner_id = $1 AND m.user_id <> $1 ORDER BY m.group_id, m.joined_at, m.user_id
            ) AS next
            WHERE g.id = next.group_id
            """, [userID])
        _ = try await transaction.query("DELETE FROM rival_groups WHERE owner_id = $1", [userID])
        _ = try await transaction.query("UPDATE rival_group_invitations SET invited_by = NULL WHERE invited_by = $1", [userID])
        _ = try await transaction.query("DELETE FROM rival_group_invitations WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM rival_group_members WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM rival_days WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM user_blocks WHERE blocker_id = $1 OR blocked_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM friendships WHERE user_id = $1 OR friend_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM friend_requests WHERE from_user_id = $1 OR to_user_id = $1", [userID])
    }
}
