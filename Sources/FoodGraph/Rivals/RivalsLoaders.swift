import GraphQLEngine
import Postgres

/// The Rivals area's DataLoaders of one request: every group, member list, leaderboard or rank
/// history asked for on a level of a query costs one batch.
struct RivalsLoaders {
    let context: RequestContext

    /// Groups by id, those the viewer belongs to only (nil for anyone else, and when anonymous).
    var groups: DataLoader<Int64, RivalGroupRecord> {
        let database = context.database
        let viewerID = context.viewer?.userID ?? 0
        return context.loader("rivals.groups|\(viewerID)") { ids in
            viewerID == 0 ? [:] : try await GroupStore.groups(ids: ids, visibleTo: viewerID, in: database)
        }
    }

    /// Friend requests by id (callers check visibility).
    var friendRequests: DataLoader<Int64, FriendRequestRecord> {
        let database = context.database
        return context.loader("rivals.friendRequests") { try await FriendStore.requests(ids: $0, in: database) }
    }

    /// Each group's members.
    var members: DataLoader<Int64, [RivalGroupMember]> {
        let database = context.database
        return context.loader("rivals.members") { try await GroupStore.members(of: $0, in: database) }
    }

    /// Each group's pending invitations.
    var invitations: DataLoader<Int64, [RivalGroupInvitation]> {
        let database = context.database
        return context.loader("rivals.invitations") { try await GroupStore.invitations(of: $0, in: database) }
    }

    /// Each group's leaderboard over one span (groups the caller already checked the viewer belongs to).
    func leaderboards(_ span: DateSpan) -> DataLoader<Int64, Leaderboard> {
        let database = context.database
        // The members' profiles, loaded for the scoring, serve their `RivalProfile` fields too.
        let profiles = context.accounts.profiles
        return context.loader("rivals.leaderboards|\(span.from)|\(span.to)") { groupIDs in
            try await Leaderboards.compute(groupIDs: groupIDs, spans: { _ in [span] }, in: database) { loaded in
                for (userID, profile) in loaded { profiles.prime(userID, profile) }
            }.mapValues { $0[0] }
        }
    }

    /// The viewer's rank in each group's last `count` periods.
    func rankHistories(count: Int) -> DataLoader<Int64, [RankHistoryEntry]> {
        let database = context.database
        let viewerID = context.viewer?.userID ?? 0
        return context.loader("rivals.rankHistories|\(count)|\(viewerID)") { groupIDs in
            let groups = try await GroupStore.groups(ids: groupIDs, visibleTo: viewerID, in: database)
            let spans = groups.mapValues { group in
                RivalCalendar.periods(group.period, endingWith: group.today, count: count, customFrom: group.customFrom, customTo: group.customTo)
            }
            let boards = try await Leaderboards.compute(groupIDs: Array(groups.keys), spans: { spans[$0] ?? [] }, in: database)
            return boards.mapValues { boards in
                boards.compactMap { board in
                    guard let entry = board.entries.first(where: { $0.userID == viewerID }) else { return nil }
                    return RankHistoryEntry(
                        period: DateSpan(from: board.from, to: board.to), rank: entry.rank, score: entry.score, memberCount: board.entries.count)
                }
            }
        }
    }
}

extension RequestContext {
    /// The Rivals area's loaders of this request.
    var rivals: RivalsLoaders { RivalsLoaders(context: self) }
}

/// Leaderboards of many groups and spans from a few statements: the groups, their members, the
/// members' profiles (Accounts), their daily figures (`rival_days`) and weigh-ins (Diary's API).
enum Leaderboards {
    static func compute(
        groupIDs: [Int64], spans: (Int64) -> [DateSpan], in database: some PostgresQuerying,
        profilesLoaded: ([Int64: ProfileRecord]) -> Void = { _ in }
    ) async throws -> [Int64: [Leaderboard]] {
        guard !groupIDs.isEmpty else { return [:] }
        let groups = try await groupRecords(groupIDs, in: database)
        let members = try await GroupStore.members(of: groupIDs, in: database)
        let userIDs = Array(Set(members.values.flatMap { $0.map(\.userID) })).sorted()
        let profiles = try await ProfileRecord.load(userIDs, from: database)
        profilesLoaded(profiles)
        // The days counted: from a span's start to its end or the group's today, whichever is earlier.
        var counted: [Int64: [(span: DateSpan, last: LocalDate)]] = [:]
        for (id, group) in groups {
            let today = group.today
            counted[id] = spans(id).map { span in (span, min(span.to, today)) }
        }
        // Each member's targets (Accounts), 0 for none.
        let targets = Dictionary(uniqueKeysWithValues: userIDs.map { id in (id, profiles[id]?.targets) })
        let inputs = userIDs.map { id in (userID: id, energyTarget: targets[id]??.energyKcal ?? 0, proteinTarget: targets[id]??.proteinG ?? 0) }
        // Totals and weigh-ins per distinct span (usually one), each for every member at once.
        var totals: [String: [Int64: RivalScoring.Totals]] = [:]
        var weights: [String: [Int64: (start: Double?, end: Double?)]] = [:]
        for item in counted.values.flatMap({ $0 }) where item.span.from <= item.last {
            let key = "\(item.span.from)|\(item.last)"
            if totals[key] != nil { continue }
            totals[key] = try await RivalScores.totals(of: inputs, from: item.span.from, to: item.last, in: database)
            weights[key] = try await WeightStore.weights(of: userIDs, from: item.span.from, to: item.last, in: database)
        }
        var boards: [Int64: [Leaderboard]] = [:]
        for (id, group) in groups {
            boards[id] = (counted[id] ?? []).map { span, last in
                let dayCount = span.from <= last ? span.from.days(until: last) + 1 : 0
                let key = "\(span.from)|\(last)"
                let scored = (members[id] ?? []).map { member in
                    let profile = profiles[member.userID]
                    let weight = weights[key]?[member.userID]
                    return RivalScoring.Member(
                        userID: member.userID, goal: profile?.goal ?? .hold, totals: totals[key]?[member.userID] ?? RivalScoring.Totals(),
                        energyTargetKcal: profile?.targets?.energyKcal, startWeightKg: weight?.start, endWeightKg: weight?.end)
                }
                return RivalScoring.leaderboard(scored, rules: group.scoring, span: span, days: dayCount)
            }
        }
        return boards
    }

    /// Groups by id, for whoever computes (the callers checked membership).
    private static func groupRecords(_ ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: RivalGroupRecord] {
        var groups: [Int64: RivalGroupRecord] = [:]
        for row in try await database.query(
            "SELECT \(RivalGroupRecord.columns) FROM rival_groups g WHERE g.id = ANY($1::bigint[])", [PostgresArray(ids)])
        {
            let group = try RivalGroupRecord(row)
            groups[group.id] = group
        }
        return groups
    }
}
