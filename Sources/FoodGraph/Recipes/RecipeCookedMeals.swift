import Foundation
import GraphQLEngine
import Postgres

/// A cooking logged to the diary (`CookRecipeInput.logMeal`): the servings cooked become one diary
/// entry written through the Diary area's own mutation (its date rules, its day totals and the
/// rivals' daily figures follow), and `undoCooking` removes it through the diary's delete.
///
/// The entry is a food named after the recipe whose nutrition is the recipe's per serving: one
/// serving weighs what the weighed ingredients weigh over the recipe's servings (100 g when
/// nothing could be weighed or that is outside the diary's 0.1–5000 g of a serving), and its values
/// per 100 g are set so that `servings` servings carry exactly `servings` × the per-serving figures.
enum RecipeCookedMeals {
    enum Outcome {
        case logged(DiaryEntryRecord)
        case refused([UserError])
    }

    /// Logs `servings` of `recipe`, or the user errors that stopped it (nothing written then).
    static func log(
        _ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord], products: [Int64: ProductRecord], servings: Int, meal: Meal,
        date: LocalDate?, _ scope: MutationScope
    ) async throws -> Outcome {
        let facts = ingredients.map { $0.facts($0.productID.flatMap { products[$0] }) }
        let summary = RecipeFigures.summary(facts, servings: recipe.servings)
        guard summary.hasNutrition else {
            return .refused([UserError("logMeal", "This recipe's nutrition is unknown; log what you ate by hand.", code: .invalidState)])
        }
        let weighed = summary.grams.compactMap { $0 }.reduce(0, +) / Double(max(recipe.servings, 1))
        let rounded = (weighed * 10).rounded() / 10
        let servingGrams = (0.1...5000).contains(rounded) ? rounded : 100
        var values: [NutrientKey: Double] = [:]
        for key in NutrientKey.allCases {
            if let value = summary.nutrition[key] { values[key] = value * 100 / servingGrams }
        }
        let food = CustomFoodInput(
            name: String(recipe.title.prefix(200)), nutrition: CustomFoodNutritionInput(values: values), servingGrams: servingGrams,
            pieceGrams: nil)
        let payload = try await DiaryEntryMutations.add(
            AddDiaryEntryInput(
                food: DiaryFoodInput(productId: nil, customFood: food), date: date, meal: meal, quantity: Double(servings), unit: .serving,
                source: .recipe, overrides: nil), scope)
        if let entry = payload.entry { return .logged(entry) }
        // The diary names its own fields; here the date is `logDate`, anything else the logging.
        return .refused(
            payload.userErrors.map { error in
                UserError(field: error.field?.first == "date" ? ["logDate"] : ["logMeal"], message: error.message, code: error.code)
            })
    }
}

/// The SQL of `recipe_cooked_meals`.
extension RecipeStore {
    /// Remembers which diary entry a cooking (its pantry movement group) logged.
    static func linkCookedMeal(group: Int64, entryID: Int64, userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "INSERT INTO recipe_cooked_meals (movement_group_id, user_id, diary_entry_id) VALUES ($1, $2, $3)", [group, userID, entryID])
    }

    /// Forgets a cooking's link; the diary entry it logged, if it is still in the diary.
    static func unlinkCookedMeal(group: Int64, userID: Int64, in transaction: PostgresTransaction) async throws -> Int64? {
        try await transaction.query(
            "DELETE FROM recipe_cooked_meals WHERE movement_group_id = $1 AND user_id = $2 RETURNING diary_entry_id", [group, userID]
        ).first?.decode(Int64.self, at: 0)
    }
}
