import Foundation
import Postgres

/// The SQL of purchases and of the analytics over them. Local dates are turned into instants in
/// the user's time zone by PostgreSQL (`date::timestamp AT TIME ZONE zone`: that local midnight),
/// so a day, week, month or year turns at the user's midnight, daylight-saving changes included.
/// Every statement reads `purchases_user_time` (user, time) or `purchases_user_product`.
enum PurchaseStore {
    /// Users with a purchase in the last `days` days.
    static func recentBuyers(withinDays days: Int, in database: some PostgresQuerying) async throws -> [Int64] {
        try await database.query(
            "SELECT DISTINCT user_id FROM purchases WHERE purchased_at > now() - make_interval(days => $1)", [days]
        ).map { try $0.decode(Int64.self, at: 0) }
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: PurchaseRecord] {
        try await PurchaseRecord.load("SELECT \(PurchaseRecord.columns) FROM purchases u WHERE u.id = ANY($1)", ids: ids, from: database)
    }

    /// The purchase of each receipt line (confirmed lines only).
    static func purchases(ofLines lineIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: PurchaseRecord] {
        var found: [Int64: PurchaseRecord] = [:]
        for row in try await database.query(
            "SELECT \(PurchaseRecord.columns) FROM purchases u WHERE u.receipt_line_id = ANY($1)", [PostgresArray(lineIDs)])
        {
            let purchase = try PurchaseRecord(row)
            if let line = purchase.receiptLineID { found[line] = purchase }
        }
        return found
    }

    /// A page of a user's purchases, the latest first, within local dates and of one product.
    static func page(
        of userID: Int64, timeZone: String, from: LocalDate?, to: LocalDate?, productID: Int64?, page: Page, in database: some PostgresQuerying
    ) async throws -> Connection<PurchaseRecord> {
        try await page.fetch(
            select: PurchaseRecord.columns,
            from: """
                SELECT * FROM purchases WHERE user_id = $1
                  AND ($3::date IS NULL OR purchased_at >= ($3::date)::timestamp AT TIME ZONE $2)
                  AND ($4::date IS NULL OR purchased_at < ($4::date + 1)::timestamp AT TIME ZONE $2)
                  AND ($5::bigint IS NULL OR product_id = $5)
                """, as: "u",
            keys: [.init(expression: "u.purchased_at", type: "timestamptz"), .init(expression: "u.id", type: "bigint")], descending: true,
            parameters: [userID, timeZone, from?.description, to?.description, productID], count: .none, in: database,
            decode: PurchaseRecord.init)
    }

    /// What a slice of purchases is limited to: everything, categories (ids), or a product.
    struct Scope: Sendable, Hashable {
        var categoryIDs: [Int64]?
        var productID: Int64?

        static let everything = Scope()
    }

    private static func scopeCondition(_ scope: Scope, parameters: inout [any PostgresEncodable]) -> String {
        if let productID = scope.productID {
            parameters.append(productID)
            return " AND product_id = $\(parameters.count)"
        }
        if let categories = scope.categoryIDs {
            parameters.append(PostgresArray(categories))
            return " AND category_id = ANY($\(parameters.count)::bigint[])"
        }
        return ""
    }

    /// Totals per period (`date_trunc` unit) from `from` to `to` in the zone: every period
    /// present, in order, with zero for the empty ones; a period cut by the range counts the
    /// range's days only.
    static func totals(
        of userID: Int64, timeZone: String, from: LocalDate, to: LocalDate, per period: SpendingPeriod, scope: Scope = .everything,
        in database: some PostgresQuerying
    ) async throws -> [(start: LocalDate, total: Decimal, count: Int)] {
        var parameters: [any PostgresEncodable] = [userID, timeZone, from.description, to.description, period.sqlUnit]
        let condition = scopeCondition(scope, parameters: &parameters)
        let rows = try await database.query(
            """
            WITH sums AS (
              SELECT date_trunc($5, purchased_at AT TIME ZONE $2)::date AS start, sum(amount) AS total, count(*) AS purchases
              FROM purchases
              WHERE user_id = $1 AND purchased_at >= ($3::date)::timestamp AT TIME ZONE $2
                AND purchased_at < ($4::date + 1)::timestamp AT TIME ZONE $2\(condition)
              GROUP BY 1
            )
            SELECT p.start::text, coalesce(s.total, 0)::text, coalesce(s.purchases, 0)::int
            FROM (SELECT DISTINCT date_trunc($5, day)::date AS start FROM generate_series($3::date, $4::date, interval '1 day') AS day) AS p
            LEFT JOIN sums s ON s.start = p.start
            ORDER BY p.start
            """, parameters)
        return try rows.map { row in
            (LocalDate(iso8601: try row.decode(String.self, at: 0))!, Amount.decimal(try row.decode(String.self, at: 1)), try row.decode(Int.self, at: 2))
        }
    }

    /// Totals per category, store or product from `from` to `to`, largest first.
    static func totals(
        of userID: Int64, timeZone: String, from: LocalDate, to: LocalDate, by grouping: SpendingGrouping, scope: Scope = .everything,
        limit: Int? = nil, in database: some PostgresQuerying
    ) async throws -> [(id: Int64?, total: Decimal, count: Int)] {
        let column: String
        switch grouping {
        case .category: column = "category_id"
        case .store: column = "store_id"
        default: column = "product_id"
        }
        var parameters: [any PostgresEncodable] = [userID, timeZone, from.description, to.description]
        let condition = scopeCondition(scope, parameters: &parameters)
        let rows = try await database.query(
            """
            SELECT \(column), sum(amount)::text, count(*)::int FROM purchases
            WHERE user_id = $1 AND purchased_at >= ($3::date)::timestamp AT TIME ZONE $2
              AND purchased_at < ($4::date + 1)::timestamp AT TIME ZONE $2\(condition)
            GROUP BY 1 ORDER BY sum(amount) DESC, 1 \(limit.map { "LIMIT \($0)" } ?? "")
            """, parameters)
        return try rows.map { row in
            (try row.decode(Int64?.self, at: 0), Amount.decimal(try row.decode(String.self, at: 1)), try row.decode(Int.self, at: 2))
        }
    }

    /// The sum from `from` to `to` in the zone.
    static func sum(
        of userID: Int64, timeZone: String, from: LocalDate, to: LocalDate, scope: Scope = .everything, in database: some PostgresQuerying
    ) async throws -> Decimal {
        var parameters: [any PostgresEncodable] = [userID, timeZone, from.description, to.description]
        let condition = scopeCondition(scope, parameters: &parameters)
        return Amount.decimal(
            try await database.query(
                """
                SELECT coalesce(sum(amount), 0)::text FROM purchases
                WHERE user_id = $1 AND purchased_at >= ($3::date)::timestamp AT TIME ZONE $2
                  AND purchased_at < ($4::date + 1)::timestamp AT TIME ZONE $2\(condition)
                """, parameters)[0].decode(String.self, at: 0))
    }

    /// The user's latest unit price of each product since `since`, and the quantity bought since then.
    static func recentBuying(
        of userID: Int64, products productIDs: [Int64], since: Date, in database: some PostgresQuerying
    ) async throws -> [Int64: (price: Decimal, quantity: Double)] {
        var found: [Int64: (price: Decimal, quantity: Double)] = [:]
        for row in try await database.query(
            """
            SELECT product_id, (array_agg(unit_price ORDER BY purchased_at DESC, id DESC))[1]::text, sum(quantity)::float8
            FROM purchases WHERE user_id = $1 AND product_id = ANY($2) AND purchased_at >= $3
            GROUP BY product_id
            """, [userID, PostgresArray(productIDs), since])
        {
            found[try row.decode(Int64.self, at: 0)] = (Amount.decimal(try row.decode(String.self, at: 1)), try row.decode(Double.self, at: 2))
        }
        return found
    }
}
