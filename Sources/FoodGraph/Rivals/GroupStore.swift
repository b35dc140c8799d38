import Foundation
import Postgres

/// The SQL of rival groups: `rival_groups`, `rival_group_members` and `rival_group_invitations`.
/// A group is read for a viewer only through its membership, so a non-member never finds it.
enum GroupStore {
    /// The most members and pending invitations a group holds together.
    static let maximumSize = 50

    private static let select = "SELECT \(RivalGroupRecord.columns) FROM rival_groups g"

    /// The groups among `ids` that `viewerID` belongs to.
    static func groups(ids: [Int64], visibleTo viewerID: Int64, in database: some PostgresQuerying) async throws -> [Int64: RivalGroupRecord] {
        var groups: [Int64: RivalGroupRecord] = [:]
        let rows = try await database.query(
            select + " JOIN rival_group_members m ON m.group_id = g.id AND m.user_id = $2 WHERE g.id = ANY($1::bigint[])",
            [PostgresArray(ids), viewerID])
        for row in rows {
            let group = try RivalGroupRecord(row)
            groups[group.id] = group
        }
        return groups
    }

    /// A group the viewer belongs to, locked for a change of its membership or settings.
    static func lock(_ id: Int64, member viewerID: Int64, in transaction: PostgresTransaction) async throws -> RivalGroupRecord? {
        try await transaction.query(
            select + " WHERE g.id = $1 AND EXISTS (SELECT 1 FROM rival_group_members m WHERE m.group_id = g.id AND m.user_id = $2) FOR UPDATE",
            [id, viewerID]
        ).first.map(RivalGroupRecord.init)
    }

    /// A group the user is invited to, locked.
    static func lock(_ id: Int64, invitee userID: Int64, in transaction: PostgresTransaction) async throws -> RivalGroupRecord? {
        try await transaction.query(
            select + " WHERE g.id = $1 AND EXISTS (SELECT 1 FROM rival_group_invitations i WHERE i.group_id = g.id AND i.user_id = $2) FOR UPDATE",
            [id, userID]
        ).first.map(RivalGroupRecord.init)
    }

    struct Settings: Sendable {
        var name: String
        var description: String?
        var period: RivalPeriod
        var customFrom: LocalDate?
        var customTo: LocalDate?
        var timeZone: String
        var scoring: [ScoringRule]
    }

    static func create(owner: Int64, _ settings: Settings, in transaction: PostgresTransaction) async throws -> RivalGroupRecord {
        let group = try RivalGroupRecord(
            try await transaction.query(
                """
                INSERT INTO rival_groups AS g (owner_id, name, description, period, custom_from, custom_to, time_zone, scoring_metrics, scoring_weights)
                VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $8::text[], $9::text[]::integer[])
                RETURNING \(RivalGroupRecord.columns)
                """,
                [
                    owner, settings.name, settings.description, settings.period.databaseName, settings.customFrom?.description,
                    settings.customTo?.description, settings.timeZone, PostgresArray(settings.scoring.map(\.metric.databaseName)),
                    PostgresArray(settings.scoring.map { String($0.weight) }),
                ])[0])
        try await addMember(owner, to: group.id, in: transaction)
        return group
    }

    static func update(_ id: Int64, _ settings: Settings, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            UPDATE rival_groups SET name = $2, description = $3, period = $4, custom_from = $5::date, custom_to = $6::date, time_zone = $7,
              scoring_metrics = $8::text[], scoring_weights = $9::text[]::integer[], updated_at = now()
            WHERE id = $1
            """,
            [
                id, settings.name, settings.description, settings.period.databaseName, settings.customFrom?.description,
                settings.customTo?.description, settings.timeZone, PostgresArray(settings.scoring.map(\.metric.databaseName)),
                PostgresArray(settings.scoring.map { String($0.weight) }),
            ])
        try await LiveEvents.publish(LiveEvent(.leaderboard, id: id), in: transaction)
    }

    static func setOwner(_ userID: Int64, of groupID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("UPDATE rival_groups SET owner_id = $2, updated_at = now() WHERE id = $1", [groupID, userID])
    }

    static func delete(_ id: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM rival_groups WHERE id = $1", [id])
    }

    /// Members and pending invitations together.
    static func size(of groupID: Int64, in database: some PostgresQuerying) async throws -> (members: Int, invited: Int) {
        let row = try await database.query(
            """
            SELECT (SELECT count(*) FROM rival_group_members WHERE group_id = $1), (SELECT count(*) FROM rival_group_invitations WHERE group_id = $1)
            """, [groupID])[0]
        return (try row.decode(Int.self, at: 0), try row.decode(Int.self, at: 1))
    }

    static func isMember(_ userID: Int64, of groupID: Int64, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query("SELECT 1 FROM rival_group_members WHERE group_id = $1 AND user_id = $2", [groupID, userID]).isEmpty
    }

    static func isInvited(_ userID: Int64, to groupID: Int64, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query("SELECT 1 FROM rival_group_invitations WHERE group_id = $1 AND user_id = $2", [groupID, userID]).isEmpty
    }

    /// Adds a member; true when the user had been in no group before (their figures must be filled).
    @discardableResult
    static func addMember(_ userID: Int64, to groupID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await LiveEvents.publish(LiveEvent(.leaderboard, id: groupID), in: transaction)
        let rows = try await transaction.query(
            """
            WITH before AS (SELECT count(*) AS n FROM rival_group_members WHERE user_id = $2)
            INSERT INTO rival_group_members (group_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING
            RETURNING (SELECT n FROM before)
            """, [groupID, userID])
        return try rows.first?.decode(Int.self, at: 0) == 0
    }

    /// Removes a member; false when the user was not one.
    static func removeMember(_ userID: Int64, from groupID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await LiveEvents.publish(LiveEvent(.leaderboard, id: groupID), in: transaction)
        return try await !transaction.query(
            "DELETE FROM rival_group_members WHERE group_id = $1 AND user_id = $2 RETURNING user_id", [groupID, userID]
        ).isEmpty
    }

    static func invite(_ userID: Int64, to groupID: Int64, by inviter: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "INSERT INTO rival_group_invitations (group_id, user_id, invited_by) VALUES ($1, $2, $3)", [groupID, userID, inviter])
    }

    /// Removes an invitation; false when there was none.
    static func removeInvitation(_ userID: Int64, from groupID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await !transaction.query(
            "DELETE FROM rival_group_invitations WHERE group_id = $1 AND user_id = $2 RETURNING user_id", [groupID, userID]
        ).isEmpty
    }

    /// Each group's members, in the order they joined: one statement for every group of a level.
    static func members(of groupIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [RivalGroupMember]] {
        var members: [Int64: [RivalGroupMember]] = Dictionary(uniqueKeysWithValues: groupIDs.map { ($0, []) })
        let rows = try await database.query(
            """
            SELECT m.group_id, m.user_id, m.user_id = g.owner_id, m.joined_at
            FROM rival_group_members m JOIN rival_groups g ON g.id = m.group_id
            WHERE m.group_id = ANY($1::bigint[]) ORDER BY m.group_id, m.joined_at, m.user_id
            """, [PostgresArray(groupIDs)])
        for row in rows {
            let member = RivalGroupMember(
                groupID: try row.decode(Int64.self, at: 0), userID: try row.decode(Int64.self, at: 1), isOwner: try row.decode(Bool.self, at: 2),
                joinedAt: try row.decode(Date.self, at: 3))
            members[member.groupID, default: []].append(member)
        }
        return members
    }

    /// Each group's pending invitations, oldest first.
    static func invitations(of groupIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [RivalGroupInvitation]] {
        var invitations: [Int64: [RivalGroupInvitation]] = Dictionary(uniqueKeysWithValues: groupIDs.map { ($0, []) })
        let rows = try await database.query(
            """
            SELECT \(RivalGroupInvitation.columns) FROM rival_group_invitations i JOIN rival_groups g ON g.id = i.group_id
            WHERE i.group_id = ANY($1::bigint[]) ORDER BY i.group_id, i.created_at, i.user_id
            """, [PostgresArray(groupIDs)])
        for row in rows {
            let invitation = try RivalGroupInvitation(row)
            invitations[invitation.groupID, default: []].append(invitation)
        }
        return invitations
    }

    /// A page of the groups the user belongs to, in the order they joined.
    static func groups(of userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<RivalGroupRecord> {
        try await page.fetch(
            select: RivalGroupRecord.columns,
            from: "SELECT x.*, m.joined_at AS member_since FROM rival_group_members m JOIN rival_groups x ON x.id = m.group_id WHERE m.user_id = $1",
            as: "g",
            keys: [.init(expression: "g.member_since", type: "timestamptz"), .init(expression: "g.id", type: "bigint")],
            parameters: [userID], count: .none, in: database, decode: RivalGroupRecord.init)
    }

    /// A page of the user's pending invitations, newest first.
    static func invitations(of userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<RivalGroupInvitation> {
        try await page.fetch(
            select: "i.group_id, i.name, i.description, i.user_id, i.invited_by, i.created_at",
            from: """
                SELECT x.group_id, g.name, g.description, x.user_id, x.invited_by, x.created_at
                FROM rival_group_invitations x JOIN rival_groups g ON g.id = x.group_id WHERE x.user_id = $1
                """, as: "i",
            keys: [.init(expression: "i.created_at", type: "timestamptz"), .init(expression: "i.group_id", type: "bigint")], descending: true,
            parameters: [userID], count: .none, in: database, decode: RivalGroupInvitation.init)
    }

    /// Every member of every group (user ids), for the rank history of many groups.
    static func memberIDs(of groupIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [Int64]] {
        try await members(of: groupIDs, in: database).mapValues { $0.map(\.userID) }
    }
}
