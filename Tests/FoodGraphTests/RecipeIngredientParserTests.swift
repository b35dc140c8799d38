import Foundation
import Testing

@testable import FoodGraph

/// The ingredient-line parser on lines as recipe sites, cookbooks and people write them.
@Suite struct RecipeIngredientParserTests {
    struct Case: Sendable, CustomStringConvertible {
        var line: String
        var quantity: Double?
        var quantityMax: Double? = nil
        var unit: IngredientUnit?
        var piece: String? = nil
        var food: String
        var note: String? = nil

        var description: String { line }
    }

    static let cases: [Case] = [
        // Fractions, mixed numbers, unicode fractions.
        Case(line: "2 1/2 cups all-purpose flour, sifted", quantity: 2.5, unit: .cup, food: "all-purpose flour", note: "sifted"),
        Case(line: "1/2 teaspoon salt", quantity: 0.5, unit: .teaspoon, food: "salt"),
        Case(line: "½ cup granulated sugar", quantity: 0.5, unit: .cup, food: "granulated sugar"),
        Case(line: "1½ cups whole milk", quantity: 1.5, unit: .cup, food: "whole milk"),
        Case(line: "¾ tsp baking soda", quantity: 0.75, unit: .teaspoon, food: "baking soda"),
        Case(line: "1 ⅓ cups rolled oats", quantity: 1 + 1.0 / 3, unit: .cup, food: "rolled oats"),
        Case(line: "1⁄4 cup olive oil", quantity: 0.25, unit: .cup, food: "olive oil"),
        Case(line: "1-1/2 pounds ground beef", quantity: 1.5, unit: .pound, food: "ground beef"),
        Case(line: "3/4 cup packed brown sugar", quantity: 0.75, unit: .cup, food: "brown sugar", note: "packed"),
        // Decimals in both notations, glued units.
        Case(line: "1.5 kg potatoes, peeled and cubed", quantity: 1.5, unit: .kilogram, food: "potatoes", note: "peeled and cubed"),
        Case(line: "0,5 l milk", quantity: 0.5, unit: .litre, food: "milk"),
        Case(line: "500g spaghetti", quantity: 500, unit: .gram, food: "spaghetti"),
        Case(line: "250ml chicken stock", quantity: 250, unit: .millilitre, food: "chicken stock"),
        Case(line: "2lb chicken thighs", quantity: 2, unit: .pound, food: "chicken thighs"),
        Case(line: "12oz bag frozen peas", quantity: 12, unit: .ounce, food: "frozen peas", note: "bag"),
        Case(line: "1,000 g flour", quantity: 1000, unit: .gram, food: "flour"),
        // Ranges.
        Case(line: "2-3 cloves garlic, minced", quantity: 2, quantityMax: 3, unit: .piece, piece: "clove", food: "garlic", note: "minced"),
        Case(line: "2 to 3 tablespoons lemon juice", quantity: 2, quantityMax: 3, unit: .tablespoon, food: "lemon juice"),
        Case(line: "3 or 4 ripe bananas", quantity: 3, quantityMax: 4, unit: .count, food: "ripe bananas"),
        Case(line: "1/2-1 tsp chili flakes", quantity: 0.5, quantityMax: 1, unit: .teaspoon, food: "chili flakes"),
        Case(line: "4–6 chicken drumsticks", quantity: 4, quantityMax: 6, unit: .count, food: "chicken drumsticks"),
        // Counts and pieces.
        Case(line: "3 large eggs", quantity: 3, unit: .count, food: "large eggs"),
        Case(line: "2 eggs, beaten", quantity: 2, unit: .count, food: "eggs", note: "beaten"),
        Case(line: "1 medium onion, finely chopped", quantity: 1, unit: .count, food: "medium onion", note: "finely chopped"),
        Case(line: "4 slices bacon", quantity: 4, unit: .piece, piece: "slice", food: "bacon"),
        Case(line: "2 sprigs fresh rosemary", quantity: 2, unit: .piece, piece: "sprig", food: "fresh rosemary"),
        Case(line: "1 bunch cilantro, chopped", quantity: 1, unit: .piece, piece: "bunch", food: "cilantro", note: "chopped"),
        Case(line: "2 stalks celery, diced", quantity: 2, unit: .piece, piece: "stalk", food: "celery", note: "diced"),
        Case(line: "1 stick butter, softened", quantity: 1, unit: .piece, piece: "stick", food: "butter", note: "softened"),
        Case(line: "1 head cauliflower", quantity: 1, unit: .piece, piece: "head", food: "cauliflower"),
        Case(line: "6 pieces chicken", quantity: 6, unit: .piece, food: "chicken"),
        Case(line: "2 bay leaves", quantity: 2, unit: .count, food: "bay leaves"),
        Case(line: "1 can chickpeas, drained and rinsed", quantity: 1, unit: .piece, piece: "can", food: "chickpeas", note: "drained and rinsed"),
        // Sizes in parentheses and multiples.
        Case(line: "1 (14.5 oz) can diced tomatoes", quantity: 14.5, unit: .ounce, food: "diced tomatoes", note: "can"),
        Case(line: "1 (540 ml) can black beans, drained", quantity: 540, unit: .millilitre, food: "black beans", note: "can, drained"),
        Case(line: "2 (6-ounce) salmon fillets", quantity: 12, unit: .ounce, food: "salmon fillets"),
        Case(line: "2 x 400g cans chopped tomatoes", quantity: 800, unit: .gram, food: "tomatoes", note: "can, chopped"),
        Case(line: "1 (8 oz.) package cream cheese, softened", quantity: 8, unit: .ounce, food: "cream cheese", note: "package, softened"),
        // Number words.
        Case(line: "a pinch of salt", quantity: 1, unit: .pinch, food: "salt"),
        Case(line: "A handful of fresh basil leaves", quantity: 1, unit: .piece, piece: "handful", food: "fresh basil leaves"),
        Case(line: "one 3-pound whole chicken", quantity: 1, unit: .count, food: "3-pound whole chicken"),
        Case(line: "two carrots, grated", quantity: 2, unit: .count, food: "carrots", note: "grated"),
        Case(line: "half a lemon, juiced", quantity: 0.5, unit: .count, food: "lemon", note: "juiced"),
        Case(line: "a dozen eggs", quantity: 12, unit: .count, food: "eggs"),
        Case(line: "an apple", quantity: 1, unit: .count, food: "apple"),
        // Abbreviations, both systems, case-sensitive T and t.
        Case(line: "2 Tbsp. soy sauce", quantity: 2, unit: .tablespoon, food: "soy sauce"),
        Case(line: "1 T butter", quantity: 1, unit: .tablespoon, food: "butter"),
        Case(line: "1 t vanilla extract", quantity: 1, unit: .teaspoon, food: "vanilla extract"),
        Case(line: "2 c. shredded cheddar", quantity: 2, unit: .cup, food: "shredded cheddar"),
        Case(line: "8 fl oz heavy cream", quantity: 8, unit: .fluidOunce, food: "heavy cream"),
        Case(line: "4 fl. oz. orange juice", quantity: 4, unit: .fluidOunce, food: "orange juice"),
        Case(line: "1 lb lean ground turkey", quantity: 1, unit: .pound, food: "lean ground turkey"),
        Case(line: "200 grams dark chocolate, chopped", quantity: 200, unit: .gram, food: "dark chocolate", note: "chopped"),
        Case(line: "2 kilograms pork shoulder", quantity: 2, unit: .kilogram, food: "pork shoulder"),
        Case(line: "3 tablespoons extra-virgin olive oil, divided", quantity: 3, unit: .tablespoon, food: "extra-virgin olive oil", note: "divided"),
        Case(line: "1 dl cream", quantity: 100, unit: .millilitre, food: "cream"),
        Case(line: "1 dash Worcestershire sauce", quantity: 0.125, unit: .teaspoon, food: "Worcestershire sauce"),
        Case(line: "1 heaping tablespoon cocoa powder", quantity: 1, unit: .tablespoon, food: "cocoa powder", note: "heaping"),
        // Sums.
        Case(line: "1 cup plus 2 tablespoons flour", quantity: 1.125, unit: .cup, food: "flour"),
        // No quantity, notes.
        Case(line: "Salt and pepper to taste", quantity: nil, unit: nil, food: "Salt and pepper", note: "to taste"),
        Case(line: "Fresh parsley, for garnish", quantity: nil, unit: nil, food: "Fresh parsley", note: "for garnish"),
        Case(line: "Vegetable oil for frying", quantity: nil, unit: nil, food: "Vegetable oil", note: "for frying"),
        Case(line: "1 cup (240 ml) water", quantity: 1, unit: .cup, food: "water", note: "240 ml"),
        Case(line: "2 cups chicken broth (low sodium)", quantity: 2, unit: .cup, food: "chicken broth", note: "low sodium"),
        Case(line: "1 tsp ground cumin (optional)", quantity: 1, unit: .teaspoon, food: "ground cumin", note: "optional"),
        Case(line: "- 2 cups spinach", quantity: 2, unit: .cup, food: "spinach"),
        Case(line: "• 1 tbsp honey", quantity: 1, unit: .tablespoon, food: "honey"),
        Case(line: "3 tbsp butter, melted and cooled", quantity: 3, unit: .tablespoon, food: "butter", note: "melted and cooled"),
        Case(line: "1 cup frozen corn, thawed", quantity: 1, unit: .cup, food: "frozen corn", note: "thawed"),
        Case(line: "2 green onions, thinly sliced", quantity: 2, unit: .count, food: "green onions", note: "thinly sliced"),
        Case(line: "1 tsp finely grated lemon zest", quantity: 1, unit: .teaspoon, food: "lemon zest", note: "finely grated"),
        Case(line: "1 cup cooked rice", quantity: 1, unit: .cup, food: "cooked rice"),
        Case(line: "1 1/4 cups buttermilk, at room temperature", quantity: 1.25, unit: .cup, food: "buttermilk", note: "at room temperature"),
    ]

    @Test(arguments: cases) func aLineIsSplitIntoQuantityUnitFoodAndNote(_ example: Case) {
        let parsed = IngredientLineParser.parse(example.line)
        if let quantity = example.quantity {
            #expect(abs((parsed.quantity ?? -1) - quantity) < 1e-9, "quantity of \(example.line): \(parsed)")
        } else {
            #expect(parsed.quantity == nil, "quantity of \(example.line): \(parsed)")
        }
        if let quantityMax = example.quantityMax {
            #expect(abs((parsed.quantityMax ?? -1) - quantityMax) < 1e-9, "range of \(example.line): \(parsed)")
        } else {
            #expect(parsed.quantityMax == nil, "range of \(example.line): \(parsed)")
        }
        #expect(parsed.unit == example.unit, "unit of \(example.line): \(parsed)")
        #expect(parsed.pieceName == example.piece, "piece of \(example.line): \(parsed)")
        #expect(parsed.food == example.food, "food of \(example.line): \(parsed)")
        #expect(parsed.note == example.note, "note of \(example.line): \(parsed)")
    }

    @Test func atLeastSixtyRealWorldLinesAreCovered() {
        #expect(Self.cases.count >= 60)
    }

    @Test func aRangeCountsAsItsMiddle() {
        #expect(IngredientLineParser.parse("2-3 cloves garlic").amount == 2.5)
    }
}
