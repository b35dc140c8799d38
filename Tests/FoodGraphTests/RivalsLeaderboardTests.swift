import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// The GainRivals leaderboard (NutriBud 9.3.4): computed by hand for a fixed data set, kept
/// current by diary changes of the member concerned only, and the member's history of ranks.
struct RivalsLeaderboardTests {
    /// Three members with opposite goals over Monday 2 – Wednesday 4 March 2026 (3 days); targets
    /// 2000 kcal and 100 g protein for all; the food has 1 kcal and 0.06 g protein per gram.
    ///
    /// | member | goal | 2 Mar | 3 Mar | 4 Mar | weigh-ins |
    /// | ana | LOSE | 2000 g | 1800 g | 1500 g | 80.00 (1 Mar), 79.88 (4 Mar) |
    /// | ben | GAIN | 2500 g | — (missed) | 2200 g | 60.00 (2 Mar), 60.06 (4 Mar) |
    /// | cyd | HOLD | 2000 g | 2100 g | 1900 g | 70.00 (2 Mar), 70.07 (4 Mar) |
    ///
    /// By hand (weights 10/30/20/10/10/20 of 100; the weight pace is 0.5 % × 3/7 = 0.2142857 %):
    ///
    /// - CALORIES_CONSUMED: ana 5300, ben 4700, cyd 6000 (highest) → 5300/6000, 4700/6000, 1
    ///   → points 8.83, 7.83, 10.
    /// - CALORIE_TARGET_CLOSENESS: ana (1 + 0.9 + 0.75)/3 = 88.33 %, ben (0.75 + 0 + 0.9)/3 = 55 %,
    ///   cyd (1 + 0.95 + 0.95)/3 = 96.67 % → points 26.5, 16.5, 29.
    /// - PROTEIN_TARGET_MET (≥ 100 g): ana 120, 108, 90 → 2; ben 150, —, 132 → 2; cyd 120, 126, 114 → 3
    ///   → points 13.33, 13.33, 20.
    /// - LOGGING_STREAK: 3, 1, 3 → points 10, 3.33, 10.
    /// - DAYS_LOGGED: 3, 2, 3 → points 10, 6.67, 10.
    /// - WEIGHT_PROGRESS: ana −0.12/80 = −0.15 % lost → 0.15, ben +0.06/60 = +0.1 % gained → 0.1,
    ///   cyd ±0.07/70 = 0.1 % moved while holding → −0.1; normalised 0.15/0.2142857 = 0.7,
    ///   0.1/0.2142857 = 0.4667, 1 − 0.4667 = 0.5333 → points 14, 9.33, 10.67.
    ///
    /// Scores: cyd 89.67, ana 82.67, ben 57.
    static let expected: [(username: String, rank: Int, score: Double, values: [Double], points: [Double])] = [
        ("cyd", 1, 89.67, [6000, 96.67, 3, 3, 3, -0.1], [10, 29, 20, 10, 10, 10.67]),
        ("ana", 2, 82.67, [5300, 88.33, 2, 3, 3, 0.15], [8.83, 26.5, 13.33, 10, 10, 14]),
        ("ben", 3, 57, [4700, 55, 2, 1, 2, 0.1], [7.83, 16.5, 13.33, 3.33, 6.67, 9.33]),
    ]
    static let metrics = ["CALORIES_CONSUMED", "CALORIE_TARGET_CLOSENESS", "PROTEIN_TARGET_MET", "LOGGING_STREAK", "DAYS_LOGGED", "WEIGHT_PROGRESS"]
    static let scoring = """
        , scoring: [{metric: CALORIES_CONSUMED, weight: 10}, {metric: CALORIE_TARGET_CLOSENESS, weight: 30}, {metric: PROTEIN_TARGET_MET, weight: 20},
          {metric: LOGGING_STREAK, weight: 10}, {metric: DAYS_LOGGED, weight: 10}, {metric: WEIGHT_PROGRESS, weight: 20}]
        """

    struct Fixture {
        var api: TestAPI
        var ana: RivalsFixture.Member
        var ben: RivalsFixture.Member
        var cyd: RivalsFixture.Member
        var groupID: String
        var anaEntries: [String]
    }

    /// The data set above; `joinFirst` makes the members join before logging (the diary's hook
    /// writes their figures) rather than after (their first group fills them from the diary).
    static func fixture(joinFirst: Bool) async throws -> Fixture {
        let api = try await TestAPI.make()
        let ana = try await RivalsFixture.member(api, "ana", goal: "LOSE", weightKg: 80)
        let ben = try await RivalsFixture.member(api, "ben", goal: "GAIN", weightKg: 60)
        let cyd = try await RivalsFixture.member(api, "cyd", goal: "HOLD", weightKg: 70)
        try await RivalsFixture.befriend(api, ana, ben)
        try await RivalsFixture.befriend(api, ana, cyd)
        var groupID = ""
        if joinFirst { groupID = try await RivalsFixture.group(api, owner: ana, members: [ben, cyd], scoring: scoring) }
        var anaEntries: [String] = []
        for (grams, date) in [(2000.0, "2026-03-02"), (1800, "2026-03-03"), (1500, "2026-03-04")] {
            anaEntries.append(try await RivalsFixture.eat(api, ana, grams, on: date))
        }
        for (grams, date) in [(2500.0, "2026-03-02"), (2200, "2026-03-04")] { try await RivalsFixture.eat(api, ben, grams, on: date) }
        // cyd's 2000 g on the 2nd in two entries: a day sums its entries.
        for (grams, date) in [(1200.0, "2026-03-02"), (800, "2026-03-02"), (2100, "2026-03-03"), (1900, "2026-03-04")] {
            try await RivalsFixture.eat(api, cyd, grams, on: date)
        }
        // Outside the span: counts nothing.
        try await RivalsFixture.eat(api, ben, 3000, on: "2026-03-05")
        try await RivalsFixture.weigh(api, ana, 80, on: "2026-03-01")
        try await RivalsFixture.weigh(api, ana, 79.88, on: "2026-03-04")
        try await RivalsFixture.weigh(api, ben, 60, on: "2026-03-02")
        try await RivalsFixture.weigh(api, ben, 60.06, on: "2026-03-04")
        try await RivalsFixture.weigh(api, cyd, 70, on: "2026-03-02")
        try await RivalsFixture.weigh(api, cyd, 70.07, on: "2026-03-04")
        if !joinFirst { groupID = try await RivalsFixture.group(api, owner: ana, members: [ben, cyd], scoring: scoring) }
        return Fixture(api: api, ana: ana, ben: ben, cyd: cyd, groupID: groupID, anaEntries: anaEntries)
    }

    static let query = """
        query($g: ID!) { node(id: $g) { ... on RivalGroup { leaderboard(from: "2026-03-02", to: "2026-03-04") {
          from to days entries { rank score member { username } contributions { metric value points } } } } } }
        """

    static func check(_ response: Response, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(response["data.node.leaderboard.days"] as? Int == 3, sourceLocation: sourceLocation)
        let entries = response["data.node.leaderboard.entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 3, sourceLocation: sourceLocation)
        for (entry, expected) in zip(entries, expected) {
            #expect((entry["member"] as? [String: Any])?["username"] as? String == expected.username, sourceLocation: sourceLocation)
            #expect(entry["rank"] as? Int == expected.rank, sourceLocation: sourceLocation)
            #expect(entry["score"] as? Double == expected.score, "\(expected.username) score", sourceLocation: sourceLocation)
            let contributions = entry["contributions"] as? [[String: Any]] ?? []
            #expect(contributions.map { $0["metric"] as? String ?? "" } == metrics, sourceLocation: sourceLocation)
            for (index, contribution) in contributions.enumerated() {
                #expect(contribution["value"] as? Double == expected.values[index], "\(expected.username) \(metrics[index]) value", sourceLocation: sourceLocation)
                #expect(contribution["points"] as? Double == expected.points[index], "\(expected.username) \(metrics[index]) points", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Must show: the hand-computed leaderboard

    @Test func aHandComputedLeaderboardEqualsTheAPIsMetricByMetric() async throws {
        for joinFirst in [true, false] {
            let fixture = try await Self.fixture(joinFirst: joinFirst)
            defer { Task { await fixture.api.close() } }
            for member in [fixture.ana, fixture.ben, fixture.cyd] {
                let response = try await fixture.api.run(Self.query, token: member.token, variables: GraphQLObject([("g", .string(fixture.groupID))]))
                Self.check(response)
            }
        }
    }

    // MARK: - Story: view the GainRivals leaderboard

    @Test func aMemberViewsTheGroupsLeaderboardAndTheirHistoryOfRanks() async throws {
        let fixture = try await Self.fixture(joinFirst: true)
        defer { Task { await fixture.api.close() } }
        let api = fixture.api
        // Their groups, then one group's board: the periods by the group's settings.
        let custom = try await api.run(
            #"mutation($g: ID!) { updateRivalGroup(input: {groupId: $g, period: CUSTOM, customFrom: "2026-03-02", customTo: "2026-03-04"}) { group { currentPeriod { from to } } userErrors { field code } } }"#,
            token: fixture.ana.token, variables: GraphQLObject([("g", .string(fixture.groupID))]))
        #expect(custom["data.updateRivalGroup.group.currentPeriod.from"] as? String == "2026-03-02")
        let response = try await api.run(
            """
            { me { groups { edges { node { name currentPeriod { from to } myRankHistory { period { from to } rank score memberCount }
              leaderboard(from: "2026-03-02", to: "2026-03-04") { entries { rank member { username } } } } } } } }
            """, token: fixture.ben.token)
        #expect(response["data.me.groups.edges.0.node.leaderboard.entries.2.member.username"] as? String == "ben")
        #expect(response["data.me.groups.edges.0.node.myRankHistory.0.rank"] as? Int == 3)
        #expect(response["data.me.groups.edges.0.node.myRankHistory.0.score"] as? Double == 57)
        #expect(response["data.me.groups.edges.0.node.myRankHistory.0.memberCount"] as? Int == 3)
        // Weekly: the week of 2 March is one of the last periods only if it is recent; ask a span.
        let weekly = try await api.run(
            #"mutation($g: ID!) { updateRivalGroup(input: {groupId: $g, period: WEEK}) { group { period myRankHistory(periods: 3) { period { from to } } } } }"#,
            token: fixture.ana.token, variables: GraphQLObject([("g", .string(fixture.groupID))]))
        let history = weekly["data.updateRivalGroup.group.myRankHistory"] as? [[String: Any]] ?? []
        #expect(history.count == 3)
        // A span not begun yet counts no days; bounds are BAD_USER_INPUT.
        let future = try await api.run(
            #"query($g: ID!) { node(id: $g) { ... on RivalGroup { leaderboard(from: "2099-01-01", to: "2099-01-31") { days entries { score } } } } }"#,
            token: fixture.ana.token, variables: GraphQLObject([("g", .string(fixture.groupID))]))
        #expect(future["data.node.leaderboard.days"] as? Int == 0)
        #expect((future["data.node.leaderboard.entries"] as? [[String: Any]])?.allSatisfy { $0["score"] as? Double == 0 } == true)
        let tooLong = try await api.run(
            #"query($g: ID!) { node(id: $g) { ... on RivalGroup { leaderboard(from: "2025-01-01", to: "2026-03-01") { days } } } }"#,
            token: fixture.ana.token, variables: GraphQLObject([("g", .string(fixture.groupID))]), expecting: ["BAD_USER_INPUT"])
        #expect(tooLong.errorCodes == ["BAD_USER_INPUT"])
        let backwards = try await api.run(
            #"query($g: ID!) { node(id: $g) { ... on RivalGroup { leaderboard(from: "2026-03-04", to: "2026-03-01") { days } } } }"#,
            token: fixture.ana.token, variables: GraphQLObject([("g", .string(fixture.groupID))]), expecting: ["BAD_USER_INPUT"])
        #expect(backwards.errorCodes == ["BAD_USER_INPUT"])
    }

    // MARK: - Incremental recomputation

    @Test func aDiaryChangeUpdatesOnlyTheAffectedMembersFigures() async throws {
        let fixture = try await Self.fixture(joinFirst: true)
        defer { Task { await fixture.api.close() } }
        let api = fixture.api
        let database = api.database.database
        func figures() async throws -> [String] {
            try await database.query(
                "SELECT user_id || ' ' || local_date || ' ' || energy_kcal || ' ' || entry_count FROM rival_days ORDER BY 1"
            ).map { try $0.decode(String.self, at: 0) }
        }
        let before = try await figures()
        #expect(before.count == 9)  // 3 + 2 (+ the 5th) + 3 days with entries
        // Ana moves her 3 March entry to 5 March, changes the 2nd, deletes the 4th.
        let moved = try await api.run(
            #"mutation($e: ID!) { updateDiaryEntry(input: {entryId: $e, date: "2026-03-05"}) { userErrors { code } } }"#, token: fixture.ana.token,
            variables: GraphQLObject([("e", .string(fixture.anaEntries[1]))]))
        #expect((moved["data.updateDiaryEntry.userErrors"] as? [Any])?.isEmpty == true)
        _ = try await api.run(
            #"mutation($e: ID!) { updateDiaryEntry(input: {entryId: $e, quantity: 1000}) { userErrors { code } } }"#, token: fixture.ana.token,
            variables: GraphQLObject([("e", .string(fixture.anaEntries[0]))]))
        _ = try await api.run(
            #"mutation($e: ID!) { deleteDiaryEntry(input: {entryId: $e}) { userErrors { code } } }"#, token: fixture.ana.token,
            variables: GraphQLObject([("e", .string(fixture.anaEntries[2]))]))
        let after = try await figures()
        let ana = "\(fixture.ana.key) "
        #expect(after.filter { $0.hasPrefix(ana) } == ["\(fixture.ana.key) 2026-03-02 1000 1", "\(fixture.ana.key) 2026-03-05 1800 1"])
        // The others' rows are untouched.
        #expect(after.filter { !$0.hasPrefix(ana) } == before.filter { !$0.hasPrefix(ana) })
        // The figures equal the diary's own sums (what a scan of the diary would give).
        let fromDiary = try await database.query(
            """
            SELECT user_id || ' ' || local_date || ' ' || sum(energy_kcal) || ' ' || count(*) FROM diary_entries GROUP BY user_id, local_date ORDER BY 1
            """
        ).map { try $0.decode(String.self, at: 0) }
        #expect(after == fromDiary)
        // An administrator deleting an entry on the member's request updates the figures too.
        let admin = try await api.signUp("admin-rivals@example.com")
        _ = try await database.query(
            "INSERT INTO user_roles (user_id, role) SELECT id, 'administrator' FROM users WHERE email = 'admin-rivals@example.com'")
        let corrected = try await api.run(
            #"mutation($u: ID!, $e: ID!) { deleteUserRecords(input: {userId: $u, reason: "On request", recordIds: [$e]}) { userErrors { code } } }"#,
            token: admin, variables: GraphQLObject([("u", .string(fixture.ana.id)), ("e", .string(fixture.anaEntries[0]))]))
        #expect((corrected["data.deleteUserRecords.userErrors"] as? [Any])?.isEmpty == true)
        #expect(try await figures().filter { $0.hasPrefix(ana) } == ["\(fixture.ana.key) 2026-03-05 1800 1"])
        // A user in no group gets no figures; leaving the last group removes them.
        let loner = try await RivalsFixture.member(api, "loner", goal: "HOLD")
        try await RivalsFixture.eat(api, loner, 100, on: "2026-03-02")
        #expect(try await database.query("SELECT count(*) FROM rival_days WHERE user_id = $1", [loner.key])[0].decode(Int.self, at: 0) == 0)
        _ = try await api.run(
            "mutation($g: ID!) { leaveRivalGroup(input: {groupId: $g}) { userErrors { code } } }", token: fixture.ben.token,
            variables: GraphQLObject([("g", .string(fixture.groupID))]))
        #expect(try await database.query("SELECT count(*) FROM rival_days WHERE user_id = $1", [fixture.ben.key])[0].decode(Int.self, at: 0) == 0)
    }
}
