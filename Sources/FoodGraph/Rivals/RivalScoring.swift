import Foundation

/// The leaderboard's arithmetic, pure: from each member's daily figures, weigh-ins, goal and
/// targets to ranks, scores and each metric's contribution. docs/rivals.md states the formula;
/// `RivalScoringTests` computes a fixed data set by hand.
enum RivalScoring {
    /// One member's figures over the days counted, summed from their daily rows (`RivalScores.totals`).
    struct Totals: Sendable, Equatable {
        var energyKcal = 0.0
        var daysLogged = 0
        /// Days whose protein reached the target.
        var proteinDays = 0
        /// Σ over days with entries of max(0, 1 − |energy − target| / target).
        var closeness = 0.0
        /// The longest run of consecutive days with entries.
        var longestStreak = 0
    }

    /// What the scoring knows of one member.
    struct Member: Sendable {
        var userID: Int64
        var goal: WeightGoal
        var totals: Totals
        /// Nil without a complete profile: the calorie and protein target metrics count 0.
        var energyTargetKcal: Double?
        /// The weigh-in the period starts from and the last one in it (kilograms), when known.
        var startWeightKg: Double?
        var endWeightKg: Double?
    }

    /// The healthy pace of change the weight metric is normalised by: % of body weight per week.
    static let weightPacePercentPerWeek = 0.5

    /// The ranking over `span`, counting `days` days from its start (fewer than the span's when it
    /// reaches past today).
    static func leaderboard(_ members: [Member], rules: [ScoringRule], span: DateSpan, days: Int) -> Leaderboard {
        let days = max(days, 0)
        let totalWeight = Double(rules.reduce(0) { $0 + $1.weight })
        // Raw values by member and metric.
        let values: [[ScoringMetric: Double]] = members.map { member in
            Dictionary(uniqueKeysWithValues: ScoringMetric.allCases.map { ($0, value($0, of: member, days: days)) })
        }
        let highestCalories = values.map { $0[.caloriesConsumed] ?? 0 }.max() ?? 0
        var scored: [(userID: Int64, score: Double, contributions: [MetricContribution])] = []
        for (member, memberValues) in zip(members, values) {
            var contributions: [MetricContribution] = []
            var score = 0.0
            for rule in rules {
                let value = memberValues[rule.metric] ?? 0
                let normalised = normalise(rule.metric, value: value, goal: member.goal, days: days, highestCalories: highestCalories)
                let points = totalWeight > 0 ? 100 * Double(rule.weight) / totalWeight * normalised : 0
                score += points
                contributions.append(MetricContribution(metric: rule.metric, value: rounded(value), points: rounded(points)))
            }
            scored.append((member.userID, rounded(score), contributions))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.userID < $1.userID }
        var entries: [LeaderboardEntry] = []
        for (index, item) in scored.enumerated() {
            let rank = index > 0 && entries[index - 1].score == item.score ? entries[index - 1].rank : index + 1
            entries.append(LeaderboardEntry(rank: rank, userID: item.userID, score: item.score, contributions: item.contributions))
        }
        return Leaderboard(from: span.from, to: span.to, days: days, entries: entries)
    }

    /// A member's figure for a metric over `days` days, in its unit (kcal, percent, days).
    static func value(_ metric: ScoringMetric, of member: Member, days: Int) -> Double {
        let totals = member.totals
        switch metric {
        case .caloriesConsumed: return totals.energyKcal
        case .calorieTargetCloseness:
            guard member.energyTargetKcal != nil, days > 0 else { return 0 }
            return 100 * totals.closeness / Double(days)
        case .proteinTargetMet: return Double(totals.proteinDays)
        case .loggingStreak: return Double(totals.longestStreak)
        case .daysLogged: return Double(totals.daysLogged)
        case .weightProgress:
            guard let start = member.startWeightKg, let end = member.endWeightKg, start > 0 else { return 0 }
            let change = 100 * (end - start) / start
            switch member.goal {
            case .lose: return -change
            case .gain: return change
            case .hold: return -abs(change)
            }
        }
    }

    /// A member's totals from their days with entries (by local date) between two dates: what
    /// `RivalScores.totals` computes in SQL, for tests.
    static func totals(
        _ days: [LocalDate: (energyKcal: Double, proteinG: Double)], from: LocalDate, to: LocalDate, energyTarget: Double?, proteinTarget: Double?
    ) -> Totals {
        var totals = Totals()
        var run = 0
        var date = from
        while date <= to {
            if let day = days[date] {
                totals.energyKcal += day.energyKcal
                totals.daysLogged += 1
                if let proteinTarget, proteinTarget > 0, day.proteinG >= proteinTarget { totals.proteinDays += 1 }
                if let energyTarget, energyTarget > 0 { totals.closeness += max(0, 1 - abs(day.energyKcal - energyTarget) / energyTarget) }
                run += 1
                totals.longestStreak = max(totals.longestStreak, run)
            } else {
                run = 0
            }
            date = date.adding(days: 1)
        }
        return totals
    }

    /// A figure scaled to 0–1.
    static func normalise(_ metric: ScoringMetric, value: Double, goal: WeightGoal, days: Int, highestCalories: Double) -> Double {
        guard days > 0 else { return 0 }
        let clamp = { (x: Double) in min(1, max(0, x)) }
        switch metric {
        case .caloriesConsumed: return highestCalories > 0 ? clamp(value / highestCalories) : 0
        case .calorieTargetCloseness: return clamp(value / 100)
        case .proteinTargetMet, .loggingStreak, .daysLogged: return clamp(value / Double(days))
        case .weightProgress:
            let pace = weightPacePercentPerWeek * Double(days) / 7
            // HOLD's value is minus the change: full marks for none, nothing at the pace or beyond.
            return goal == .hold ? clamp(1 + value / pace) : clamp(value / pace)
        }
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// Whether a scoring is acceptable: 1–6 rules, each metric once, weights 1–100.
    static func problems(with rules: [ScoringRule], field: [String]) -> [UserError] {
        var errors: [UserError] = []
        if rules.isEmpty || rules.count > ScoringMetric.allCases.count {
            errors.append(UserError(field: field, message: "Choose 1 to 6 metrics.", code: .outOfRange))
        }
        if Set(rules.map(\.metric)).count != rules.count {
            errors.append(UserError(field: field, message: "Give each metric at most once.", code: .invalidFormat))
        }
        for (index, rule) in rules.enumerated() where !(1...100).contains(rule.weight) {
            errors.append(UserError(field: field + [String(index), "weight"], message: "Give a weight from 1 to 100.", code: .outOfRange))
        }
        return errors
    }
}
