import Foundation
import Testing

@testable import FoodGraph

/// The leaderboard's arithmetic without a database (`RivalScoring`).
struct RivalsScoringTests {
    static let from = LocalDate(iso8601: "2026-03-02")!
    static let span = DateSpan(from: from, to: from.adding(days: 6))

    static func member(_ id: Int64, _ goal: WeightGoal, days: [Int: Double], start: Double? = nil, end: Double? = nil) -> RivalScoring.Member {
        let byDate = Dictionary(uniqueKeysWithValues: days.map { (from.adding(days: $0.key), (energyKcal: $0.value, proteinG: $0.value / 20)) })
        return RivalScoring.Member(
            userID: id, goal: goal,
            totals: RivalScoring.totals(byDate, from: span.from, to: span.to, energyTarget: 2000, proteinTarget: 100),
            energyTargetKcal: 2000, startWeightKg: start, endWeightKg: end)
    }

    @Test func totalsCountStreaksProteinAndCloseness() {
        // Days 0, 1, 2 and 4, 5 logged: the longest run is 3.
        let totals = Self.member(1, .hold, days: [0: 2000, 1: 1000, 2: 2500, 4: 2000, 5: 2000]).totals
        #expect(totals.daysLogged == 5)
        #expect(totals.longestStreak == 3)
        #expect(totals.proteinDays == 4)  // 100, 50, 125, 100, 100 g against 100
        #expect(totals.energyKcal == 9500)
        #expect(abs(totals.closeness - (1 + 0.5 + 0.75 + 1 + 1)) < 1e-9)
    }

    @Test func equalScoresShareARankAndWeightsAreShares() {
        let a = Self.member(1, .hold, days: [0: 2000])
        let b = Self.member(2, .hold, days: [0: 2000])
        let c = Self.member(3, .hold, days: [:])
        let board = RivalScoring.leaderboard(
            [c, b, a], rules: [ScoringRule(metric: .daysLogged, weight: 3), ScoringRule(metric: .loggingStreak, weight: 1)], span: Self.span, days: 7)
        #expect(board.entries.map(\.rank) == [1, 1, 3])
        #expect(board.entries.map(\.userID) == [1, 2, 3])
        // 1 day of 7: 75 × 1/7 and 25 × 1/7.
        #expect(board.entries[0].contributions.map(\.points) == [10.71, 3.57])
        #expect(board.entries[0].score == 14.29)
        #expect(board.entries[2].score == 0)
    }

    @Test func oppositeGoalsAreMeasuredAgainstTheSamePace() {
        // A week: the pace is 0.5 % of body weight.
        let loser = Self.member(1, .lose, days: [:], start: 80, end: 79.6)  // −0.5 %: full marks
        let gainer = Self.member(2, .gain, days: [:], start: 60, end: 60.15)  // +0.25 %: half
        let holder = Self.member(3, .hold, days: [:], start: 70, end: 70.07)  // ±0.1 %: 0.8
        let wrongWay = Self.member(4, .gain, days: [:], start: 60, end: 59)  // away from the goal: 0
        let board = RivalScoring.leaderboard(
            [loser, gainer, holder, wrongWay], rules: [ScoringRule(metric: .weightProgress, weight: 1)], span: Self.span, days: 7)
        let points = Dictionary(uniqueKeysWithValues: board.entries.map { ($0.userID, $0.contributions[0].points) })
        #expect(points == [1: 100, 2: 50, 3: 80, 4: 0])
    }

    @Test func aSpanNotBegunScoresNothing() {
        let board = RivalScoring.leaderboard(
            [Self.member(1, .hold, days: [0: 2000], start: 70, end: 70)], rules: ScoringRule.defaults, span: Self.span, days: 0)
        #expect(board.days == 0)
        #expect(board.entries[0].score == 0)
    }
}
