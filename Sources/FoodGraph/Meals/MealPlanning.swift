import Foundation
import Postgres

/// Weekly plans: the week a date falls in, the ten options per meal time for the budget, the
/// candidates a plan is filled from, and a plan generated from them. Reads go through the Recipes
/// area's Swift API (`RecipeStore.candidates`).
enum MealPlanning {
    /// Weeks start on Monday (ISO): the profile has no first weekday of its own yet.
    static func weekStart(of date: LocalDate) -> LocalDate { date.adding(days: 1 - date.isoWeekday) }

    static let optionsPerMeal = 10

    /// A meal's share of the weekly budget per day: the same shares as its calories.
    static func costCap(_ viewer: MealsViewer, _ meal: Meal) -> Decimal {
        let budget = NSDecimalNumber(decimal: viewer.weeklyBudget.amount).doubleValue
        return Decimal(string: String(format: "%.2f", budget * MealPlanner.share(of: meal) / 7)) ?? 0
    }

    static func mealTargetKcal(_ viewer: MealsViewer, _ meal: Meal) -> Double { viewer.dailyTargetKcal * MealPlanner.share(of: meal) }

    /// The candidates a meal time is planned from: near the meal's calories (either side), and the
    /// cheapest, within twice the meal's share of the budget per serving.
    static func pool(_ viewer: MealsViewer, _ meal: Meal, in database: some PostgresQuerying) async throws -> [RecipeCandidate] {
        try await RecipeStore.candidates(
            RecipeStore.CandidateQuery(
                viewerID: viewer.userID, mealTimes: [meal], restrictions: viewer.restrictions, targetKcal: mealTargetKcal(viewer, meal),
                nearLimit: 40, maximumCost: costCap(viewer, meal) * 2, cheapestLimit: 40),
            in: database)
    }

    /// The ten options of a meal time for the user's budget: from the pool, those whose cost per
    /// serving fits the meal's share of the budget, in an order fixed by the budget (the same
    /// budget and restrictions give the same ten).
    static func options(_ viewer: MealsViewer, _ meal: Meal, pool: [RecipeCandidate]) -> [RecipeCandidate] {
        let cap = costCap(viewer, meal)
        let seed = UInt64(truncating: NSDecimalNumber(decimal: viewer.weeklyBudget.amount * 100)) &* 31 &+ UInt64(MealPlanner.meals.firstIndex(of: meal) ?? 0)
        let fitting = pool.filter { ($0.catalogCost ?? Decimal.greatestFiniteMagnitude) <= cap }
        return
            fitting
            .map { (candidate: $0, rank: hash($0.record.id, seed)) }
            .sorted { ($0.rank, $0.candidate.record.id) < ($1.rank, $1.candidate.record.id) }
            .prefix(optionsPerMeal).map(\.candidate)
    }

    static func hash(_ id: Int64, _ seed: UInt64) -> UInt64 {
        var random = MealPlanner.SplitMix(state: UInt64(bitPattern: id) &+ seed &* 0x9E37_79B9)
        return random.next()
    }

    static func plannerCandidate(_ candidate: RecipeCandidate) -> MealPlanner.Candidate {
        MealPlanner.Candidate(
            recipeID: candidate.record.id, energyKcal: candidate.energyKcal,
            cost: candidate.catalogCost.map { NSDecimalNumber(decimal: $0).doubleValue } ?? 0)
    }

    /// A planned meal as the planner sees it.
    static func planned(_ meal: PlannedMealRecord, weekOf: LocalDate) -> MealPlanner.Planned {
        let portions = max(meal.portions, 0.01)
        return MealPlanner.Planned(
            slot: MealPlanner.Slot(day: weekOf.days(until: meal.date), meal: meal.meal),
            candidate: MealPlanner.Candidate(
                recipeID: meal.recipeID, energyKcal: meal.energyKcal / portions, cost: NSDecimalNumber(decimal: meal.cost).doubleValue / portions),
            portions: meal.portions, picked: meal.picked, locked: meal.locked)
    }

    /// What a plan's current meals fall short of (over budget, days far from the target).
    static func shortfalls(_ plan: MealPlanRecord, _ meals: [PlannedMealRecord]) -> [String] {
        let current = meals.map { planned($0, weekOf: plan.weekOf) }
        let input = MealPlanner.Input(
            dailyTargetKcal: plan.dailyTargetKcal, budget: NSDecimalNumber(decimal: plan.budget).doubleValue, pools: [:], picks: [:],
            seed: 0)
        return MealPlanner.shortfalls(
            current, input: input, target: plan.dailyTargetKcal, total: current.reduce(0) { $0 + $1.cost })
    }
}
