import GraphQLEngine

/// Rivals (NutriBud's GainRivals): friends by username, private groups of friends with their own
/// scoring, and leaderboards only members see. Other people appear as `RivalProfile`, never as
/// `User`; a group is found only through its membership.
enum RivalsArea: Area {
    /// Daily figures older than the diary keeps go when the diary's own entries do.
    static var jobs: [PeriodicJob] {
        [
            PeriodicJob("rivals.purgeDays", every: .seconds(3600)) { database, _ in
                try await RivalScores.purge(before: DiaryRetention.earliestKept(today: .utcToday).adding(days: -1), in: database)
            }
        ]
    }

    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(FriendRequestDirection.self)
        binder.enumeration(FriendRequestStatus.self)
        binder.enumeration(RivalPeriod.self)
        binder.enumeration(ScoringMetric.self)
        bindQueries(&binder)
        bindUser(&binder)
        bindFriends(&binder)
        bindGroups(&binder)
        bindLeaderboards(&binder)
        FriendMutations.bind(&binder)
        GroupMutations.bind(&binder)
        bindPayloads(&binder)
    }

    private static func bindQueries(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("userByUsername", arguments: UserByUsernameArguments.self) { arguments, context -> Resolved<RivalProfile?> in
                let viewer = try context.requireViewer()
                let username = arguments.username.trimmingCharacters(in: .whitespaces)
                guard (3...30).contains(username.count) else { return .null }
                return Resolved<RivalProfile?>.run {
                    guard let userID = try await ProfileStore.userID(username: username, in: context.database) else { return nil }
                    if userID != viewer.userID, try await FriendStore.isBlocked(viewer.userID, userID, in: context.database) { return nil }
                    return RivalProfile(userID: userID)
                }
            }
        }
    }

    /// `User`'s Rivals fields: their owner's alone (`PersonalDataPolicy`'s category `social`).
    private static func bindUser(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.friends, arguments: PageArguments.self) { user, arguments, context -> Resolved<Connection<RivalProfile>> in
                let page = try Page(arguments)
                return Resolved<Connection<RivalProfile>>.run { try await FriendStore.friends(of: user.id, page: page, in: context.database) }
            }
            user.field(.blockedUsers, arguments: PageArguments.self) { user, arguments, context -> Resolved<Connection<RivalProfile>> in
                let page = try Page(arguments)
                return Resolved<Connection<RivalProfile>>.run { try await FriendStore.blocked(by: user.id, page: page, in: context.database) }
            }
            user.field(.friendRequests, arguments: FriendRequestsArguments.self) { user, arguments, context -> Resolved<Connection<FriendRequestRecord>> in
                let page = try Page(arguments.page)
                return Resolved<Connection<FriendRequestRecord>>.run {
                    try await FriendStore.requests(
                        of: user.id, direction: arguments.direction, includeAnswered: arguments.includeAnswered, page: page, in: context.database)
                }
            }
            user.field(.groups, arguments: PageArguments.self) { user, arguments, context -> Resolved<Connection<RivalGroupRecord>> in
                let page = try Page(arguments)
                return Resolved<Connection<RivalGroupRecord>>.run { try await GroupStore.groups(of: user.id, page: page, in: context.database) }
            }
            user.field(.rivalGroupInvitations, arguments: PageArguments.self) { user, arguments, context -> Resolved<Connection<RivalGroupInvitation>> in
                let page = try Page(arguments)
                return Resolved<Connection<RivalGroupInvitation>>.run {
                    try await GroupStore.invitations(of: user.id, page: page, in: context.database)
                }
            }
        }
    }

    private static func bindFriends(_ binder: inout SchemaBinder) {
        binder.object(RivalProfile.self) { profile in
            profile.field("id") { $0.globalID }
            profile.field("username", resolve: { profile, context in publicProfile(profile, context) { $0?.username } })
            profile.field("displayName", resolve: { profile, context in publicProfile(profile, context) { $0?.displayName } })
            profile.field("avatarUrl", resolve: { profile, context in publicProfile(profile, context) { $0?.avatarURL } })
        }
        binder.connection(of: RivalProfile.self)
        binder.object(FriendRequestRecord.self) { request in
            request.field("id") { $0.globalID }
            request.field("from") { RivalProfile(userID: $0.fromUserID) }
            request.field("to") { RivalProfile(userID: $0.toUserID) }
            request.field("status") { $0.status }
            request.field("createdAt") { $0.createdAt }
            request.field("answeredAt") { $0.answeredAt }
        }
        binder.connection(of: FriendRequestRecord.self)
        // node(id:): the sender and the recipient only.
        binder.node(FriendRequestRecord.self) { key, context -> Resolved<FriendRequestRecord?> in
            guard context.viewer != nil else { return .null }
            return Resolved<FriendRequestRecord?>(unchecked: context.rivals.friendRequests.load(key)).map { request in
                guard let request, request.isVisible(to: context.viewer) else { return nil }
                return request
            }
        }
    }

    /// A field of the four a `RivalProfile` shows, from Accounts' profile loader.
    private static func publicProfile(
        _ profile: RivalProfile, _ context: RequestContext, _ read: @escaping @Sendable (ProfileRecord?) -> String?
    ) -> Resolved<String?> {
        Resolved(unchecked: context.accounts.profiles.load(profile.userID).map { .value(read($0 as? ProfileRecord)) })
    }

    private static func bindGroups(_ binder: inout SchemaBinder) {
        binder.object(RivalGroupRecord.self) { group in
            group.field("id") { $0.globalID }
            group.field("name") { $0.name }
            group.field("description") { $0.description }
            group.field("owner") { RivalProfile(userID: $0.ownerID) }
            group.field("members", resolve: { group, context in
                Resolved<[RivalGroupMember]>(unchecked: context.rivals.members.load(group.id))
            })
            group.field("pendingInvitations", resolve: { group, context in
                Resolved<[RivalGroupInvitation]>(unchecked: context.rivals.invitations.load(group.id))
            })
            group.field("viewerIsOwner", resolve: { group, context in .value(group.ownerID == context.viewer?.userID) })
            group.field("scoring") { $0.scoring }
            group.field("period") { $0.period }
            group.field("timeZone") { $0.timeZone }
            group.field("currentPeriod") { $0.period(containing: $0.today) }
            group.field(
                "leaderboard", arguments: LeaderboardArguments.self,
                prepare: { arguments, context in context.rivals.leaderboards(DateSpan(from: arguments.from, to: arguments.to)) },
                resolve: { group, leaderboards in Resolved<Leaderboard>(unchecked: leaderboards.load(group.id)) })
            group.field(
                "myRankHistory", arguments: RankHistoryArguments.self,
                prepare: { arguments, context in context.rivals.rankHistories(count: arguments.periods) },
                resolve: { group, histories in Resolved<[RankHistoryEntry]>(unchecked: histories.load(group.id)) })
            group.field("createdAt") { $0.createdAt }
        }
        binder.connection(of: RivalGroupRecord.self)
        // node(id:): members only.
        binder.node(RivalGroupRecord.self) { key, context -> Resolved<RivalGroupRecord?> in
            guard context.viewer != nil else { return .null }
            return Resolved<RivalGroupRecord?>(unchecked: context.rivals.groups.load(key))
        }
        binder.object(RivalGroupMember.self) { member in
            member.field("member") { $0.member }
            member.field("isOwner") { $0.isOwner }
            member.field("joinedAt") { $0.joinedAt }
        }
        binder.object(RivalGroupInvitation.self) { invitation in
            invitation.field("groupId") { GlobalID(typeName: RivalGroupRecord.graphQLTypeName, key: $0.groupID) }
            invitation.field("groupName") { $0.groupName }
            invitation.field("groupDescription") { $0.groupDescription }
            invitation.field("invitee") { RivalProfile(userID: $0.userID) }
            invitation.field("invitedBy") { $0.invitedBy.map { RivalProfile(userID: $0) } }
            invitation.field("createdAt") { $0.createdAt }
        }
        binder.connection(of: RivalGroupInvitation.self)
        binder.object(ScoringRule.self) { rule in
            rule.field("metric") { $0.metric }
            rule.field("weight") { $0.weight }
        }
        binder.object(DateSpan.self) { span in
            span.field("from") { $0.from }
            span.field("to") { $0.to }
        }
    }

    private static func bindLeaderboards(_ binder: inout SchemaBinder) {
        binder.object(Leaderboard.self) { board in
            board.field("from") { $0.from }
            board.field("to") { $0.to }
            board.field("days") { $0.days }
            board.field("entries") { $0.entries }
        }
        binder.object(LeaderboardEntry.self) { entry in
            entry.field("rank") { $0.rank }
            entry.field("member") { $0.member }
            entry.field("score") { $0.score }
            entry.field("contributions") { $0.contributions }
        }
        binder.object(MetricContribution.self) { contribution in
            contribution.field("metric") { $0.metric }
            contribution.field("value") { $0.value }
            contribution.field("points") { $0.points }
        }
        binder.object(RankHistoryEntry.self) { entry in
            entry.field("period") { $0.period }
            entry.field("rank") { $0.rank }
            entry.field("score") { $0.score }
            entry.field("memberCount") { $0.memberCount }
        }
    }

    private static func bindPayloads(_ binder: inout SchemaBinder) {
        binder.object(FriendRequestPayload.self) { payload in
            payload.field("friendRequest") { $0.friendRequest }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RemoveFriendPayload.self) { payload in
            payload.field("removedUserId") { $0.removedUserId }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(BlockUserPayload.self) { payload in
            payload.field("user") { $0.user }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RivalGroupPayload.self) { payload in
            payload.field("group") { $0.group }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(LeaveRivalGroupPayload.self) { payload in
            payload.field("leftGroupId") { $0.leftGroupId }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteRivalGroupPayload.self) { payload in
            payload.field("deletedGroupId") { $0.deletedGroupId }
            payload.field("userErrors") { $0.userErrors }
        }
    }
}
