import Foundation
import GraphQLEngine
import Postgres

/// Totals and weights per day, ISO week (from Monday) or month over a date range: every period is
/// present, empty ones with zero totals or a null weight. One SQL statement each.
enum Timelines {
    static let maximumDays = 5 * 366

    struct Range {
        var from: String
        var to: String
        var unit: String
    }

    static func range(_ arguments: Arguments) throws -> Range {
        guard case .string(let from)? = arguments["from"], case .string(let to)? = arguments["to"] else {
            throw DomainError.badUserInput("Give `from` and `to` dates.")
        }
        guard from <= to else { throw DomainError.badUserInput("`from` must not be after `to`.") }
        if let start = LocalDate(iso8601: from), let end = LocalDate(iso8601: to), end.daysSinceEpoch - start.daysSinceEpoch > maximumDays {
            throw DomainError.badUserInput("A timeline covers at most 5 years.")
        }
        let unit =
            switch arguments.values.enumName("granularity") {
            case "WEEK": "week"
            case "MONTH": "month"
            default: "day"
            }
        return Range(from: from, to: to, unit: unit)
    }

    /// The periods of the range: `date_trunc` of each day, so weeks start on Monday (ISO).
    private static func periods(_ range: Range) -> String {
        """
        SELECT DISTINCT date_trunc('\(range.unit)', day)::date AS start
        FROM generate_series($2::date, $3::date, interval '1 day') AS day
        """
    }

    /// Each period's first and last day, clipped to the range.
    private static func bounds(_ range: Range) -> String {
        "greatest(p.start, $2::date)::text, least((p.start + interval '1 \(range.unit)' - interval '1 day')::date, $3::date)::text"
    }

    /// Days are summed first with one index range scan, then rolled up into periods by a hash join.
    static func nutrition(userID: Int64, _ range: Range, in database: PostgresDatabase) async throws -> [Payload] {
        let dailySums = NutrientKey.allCases.map { "sum(\($0.column)) AS \($0.column)" }.joined(separator: ", ")
        // Rounded to the hundredth like the day's totals, so sums of binary floats do not show as 75.539999….
        let sums = NutrientKey.allCases.map { "round(sum(d.\($0.column))::numeric, 2)::float8" }.joined(separator: ", ")
        let rows = try await database.query(
            """
            WITH periods AS (\(periods(range))),
            daily AS (
              SELECT date_trunc('\(range.unit)', local_date)::date AS start, count(*) AS entries, \(dailySums)
              FROM diary_entries WHERE user_id = $1 AND local_date BETWEEN $2::date AND $3::date GROUP BY local_date
            )
            SELECT \(bounds(range)), coalesce(sum(d.entries), 0)::int, \(sums)
            FROM periods p LEFT JOIN daily d ON d.start = p.start
            GROUP BY p.start ORDER BY p.start
            """, [userID, range.from, range.to])
        return try rows.map { row in
            var totals = Nutrition.zero
            for (index, key) in NutrientKey.allCases.enumerated() {
                let value = try row.decode(Double?.self, at: 3 + index)
                totals[key] = key.isRequired ? (value ?? 0) : value
            }
            return Payload([
                "start": try row.decode(String.self, at: 0), "end": try row.decode(String.self, at: 1),
                "entryCount": try row.decode(Int.self, at: 2), "totals": totals,
            ])
        }
    }

    static func weight(userID: Int64, _ range: Range, in database: PostgresDatabase) async throws -> [Payload] {
        let rows = try await database.query(
            """
            WITH periods AS (\(periods(range))),
            latest AS (
              SELECT DISTINCT ON (date_trunc('\(range.unit)', local_date)) date_trunc('\(range.unit)', local_date)::date AS start,
                weight_kg::float8 AS weight_kg
              FROM weight_entries WHERE user_id = $1 AND local_date BETWEEN $2::date AND $3::date
              ORDER BY date_trunc('\(range.unit)', local_date), local_date DESC
            )
            SELECT \(bounds(range)), l.weight_kg FROM periods p LEFT JOIN latest l ON l.start = p.start ORDER BY p.start
            """, [userID, range.from, range.to])
        return try rows.map { row in
            Payload([
                "start": try row.decode(String.self, at: 0), "end": try row.decode(String.self, at: 1),
                "weightKg": try row.decode(Double?.self, at: 2),
            ])
        }
    }
}
