import Foundation
import Postgres

/// Spending objectives: the SQL of the table, and their progress in a period (the purchases'
/// sums through `PurchaseStore`, in the user's time zone).
enum SpendingObjectives {
    static let maximumPerUser = 50

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: SpendingObjectiveRecord] {
        try await SpendingObjectiveRecord.load(
            "SELECT \(SpendingObjectiveRecord.columns) FROM spending_objectives o WHERE o.id = ANY($1)", ids: ids, from: database)
    }

    static func objectives(of userID: Int64, in database: some PostgresQuerying) async throws -> [SpendingObjectiveRecord] {
        try await database.query(
            """
            SELECT \(SpendingObjectiveRecord.columns) FROM spending_objectives o WHERE o.user_id = $1
            ORDER BY array_position(ARRAY['day', 'week', 'month', 'year'], o.period), o.id
            """, [userID]).map(SpendingObjectiveRecord.init)
    }

    /// Sets the limit of the user's objective of this period and scope (made when missing);
    /// nil when the user has `maximumPerUser` objectives already.
    static func set(
        userID: Int64, period: SpendingPeriod, limit: Decimal, currency: String, categoryID: Int64?, productID: Int64?,
        in transaction: PostgresTransaction
    ) async throws -> Int64? {
        let rows = try await transaction.query(
            """
            INSERT INTO spending_objectives (user_id, period, limit_amount, currency, category_id, product_id)
            SELECT $1, $2, $3::numeric, $4, $5, $6
            WHERE (SELECT count(*) FROM spending_objectives WHERE user_id = $1) < $7
               OR EXISTS (SELECT 1 FROM spending_objectives WHERE user_id = $1 AND period = $2
                          AND coalesce(category_id, 0) = coalesce($5::bigint, 0) AND coalesce(product_id, 0) = coalesce($6::bigint, 0))
            ON CONFLICT (user_id, period, coalesce(category_id, 0), coalesce(product_id, 0))
            DO UPDATE SET limit_amount = excluded.limit_amount, currency = excluded.currency
            RETURNING id
            """, [userID, period.databaseName, Amount.text(limit), currency, categoryID, productID, maximumPerUser])
        return try rows.first?.decode(Int64.self, at: 0)
    }

    static func remove(_ id: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        !(try await transaction.query("DELETE FROM spending_objectives WHERE id = $1 AND user_id = $2 RETURNING id", [id, userID])).isEmpty
    }

    /// The purchases an objective counts: a category's with its sub-categories (the catalog's tree).
    static func scope(of objective: SpendingObjectiveRecord, in database: some PostgresQuerying) async throws -> PurchaseStore.Scope {
        if let productID = objective.productID { return PurchaseStore.Scope(productID: productID) }
        if let categoryID = objective.categoryID {
            guard let category = try await CategoryStore.load([categoryID], from: database)[categoryID] else {
                return PurchaseStore.Scope(categoryIDs: [categoryID])
            }
            return PurchaseStore.Scope(categoryIDs: try await CategoryStore.subtreeIDs(ofSlug: category.slug, in: database))
        }
        return .everything
    }

    /// Fills each objective's current period and what is spent in it.
    static func progress(
        _ objectives: [SpendingObjectiveRecord], timeZone: String, today: LocalDate, in database: some PostgresQuerying
    ) async throws -> [SpendingObjectiveRecord] {
        var filled: [SpendingObjectiveRecord] = []
        for var objective in objectives {
            objective.periodStart = objective.period.start(of: today)
            objective.periodEnd = objective.period.next(after: objective.periodStart).adding(days: -1)
            objective.spent = try await PurchaseStore.sum(
                of: objective.userID, timeZone: timeZone, from: objective.periodStart, to: objective.periodEnd,
                scope: try await scope(of: objective, in: database), in: database)
            filled.append(objective)
        }
        return filled
    }

    /// The `count` periods before the current one, the latest first.
    static func history(
        of objective: SpendingObjectiveRecord, periods count: Int, timeZone: String, in database: some PostgresQuerying
    ) async throws -> [ObjectivePeriod] {
        let end = objective.periodStart.adding(days: -1)
        var start = objective.periodStart
        for _ in 0..<count { start = objective.period.previous(before: start) }
        let totals = try await PurchaseStore.totals(
            of: objective.userID, timeZone: timeZone, from: start, to: end, per: objective.period,
            scope: try await scope(of: objective, in: database), in: database)
        return totals.reversed().map { period in
            let last = objective.period.next(after: period.start).adding(days: -1)
            return ObjectivePeriod(
                start: period.start, end: last, spent: Amount.money(period.total, objective.currency), exceeded: period.total > objective.limit)
        }
    }
}
