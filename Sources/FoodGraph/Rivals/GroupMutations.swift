import Foundation
import GraphQLEngine
import Postgres

/// Rival groups: creation and settings, invitations, membership and ownership, each inside its
/// mutation's one transaction. A group is found only through the viewer's membership (or
/// invitation), so another group is `NOT_FOUND`, as if it did not exist; owner-only changes by a
/// member are `NOT_FOUND` as well.
enum GroupMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("createRivalGroup", input: CreateRivalGroupInput.self, access: .signedIn, create)
        binder.mutation("updateRivalGroup", input: UpdateRivalGroupInput.self, access: .signedIn, update)
        binder.mutation("inviteToRivalGroup", input: InviteToRivalGroupInput.self, access: .signedIn, invite)
        binder.mutation("respondToGroupInvitation", input: RespondToGroupInvitationInput.self, access: .signedIn, respond)
        binder.mutation("leaveRivalGroup", input: LeaveRivalGroupInput.self, access: .signedIn, leave)
        binder.mutation("removeGroupMember", input: RemoveGroupMemberInput.self, access: .signedIn, removeMember)
        binder.mutation("transferGroupOwnership", input: TransferGroupOwnershipInput.self, access: .signedIn, transfer)
        binder.mutation("deleteRivalGroup", input: DeleteRivalGroupInput.self, access: .signedIn, delete)
        binder.mutation("setGroupScoring", input: SetGroupScoringInput.self, access: .signedIn, setScoring)
    }

    private static let notFound = UserError("groupId", "No such group of yours.", code: .notFound)

    /// A custom period's dates: both given, in order, at most a year.
    private static func periodProblems(_ period: RivalPeriod, from: LocalDate?, to: LocalDate?) -> [UserError] {
        guard period == .custom else { return [] }
        guard let from, let to else { return [UserError("customFrom", "A custom period needs customFrom and customTo.", code: .required)] }
        if to < from { return [UserError("customTo", "customTo must not be before customFrom.", code: .outOfRange)] }
        if from.days(until: to) >= RivalCalendar.maximumDays {
            return [UserError("customTo", "A period spans at most \(RivalCalendar.maximumDays) days.", code: .outOfRange)]
        }
        return []
    }

    static func create(_ input: CreateRivalGroupInput, _ scope: MutationScope) async throws -> RivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        let period = input.period ?? .week
        let problems = periodProblems(period, from: input.customFrom, to: input.customTo)
        if !problems.isEmpty { return RivalGroupPayload(failing: problems)! }
        let zone: String
        if let given = input.timeZone {
            zone = given
        } else {
            zone = try await ProfileRecord.load([viewer.userID], from: database)[viewer.userID]?.timeZone ?? "UTC"
        }
        let settings = GroupStore.Settings(
            name: input.name, description: input.description, period: period, customFrom: period == .custom ? input.customFrom : nil,
            customTo: period == .custom ? input.customTo : nil, timeZone: zone, scoring: input.scoring ?? ScoringRule.defaults)
        let group = try await GroupStore.create(owner: viewer.userID, settings, in: database)
        try await joined(viewer.userID, in: database)
        return RivalGroupPayload(group)
    }

    /// After a user joined: fill their daily figures if this is their only group.
    private static func joined(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        let groups = try await transaction.query("SELECT count(*) FROM rival_group_members WHERE user_id = $1", [userID])[0].decode(Int.self, at: 0)
        if groups == 1 { try await RivalScores.fill(userID: userID, in: transaction) }
    }

    /// The group, locked, when the viewer owns it.
    private static func owned(_ id: Int64, by viewer: Viewer, in transaction: PostgresTransaction) async throws -> RivalGroupRecord? {
        guard let group = try await GroupStore.lock(id, member: viewer.userID, in: transaction), group.ownerID == viewer.userID else { return nil }
        return group
    }

    private static func reload(_ id: Int64, for viewerID: Int64, in transaction: PostgresTransaction) async throws -> RivalGroupRecord? {
        try await GroupStore.groups(ids: [id], visibleTo: viewerID, in: transaction)[id]
    }

    static func update(_ input: UpdateRivalGroupInput, _ scope: MutationScope) async throws -> RivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await owned(input.groupId.key, by: viewer, in: database) else { return RivalGroupPayload(failing: [notFound])! }
        let period = input.period ?? group.period
        let from = input.customFrom ?? group.customFrom
        let to = input.customTo ?? group.customTo
        let problems = periodProblems(period, from: from, to: to)
        if !problems.isEmpty { return RivalGroupPayload(failing: problems)! }
        let settings = GroupStore.Settings(
            name: input.name ?? group.name, description: input.description ?? group.description, period: period,
            customFrom: period == .custom ? from : nil, customTo: period == .custom ? to : nil, timeZone: input.timeZone ?? group.timeZone,
            scoring: group.scoring)
        try await GroupStore.update(group.id, settings, in: database)
        return RivalGroupPayload(try await reload(group.id, for: viewer.userID, in: database))
    }

    static func setScoring(_ input: SetGroupScoringInput, _ scope: MutationScope) async throws -> RivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await owned(input.groupId.key, by: viewer, in: database) else { return RivalGroupPayload(failing: [notFound])! }
        let settings = GroupStore.Settings(
            name: group.name, description: group.description, period: group.period, customFrom: group.customFrom, customTo: group.customTo,
            timeZone: group.timeZone, scoring: input.rules)
        try await GroupStore.update(group.id, settings, in: database)
        return RivalGroupPayload(try await reload(group.id, for: viewer.userID, in: database))
    }

    static func invite(_ input: InviteToRivalGroupInput, _ scope: MutationScope) async throws -> RivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await GroupStore.lock(input.groupId.key, member: viewer.userID, in: database) else {
            return RivalGroupPayload(failing: [notFound])!
        }
        let userID = input.userId.key
        guard userID != viewer.userID, try await FriendStore.areFriends(viewer.userID, userID, in: database),
            try await !FriendStore.isBlocked(viewer.userID, userID, in: database)
        else {
            return RivalGroupPayload(failing: [UserError("userId", "Invite one of your friends.", code: .notFound)])!
        }
        if try await GroupStore.isMember(userID, of: group.id, in: database) {
            return RivalGroupPayload(failing: [UserError("userId", "Already a member.", code: .invalidState)])!
        }
        if try await GroupStore.isInvited(userID, to: group.id, in: database) {
            return RivalGroupPayload(failing: [UserError("userId", "Already invited.", code: .invalidState)])!
        }
        let size = try await GroupStore.size(of: group.id, in: database)
        if size.members + size.invited >= GroupStore.maximumSize {
            return RivalGroupPayload(
                failing: [UserError("groupId", "A group holds at most \(GroupStore.maximumSize) members and invitations.", code: .outOfRange)])!
        }
        try await GroupStore.invite(userID, to: group.id, by: viewer.userID, in: database)
        try await RivalNotifications.groupInvitation(group, invitee: userID, in: database)
        return RivalGroupPayload(try await reload(group.id, for: viewer.userID, in: database))
    }

    static func respond(_ input: RespondToGroupInvitationInput, _ scope: MutationScope) async throws -> RivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await GroupStore.lock(input.groupId.key, invitee: viewer.userID, in: database) else {
            return RivalGroupPayload(failing: [UserError("groupId", "No invitation to this group.", code: .notFound)])!
        }
        _ = try await GroupStore.removeInvitation(viewer.userID, from: group.id, in: database)
        guard input.accept else { return RivalGroupPayload(nil) }
        if try await GroupStore.size(of: group.id, in: database).members >= GroupStore.maximumSize {
            return RivalGroupPayload(failing: [UserError("groupId", "The group is full (\(GroupStore.maximumSize) members).", code: .outOfRange)])!
        }
        try await GroupStore.addMember(viewer.userID, to: group.id, in: database)
        try await joined(viewer.userID, in: database)
        return RivalGroupPayload(try await reload(group.id, for: viewer.userID, in: database))
    }

    static func leave(_ input: LeaveRivalGroupInput, _ scope: MutationScope) async throws -> LeaveRivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await GroupStore.lock(input.groupId.key, member: viewer.userID, in: database) else {
            return LeaveRivalGroupPayload(failing: [notFound])!
        }
        if group.ownerID == viewer.userID {
            return LeaveRivalGroupPayload(
                failing: [UserError("groupId", "Hand the group to another member, or delete it, before you leave.", code: .invalidState)])!
        }
        _ = try await GroupStore.removeMember(viewer.userID, from: group.id, in: database)
        try await RivalScores.forgetIfInNoGroup(userID: viewer.userID, in: database)
        return LeaveRivalGroupPayload(left: group.id)
    }

    static func removeMember(_ input: RemoveGroupMemberInput, _ scope: MutationScope) async throws -> RivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await owned(input.groupId.key, by: viewer, in: database) else { return RivalGroupPayload(failing: [notFound])! }
        let userID = input.userId.key
        if userID == viewer.userID {
            return RivalGroupPayload(failing: [UserError("userId", "Hand the group over, or delete it.", code: .invalidState)])!
        }
        if try await GroupStore.removeMember(userID, from: group.id, in: database) {
            try await RivalScores.forgetIfInNoGroup(userID: userID, in: database)
        } else if try await !GroupStore.removeInvitation(userID, from: group.id, in: database) {
            return RivalGroupPayload(failing: [UserError("userId", "Not a member of this group.", code: .notFound)])!
        }
        return RivalGroupPayload(try await reload(group.id, for: viewer.userID, in: database))
    }

    static func transfer(_ input: TransferGroupOwnershipInput, _ scope: MutationScope) async throws -> RivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await owned(input.groupId.key, by: viewer, in: database) else { return RivalGroupPayload(failing: [notFound])! }
        guard input.userId.key != viewer.userID, try await GroupStore.isMember(input.userId.key, of: group.id, in: database) else {
            return RivalGroupPayload(failing: [UserError("userId", "Choose another member of the group.", code: .notFound)])!
        }
        try await GroupStore.setOwner(input.userId.key, of: group.id, in: database)
        return RivalGroupPayload(try await reload(group.id, for: viewer.userID, in: database))
    }

    static func delete(_ input: DeleteRivalGroupInput, _ scope: MutationScope) async throws -> DeleteRivalGroupPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let group = try await owned(input.groupId.key, by: viewer, in: database) else {
            return DeleteRivalGroupPayload(failing: [notFound])!
        }
        let members = try await GroupStore.members(of: [group.id], in: database)[group.id] ?? []
        try await GroupStore.delete(group.id, in: database)
        for member in members { try await RivalScores.forgetIfInNoGroup(userID: member.userID, in: database) }
        return DeleteRivalGroupPayload(deleted: group.id)
    }
}

/// The notifications Rivals sends (friend requests, group invitations), through the
/// Notifications area's API.
enum RivalNotifications {
    static func friendRequest(_ request: FriendRequestRecord, in database: some PostgresQuerying) async throws {
        let sender = try await ProfileRecord.load([request.fromUserID], from: database)[request.fromUserID]
        let name = sender?.displayName ?? sender?.username ?? "Someone"
        try await post(
            kind: .friendRequest, userID: request.toUserID, title: "New friend request",
            body: "\(name) wants to be your friend on FoodGraph.", subject: request.globalID, dedupeKey: "friend-request:\(request.id)",
            in: database)
    }

    static func groupInvitation(_ group: RivalGroupRecord, invitee: Int64, in database: some PostgresQuerying) async throws {
        try await post(
            kind: .groupInvitation, userID: invitee, title: "Group invitation",
            body: "You are invited to join the rival group \u{201C}\(group.name)\u{201D}.", subject: group.globalID,
            dedupeKey: "group-invitation:\(group.id):\(invitee):\(Int(Date().timeIntervalSince1970))", in: database)
    }

    private static func post(
        kind: NotificationKind, userID: Int64, title: String, body: String, subject: GlobalID?, dedupeKey: String?,
        in database: some PostgresQuerying
    ) async throws {
        try await Notifications.post(
            NewNotification(kind: kind, userID: userID, title: title, body: body, subjectID: subject, dedupeKey: dedupeKey), in: database)
    }
}
