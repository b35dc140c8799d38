import Foundation
import GraphQLEngine

// The Rivals area's inputs and arguments: bounds are checked while decoding (a refusal is a user
// error naming the field), skipped while the start-up binding check decodes samples.

struct UserByUsernameArguments: Decodable, Sendable {
    var username: String
}

struct FriendRequestsArguments: Decodable, Sendable {
    var direction: FriendRequestDirection
    var includeAnswered: Bool
    var page: PageArguments

    private enum Keys: String, CodingKey { case direction, includeAnswered }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        direction = try container.decodeIfPresent(FriendRequestDirection.self, forKey: .direction) ?? .incoming
        includeAnswered = try container.decodeIfPresent(Bool.self, forKey: .includeAnswered) ?? false
        page = try PageArguments(from: decoder)
    }
}

struct LeaderboardArguments: Decodable, Sendable {
    var from: LocalDate
    var to: LocalDate

    private enum Keys: String, CodingKey { case from, to }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        from = try container.decode(LocalDate.self, forKey: .from)
        to = try container.decode(LocalDate.self, forKey: .to)
        if decoder.isBindingCheck { return }
        guard from <= to else { throw DomainError.badUserInput("`from` must not be after `to`.") }
        guard from.days(until: to) < RivalCalendar.maximumDays else {
            throw DomainError.badUserInput("A leaderboard spans at most \(RivalCalendar.maximumDays) days.")
        }
    }
}

struct RankHistoryArguments: Decodable, Sendable {
    var periods: Int

    private enum Keys: String, CodingKey { case periods }

    init(from decoder: any Decoder) throws {
        periods = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Int.self, forKey: .periods) ?? 6
        guard decoder.isBindingCheck || (1...12).contains(periods) else { throw DomainError.badUserInput("`periods` must be 1 to 12.") }
    }
}

/// A username as typed: trimmed, 3–30 characters.
private func username(_ decoder: any Decoder, _ text: String) throws -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard decoder.isBindingCheck || (3...30).contains(trimmed.count) else {
        throw InputError(decoder, "A username has 3 to 30 characters.", code: trimmed.count < 3 ? .tooShort : .tooLong)
    }
    return trimmed
}

struct SendFriendRequestInput: Decodable, Sendable {
    var username: String

    private enum Keys: String, CodingKey { case username }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let text = try container.decode(String.self, forKey: .username)
        username = try FoodGraph.username(try container.superDecoder(forKey: .username), text)
    }
}

struct RespondToFriendRequestInput: Decodable, Sendable {
    var friendRequestId: NodeID<FriendRequestRecord>
    var accept: Bool
}

struct CancelFriendRequestInput: Decodable, Sendable {
    var friendRequestId: NodeID<FriendRequestRecord>
}

struct RemoveFriendInput: Decodable, Sendable {
    var userId: NodeID<UserRecord>
}

struct BlockUserInput: Decodable, Sendable {
    var userId: NodeID<UserRecord>
}

/// A scoring rule as given.
struct ScoringRuleInput: Decodable, Sendable {
    var metric: ScoringMetric
    var weight: Int

    private enum Keys: String, CodingKey { case metric, weight }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        metric = try container.decode(ScoringMetric.self, forKey: .metric)
        weight = try container.decode(Int.self, forKey: .weight)
        guard decoder.isBindingCheck || (1...100).contains(weight) else {
            throw InputError(try container.superDecoder(forKey: .weight), "Give a weight from 1 to 100.", code: .outOfRange)
        }
    }

    var rule: ScoringRule { ScoringRule(metric: metric, weight: weight) }
}

/// A group's name: trimmed, 1–60 characters.
private func groupName(_ decoder: any Decoder, _ text: String) throws -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if decoder.isBindingCheck { return trimmed }
    guard !trimmed.isEmpty else { throw InputError(decoder, "Give the group a name.", code: .required) }
    guard trimmed.count <= 60 else { throw InputError(decoder, "A group's name has at most 60 characters.", code: .tooLong) }
    return trimmed
}

/// A description: trimmed, at most 500 characters; blank is none.
private func groupDescription(_ decoder: any Decoder, _ text: String?) throws -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
    guard decoder.isBindingCheck || trimmed.count <= 500 else {
        throw InputError(decoder, "A description has at most 500 characters.", code: .tooLong)
    }
    return trimmed
}

/// An IANA time zone.
private func timeZone(_ decoder: any Decoder, _ text: String) throws -> String {
    guard decoder.isBindingCheck || (text.count <= 64 && TimeZone(identifier: text) != nil) else {
        throw InputError(decoder, "Give an IANA time zone such as America/Toronto.")
    }
    return text
}

/// What a scoring list refuses: 1–6 rules, each metric once.
private func scoring(_ decoder: any Decoder, _ rules: [ScoringRuleInput]) throws -> [ScoringRule] {
    if decoder.isBindingCheck { return rules.map(\.rule) }
    guard (1...ScoringMetric.allCases.count).contains(rules.count) else {
        throw InputError(decoder, "Choose 1 to 6 metrics.", code: .outOfRange)
    }
    guard Set(rules.map(\.metric)).count == rules.count else { throw InputError(decoder, "Give each metric at most once.") }
    return rules.map(\.rule)
}

struct CreateRivalGroupInput: Decodable, Sendable {
    var name: String
    var description: String?
    var scoring: [ScoringRule]?
    var period: RivalPeriod?
    var customFrom: LocalDate?
    var customTo: LocalDate?
    var timeZone: String?

    private enum Keys: String, CodingKey { case name, description, scoring, period, customFrom, customTo, timeZone }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try groupName(try container.superDecoder(forKey: .name), try container.decode(String.self, forKey: .name))
        description = try groupDescription(
            try container.superDecoder(forKey: .description), try container.decodeIfPresent(String.self, forKey: .description))
        if let rules = try container.decodeIfPresent([ScoringRuleInput].self, forKey: .scoring) {
            scoring = try FoodGraph.scoring(try container.superDecoder(forKey: .scoring), rules)
        }
        period = try container.decodeIfPresent(RivalPeriod.self, forKey: .period)
        customFrom = try container.decodeIfPresent(LocalDate.self, forKey: .customFrom)
        customTo = try container.decodeIfPresent(LocalDate.self, forKey: .customTo)
        if let zone = try container.decodeIfPresent(String.self, forKey: .timeZone) {
            timeZone = try FoodGraph.timeZone(try container.superDecoder(forKey: .timeZone), zone)
        }
    }
}

struct UpdateRivalGroupInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
    var name: String?
    /// Outer nil: unchanged; inner nil: cleared.
    var description: String??
    var period: RivalPeriod?
    var customFrom: LocalDate?
    var customTo: LocalDate?
    var timeZone: String?

    private enum Keys: String, CodingKey { case groupId, name, description, period, customFrom, customTo, timeZone }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        groupId = try container.decode(NodeID<RivalGroupRecord>.self, forKey: .groupId)
        if let text = try container.decodeIfPresent(String.self, forKey: .name) {
            name = try groupName(try container.superDecoder(forKey: .name), text)
        }
        if container.contains(.description) {
            description = .some(
                try groupDescription(try container.superDecoder(forKey: .description), try container.decodeIfPresent(String.self, forKey: .description)))
        }
        period = try container.decodeIfPresent(RivalPeriod.self, forKey: .period)
        customFrom = try container.decodeIfPresent(LocalDate.self, forKey: .customFrom)
        customTo = try container.decodeIfPresent(LocalDate.self, forKey: .customTo)
        if let zone = try container.decodeIfPresent(String.self, forKey: .timeZone) {
            timeZone = try FoodGraph.timeZone(try container.superDecoder(forKey: .timeZone), zone)
        }
    }
}

struct InviteToRivalGroupInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
    var userId: NodeID<UserRecord>
}

struct RespondToGroupInvitationInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
    var accept: Bool
}

struct LeaveRivalGroupInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
}

struct RemoveGroupMemberInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
    var userId: NodeID<UserRecord>
}

struct TransferGroupOwnershipInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
    var userId: NodeID<UserRecord>
}

struct DeleteRivalGroupInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
}

struct SetGroupScoringInput: Decodable, Sendable {
    var groupId: NodeID<RivalGroupRecord>
    var rules: [ScoringRule]

    private enum Keys: String, CodingKey { case groupId, rules }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        groupId = try container.decode(NodeID<RivalGroupRecord>.self, forKey: .groupId)
        rules = try scoring(try container.superDecoder(forKey: .rules), try container.decode([ScoringRuleInput].self, forKey: .rules))
    }
}
