import Foundation
import GraphQLEngine
import Postgres

/// Why a recipe was suggested (schema enum `MealAdviceReason`).
enum MealAdviceReason: String, GraphQLEnum {
    static let graphQLTypeName = "MealAdviceReason"
    case fitsCalories = "FITS_CALORIES"
    case suitsDietPlan = "SUITS_DIET_PLAN"
    case favouredFood = "FAVOURED_FOOD"
    case macroSplit = "MACRO_SPLIT"
    case respectsRestrictions = "RESPECTS_RESTRICTIONS"
    case nutrientRich = "NUTRIENT_RICH"
    case usesExpiring = "USES_EXPIRING"
}

/// A pantry lot a recipe would use up (advice prefers the soonest to expire): the recipe's food,
/// its expiry date, and the days left from today.
struct PantryUse: Sendable, Equatable {
    var food: String
    var expiresOn: LocalDate
    var daysLeft: Int
}

/// A suggested recipe for a meal (schema type `MealSuggestion`), with why it was chosen.
struct MealSuggestion: ObjectValue {
    static let graphQLTypeName = "MealSuggestion"
    var recipe: RecipeRecord
    var energyKcal: Double
    var score: Double
    var reasonCodes: [MealAdviceReason]
    var reasons: [String]
}

/// Meal advice (Scan&Cook US-403…405): recipes for one meal time and date ranked for the viewer:
/// those that fit the diet plan (its diet type, foods to avoid, macro split) and the calories
/// left for the meal, respect the profile's restrictions, and use foods the plan favours.
enum MealAdvice {
    static let maximumSuggestions = 10

    /// A meal's share of the day for advice (snacks included).
    static func share(of meal: Meal) -> Double {
        switch meal {
        case .breakfast: 0.25
        case .lunch: 0.35
        case .dinner: 0.30
        case .snack: 0.10
        }
    }

    /// The calories the meal may have: its share of the day's target less what the diary already
    /// holds for that meal, and never more than what is left of the day; at least 100 kcal.
    static func mealBudget(target: Double, consumedDay: Double, consumedMeal: Double, meal: Meal) -> Double {
        max(100, min(target * share(of: meal) - consumedMeal, target - consumedDay))
    }

    static func suggestions(for viewer: MealsViewer, date: LocalDate, meal: Meal, in database: some PostgresQuerying) async throws
        -> [MealSuggestion]
    {
        let entries = try await DiaryEntryStore.entries(userIDs: [viewer.userID], on: date, in: database)[viewer.userID] ?? []
        let consumedDay = DiaryDay.sum(entries).energyKcal
        let consumedMeal = DiaryDay.sum(entries.filter { $0.meal == meal }).energyKcal
        let target = viewer.dailyTargetKcal
        let budget = mealBudget(target: target, consumedDay: consumedDay, consumedMeal: consumedMeal, meal: meal)
        let candidates = try await RecipeStore.candidates(
            RecipeStore.CandidateQuery(
                viewerID: viewer.userID, mealTimes: [meal], restrictions: viewer.restrictions, targetKcal: budget * 0.9, nearLimit: 60,
                maximumCost: nil, cheapestLimit: 0, minimumKcal: 30),
            in: database)
        let uses = try await pantryUses(of: candidates, for: viewer.userID, on: date, today: viewer.profile.today, in: database)
        return rank(candidates, viewer: viewer, budget: budget, meal: meal, pantry: uses)
    }

    /// Pantry items expiring within this many days (from today) are worth using up.
    static let expiryHorizonDays = 7

    /// For each candidate, the pantry lot it would use that expires first (through the Kitchen
    /// area's `PantryStore.expiring`, one statement, and the Recipes area's ingredients, one more):
    /// lots with a product match an ingredient of that product, lots without one match the
    /// ingredient words. Lots already expired on the meal's date are not suggested.
    static func pantryUses(
        of candidates: [RecipeCandidate], for userID: Int64, on date: LocalDate, today: LocalDate, in database: some PostgresQuerying
    ) async throws -> [Int64: PantryUse] {
        guard !candidates.isEmpty else { return [:] }
        let lots = try await PantryStore.expiring(of: userID, within: expiryHorizonDays, in: database)
            .filter { lot in lot.expiresOn.map { $0 >= date && $0 >= today } ?? false }
            .sorted { ($0.expiresOn!, $0.id) < ($1.expiresOn!, $1.id) }
        guard !lots.isEmpty else { return [:] }
        let ingredients = try await RecipeStore.ingredients(of: candidates.map(\.record.id), from: database)
        var uses: [Int64: PantryUse] = [:]
        for candidate in candidates {
            let list = ingredients[candidate.record.id] ?? []
            for lot in lots {
                guard let expires = lot.expiresOn else { continue }
                var food: String?
                if let productID = lot.productID {
                    food = list.first { $0.productID == productID }?.food
                } else if let name = lot.food {
                    let words = RecipeUnits.singularWords(name).joined(separator: " ")
                    if !words.isEmpty && candidate.foodsText.contains(" \(words) ") { food = name }
                }
                if let food {
                    uses[candidate.record.id] = PantryUse(food: food, expiresOn: expires, daysLeft: today.days(until: expires))
                    break
                }
            }
        }
        return uses
    }

    /// Ranks candidates (pure): within the meal's calories first, nearest 90 % of them, then the
    /// plan's favoured foods, its macro split and vitamins and minerals; each with its reasons.
    /// A recipe using a pantry item that expires soon gains 0.6, plus 0.1 for each day sooner than
    /// the horizon: more than the plan's favoured foods and macro split, less than fitting the
    /// calories.
    static func rank(
        _ candidates: [RecipeCandidate], viewer: MealsViewer, budget: Double, meal: Meal, pantry: [Int64: PantryUse] = [:]
    ) -> [MealSuggestion] {
        let plan = viewer.following?.plan
        let restrictions = viewer.restrictions
        let restricted = !restrictions.allergens.isEmpty || !restrictions.avoidedFoods.isEmpty || restrictions.dietType != nil
        var ranked: [MealSuggestion] = []
        for candidate in candidates {
            let energy = candidate.energyKcal
            let fits = energy <= budget * 1.05
            var score = fits ? 2.0 : 0.0
            score -= abs(energy - budget * 0.9) / max(budget, 1)
            var codes: [MealAdviceReason] = []
            var reasons: [String] = []
            let meal = meal.rawValue.lowercased()
            if fits {
                codes.append(.fitsCalories)
                reasons.append("Fits the \(Int(budget.rounded())) kcal left for \(meal): \(Int(energy.rounded())) kcal a serving.")
            } else {
                reasons.append("\(Int(energy.rounded())) kcal a serving, a little over the \(Int(budget.rounded())) kcal left for \(meal).")
            }
            if let use = pantry[candidate.record.id] {
                score += 0.6 + 0.1 * Double(max(0, expiryHorizonDays - max(use.daysLeft, 0)))
                codes.append(.usesExpiring)
                let when = use.daysLeft <= 0 ? "today" : use.daysLeft == 1 ? "tomorrow" : "on \(use.expiresOn)"
                reasons.append("Uses your \(use.food), expiring \(when) (\(use.expiresOn)).")
            }
            if let plan {
                codes.append(.suitsDietPlan)
                reasons.append("Suits your diet plan \"\(plan.name)\".")
                let favoured = plan.favouredFoods.filter { candidate.foodsText.contains(" " + $0) }
                if !favoured.isEmpty {
                    score += 0.15 * Double(min(favoured.count, 3))
                    codes.append(.favouredFood)
                    reasons.append("Uses \(favoured.prefix(3).joined(separator: ", ")), which the plan favours.")
                }
                let shares = RecipeFigures.energyShares(
                    proteinG: candidate.record.proteinG, fatG: candidate.record.fatG, carbohydratesG: candidate.record.carbohydratesG)
                let distance =
                    abs(shares.protein - Double(plan.proteinPercent) / 100) + abs(shares.fat - Double(plan.fatPercent) / 100)
                    + abs(shares.carbohydrates - Double(plan.carbohydratesPercent) / 100)
                score += 0.5 * max(0, 1 - distance * 2)
                if distance <= 0.25 {
                    codes.append(.macroSplit)
                    reasons.append(
                        "Close to the plan's split of \(plan.proteinPercent) % protein, \(plan.fatPercent) % fat, \(plan.carbohydratesPercent) % carbohydrates."
                    )
                }
            }
            if restricted {
                codes.append(.respectsRestrictions)
                reasons.append("Respects your restrictions\(restrictions.dietType.map { " and suits a \($0.rawValue.lowercased().replacingOccurrences(of: "_", with: " ")) diet" } ?? "").")
            }
            if candidate.record.vitaminMineralScore >= 100 {
                score += 0.1
                codes.append(.nutrientRich)
                reasons.append("Rich in vitamins and minerals.")
            }
            score += candidate.record.vitaminMineralScore / 5000
            ranked.append(MealSuggestion(recipe: candidate.record, energyKcal: energy, score: (score * 1000).rounded() / 1000, reasonCodes: codes, reasons: reasons))
        }
        return Array(
            ranked.sorted { ($0.score, -$0.recipe.id) > ($1.score, -$1.recipe.id) }.prefix(maximumSuggestions))
    }
}
