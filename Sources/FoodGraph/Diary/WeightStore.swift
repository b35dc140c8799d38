import GraphQLEngine
import Postgres

/// The SQL of `weight_entries`, and of the one profile column the weight log keeps current.
enum WeightStore {
    private static let select = "SELECT \(WeightEntryRecord.columns) FROM weight_entries w"

    /// Weigh-ins by ID, whoever owns them (callers check the owner): the node loader's batch.
    static func entries(ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: WeightEntryRecord] {
        var entries: [Int64: WeightEntryRecord] = [:]
        for row in try await database.query(select + " WHERE w.id = ANY($1::bigint[])", [PostgresArray(ids)]) {
            let entry = try WeightEntryRecord(row)
            entries[entry.id] = entry
        }
        return entries
    }

    /// A page of each user's weigh-ins, newest first, optionally between two dates (inclusive).
    static func page(
        _ page: Page, userIDs: [Int64], from: LocalDate?, to: LocalDate?, in database: some PostgresQuerying
    ) async throws -> [Int64: Connection<WeightEntryRecord>] {
        try await page.fetchForParents(
            userIDs, select: WeightEntryRecord.columns,
            from: """
                SELECT x.*, x.user_id AS page_parent FROM weight_entries x
                WHERE ($2::date IS NULL OR x.local_date >= $2::date)
                  AND ($3::date IS NULL OR x.local_date <= $3::date)
                """, as: "w", keys: [.init(expression: "w.local_date", type: "date")], descending: true,
            parameters: [from?.description, to?.description], in: database, decode: WeightEntryRecord.init)
    }

    static let weightsStatement = """
            SELECT u.id,
              coalesce(
                (SELECT weight_kg::float8 FROM weight_entries WHERE user_id = u.id AND local_date <= $2::date ORDER BY local_date DESC LIMIT 1),
                (SELECT weight_kg::float8 FROM weight_entries WHERE user_id = u.id AND local_date > $2::date AND local_date <= $3::date
                 ORDER BY local_date LIMIT 1)),
              (SELECT weight_kg::float8 FROM weight_entries WHERE user_id = u.id AND local_date <= $3::date ORDER BY local_date DESC LIMIT 1)
            FROM unnest($1::bigint[]) AS u(id)
            """

    /// For each user, the weigh-in a span starts from (the latest on or before `from`, else the
    /// first up to `to`) and the latest up to `to`, in kilograms: what Rivals' weight progress reads.
    static func weights(
        of userIDs: [Int64], from: LocalDate, to: LocalDate, in database: some PostgresQuerying
    ) async throws -> [Int64: (start: Double?, end: Double?)] {
        var weights: [Int64: (start: Double?, end: Double?)] = [:]
        let rows = try await database.query(
            weightsStatement, [PostgresArray(userIDs), from.description, to.description])
        for row in rows {
            weights[try row.decode(Int64.self, at: 0)] = (try row.decode(Double?.self, at: 1), try row.decode(Double?.self, at: 2))
        }
        return weights
    }

    /// Records the user's weight for a date; a second weigh-in on the same date replaces the first.
    static func record(userID: Int64, date: LocalDate, kilograms: Double, in database: some PostgresQuerying) async throws -> WeightEntryRecord {
        let rows = try await database.query(
            """
            INSERT INTO weight_entries AS w (user_id, local_date, weight_kg) VALUES ($1, $2::date, round($3::numeric, 2))
            ON CONFLICT (user_id, local_date) DO UPDATE SET weight_kg = excluded.weight_kg
            RETURNING \(WeightEntryRecord.columns)
            """, [userID, date.description, kilograms])
        return try WeightEntryRecord(rows[0])
    }

    /// Deletes one of the user's weigh-ins; false when the user has no such entry.
    static func delete(id: Int64, userID: Int64, in database: some PostgresQuerying) async throws -> Bool {
        try await !database.query("DELETE FROM weight_entries WHERE id = $1 AND user_id = $2 RETURNING id", [id, userID]).isEmpty
    }

    /// Sets the profile's weight (which drives BMI and targets) to the latest weigh-in dated today
    /// or earlier: a weigh-in dated in the future never becomes the current weight. Without such a
    /// weigh-in the profile keeps its weight.
    ///
    /// Writes Accounts' `profiles` table: Accounts has no Swift API for this yet.
    static func updateProfileWeight(userID: Int64, today: LocalDate, in database: some PostgresQuerying) async throws {
        _ = try await database.query(
            """
            UPDATE profiles SET weight_kg = latest.weight_kg
            FROM (SELECT weight_kg FROM weight_entries WHERE user_id = $1 AND local_date <= $2::date ORDER BY local_date DESC LIMIT 1) AS latest
            WHERE profiles.user_id = $1 AND profiles.weight_kg IS DISTINCT FROM latest.weight_kg
            """, [userID, today.description])
    }
}
