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
        _ = try await transaction.query(
            """
            WITH emptied AS (DELETE FROM rival_days WHERE user_id = $1 AND local_date = $2::date AND $5::int4 = 0)
            INSERT INTO rival_days (user_id, local_date, energy_kcal, protein_g, entry_count)
            SELECT $1, $2::date, $3, $4, $5::int4
            WHERE $5::int4 > 0 AND EXISTS (SELECT 1 FROM rival_group_members WHERE user_id = $1)
            ON CONFLICT (user_id, local_date) DO UPDATE
              SET energy_kcal = excluded.energy_kcal, protein_g = excluded.protein_g, entry_count = excluded.entry_count
            """, [day.userID, day.date.description, max(0, totals.energyKcal), max(0, totals.proteinG), day.entries.count])
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

    /// Removes a user's figures once they belong to no group.
    static func forgetIfInNoGroup(userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "DELETE FROM rival_days WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM rival_group_members WHERE user_id = $1)", [userID])
    }

    /// The members' days with entries between two dates (inclusive).
    static func days(
        of userIDs: [Int64], from: LocalDate, to: LocalDate, in database: some PostgresQuerying
    ) async throws -> [Int64: [LocalDate: RivalScoring.Day]] {
        var days: [Int64: [LocalDate: RivalScoring.Day]] = [:]
        guard from <= to, !userIDs.isEmpty else { return days }
        let rows = try await database.query(
            """
            SELECT user_id, local_date::text, energy_kcal, protein_g FROM rival_days
            WHERE user_id = ANY($1::bigint[]) AND local_date BETWEEN $2::date AND $3::date
            """, [PostgresArray(userIDs), from.description, to.description])
        for row in rows {
            let date = try LocalDate(stored: try row.decode(String.self, at: 1))
            days[try row.decode(Int64.self, at: 0), default: [:]][date] = RivalScoring.Day(
                energyKcal: try row.decode(Double.self, at: 2), proteinG: try row.decode(Double.self, at: 3))
        }
        return days
    }
}
