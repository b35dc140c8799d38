import Foundation
import GraphQLEngine
import Postgres

/// A user's following of a diet plan (schema type `DietPlanFollowing`): current while `stoppedAt`
/// is null. One at a time; the history is kept.
struct DietPlanFollowing: ObjectValue {
    static let graphQLTypeName = "DietPlanFollowing"
    var id: Int64
    var userID: Int64
    var plan: DietPlan
    var startedAt: Date
    var stoppedAt: Date?
    /// The plan's daily figures for the user (filled by `MealsViewer`).
    var targets: DietPlanTargets?

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }
}

/// Schema type `DietPlanTargets`: what a plan asks of the user's day.
struct DietPlanTargets: ObjectValue {
    static let graphQLTypeName = "DietPlanTargets"
    var energyKcal: Double
    var proteinG: Double
    var fatG: Double
    var carbohydratesG: Double
    /// Whether the profile had the body data (sex, age, height, weight) to compute maintenance.
    var fromProfile: Bool
}

/// The SQL of following plans.
enum DietPlanStore {
    private static let columns = "f.id, f.user_id, f.plan_key, f.started_at, f.stopped_at"

    private static func following(_ row: PostgresRow) throws -> DietPlanFollowing? {
        guard let plan = DietPlanCatalogue.byKey[Int64(try row.decode(Int.self, at: 2))] else { return nil }
        return DietPlanFollowing(
            id: try row.decode(Int64.self, at: 0), userID: try row.decode(Int64.self, at: 1), plan: plan,
            startedAt: try row.decode(Date.self, at: 3), stoppedAt: try row.decode(Date?.self, at: 4))
    }

    /// Each user's current following (users following none are left out): one statement for a level.
    static func active(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: DietPlanFollowing] {
        var result: [Int64: DietPlanFollowing] = [:]
        for row in try await database.query(
            "SELECT \(columns) FROM diet_plan_follows f WHERE f.user_id = ANY($1) AND f.stopped_at IS NULL", [PostgresArray(userIDs)])
        {
            if let following = try following(row) { result[following.userID] = following }
        }
        return result
    }

    static func load(_ ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: DietPlanFollowing] {
        var result: [Int64: DietPlanFollowing] = [:]
        for row in try await database.query("SELECT \(columns) FROM diet_plan_follows f WHERE f.id = ANY($1)", [PostgresArray(ids)]) {
            if let following = try following(row) { result[following.id] = following }
        }
        return result
    }

    /// The user's followings, most recent first.
    static func history(of userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<DietPlanFollowing> {
        try await page.fetch(
            select: columns, from: "SELECT * FROM diet_plan_follows WHERE user_id = $1", as: "f",
            keys: [.init(expression: "f.started_at", type: "timestamptz"), .init(expression: "f.id", type: "bigint")], descending: true,
            parameters: [userID], count: .none, in: database
        ) { row in
            guard let following = try following(row) else { throw DomainError.badUserInput("A diet plan is no longer in the catalogue.") }
            return following
        }
    }

    /// Stops the current following, if any; returns it.
    static func stop(of userID: Int64, in transaction: PostgresTransaction) async throws -> DietPlanFollowing? {
        try await transaction.query(
            "UPDATE diet_plan_follows f SET stopped_at = now() WHERE f.user_id = $1 AND f.stopped_at IS NULL RETURNING \(columns)", [userID]
        ).first.flatMap(following)
    }

    /// Starts following a plan (the current one, if any, stops first).
    static func start(_ plan: DietPlan, for userID: Int64, in transaction: PostgresTransaction) async throws -> DietPlanFollowing? {
        _ = try await stop(of: userID, in: transaction)
        return try await transaction.query(
            "INSERT INTO diet_plan_follows AS f (user_id, plan_key) VALUES ($1, $2) RETURNING \(columns)", [userID, Int(plan.key)]
        ).first.flatMap(following)
    }
}

/// What meal advice and plans need to know of the user, read through the Accounts and Diary
/// areas' Swift APIs: the profile (targets, restrictions, budget, time zone) and the plan followed.
struct MealsViewer: Sendable {
    var userID: Int64
    var profile: ProfileRecord
    var following: DietPlanFollowing?

    static func load(_ userID: Int64, in database: some PostgresQuerying) async throws -> MealsViewer {
        async let following = DietPlanStore.active(of: [userID], in: database)
        let profile = try await ProfileStore.load([userID], in: database)[userID] ?? ProfileRecord(userID: userID)
        return MealsViewer(userID: userID, profile: profile, following: try await following[userID])
    }

    var maintenanceKcal: Double { profile.targets?.maintenanceKcal ?? DietPlanCatalogue.defaultMaintenanceKcal }

    /// The day's energy target: the plan's when following one, else the profile's, else 2000 kcal.
    var dailyTargetKcal: Double {
        if let plan = following?.plan { return plan.dailyKcal(maintenance: maintenanceKcal) }
        return profile.targets?.energyKcal ?? DietPlanCatalogue.defaultMaintenanceKcal
    }

    /// The diet type recipes must suit: the plan's, else the profile's (nil for ordinary).
    var dietType: DietType? {
        let type = following?.plan.dietType ?? profile.dietType
        return type == .ordinary ? nil : type
    }

    /// The profile's restrictions, with the plan's diet type.
    var restrictions: AppliedRestrictions {
        var restrictions = AppliedRestrictions(profile: profile)
        restrictions.dietType = dietType
        if let avoided = following?.plan.avoidedFoods { restrictions.avoidedFoods += avoided }
        return restrictions
    }

    func targets(for plan: DietPlan) -> DietPlanTargets {
        let kcal = plan.dailyKcal(maintenance: maintenanceKcal)
        return DietPlanTargets(
            energyKcal: kcal, proteinG: plan.proteinG(kcal), fatG: plan.fatG(kcal), carbohydratesG: plan.carbohydratesG(kcal),
            fromProfile: profile.targets != nil)
    }

    /// The weekly budget: the profile's, else the lowest preset.
    var weeklyBudget: (amount: Decimal, currency: String, fromProfile: Bool) {
        if let budget = profile.weeklyBudget, let amount = budget.amount.decimal { return (amount, budget.currency, true) }
        return (Decimal(75), "USD", false)
    }
}
