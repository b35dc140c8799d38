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

    private static func end(_ unit: String) -> String {
        "least((p.start + interval '1 \(unit)' - interval '1 day')::date, $3::date)"
    }

    static func nutrition(userID: Int64, _ range: Range, in database: PostgresDatabase) async throws -> [Payload] {
        let sums = NutrientKey.allCases.map { "sum(e.\($0.column))::float8" }.joined(separator: ", ")
        let rows = try await database.query(
            """
            WITH periods AS (\(periods(range)))
            SELECT greatest(p.start, $2::date)::text, \(end(range.unit))::text, count(e.id)::int, \(sums)
            FROM periods p
            LEFT JOIN diary_entries e ON e.user_id = $1 AND e.local_date BETWEEN greatest(p.start, $2::date) AND \(end(range.unit))
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
            WITH periods AS (\(periods(range)))
            SELECT greatest(p.start, $2::date)::text, \(end(range.unit))::text,
              (SELECT w.weight_kg::float8 FROM weight_entries w
               WHERE w.user_id = $1 AND w.local_date BETWEEN greatest(p.start, $2::date) AND \(end(range.unit))
               ORDER BY w.local_date DESC LIMIT 1)
            FROM periods p ORDER BY p.start
            """, [userID, range.from, range.to])
        return try rows.map { row in
            Payload([
                "start": try row.decode(String.self, at: 0), "end": try row.decode(String.self, at: 1),
                "weightKg": try row.decode(Double?.self, at: 2),
            ])
        }
    }
}
