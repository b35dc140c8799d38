import Foundation
import GraphQLEngine
import Postgres

// The Swift types behind the Rivals area's object types and enums.

/// What other people see of a user (schema type `RivalProfile`): the user's ID, and username,
/// display name and avatar read from Accounts' profile loader. Never a `User`.
struct RivalProfile: ObjectValue, Hashable {
    static let graphQLTypeName = "RivalProfile"
    var userID: Int64
    var globalID: GlobalID { GlobalID(typeName: "User", key: userID) }
}

enum FriendRequestDirection: String, GraphQLEnum {
    static let graphQLTypeName = "FriendRequestDirection"
    case incoming = "INCOMING"
    case outgoing = "OUTGOING"
    var graphQLName: String { rawValue }
}

enum FriendRequestStatus: String, StoredEnum {
    static let graphQLTypeName = "FriendRequestStatus"
    case pending = "PENDING"
    case accepted = "ACCEPTED"
    case declined = "DECLINED"
    case cancelled = "CANCELLED"
}

enum RivalPeriod: String, StoredEnum {
    static let graphQLTypeName = "RivalPeriod"
    case week = "WEEK"
    case month = "MONTH"
    case custom = "CUSTOM"
}

enum ScoringMetric: String, StoredEnum {
    static let graphQLTypeName = "ScoringMetric"
    case caloriesConsumed = "CALORIES_CONSUMED"
    case calorieTargetCloseness = "CALORIE_TARGET_CLOSENESS"
    case proteinTargetMet = "PROTEIN_TARGET_MET"
    case loggingStreak = "LOGGING_STREAK"
    case daysLogged = "DAYS_LOGGED"
    case weightProgress = "WEIGHT_PROGRESS"
}

/// One metric of a group's scoring and its weight (schema type `ScoringRule`).
struct ScoringRule: ObjectValue, Hashable {
    static let graphQLTypeName = "ScoringRule"
    var metric: ScoringMetric
    var weight: Int

    /// A new group's scoring when none is given.
    static let defaults = [
        ScoringRule(metric: .calorieTargetCloseness, weight: 50), ScoringRule(metric: .daysLogged, weight: 25),
        ScoringRule(metric: .weightProgress, weight: 25),
    ]
}

/// Schema type `DateSpan`: local dates, both included.
struct DateSpan: ObjectValue, Hashable {
    static let graphQLTypeName = "DateSpan"
    var from: LocalDate
    var to: LocalDate
}

/// A `friend_requests` row (schema type `FriendRequest`).
struct FriendRequestRecord: ObjectValue {
    static let graphQLTypeName = "FriendRequest"
    var id: Int64
    var fromUserID: Int64
    var toUserID: Int64
    var status: FriendRequestStatus
    var createdAt: Date
    var answeredAt: Date?

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = "r.id, r.from_user_id, r.to_user_id, r.status, r.created_at, r.responded_at"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        fromUserID = try row.decode(Int64.self, at: 1)
        toUserID = try row.decode(Int64.self, at: 2)
        status = FriendRequestStatus(databaseName: try row.decode(String.self, at: 3)) ?? .pending
        createdAt = try row.decode(Date.self, at: 4)
        answeredAt = try row.decode(Date?.self, at: 5)
    }

    /// Only the sender and the recipient see a request.
    func isVisible(to viewer: Viewer?) -> Bool {
        guard let viewer else { return false }
        return viewer.userID == fromUserID || viewer.userID == toUserID
    }
}

/// A `rival_groups` row (schema type `RivalGroup`).
struct RivalGroupRecord: ObjectValue {
    static let graphQLTypeName = "RivalGroup"
    var id: Int64
    var ownerID: Int64
    var name: String
    var description: String?
    var period: RivalPeriod
    var customFrom: LocalDate?
    var customTo: LocalDate?
    var timeZone: String
    var scoring: [ScoringRule]
    var createdAt: Date

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = """
        g.id, g.owner_id, g.name, g.description, g.period, g.custom_from::text, g.custom_to::text, g.time_zone, g.scoring_metrics,
        g.scoring_weights::text[], g.created_at
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        ownerID = try row.decode(Int64.self, at: 1)
        name = try row.decode(String.self, at: 2)
        description = try row.decode(String?.self, at: 3)
        period = RivalPeriod(databaseName: try row.decode(String.self, at: 4)) ?? .week
        customFrom = try row.decode(String?.self, at: 5).flatMap(LocalDate.init(iso8601:))
        customTo = try row.decode(String?.self, at: 6).flatMap(LocalDate.init(iso8601:))
        timeZone = try row.decode(String.self, at: 7)
        let metrics = try row.decode([String].self, at: 8)
        let weights = try row.decode([String].self, at: 9)
        scoring = zip(metrics, weights).compactMap { metric, weight in
            guard let metric = ScoringMetric(databaseName: metric), let weight = Int(weight) else { return nil }
            return ScoringRule(metric: metric, weight: weight)
        }
        createdAt = try row.decode(Date.self, at: 10)
    }

    /// Today in the group's time zone.
    var today: LocalDate { LocalDate(Date(), in: TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!) }

    /// The period containing `date` (for CUSTOM, the group's dates).
    func period(containing date: LocalDate) -> DateSpan {
        RivalCalendar.period(period, containing: date, customFrom: customFrom, customTo: customTo)
    }
}

/// A member of a group (schema type `RivalGroupMember`).
struct RivalGroupMember: ObjectValue {
    static let graphQLTypeName = "RivalGroupMember"
    var groupID: Int64
    var userID: Int64
    var isOwner: Bool
    var joinedAt: Date
    var member: RivalProfile { RivalProfile(userID: userID) }
}

/// A pending invitation (schema type `RivalGroupInvitation`).
struct RivalGroupInvitation: ObjectValue {
    static let graphQLTypeName = "RivalGroupInvitation"
    var groupID: Int64
    var groupName: String
    var groupDescription: String?
    var userID: Int64
    var invitedBy: Int64?
    var createdAt: Date

    static let columns = "i.group_id, g.name, g.description, i.user_id, i.invited_by, i.created_at"

    init(_ row: PostgresRow) throws {
        groupID = try row.decode(Int64.self, at: 0)
        groupName = try row.decode(String.self, at: 1)
        groupDescription = try row.decode(String?.self, at: 2)
        userID = try row.decode(Int64.self, at: 3)
        invitedBy = try row.decode(Int64?.self, at: 4)
        createdAt = try row.decode(Date.self, at: 5)
    }
}

/// Schema type `Leaderboard`.
struct Leaderboard: ObjectValue {
    static let graphQLTypeName = "Leaderboard"
    var from: LocalDate
    var to: LocalDate
    var days: Int
    var entries: [LeaderboardEntry]
}

/// Schema type `LeaderboardEntry`.
struct LeaderboardEntry: ObjectValue {
    static let graphQLTypeName = "LeaderboardEntry"
    var rank: Int
    var userID: Int64
    var score: Double
    var contributions: [MetricContribution]
    var member: RivalProfile { RivalProfile(userID: userID) }
}

/// Schema type `MetricContribution`.
struct MetricContribution: ObjectValue, Equatable {
    static let graphQLTypeName = "MetricContribution"
    var metric: ScoringMetric
    var value: Double
    var points: Double
}

/// Schema type `RankHistoryEntry`.
struct RankHistoryEntry: ObjectValue {
    static let graphQLTypeName = "RankHistoryEntry"
    var period: DateSpan
    var rank: Int
    var score: Double
    var memberCount: Int
}

/// The periods of groups, read as local dates (pure).
enum RivalCalendar {
    /// The longest span a leaderboard or a custom period covers.
    static let maximumDays = 366

    static func period(_ kind: RivalPeriod, containing date: LocalDate, customFrom: LocalDate?, customTo: LocalDate?) -> DateSpan {
        switch kind {
        case .week:
            let monday = date.adding(days: -(date.isoWeekday - 1))
            return DateSpan(from: monday, to: monday.adding(days: 6))
        case .month:
            let first = LocalDate(year: date.year, month: date.month, day: 1)!
            return DateSpan(from: first, to: LocalDate(year: date.year, month: date.month, day: LocalDate.daysIn(month: date.month, year: date.year))!)
        case .custom:
            return DateSpan(from: customFrom ?? date, to: customTo ?? date)
        }
    }

    /// The `count` periods up to the one containing `date`, latest first.
    static func periods(_ kind: RivalPeriod, endingWith date: LocalDate, count: Int, customFrom: LocalDate?, customTo: LocalDate?) -> [DateSpan] {
        var spans: [DateSpan] = []
        var current = period(kind, containing: date, customFrom: customFrom, customTo: customTo)
        for _ in 0..<(kind == .custom ? 1 : count) {
            spans.append(current)
            current = period(kind, containing: current.from.adding(days: -1), customFrom: customFrom, customTo: customTo)
        }
        return spans
    }
}
