import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Figures for docs/performance.md (Rivals), printed by `tools/test --filter RivalsFiguresTests`:
/// a 50-member group's leaderboard over a month, and what Rivals adds to logging a diary entry.
/// Debug build, in process (no HTTP), on the test cluster; bounds are generous (a loaded 2-core
/// machine), the figures are what the docs quote.
@Suite struct RivalsFiguresTests {
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// 50 members, a month of diary (four entries a day, one day in seven missed) and weigh-ins
    /// every few days, all metrics scored; the owner asks for the month's board with every field.
    @Test func aFiftyMemberGroupsMonthlyLeaderboard() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let owner = try await RivalsFixture.member(api, "owner", goal: "LOSE")
        let groupID = try await RivalsFixture.group(
            api, owner: owner, members: [],
            scoring: """
                , scoring: [{metric: CALORIES_CONSUMED, weight: 1}, {metric: CALORIE_TARGET_CLOSENESS, weight: 1}, {metric: PROTEIN_TARGET_MET, weight: 1},
                  {metric: LOGGING_STREAK, weight: 1}, {metric: DAYS_LOGGED, weight: 1}, {metric: WEIGHT_PROGRESS, weight: 1}]
                """)
        let groupKey = try #require(GlobalID(parsing: groupID)).key
        // 49 more members with profiles (goals in turn), diaries and weights, straight into the tables.
        _ = try await database.query(
            """
            WITH made AS (INSERT INTO users (email, email_key, password_hash)
              SELECT 'bench' || i || '@example.com', 'bench' || i || '@example.com', 'x' FROM generate_series(1, 49) i RETURNING id)
            INSERT INTO profiles (user_id, username, username_key, gender, birth_date, height_cm, weight_kg, goal)
            SELECT id, 'bench' || id, 'bench' || id, 'male', '1990-01-01', 175, 80, (ARRAY['lose', 'hold', 'gain'])[1 + id % 3] FROM made
            """)
        _ = try await database.query(
            "INSERT INTO rival_group_members (group_id, user_id) SELECT $1, user_id FROM profiles WHERE username LIKE 'bench%'", [groupKey])
        _ = try await database.query(
            """
            INSERT INTO diary_entries (user_id, local_date, meal, food_name, quantity, quantity_unit, grams, source, energy_kcal, fat_g,
              carbohydrates_g, protein_g)
            SELECT m.user_id, d, meal, 'Food', 100, 'g', 100, 'manual', 400 + (m.user_id * 7 + extract(day FROM d)::int * 13) % 300, 10, 30,
              20 + (m.user_id + extract(day FROM d)::int) % 15
            FROM rival_group_members m, generate_series(date '2026-03-01', date '2026-03-31', interval '1 day') AS d,
              unnest(ARRAY['breakfast', 'lunch', 'dinner', 'snack']) AS meal
            WHERE m.group_id = $1 AND (m.user_id + extract(day FROM d)::int) % 7 <> 0
            """, [groupKey])
        _ = try await database.query(
            """
            INSERT INTO weight_entries (user_id, local_date, weight_kg)
            SELECT m.user_id, d, 80 + ((m.user_id + extract(day FROM d)::int) % 10) / 10.0
            FROM rival_group_members m, generate_series(date '2026-02-25', date '2026-03-31', interval '3 days') AS d WHERE m.group_id = $1
            """, [groupKey])
        // Their figures as joining fills them.
        for row in try await database.query("SELECT user_id FROM rival_group_members WHERE group_id = $1", [groupKey]) {
            let userID = try row.decode(Int64.self, at: 0)
            try await database.withTransaction { try await RivalScores.fill(userID: userID, in: $0) }
        }
        _ = try await database.query("ANALYZE")
        let query = """
            query($g: ID!) { node(id: $g) { ... on RivalGroup { leaderboard(from: "2026-03-01", to: "2026-03-31") { days entries { rank score
              member { id username displayName avatarUrl } contributions { metric value points } } } } } }
            """
        let variables = GraphQLObject([("g", .string(groupID))])
        let first = try await api.run(query, token: owner.token, variables: variables)
        #expect((first["data.node.leaderboard.entries"] as? [Any])?.count == 50)
        #expect(first["data.node.leaderboard.days"] as? Int == 31)
        let clock = ContinuousClock()
        var times: [Double] = []
        var statements = 0
        for _ in 0..<5 { _ = try await api.run(query, token: owner.token, variables: variables) }
        for _ in 0..<60 {
            var response: Response?
            let elapsed = try await clock.measure { response = try await api.run(query, token: owner.token, variables: variables) }
            statements = response?.statements ?? 0
            times.append(Self.milliseconds(elapsed))
        }
        // The parts: the statements and arithmetic of the board alone (no GraphQL), and the arithmetic alone.
        var computeTimes: [Double] = []
        let span = DateSpan(from: LocalDate(iso8601: "2026-03-01")!, to: LocalDate(iso8601: "2026-03-31")!)
        for _ in 0..<30 {
            let elapsed = try await clock.measure { _ = try await Leaderboards.compute(groupIDs: [groupKey], spans: { _ in [span] }, in: database) }
            computeTimes.append(Self.milliseconds(elapsed))
        }
        print("figure: rivals leaderboard without GraphQL (its statements and arithmetic) p50 \(String(format: "%.2f", Self.percentile(computeTimes, 0.5))) ms")
        // The plans of the two statements that read per member (docs/performance.md quotes them).
        let memberIDs = try await database.query("SELECT user_id FROM rival_group_members WHERE group_id = $1", [groupKey]).map {
            try $0.decode(Int64.self, at: 0)
        }
        for (name, sql, parameters) in [
            ("totals", RivalScores.totalsStatement,
             [PostgresArray(memberIDs), PostgresArray(memberIDs.map { _ in 2000.0 }), PostgresArray(memberIDs.map { _ in 100.0 }), "2026-03-01", "2026-03-31"]
                as [any PostgresEncodable]),
            ("weights", WeightStore.weightsStatement, [PostgresArray(memberIDs), "2026-03-01", "2026-03-31"] as [any PostgresEncodable]),
        ] {
            let plan = try await database.query("EXPLAIN (ANALYZE, BUFFERS) " + sql, parameters).map { try $0.decode(String.self, at: 0) }
            print("plan \(name):\n" + plan.joined(separator: "\n"))
        }
        let p50 = Self.percentile(times, 0.5)
        let p95 = Self.percentile(times, 0.95)
        let rows = try await database.query("SELECT count(*) FROM rival_days")[0].decode(Int.self, at: 0)
        print("figure: rivals leaderboard, 50 members × 31 days (\(rows) daily rows), 6 metrics: p50 \(String(format: "%.2f", p50)) ms, p95 \(String(format: "%.2f", p95)) ms, \(statements) statements (in process, debug build)")
        // The issue's bound is 10 ms at p50 (docs/performance.md: 7.5 ms alone). Beside the whole
        // suite on two cores it measured 111 ms, so the bound here only catches a change of kind:
        // the statement count, and an order of magnitude.
        #expect(statements <= 8)
        #expect(p50 < 1000)
    }

    /// `addDiaryEntry` for a member of a group, for a user in none, and Rivals' own statement
    /// (`RivalScores.dayChanged`) alone: its share of logging an entry.
    @Test func loggingADiaryEntryWithAndWithoutRivals() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let member = try await RivalsFixture.member(api, "member", goal: "LOSE")
        _ = try await RivalsFixture.group(api, owner: member, members: [])
        let loner = try await RivalsFixture.member(api, "loner", goal: "LOSE")
        let clock = ContinuousClock()
        func logging(_ who: RivalsFixture.Member, runs: Int) async throws -> [Double] {
            var times: [Double] = []
            for index in 0..<runs {
                let date = LocalDate(iso8601: "2026-03-01")!.adding(days: index % 28).description
                let elapsed = try await clock.measure { try await RivalsFixture.eat(api, who, 100 + Double(index), on: date) }
                times.append(Self.milliseconds(elapsed))
            }
            return times
        }
        // Warm up both, then alternate rounds so load on the machine falls on both alike.
        _ = try await logging(member, runs: 10)
        _ = try await logging(loner, runs: 10)
        var withRivals: [Double] = []
        var without: [Double] = []
        for _ in 0..<3 {
            withRivals += try await logging(member, runs: 40)
            without += try await logging(loner, runs: 40)
        }
        // The hook's statement alone, in a transaction as in the mutation.
        let day = try await DiaryCalendar.day(
            of: member.key, date: LocalDate(iso8601: "2026-03-05")!, window: DiaryCalendar.window(for: member.key, in: database), in: database)
        var hook: [Double] = []
        for _ in 0..<120 {
            try await database.withTransaction { transaction in
                let elapsed = try await clock.measure { try await RivalScores.dayChanged(day, in: transaction) }
                hook.append(Self.milliseconds(elapsed))
            }
        }
        let member50 = Self.percentile(withRivals, 0.5)
        let loner50 = Self.percentile(without, 0.5)
        let hook50 = Self.percentile(hook, 0.5)
        print(
            "figure: addDiaryEntry p50 \(String(format: "%.2f", member50)) ms for a group member, \(String(format: "%.2f", loner50)) ms for a user in no group; Rivals' statement alone p50 \(String(format: "%.3f", hook50)) ms = \(String(format: "%.1f", 100 * hook50 / max(member50 - hook50, 0.001))) % of logging without it (in process, debug build)"
        )
        #expect(hook50 < member50)
    }
}
