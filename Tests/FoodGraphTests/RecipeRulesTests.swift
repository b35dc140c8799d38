import Foundation
import Testing

@testable import FoodGraph

/// The Recipes area's pure rules: unit conversions, densities, per-serving figures computed by
/// hand, the vitamin and mineral score, macro profiles, traits, restrictions, import and matching.
@Suite struct RecipeRulesTests {
    func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    // MARK: - Units

    @Test func volumesConvertBothWays() {
        #expect(close(RecipeUnits.convert(1, from: .cup, to: .millilitre), 236.5882365))
        #expect(close(RecipeUnits.convert(236.5882365, from: .millilitre, to: .cup), 1))
        #expect(close(RecipeUnits.convert(2, from: .tablespoon, to: .teaspoon), 6))
        #expect(close(RecipeUnits.convert(6, from: .teaspoon, to: .tablespoon), 2))
        #expect(close(RecipeUnits.convert(1, from: .fluidOunce, to: .tablespoon), 2))
        #expect(close(RecipeUnits.convert(1, from: .litre, to: .cup), 4.226752837))
        #expect(close(RecipeUnits.convert(16, from: .pinch, to: .teaspoon), 1))
    }

    @Test func massesConvertBothWays() {
        #expect(close(RecipeUnits.convert(1, from: .pound, to: .gram), 453.59237))
        #expect(close(RecipeUnits.convert(453.59237, from: .gram, to: .pound), 1))
        #expect(close(RecipeUnits.convert(16, from: .ounce, to: .pound), 1))
        #expect(close(RecipeUnits.convert(1, from: .pound, to: .ounce), 16))
        #expect(close(RecipeUnits.convert(2.5, from: .kilogram, to: .gram), 2500))
        #expect(close(RecipeUnits.convert(2500, from: .gram, to: .kilogram), 2.5))
    }

    @Test func volumeAndMassConvertThroughADensityBothWays() {
        // A cup of flour at 0.53 g/ml, and back.
        let grams = RecipeUnits.convert(1, from: .cup, to: .gram, density: 0.53)
        #expect(close(grams, 125.391765345))
        #expect(close(RecipeUnits.convert(125.391765345, from: .gram, to: .cup, density: 0.53), 1))
        // 100 g of butter at 0.96 g/ml is 104.17 ml, and back.
        #expect(close(RecipeUnits.convert(100, from: .gram, to: .millilitre, density: 0.96), 104.1666667, within: 1e-6))
        #expect(close(RecipeUnits.convert(104.16666666666667, from: .millilitre, to: .gram, density: 0.96), 100))
        // Without a density, or for counts, there is no answer.
        #expect(RecipeUnits.convert(1, from: .cup, to: .gram) == nil)
        #expect(RecipeUnits.convert(1, from: .count, to: .gram) == nil)
    }

    @Test func densitiesAndPieceWeightsComeFromTheFoodsName() {
        #expect(RecipeUnits.density(of: "all-purpose flour") == 0.53)
        #expect(RecipeUnits.density(of: "whole wheat flour") == 0.51)
        #expect(RecipeUnits.density(of: "packed brown sugar") == 0.93)
        #expect(RecipeUnits.density(of: "mystery powder") == nil)
        #expect(RecipeUnits.pieceWeight(of: "large eggs", pieceName: nil) == 50)
        #expect(RecipeUnits.pieceWeight(of: "garlic", pieceName: "clove") == 3)
        #expect(RecipeUnits.pieceWeight(of: "garlic", pieceName: "head") == 40)
        #expect(RecipeUnits.pieceWeight(of: "butter", pieceName: "stick") == 113)
    }

    @Test func aProductsLabelGivesItsDensityAndPieceWeight() {
        let nutrition = Nutrition(basis: .per100G, energyKcal: 364, fatG: 1, carbohydratesG: 76, proteinG: 10)
        let flour = ProductFacts(
            id: 1, name: "All Purpose Flour", nutrition: nutrition, servingAmount: 30, servingUnit: .gram,
            servingDescription: "1/4 cup (30 g)")
        #expect(close(flour.labelDensity, 30 / 59.147059125, within: 1e-9))
        let banana = ProductFacts(
            id: 2, name: "Bananas", nutrition: nutrition, servingAmount: 118, servingUnit: .gram,
            servingDescription: "1 medium banana (118 g)")
        #expect(banana.labelPieceGrams == 118)
        let bread = ProductFacts(
            id: 3, name: "Bread", nutrition: nutrition, servingAmount: 70, servingUnit: .gram, servingDescription: "2 slices (70 g)")
        #expect(bread.labelPieceGrams == 35)
    }

    // MARK: - Figures computed by hand

    /// Product A: 100 kcal, 10 g protein, 5 g fat, 2 g carbohydrates, 10 mg vitamin C per 100 g;
    /// 500 g for 5.00. Product B, a liquid: 50 kcal, 3 g protein, 2 g fat, 5 g carbohydrates,
    /// 120 mg calcium per 100 ml; 1 l for 3.00.
    static let productA = ProductFacts(
        id: 1, name: "Product A", nutrition: Nutrition(basis: .per100G, energyKcal: 100, fatG: 5, carbohydratesG: 2, proteinG: 10, vitaminCMg: 10),
        packageSize: Quantity(value: 500, unit: .gram), catalogPrice: Money(amount: DecimalText("5.00"), currency: "CAD"))
    static let productB = ProductFacts(
        id: 2, name: "Product B", nutrition: Nutrition(basis: .per100Ml, energyKcal: 50, fatG: 2, carbohydratesG: 5, proteinG: 3, calciumMg: 120),
        perMillilitre: true, packageSize: Quantity(value: 1000, unit: .millilitre),
        catalogPrice: Money(amount: DecimalText("3.00"), currency: "CAD"))

    @Test func nutritionPerServingIsTheSumOverIngredientsDividedByServings() {
        // 200 g of A, 2 cups (473.176 ml) of B, for 2 servings.
        let ingredients = [
            IngredientFacts(quantity: 200, unit: .gram, food: "a", product: Self.productA),
            IngredientFacts(quantity: 2, unit: .cup, food: "b", product: Self.productB),
        ]
        let summary = RecipeFigures.summary(ingredients, servings: 2)
        let millilitres = 2 * 236.5882365
        // Energy: (200 + 473.176 × 0.5) / 2 = 218.294
        #expect(close(summary.nutrition.energyKcal, (200 + millilitres * 0.5) / 2, within: 0.01))
        #expect(close(summary.nutrition.proteinG, (20 + millilitres * 0.03) / 2, within: 0.01))
        #expect(close(summary.nutrition.fatG, (10 + millilitres * 0.02) / 2, within: 0.01))
        #expect(close(summary.nutrition.carbohydratesG, (4 + millilitres * 0.05) / 2, within: 0.01))
        // Known by one ingredient only: still summed; unknown by both: unknown.
        #expect(close(summary.nutrition.vitaminCMg, 20.0 / 2, within: 0.01))
        #expect(close(summary.nutrition.calciumMg, millilitres * 1.2 / 2, within: 0.01))
        #expect(summary.nutrition.ironMg == nil)
        // Cost: 200/500 × 5.00 + 473.176/1000 × 3.00 = 3.4195, a serving 1.71.
        #expect(summary.cost?.amount.text == "1.71")
        #expect(summary.cost?.currency == "CAD")
        #expect(summary.missingNutrition.isEmpty && summary.missingPrice.isEmpty)
        // B was measured by volume: its grams at 1 g/ml.
        #expect(summary.grams == [200, 473.2])
    }

    @Test func theViewersStorePriceReplacesTheCatalogPrice() {
        let ingredients = [IngredientFacts(quantity: 250, unit: .gram, food: "a", product: Self.productA)]
        let summary = RecipeFigures.summary(ingredients, servings: 1, prices: [1: Money(amount: DecimalText("4.00"), currency: "CAD")])
        #expect(summary.cost?.amount.text == "2.00")
    }

    @Test func ingredientsWithoutDataAreListedAndTasteAmountsAndWaterAreNotCounted() {
        let ingredients = [
            IngredientFacts(quantity: 100, unit: .gram, food: "a", product: Self.productA),
            IngredientFacts(quantity: 1, unit: .teaspoon, food: "mystery spice"),
            IngredientFacts(quantity: 2, unit: .cup, food: "water"),
            IngredientFacts(quantity: nil, unit: nil, food: "salt and pepper"),
            // A count of a product whose piece weight nobody knows.
            IngredientFacts(quantity: 2, unit: .count, food: "zorblax", product: ProductFacts(
                id: 9, name: "Zorblax", nutrition: Nutrition(energyKcal: 10, fatG: 0, carbohydratesG: 1, proteinG: 0))),
        ]
        let summary = RecipeFigures.summary(ingredients, servings: 1)
        #expect(summary.missingNutrition == ["mystery spice", "zorblax"])
        #expect(summary.missingPrice == ["mystery spice", "zorblax"])
        #expect(close(summary.nutrition.energyKcal, 100))
        #expect(summary.grams[3] == nil)
    }

    @Test func theVitaminAndMineralScoreSumsCappedPercentagesOfDailyValues() {
        var nutrition = Nutrition(energyKcal: 100, fatG: 1, carbohydratesG: 1, proteinG: 1)
        nutrition.vitaminCMg = 45  // 50 %
        nutrition.calciumMg = 2600  // 200 %, capped at 100
        nutrition.micronutrients = [Micronutrient(name: "potassium", amount: 470, unit: "mg"), Micronutrient(name: "unknown", amount: 5, unit: "mg")]
        #expect(RecipeFigures.vitaminMineralScore(nutrition) == 160)
    }

    @Test func macroProfilesFollowTheDocumentedShares() {
        // 120 kcal protein, 45 fat, 80 carbohydrates of 245.
        #expect(RecipeFigures.profiles(proteinG: 30, fatG: 5, carbohydratesG: 20) == [.highProtein, .lowFat])
        // 20 kcal protein, 18 fat, 240 carbohydrates of 278.
        #expect(RecipeFigures.profiles(proteinG: 5, fatG: 2, carbohydratesG: 60) == [.highCarb, .lowFat])
        #expect(RecipeFigures.profiles(proteinG: 10, fatG: 20, carbohydratesG: 30).isEmpty)
    }

    // MARK: - Traits and restrictions

    @Test func traitsComeFromProductsAndFreeTextFoods() {
        let vegan = ProductFacts(
            id: 5, name: "Chickpeas", nutrition: Nutrition(energyKcal: 164, fatG: 2.6, carbohydratesG: 27, proteinG: 9),
            dietLabels: [.vegan, .vegetarian, .glutenFree, .dairyFree, .nutFree])
        let plain = RecipeTraits(
            ingredients: [IngredientFacts(quantity: 400, unit: .gram, food: "chickpeas", product: vegan)], servings: 2, cookMinutes: 0,
            appliances: [.blender])
        #expect(plain.dietLabels == [.vegan, .vegetarian, .glutenFree, .dairyFree, .nutFree])
        #expect(plain.dietTypes.contains(.vegan) && plain.dietTypes.contains(.raw) && plain.dietTypes.contains(.mono))
        #expect(plain.allergens.isEmpty)

        let buttered = RecipeTraits(
            ingredients: [
                IngredientFacts(quantity: 400, unit: .gram, food: "chickpeas", product: vegan),
                IngredientFacts(quantity: 2, unit: .tablespoon, food: "butter"),
                IngredientFacts(quantity: 50, unit: .gram, food: "smoked salmon"),
            ], servings: 2, cookMinutes: 10, appliances: [.stove])
        #expect(buttered.allergens == [.milk, .fish])
        #expect(buttered.dietLabels == [.glutenFree, .nutFree])
        #expect(!buttered.dietTypes.contains(.vegetarian) && !buttered.dietTypes.contains(.raw))
        #expect(buttered.cautions == [RecipeCaution.pregnancy])
        #expect(buttered.foodsText.contains(" smoked salmon "))
        #expect(!buttered.nutritionComplete)
    }

    @Test func coconutMilkAndPeanutButterAreNotWhatTheirWordsSay() {
        #expect(FoodClassifier.allergens(of: "coconut milk").isEmpty)
        #expect(FoodClassifier.allergens(of: "smooth peanut butter") == [.peanuts])
        #expect(!FoodClassifier.matches("hot dog buns", FoodClassifier.fleshKeywords))
        #expect(FoodClassifier.matches("hot dog", FoodClassifier.fleshKeywords))
    }

    @Test func profileAllergiesBecomeAllergensAndTheRestAvoidedFoods() {
        let (allergens, others) = FoodClassifier.allergens(fromProfile: ["Peanuts", "dairy", "gluten", "TREE_NUTS", "cilantro"])
        #expect(allergens == [.peanuts, .milk, .wheat, .treeNuts])
        #expect(others == ["cilantro"])
        #expect(FoodClassifier.allergens(fromProfile: ["nuts"]).allergens == [.treeNuts, .peanuts])
    }

    @Test func illnessesAndPregnancyGiveTheDocumentedRules() {
        let rules = HealthRules(illnesses: ["Type 2 diabetes", "high blood pressure", "Celiac disease", "gout", "something rare"], pregnant: true)
        #expect(rules.maximumSugarsG == 15)
        #expect(rules.maximumSodiumMg == 600)
        #expect(rules.glutenFree)
        #expect(rules.excludedCautions == [RecipeCaution.pregnancy, RecipeCaution.purine])
        #expect(HealthRules(illnesses: ["lactose intolerance"], pregnant: false).excludedAllergens == [.milk])
        #expect(HealthRules(illnesses: [], pregnant: false) == HealthRules())
    }

    // MARK: - Import

    @Test func pastedTextGivesTitleIngredientsAndSteps() throws {
        let recipe = try RecipeImport.fromText(
            """
            Weeknight Chickpea Curry
            A quick curry from the pantry.
            Serves 4
            Prep time: 10 minutes
            Cook time: 1 hr 5 mins

            Ingredients
            - 1 tbsp vegetable oil
            - 1 onion, chopped
            For the sauce:
            - 1 (400 ml) can coconut milk
            - 2 cans chickpeas, drained

            Method
            1. Fry the onion in the oil until soft.
            2. Add the chickpeas and coconut milk; simmer 20 minutes.
            """)
        #expect(recipe.title == "Weeknight Chickpea Curry")
        #expect(recipe.description == "A quick curry from the pantry.")
        #expect(recipe.servings == 4 && recipe.prepMinutes == 10 && recipe.cookMinutes == 65)
        #expect(recipe.ingredientLines == ["1 tbsp vegetable oil", "1 onion, chopped", "1 (400 ml) can coconut milk", "2 cans chickpeas, drained"])
        #expect(recipe.steps == ["Fry the onion in the oil until soft.", "Add the chickpeas and coconut milk; simmer 20 minutes."])
    }

    @Test func textWithoutHeadingsTakesQuantityLinesAsIngredients() throws {
        let recipe = try RecipeImport.fromText(
            "Banana Smoothie\n1 banana\n1 cup milk\n2 tbsp honey\nBlend everything until smooth and serve at once in tall glasses, with a straw.")
        #expect(recipe.ingredientLines == ["1 banana", "1 cup milk", "2 tbsp honey"])
        #expect(recipe.steps.count == 1)
        #expect(recipe.dishType == .beverage)
    }

    @Test func schemaOrgJSONLDIsRead() throws {
        let json = """
            {"@context": "https://schema.org", "@graph": [{"@type": "WebPage", "name": "x"}, {"@type": ["Recipe"],
              "name": "Lemon &amp; Herb Chicken", "description": "<p>Bright and easy.</p>", "recipeYield": ["4", "4 servings"],
              "prepTime": "PT15M", "cookTime": "PT1H10M", "recipeCategory": "Main course",
              "recipeIngredient": ["4 chicken thighs", "1 lemon, juiced", "2 tbsp olive oil"],
              "recipeInstructions": [{"@type": "HowToSection", "name": "Cook", "itemListElement": [
                {"@type": "HowToStep", "text": "Marinate the chicken."}, {"@type": "HowToStep", "text": "Roast at 200°C."}]}]}]}
            """
        let recipe = try RecipeImport.fromJSONLD(json)
        #expect(recipe.title == "Lemon & Herb Chicken")
        #expect(recipe.description == "Bright and easy.")
        #expect(recipe.servings == 4 && recipe.prepMinutes == 15 && recipe.cookMinutes == 70)
        #expect(recipe.ingredientLines.count == 3)
        #expect(recipe.steps == ["Marinate the chicken.", "Roast at 200°C."])
        #expect(recipe.dishType == .mainDish)
        #expect(throws: ImportProblem.self) { try RecipeImport.fromJSONLD(#"{"@type": "Article"}"#) }
        #expect(throws: ImportProblem.self) { try RecipeImport.fromJSONLD("not json") }
    }

    @Test func isoDurationsBecomeMinutes() {
        #expect(RecipeImport.duration("PT1H30M") == 90)
        #expect(RecipeImport.duration("P0DT45M") == 45)
        #expect(RecipeImport.duration("PT90M") == 90)
        #expect(RecipeImport.duration("P1D") == 1440)
        #expect(RecipeImport.duration("1 hour") == nil)
    }

    // MARK: - Matching

    @Test func matchConfidenceFavoursTheNameThatExplainsTheFood() {
        #expect(ProductMatcher.confidence(food: "all-purpose flour", product: "All Purpose Flour") == 1)
        #expect(
            ProductMatcher.confidence(food: "butter", product: "Salted Butter")
                > ProductMatcher.confidence(food: "butter", product: "Smooth Peanut Butter"))
        #expect(ProductMatcher.confidence(food: "large eggs", product: "Large White Eggs") >= 0.8)
        #expect(ProductMatcher.confidence(food: "flour", product: "Flour Tortillas") < ProductMatcher.confidence(food: "flour", product: "Whole Wheat Flour"))
        #expect(ProductMatcher.confidence(food: "chicken", product: "Canola Oil") < ProductMatcher.threshold)
    }
}
