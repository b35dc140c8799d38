import Logging
import Postgres

/// Scan&Cook DI-2: a user's ration is kept for five years. Diary entries dated earlier are deleted,
/// daily by the server (`job`) and on demand by `foodgraph purge-diary` (for cron, or a
/// deployment that runs the job apart from the servers). Weight entries are fitness history, not
/// ration, and are kept.
public enum DiaryRetention {
    public static let years = 5

    /// The earliest date a purge on `today` (UTC) keeps: what the diary accepts at the earliest.
    static func earliestKept(today: LocalDate) -> LocalDate { today.adding(years: -years) }

    /// Deletes entries dated more than `years` before today (UTC), `batchSize` rows per statement so
    /// that no statement holds many row locks for long. Returns how many were deleted. Running it
    /// from several servers at once is harmless: a row is deleted once.
    public static func purge(in database: PostgresDatabase, batchSize: Int = 10_000) async throws -> Int {
        var total = 0
        while true {
            let deleted = try await database.query(
                """
                DELETE FROM diary_entries WHERE id IN (
                  SELECT id FROM diary_entries WHERE local_date < current_date - make_interval(years => $1) LIMIT $2)
                """, [years, batchSize]
            ).affectedRowCount
            total += deleted
            if deleted < batchSize { return total }
        }
    }

    /// Purges at start and then every 24 hours, on every server (a row is deleted once).
    static let job = PeriodicJob("diary retention", every: .seconds(24 * 3600)) { database, logger in
        let deleted = try await purge(in: database)
        if deleted > 0 { logger.info("purged old diary entries", metadata: ["count": "\(deleted)", "older_than_years": "\(years)"]) }
    }
}
