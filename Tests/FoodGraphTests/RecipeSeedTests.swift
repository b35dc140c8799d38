import Foundation
import Testing

@testable import FoodGraph

/// The demo cookbook: original recipes spread over every dish type, category and appliance, whose
/// ingredients link to seed products.
@Suite struct RecipeSeedTests {
    let recipes: [RecipeSeed.Recipe]
    let linked: [[RecipeSeed.Linked]]

    init() throws {
        recipes = try RecipeSeed.parse(try RecipeSeed.text())
        let catalog = try SeedCatalog.load()
        linked = try RecipeSeed.link(recipes, catalogNames: catalog.products.compactMap { $0["name"] })
    }

    @Test func theCookbookHasAtLeast120RecipesWithUniqueTitles() {
        #expect(recipes.count >= 120)
        #expect(Set(recipes.map(\.title)).count == recipes.count)
    }

    @Test func everyDishTypeCategoryApplianceAndMealTimeIsCovered() {
        #expect(Set(recipes.map(\.dishType)) == Set(DishType.allCases))
        #expect(Set(recipes.flatMap(\.categories)) == Set(RecipeCategory.allCases))
        #expect(Set(recipes.flatMap(\.appliances)) == Set(KitchenAppliance.allCases))
        #expect(Set(recipes.flatMap(\.mealTimes)) == Set(Meal.allCases))
        #expect(recipes.contains { $0.prepMinutes + $0.cookMinutes <= CookingTime.fastMaximumMinutes })
        #expect(recipes.contains { $0.prepMinutes + $0.cookMinutes >= CookingTime.slowMinimumMinutes })
    }

    @Test func everyRecipeHasIngredientsStepsAndParsedQuantities() {
        for (recipe, ingredients) in zip(recipes, linked) {
            #expect(!recipe.steps.isEmpty, "\(recipe.title) has no steps")
            #expect(!ingredients.isEmpty, "\(recipe.title) has no ingredients")
            for ingredient in ingredients {
                #expect(!ingredient.parsed.food.isEmpty, "\(recipe.title): an ingredient without food")
                #expect(ingredient.parsed.quantity != nil, "\(recipe.title): \(ingredient.parsed.food) has no quantity")
            }
        }
    }

    /// Every food that is not water links a product unless the file says `= -`; the matcher finds
    /// the others with full confidence but a few.
    @Test func ingredientsLinkSeedProducts() {
        var unlinked: [String] = []
        var unsure: [String] = []
        for (recipe, (ingredients, seeds)) in zip(recipes, zip(linked, recipes.map(\.ingredients))) {
            for (ingredient, seed) in zip(ingredients, seeds) where seed.link == .matched {
                if let confidence = ingredient.confidence, confidence < 0.85 { unsure.append("\(recipe.title): \(ingredient.parsed.food)") }
                if ingredient.productName == nil && !FoodClassifier.isNegligible(ingredient.parsed.food) {
                    unlinked.append("\(recipe.title): \(ingredient.parsed.food)")
                }
            }
        }
        #expect(unlinked == [])
        #expect(unsure == [])
    }
}
