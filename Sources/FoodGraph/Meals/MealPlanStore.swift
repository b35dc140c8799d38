import Foundation
import GraphQLEngine
import Postgres

/// A week's plan (schema type `MealPlan`).
struct MealPlanRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "MealPlan"
    var id: Int64
    var userID: Int64
    var weekOf: LocalDate
    var budget: Decimal
    var currency: String
    var dailyTargetKcal: Double
    var shortfalls: [String]
    var generatedAt: Date

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }
    var weekEnd: LocalDate { weekOf.adding(days: 6) }

    static let columns = "m.id, m.user_id, m.week_of::text, m.budget::text, m.budget_currency, m.daily_target_kcal, m.shortfall_note, m.generated_at"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        weekOf = LocalDate(iso8601: try row.decode(String.self, at: 2)) ?? LocalDate(daysSinceEpoch: 0)
        budget = Decimal(string: try row.decode(String.self, at: 3), locale: Locale(identifier: "en_US_POSIX")) ?? 0
        currency = try row.decode(String.self, at: 4)
        dailyTargetKcal = try row.decode(Double.self, at: 5)
        shortfalls = try row.decode(String?.self, at: 6).map { $0.split(separator: "\n").map(String.init) } ?? []
        generatedAt = try row.decode(Date.self, at: 7)
    }

    func money(_ amount: Decimal) -> Money { Money(amount: DecimalText(RecipeFigures.text(amount)), currency: currency) }
}

/// A meal of a plan (schema type `PlannedMeal`), with its figures as planned.
struct PlannedMealRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "PlannedMeal"
    var id: Int64
    var planID: Int64
    var date: LocalDate
    var meal: Meal
    var recipeID: Int64
    var portions: Double
    var energyKcal: Double
    var cost: Decimal
    var picked: Bool
    var locked: Bool
    /// The plan's owner and currency, for visibility and `Money` (filled from the plan).
    var userID: Int64 = 0
    var currency = "USD"

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = """
        pm.id, pm.plan_id, pm.local_date::text, pm.meal, pm.recipe_id, pm.portions, pm.energy_kcal, pm.cost::text, pm.picked, pm.locked,
        m.user_id, m.budget_currency
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        planID = try row.decode(Int64.self, at: 1)
        date = LocalDate(iso8601: try row.decode(String.self, at: 2)) ?? LocalDate(daysSinceEpoch: 0)
        meal = Meal(storedName: try row.decode(String.self, at: 3)) ?? .lunch
        recipeID = try row.decode(Int64.self, at: 4)
        portions = try row.decode(Double.self, at: 5)
        energyKcal = try row.decode(Double.self, at: 6)
        cost = Decimal(string: try row.decode(String.self, at: 7), locale: Locale(identifier: "en_US_POSIX")) ?? 0
        picked = try row.decode(Bool.self, at: 8)
        locked = try row.decode(Bool.self, at: 9)
        userID = try row.decode(Int64.self, at: 10)
        currency = try row.decode(String.self, at: 11)
    }

    init(
        id: Int64, planID: Int64, date: LocalDate, meal: Meal, recipeID: Int64, portions: Double, energyKcal: Double, cost: Decimal,
        picked: Bool, locked: Bool, userID: Int64, currency: String
    ) {
        self.id = id
        self.planID = planID
        self.date = date
        self.meal = meal
        self.recipeID = recipeID
        self.portions = portions
        self.energyKcal = energyKcal
        self.cost = cost
        self.picked = picked
        self.locked = locked
        self.userID = userID
        self.currency = currency
    }

    var money: Money { Money(amount: DecimalText(RecipeFigures.text(cost)), currency: currency) }
}

/// The SQL of weekly plans, their meals and the grocery items checked off. Every read of a
/// user's plans filters by the user; writes lock the plan's row first.
enum MealPlanStore {
    static func load(_ ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: MealPlanRecord] {
        try await MealPlanRecord.load("SELECT \(MealPlanRecord.columns) FROM meal_plans m WHERE m.id = ANY($1)", ids: ids, from: database)
    }

    /// Each user's plan of a week (one statement for a level).
    static func plans(of userIDs: [Int64], weekOf: LocalDate, in database: some PostgresQuerying) async throws -> [Int64: MealPlanRecord] {
        var result: [Int64: MealPlanRecord] = [:]
        for row in try await database.query(
            "SELECT \(MealPlanRecord.columns) FROM meal_plans m WHERE m.user_id = ANY($1) AND m.week_of = $2::date",
            [PostgresArray(userIDs), weekOf.description])
        {
            let plan = try MealPlanRecord(row)
            result[plan.userID] = plan
        }
        return result
    }

    /// The plan of a week, its row locked for the transaction.
    static func lockPlan(of userID: Int64, weekOf: LocalDate, in transaction: PostgresTransaction) async throws -> MealPlanRecord? {
        try await transaction.query(
            "SELECT \(MealPlanRecord.columns) FROM meal_plans m WHERE m.user_id = $1 AND m.week_of = $2::date FOR UPDATE",
            [userID, weekOf.description]
        ).first.map(MealPlanRecord.init)
    }

    static func lockPlan(_ id: Int64, in transaction: PostgresTransaction) async throws -> MealPlanRecord? {
        try await transaction.query("SELECT \(MealPlanRecord.columns) FROM meal_plans m WHERE m.id = $1 FOR UPDATE", [id]).first.map(MealPlanRecord.init)
    }

    /// The user's plans, the latest week first.
    static func archive(of userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<MealPlanRecord> {
        try await page.fetch(
            select: MealPlanRecord.columns, from: "SELECT * FROM meal_plans WHERE user_id = $1", as: "m",
            keys: [.init(expression: "m.week_of", type: "date"), .init(expression: "m.id", type: "bigint")], descending: true,
            parameters: [userID], count: .exact, in: database, decode: MealPlanRecord.init)
    }

    /// The user's plans of weeks starting from `from` to `to`, in order.
    static func plans(of userID: Int64, from: LocalDate, to: LocalDate, in database: some PostgresQuerying) async throws -> [MealPlanRecord] {
        try await database.query(
            "SELECT \(MealPlanRecord.columns) FROM meal_plans m WHERE m.user_id = $1 AND m.week_of BETWEEN $2::date AND $3::date ORDER BY m.week_of",
            [userID, from.description, to.description]
        ).map(MealPlanRecord.init)
    }

    /// Each plan's meals by date and meal time: one statement for every plan of a level.
    static func meals(ofPlans planIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [PlannedMealRecord]] {
        var result: [Int64: [PlannedMealRecord]] = Dictionary(uniqueKeysWithValues: planIDs.map { ($0, []) })
        for row in try await database.query(
            """
            SELECT \(PlannedMealRecord.columns) FROM planned_meals pm JOIN meal_plans m ON m.id = pm.plan_id
            WHERE pm.plan_id = ANY($1)
            ORDER BY pm.plan_id, pm.local_date, array_position(ARRAY['breakfast', 'lunch', 'dinner'], pm.meal)
            """, [PostgresArray(planIDs)])
        {
            let meal = try PlannedMealRecord(row)
            result[meal.planID, default: []].append(meal)
        }
        return result
    }

    static func plannedMeals(_ ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: PlannedMealRecord] {
        try await PlannedMealRecord.load(
            "SELECT \(PlannedMealRecord.columns) FROM planned_meals pm JOIN meal_plans m ON m.id = pm.plan_id WHERE pm.id = ANY($1)",
            ids: ids, from: database)
    }

    /// Creates or refreshes the plan row of a week; returns its id.
    static func upsertPlan(
        of userID: Int64, weekOf: LocalDate, budget: Decimal, currency: String, dailyTargetKcal: Double, shortfalls: [String],
        in transaction: PostgresTransaction
    ) async throws -> Int64 {
        try await transaction.query(
            """
            INSERT INTO meal_plans (user_id, week_of, budget, budget_currency, daily_target_kcal, shortfall_note)
            VALUES ($1, $2::date, $3::numeric, $4, $5, $6)
            ON CONFLICT (user_id, week_of) DO UPDATE SET budget = excluded.budget, budget_currency = excluded.budget_currency,
              daily_target_kcal = excluded.daily_target_kcal, shortfall_note = excluded.shortfall_note, generated_at = now()
            RETURNING id
            """,
            [
                userID, weekOf.description, RecipeFigures.text(budget), currency, dailyTargetKcal,
                shortfalls.isEmpty ? nil : shortfalls.joined(separator: "\n"),
            ])[0].decode(Int64.self, at: 0)
    }

    static func setShortfalls(_ shortfalls: [String], of planID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "UPDATE meal_plans SET shortfall_note = $2 WHERE id = $1", [planID, shortfalls.isEmpty ? nil : shortfalls.joined(separator: "\n")])
    }

    /// Replaces the plan's meals that are not locked with `meals` (one statement each).
    static func replaceUnlockedMeals(of planID: Int64, with meals: [MealPlanner.Planned], weekOf: LocalDate, in transaction: PostgresTransaction)
        async throws
    {
        _ = try await transaction.query("DELETE FROM planned_meals WHERE plan_id = $1 AND NOT locked", [planID])
        let fresh = meals.filter { !$0.locked }
        guard !fresh.isEmpty else { return }
        _ = try await transaction.query(
            """
            INSERT INTO planned_meals (plan_id, local_date, meal, recipe_id, portions, energy_kcal, cost, picked)
            SELECT $1, d::date, m, r, p, e, c::numeric, k
            FROM unnest($2::text[], $3::text[], $4::bigint[], $5::float8[], $6::float8[], $7::text[], $8::bool[]) AS u(d, m, r, p, e, c, k)
            """,
            [
                planID, PostgresArray(fresh.map { weekOf.adding(days: $0.slot.day).description }),
                PostgresArray(fresh.map { $0.slot.meal.storedName }), PostgresArray(fresh.map { $0.candidate.recipeID }),
                PostgresArray(fresh.map(\.portions)), PostgresArray(fresh.map { AggregateRounding.kcal($0.energyKcal) }),
                PostgresArray(fresh.map { String(format: "%.2f", $0.cost) }), PostgresArray(fresh.map(\.picked)),
            ])
    }

    /// Puts another recipe (or portion) at a planned meal.
    static func updateMeal(
        _ id: Int64, recipeID: Int64, portions: Double, energyKcal: Double, cost: Decimal, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            "UPDATE planned_meals SET recipe_id = $2, portions = $3, energy_kcal = $4, cost = $5::numeric, picked = false WHERE id = $1",
            [id, recipeID, portions, AggregateRounding.kcal(energyKcal), RecipeFigures.text(cost)])
    }

    static func setLocked(_ id: Int64, _ locked: Bool, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("UPDATE planned_meals SET locked = $2 WHERE id = $1", [id, locked])
    }

    /// The grocery items checked off, per plan.
    static func checkedItems(ofPlans planIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: Set<String>] {
        var result: [Int64: Set<String>] = Dictionary(uniqueKeysWithValues: planIDs.map { ($0, []) })
        for row in try await database.query("SELECT plan_id, item_key FROM grocery_checks WHERE plan_id = ANY($1)", [PostgresArray(planIDs)]) {
            result[try row.decode(Int64.self, at: 0), default: []].insert(try row.decode(String.self, at: 1))
        }
        return result
    }

    static func setChecked(_ key: String, _ checked: Bool, of planID: Int64, in transaction: PostgresTransaction) async throws {
        if checked {
            _ = try await transaction.query(
                "INSERT INTO grocery_checks (plan_id, item_key) VALUES ($1, $2) ON CONFLICT DO NOTHING", [planID, key])
        } else {
            _ = try await transaction.query("DELETE FROM grocery_checks WHERE plan_id = $1 AND item_key = $2", [planID, key])
        }
    }
}

enum AggregateRounding {
    static func kcal(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
