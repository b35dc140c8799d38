import GraphQLEngine
import Postgres

/// Totals and weights per day, ISO week (from Monday) or month over a date range: every period is
/// present, empty ones with zero totals or a null weight. One SQL statement for many users.
enum Timelines {
    /// The longest range a timeline covers: five years.
    static let maximumDays = 5 * 366

    /// A timeline's arguments (`from`, `to`, `granularity`), checked: `from` not after `to`, at most
    /// five years apart. Refusals are `BAD_USER_INPUT` (query arguments).
    struct Range: Decodable, Sendable, Hashable {
        var from: LocalDate
        var to: LocalDate
        var granularity: TimelineGranularity

        private enum Keys: String, CodingKey { case from, to, granularity }

        init(from: LocalDate, to: LocalDate, granularity: TimelineGranularity) throws {
            try Self.check(from: from, to: to)
            self.from = from
            self.to = to
            self.granularity = granularity
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            from = try container.decode(LocalDate.self, forKey: .from)
            to = try container.decode(LocalDate.self, forKey: .to)
            granularity = try container.decode(TimelineGranularity.self, forKey: .granularity)
            if !decoder.isBindingCheck { try Self.check(from: from, to: to) }
        }

        private static func check(from: LocalDate, to: LocalDate) throws {
            guard from <= to else { throw DomainError.badUserInput("`from` must not be after `to`.") }
            guard from.days(until: to) <= Timelines.maximumDays else { throw DomainError.badUserInput("A timeline covers at most 5 years.") }
        }

        /// Keys per-arguments loaders.
        var signature: String { "\(from)|\(to)|\(granularity.rawValue)" }
    }

    /// The periods of the range (`date_trunc` of each day, so weeks start on Monday), for every user
    /// of `$1`, each with its first and last day clipped to the range. `$2`/`$3` are the range, `$4`
    /// the `date_trunc` unit.
    private static let periods = """
        SELECT u.user_id, p.start, greatest(p.start, $2::date) AS first_day,
          least((p.start + ('1 ' || $4::text)::interval - interval '1 day')::date, $3::date) AS last_day
        FROM unnest($1::bigint[]) AS u(user_id)
        CROSS JOIN (SELECT DISTINCT date_trunc($4::text, day)::date AS start
                    FROM generate_series($2::date, $3::date, interval '1 day') AS day) AS p
        """

    /// Days are summed first with one index range scan, then rolled up into periods by a hash join.
    static func nutrition(userIDs: [Int64], _ range: Range, in database: some PostgresQuerying) async throws -> [Int64: [NutritionPeriod]] {
        let dailySums = NutrientKey.allCases.map { "sum(\($0.column)) AS \($0.column)" }.joined(separator: ", ")
        // Rounded to the hundredth like the day's totals, so sums of binary floats do not show as 75.539999….
        let sums = NutrientKey.allCases.map { "round(sum(d.\($0.column))::numeric, 2)::float8" }.joined(separator: ", ")
        let rows = try await database.query(
            """
            WITH periods AS (\(periods)),
            daily AS (
              SELECT user_id, date_trunc($4::text, local_date)::date AS start, count(*) AS entries, \(dailySums)
              FROM diary_entries WHERE user_id = ANY($1::bigint[]) AND local_date BETWEEN $2::date AND $3::date
              GROUP BY user_id, local_date
            )
            SELECT p.user_id, p.first_day::text, p.last_day::text, coalesce(sum(d.entries), 0)::int, \(sums)
            FROM periods p LEFT JOIN daily d ON d.user_id = p.user_id AND d.start = p.start
            GROUP BY p.user_id, p.start, p.first_day, p.last_day ORDER BY p.user_id, p.start
            """, parameters(userIDs, range))
        var timelines: [Int64: [NutritionPeriod]] = [:]
        for row in rows {
            var totals = Nutrition.zero
            for (index, key) in NutrientKey.allCases.enumerated() {
                let value = try row.decode(Double?.self, at: 4 + index)
                totals[key] = key.isRequired ? (value ?? 0) : value
            }
            timelines[try row.decode(Int64.self, at: 0), default: []].append(
                NutritionPeriod(
                    start: try LocalDate(stored: try row.decode(String.self, at: 1)),
                    end: try LocalDate(stored: try row.decode(String.self, at: 2)), entryCount: try row.decode(Int.self, at: 3),
                    totals: totals))
        }
        return timelines
    }

    /// The last weight of each period; null where the period has none.
    static func weight(userIDs: [Int64], _ range: Range, in database: some PostgresQuerying) async throws -> [Int64: [WeightPeriod]] {
        let rows = try await database.query(
            """
            WITH periods AS (\(periods)),
            latest AS (
              SELECT DISTINCT ON (user_id, date_trunc($4::text, local_date)) user_id, date_trunc($4::text, local_date)::date AS start,
                weight_kg::float8 AS weight_kg
              FROM weight_entries WHERE user_id = ANY($1::bigint[]) AND local_date BETWEEN $2::date AND $3::date
              ORDER BY user_id, date_trunc($4::text, local_date), local_date DESC
            )
            SELECT p.user_id, p.first_day::text, p.last_day::text, l.weight_kg
            FROM periods p LEFT JOIN latest l ON l.user_id = p.user_id AND l.start = p.start
            ORDER BY p.user_id, p.start
            """, parameters(userIDs, range))
        var timelines: [Int64: [WeightPeriod]] = [:]
        for row in rows {
            timelines[try row.decode(Int64.self, at: 0), default: []].append(
                WeightPeriod(
                    start: try LocalDate(stored: try row.decode(String.self, at: 1)),
                    end: try LocalDate(stored: try row.decode(String.self, at: 2)), weightKg: try row.decode(Double?.self, at: 3)))
        }
        return timelines
    }

    private static func parameters(_ userIDs: [Int64], _ range: Range) -> [any PostgresEncodable] {
        [PostgresArray(userIDs), range.from.description, range.to.description, range.granularity.sqlUnit]
    }
}

/// Totals over one period of a timeline (schema type `NutritionPeriod`).
struct NutritionPeriod: Sendable, ObjectValue {
    static let graphQLTypeName = "NutritionPeriod"
    var start: LocalDate
    var end: LocalDate
    var entryCount: Int
    var totals: Nutrition
}

/// The last weight of one period of a timeline (schema type `WeightPeriod`): null when the period
/// has no weigh-in.
struct WeightPeriod: Sendable, ObjectValue {
    static let graphQLTypeName = "WeightPeriod"
    var start: LocalDate
    var end: LocalDate
    var weightKg: Double?
}
