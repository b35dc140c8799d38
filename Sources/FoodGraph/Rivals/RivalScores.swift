import Foundation
import Postgres

/// The per-member per-day figures leaderboards read (`rival_days`), kept current incrementally:
/// the diary's mutations call `dayChanged` with the day they just wrote (one statement, which
/// writes only for members of a group), a user's first group fills them from the diary, and
/// leaving the last group removes them. A leaderboard thus reads one row per member and logged
/// day, never the diary itself.
enum RivalScores {
    /// The hook of the diary's writes: the day's totals as the mutation computed them, in its
    /// transaction. Writes only when the user belongs to a group; a day left without entries is
    /// removed.
    static func dayChanged(_ day: DiaryDay, in transaction: PostgresTransaction) async throws {
        let totals = day.totals
        // One round trip on the diary's write path: the day's figures, and the leaderboard event
        // of each of the user's groups (`LiveEvents`, announced after the commit).
        _ = try await transaction.query(
            """
            WITH emptied AS (DELETE FROM rival_days WHERE user_id = $1 AND local_date = $2::date AND $5::int4 = 0),
            saved AS (
              INSERT INTO rival_days (user_id, local_date, energy_kcal, protein_g, entry_count)
              SELECT $1, $2::date, $3, $4, $5::int4
              WHERE $5::int4 > 0 AND EXISTS (SELECT 1 FROM rival_group_members WHERE user_id = $1)
              ON CONFLICT (user_id, local_date) DO UPDATE
                SET energy_kcal = excluded.energy_kcal, protein_g = excluded.protein_g, entry_count = excluded.entry_count
            )
            SELECT count(pg_notify($6, $7 || ':' || group_id)) FROM rival_group_members WHERE user_id = $1
            """,
            [
                day.userID, day.date.description, max(0, totals.energyKcal), max(0, totals.proteinG), day.entries.count,
                LiveEvents.channel, LiveEvent.Topic.leaderboard.rawValue,
            ])
    }

    /// The hook for diary writes made outside the diary's own mutations (an administrator's
    /// deletion on the user's request): reads the day through Diary's API, then as `dayChanged`.
    static func refresh(userID: Int64, date: LocalDate, in transaction: PostgresTransaction) async throws {
        let entries = try await DiaryEntryStore.entries(userIDs: [userID], on: date, in: transaction)[userID] ?? []
        try await dayChanged(DiaryDay(userID: userID, date: date, isToday: false, entries: entries), in: transaction)
    }

    /// Fills a user's figures from their diary (Diary's API), when they join their first group.
    static func fill(userID: Int64, in transaction: PostgresTransaction) async throws {
        let earliest = DiaryRetention.earliestKept(today: .utcToday).adding(days: -1)
        let days = try await DiaryEntryStore.dailyTotals(userID: userID, from: earliest, in: transaction)
        _ = try await transaction.query("DELETE FROM rival_days WHERE user_id = $1", [userID])
        guard !days.isEmpty else { return }
        _ = try await transaction.query(
            """
            INSERT INTO rival_days (user_id, local_date, energy_kcal, protein_g, entry_count)
            SELECT $1, d, e, p, n FROM unnest($2::date[], $3::float8[], $4::float8[], $5::int4[]) AS t(d, e, p, n)
            """,
            [
                userID, PostgresArray(days.map(\.date.description)), PostgresArray(days.map { max(0, $0.energyKcal) }),
                PostgresArray(days.map { max(0, $0.proteinG) }), PostgresArray(days.map { Int32($0.entries) }),
            ])
    }

    /// Removes every figure dated before `date` (the diary's retention horizon).
    static func purge(before date: LocalDate, in database: some PostgresQuerying) async throws {
        _ = try await database.query("DELETE FROM rival_days WHERE local_date < $1::date", [date.description])
    }

    /// Removes a user's figures once they belong to no group.
    static func forgetIfInNoGroup(userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "DELETE FROM rival_days WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM rival_group_members WHERE user_id = $1)", [userID])
    }

    static let totalsStatement = """
            WITH days AS (
              SELECT r.user_id, r.energy_kcal, r.protein_g, t.energy_target, t.protein_target,
                r.local_date - (row_number() OVER (PARTITION BY r.user_id ORDER BY r.local_date))::int AS run
              FROM unnest($1::bigint[], $2::float8[], $3::float8[]) AS t(user_id, energy_target, protein_target)
              JOIN rival_days r ON r.user_id = t.user_id AND r.local_date BETWEEN $4::date AND $5::date
            ), streaks AS (
              SELECT user_id, max(length) AS longest FROM (SELECT user_id, count(*) AS length FROM days GROUP BY user_id, run) AS runs
              GROUP BY user_id
            )
            SELECT d.user_id, sum(d.energy_kcal), count(*)::int8,
              count(*) FILTER (WHERE d.protein_target > 0 AND d.protein_g >= d.protein_target)::int8,
              coalesce(sum(greatest(0, 1 - abs(d.energy_kcal - d.energy_target) / d.energy_target)) FILTER (WHERE d.energy_target > 0), 0),
              s.longest::int8
            FROM days d JOIN streaks s ON s.user_id = d.user_id GROUP BY d.user_id, s.longest
            """

    /// Each member's totals over two dates (inclusive), summed in one statement from their daily
    /// rows: energy, days logged, days whose protein reached the member's target, the closeness
    /// to the calorie target summed over days, and the longest run of consecutive days (each run
    /// of days is one value of `local_date − its rank`). Targets 0 mean none.
    static func totals(
        of members: [(userID: Int64, energyTarget: Double, proteinTarget: Double)], from: LocalDate, to: LocalDate,
        in database: some PostgresQuerying
    ) async throws -> [Int64: RivalScoring.Totals] {
        var totals: [Int64: RivalScoring.Totals] = [:]
        guard from <= to, !members.isEmpty else { return totals }
        let rows = try await database.query(
            totalsStatement,
            [
                PostgresArray(members.map(\.userID)), PostgresArray(members.map(\.energyTarget)), PostgresArray(members.map(\.proteinTarget)),
                from.description, to.description,
            ])
        for row in rows {
            totals[try row.decode(Int64.self, at: 0)] = RivalScoring.Totals(
                energyKcal: try row.decode(Double.self, at: 1), daysLogged: try row.decode(Int.self, at: 2),
                proteinDays: try row.decode(Int.self, at: 3), closeness: try row.decode(Double.self, at: 4),
                longestStreak: try row.decode(Int.self, at: 5))
        }
        return totals
    }
}
