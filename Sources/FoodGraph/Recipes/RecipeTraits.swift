import Foundation

/// What a recipe's ingredients make of it, stored with the recipe so that search filters and
/// orders by it in SQL: allergens, diet labels, the diet types it suits, health cautions, the
/// words of its foods, its products, and the per-serving figures at catalog prices. Recomputed
/// whenever the recipe changes and, for catalog changes, by the area's refresh job. Pure.
struct RecipeTraits: Equatable, Sendable {
    var allergens: [Allergen]
    var dietLabels: [DietLabel]
    var dietTypes: [DietType]
    var cautions: [String]
    /// The normalised words of every ingredient's food and product name, space-separated and
    /// wrapped in spaces, for matching foods the viewer avoids.
    var foodsText: String
    var productIDs: [Int64]
    var energyKcal: Double
    var proteinG: Double
    var fatG: Double
    var carbohydratesG: Double
    var sugarsG: Double?
    var sodiumMg: Double?
    var saturatedFatG: Double?
    var vitaminMineralScore: Double
    /// Per serving at catalog prices; nil when no ingredient has a price.
    var catalogCost: Decimal?
    var nutritionComplete: Bool
    var costComplete: Bool
    /// Per ingredient, in order: what it needs of the pantry for the recipe's servings.
    var pantryNeeds: [RecipeCooking.PantryNeed?]

    /// Ingredient-derived labels: every ingredient must carry them (its product's label, or its
    /// food's classification when it has no product).
    static let derivedLabels: [DietLabel] = [.vegan, .vegetarian, .glutenFree, .dairyFree, .nutFree]

    /// A single food making at least this share of the weighed ingredients makes a mono dish.
    static let monoShare = 0.8

    init(ingredients: [IngredientFacts], servings: Int, cookMinutes: Int, appliances: [KitchenAppliance]) {
        let summary = RecipeFigures.summary(ingredients, servings: servings)
        var allergens: Set<Allergen> = []
        var labels = Set(Self.derivedLabels)
        var cautions: Set<String> = []
        var hasProtein = false
        var hasStarch = false
        var words: [String] = []
        for ingredient in ingredients {
            let text = ingredient.name + " " + (ingredient.product?.name ?? "")
            words.append(FoodText.normalized(text))
            if let product = ingredient.product {
                allergens.formUnion(product.allergens)
                var productLabels = Set(product.dietLabels)
                // A vegan product is vegetarian too, whatever its labels say.
                if productLabels.contains(.vegan) { productLabels.insert(.vegetarian) }
                labels.formIntersection(productLabels)
            } else if !FoodClassifier.isNegligible(ingredient.food) {
                let found = FoodClassifier.allergens(of: ingredient.food)
                allergens.formUnion(found)
                if FoodClassifier.matches(ingredient.food, FoodClassifier.fleshKeywords) { labels.subtract([.vegan, .vegetarian]) }
                if FoodClassifier.matches(ingredient.food, FoodClassifier.animalProductKeywords) { labels.remove(.vegan) }
                if FoodClassifier.matches(ingredient.food, FoodClassifier.glutenKeywords) { labels.remove(.glutenFree) }
                if found.contains(.milk) { labels.remove(.dairyFree) }
                if found.contains(.treeNuts) || found.contains(.peanuts) { labels.remove(.nutFree) }
            }
            if FoodClassifier.matches(text, FoodClassifier.pregnancyKeywords) { cautions.insert(RecipeCaution.pregnancy) }
            if FoodClassifier.matches(text, FoodClassifier.purineKeywords) { cautions.insert(RecipeCaution.purine) }
            if FoodClassifier.matches(text, FoodClassifier.proteinKeywords) { hasProtein = true }
            if FoodClassifier.matches(text, FoodClassifier.starchKeywords) { hasStarch = true }
        }
        self.allergens = Allergen.allCases.filter(allergens.contains)
        dietLabels = DietLabel.allCases.filter(labels.contains)
        self.cautions = cautions.sorted()
        foodsText = " " + words.joined(separator: " ") + " "
        productIDs = Array(Set(ingredients.compactMap { $0.product?.id })).sorted()
        let nutrition = summary.nutrition
        energyKcal = nutrition.energyKcal
        proteinG = nutrition.proteinG
        fatG = nutrition.fatG
        carbohydratesG = nutrition.carbohydratesG
        sugarsG = nutrition.sugarsG
        sodiumMg = nutrition.sodiumMg
        saturatedFatG = nutrition.saturatedFatG
        vitaminMineralScore = summary.vitaminMineralScore
        catalogCost = summary.cost?.amount.decimal
        nutritionComplete = summary.missingNutrition.isEmpty
        costComplete = summary.missingPrice.isEmpty
        pantryNeeds = ingredients.map { RecipeCooking.pantryNeed(of: $0).map { .init(quantity: RecipeCooking.round($0.quantity), unit: $0.unit) } }

        var types: [DietType] = [.ordinary]
        if labels.contains(.vegetarian) { types.append(.vegetarian) }
        if labels.contains(.vegan) { types.append(.vegan) }
        if !(hasProtein && hasStarch) { types.append(.separate) }
        if cookMinutes == 0 && !appliances.contains(where: \.heats) { types.append(.raw) }
        let shares = RecipeFigures.energyShares(proteinG: proteinG, fatG: fatG, carbohydratesG: carbohydratesG)
        if energyKcal > 0 && shares.carbohydrates <= RecipeFigures.lowCarbShare { types.append(.lowCarb) }
        if energyKcal > 0 && shares.fat <= RecipeFigures.lowFatShare { types.append(.lowFat) }
        // Mono: one food makes most of the dish's weight.
        let weighed = zip(ingredients, summary.grams).compactMap { ingredient, grams -> Double? in
            FoodClassifier.isNegligible(ingredient.food) ? nil : grams
        }
        let total = weighed.reduce(0, +)
        if total > 0, let largest = weighed.max(), largest / total >= Self.monoShare { types.append(.mono) }
        dietTypes = types
    }
}
