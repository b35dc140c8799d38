import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// Kitchen Keeper's cooking stories on the demo data: recipes from the pantry, what the pantry
/// lacks, cooking deducts the pantry, and cooking undone.
@Suite(.serialized) struct RecipeCookingTests {
    typealias World = RecipeTests.World

    /// A private recipe of `token`'s for 2 servings: 100 g of flour and 200 ml of milk, plus salt to taste.
    static func recipe(_ world: World, _ token: String, flour: String, milk: String, title: String) async throws -> String {
        let created = try await world.run(
            """
            mutation($flour: ID!, $milk: ID!) { createRecipe(input: {title: "\(title)", servings: 2, dishType: MAIN_DISH,
              prepMinutes: 5, cookMinutes: 10, steps: ["Mix.", "Fry."], ingredients: [
                {productId: $flour, quantity: 100, unit: GRAM}, {productId: $milk, food: "milk", quantity: 200, unit: MILLILITRE},
                {food: "salt", matchProduct: false}]}) { recipe { id } userErrors { field code } } }
            """, token: token, variables: ["flour": .string(flour), "milk": .string(milk)])
        return try #require(created["data.createRecipe.recipe.id"] as? String, "\(created.json)")
    }

    static func addToPantry(_ world: World, _ token: String, _ product: String, _ quantity: Double, _ unit: String, expires: String) async throws {
        let added = try await world.run(
            """
            mutation($p: ID!, $q: Float!) { addPantryItem(input: {productId: $p, quantity: $q, unit: \(unit), location: PANTRY,
              expiresOn: "\(expires)"}) { pantryItem { id } userErrors { field code } } }
            """, token: token, variables: ["p": .string(product), "q": .float(quantity)])
        #expect(added["data.addPantryItem.pantryItem.id"] is String, "\(added.json)")
    }

    static func amount(_ world: World, _ token: String, _ product: String, _ unit: String) async throws -> Double? {
        let response = try await world.run(
            "query($p: ID!) { me { pantryAmount(productId: $p, unit: \(unit)) } }", token: token, variables: ["p": .string(product)])
        return RecipeTests.double(response["data.me.pantryAmount"])
    }

    static let cook = """
        mutation($r: ID!, $s: Int, $strict: Boolean) { cookRecipe(input: {recipeId: $r, servings: $s, strict: $strict}) {
          servings cookingId movements { kind quantityBefore quantityAfter pantryItem { expiresOn } }
          missingIngredients { food quantity unit needed available } userErrors { field code } } }
        """

    /// Kitchen Keeper "cooking deducts the pantry" and "cooking must be reversible": cooking 4
    /// servings of a 2-serving recipe takes twice its amounts, oldest expiry first; what is lacking
    /// is reported, not an error; undoing restores every lot exactly, once.
    @Test func aUserCooksARecipeFromTheirPantryAndUndoesIt() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let flour = try await world.productID("All Purpose Flour")
        let milk = try await world.productID("2% Partly Skimmed Milk")
        let recipe = try await Self.recipe(world, user, flour: flour, milk: milk, title: "Cooking test pancakes")
        try await Self.addToPantry(world, user, flour, 150, "GRAM", expires: "2030-01-01")
        try await Self.addToPantry(world, user, flour, 100, "GRAM", expires: "2029-01-01")
        try await Self.addToPantry(world, user, milk, 300, "MILLILITRE", expires: "2029-06-01")

        let cooked = try await world.run(Self.cook, token: user, variables: ["r": .string(recipe), "s": .int(4)])
        #expect(RecipeTests.userErrors(cooked, "cookRecipe").isEmpty, "\(cooked.json)")
        #expect(cooked["data.cookRecipe.servings"] as? Int == 4)
        let movements = try #require(cooked["data.cookRecipe.movements"] as? [[String: Any]])
        // 200 g of flour: all 100 g of the 2029 lot first, then 100 g of the 2030 lot; all 300 ml of milk.
        let flourMoves = movements.filter { ($0["pantryItem"] as? [String: Any])?["expiresOn"] as? String != "2029-06-01" }
        #expect(flourMoves.map { ($0["pantryItem"] as? [String: Any])?["expiresOn"] as? String } == ["2029-01-01", "2030-01-01"])
        #expect(flourMoves.map { RecipeTests.double($0["quantityAfter"]) } == [0, 50])
        // 100 ml of milk is missing: reported with quantities.
        let missing = try #require(cooked["data.cookRecipe.missingIngredients"] as? [[String: Any]])
        #expect(missing.count == 1)
        #expect(missing.first?["food"] as? String == "milk")
        #expect(RecipeTests.double(missing.first?["quantity"]) == 100)
        #expect(missing.first?["unit"] as? String == "MILLILITRE")
        #expect(RecipeTests.double(missing.first?["needed"]) == 400)
        #expect(RecipeTests.double(missing.first?["available"]) == 300)
        #expect(try await Self.amount(world, user, flour, "GRAM") == 50)
        #expect(try await Self.amount(world, user, milk, "MILLILITRE") == 0)

        // Undone: every lot as it was.
        let cooking = try #require(cooked["data.cookRecipe.cookingId"] as? String)
        let undo = "mutation($c: ID!) { undoCooking(input: {cookingId: $c}) { movements { kind } userErrors { field code } } }"
        let support = try await world.login("support")
        let foreign = try await world.run(undo, token: support, variables: ["c": .string(cooking)])
        #expect(RecipeTests.userErrors(foreign, "undoCooking").map(\.code) == ["NOT_FOUND"])
        let undone = try await world.run(undo, token: user, variables: ["c": .string(cooking)])
        #expect(RecipeTests.userErrors(undone, "undoCooking").isEmpty, "\(undone.json)")
        #expect((undone["data.undoCooking.movements"] as? [[String: Any]])?.count == 3)
        #expect(try await Self.amount(world, user, flour, "GRAM") == 250)
        #expect(try await Self.amount(world, user, milk, "MILLILITRE") == 300)
        let again = try await world.run(undo, token: user, variables: ["c": .string(cooking)])
        #expect(RecipeTests.userErrors(again, "undoCooking").map(\.code) == ["INVALID_STATE"])
        #expect(try await Self.amount(world, user, flour, "GRAM") == 250)

        // Strict: refused when anything lacks, nothing taken.
        let strict = try await world.run(Self.cook, token: user, variables: ["r": .string(recipe), "s": .int(4), "strict": .boolean(true)])
        #expect(RecipeTests.userErrors(strict, "cookRecipe").map(\.code) == ["INVALID_STATE"])
        #expect(try await Self.amount(world, user, flour, "GRAM") == 250)
        // The recipe's own 2 servings are all at home: strict passes.
        let exact = try await world.run(Self.cook, token: user, variables: ["r": .string(recipe), "strict": .boolean(true)])
        #expect(RecipeTests.userErrors(exact, "cookRecipe").isEmpty, "\(exact.json)")
        #expect((exact["data.cookRecipe.missingIngredients"] as? [Any])?.isEmpty == true)
        #expect(try await Self.amount(world, user, flour, "GRAM") == 150)
        #expect(try await Self.amount(world, user, milk, "MILLILITRE") == 100)

        // Another user cannot cook a private recipe of someone else's; bounds on servings.
        let other = try await world.run(Self.cook, token: support, variables: ["r": .string(recipe)])
        #expect(RecipeTests.userErrors(other, "cookRecipe").map(\.code) == ["NOT_FOUND"])
        let zero = try await world.run(Self.cook, token: user, variables: ["r": .string(recipe), "s": .int(0)])
        #expect(RecipeTests.userErrors(zero, "cookRecipe").map(\.field) == [["servings"]])
        _ = try await world.run(Self.cook, variables: ["r": .string(recipe)], expecting: ["UNAUTHENTICATED"])
    }

    /// Kitchen Keeper "recipes from the pantry": the search finds the recipes the pantry can make
    /// (all ingredients, or all but N), and each lists what is missing, with quantities.
    @Test func aUserFindsRecipesTheirPantryCanMakeAndSeesWhatIsMissing() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let flour = try await world.productID("All Purpose Flour")
        let milk = try await world.productID("2% Partly Skimmed Milk")
        _ = try await Self.recipe(world, user, flour: flour, milk: milk, title: "Pantry search crepes")
        try await Self.addToPantry(world, user, flour, 500, "GRAM", expires: "2030-01-01")
        func search(_ extra: String) async throws -> [[String: Any]] {
            try await world.all(
                #"query: "Pantry search crepes", filter: {fromPantry: true, fitsCaloriesLeft: false, respectRestrictions: false\#(extra)}"#,
                "title missingIngredients { food quantity unit } servingsMissing: missingIngredients(servings: 4) { quantity }", token: user)
                .filter { $0["title"] as? String == "Pantry search crepes" }
        }
        // Milk is not at home: not with every ingredient, but with one missing.
        #expect(try await search("").isEmpty)
        let oneMissing = try await search(", maxMissingIngredients: 1")
        #expect(oneMissing.count == 1)
        let missing = try #require(oneMissing.first?["missingIngredients"] as? [[String: Any]])
        #expect(missing.map { $0["food"] as? String } == ["milk"])
        #expect(RecipeTests.double(missing.first?["quantity"]) == 200)
        #expect(missing.first?["unit"] as? String == "MILLILITRE")
        #expect((oneMissing.first?["servingsMissing"] as? [[String: Any]]).map { $0.map { RecipeTests.double($0["quantity"]) } } == [400])
        // With the milk, every ingredient is held.
        try await Self.addToPantry(world, user, milk, 1000, "MILLILITRE", expires: "2029-06-01")
        let all = try await search("")
        #expect(all.count == 1)
        #expect((all.first?["missingIngredients"] as? [Any])?.isEmpty == true)

        // Signed out: no pantry, `fromPantry` needs a viewer; `missingIngredients` is null.
        _ = try await world.run(#"{ recipes(filter: {fromPantry: true}) { edges { cursor } } }"#, expecting: ["UNAUTHENTICATED"])
        let anonymous = try await world.run(#"{ recipes(first: 1) { edges { node { missingIngredients { food } } } } }"#)
        #expect(anonymous["data.recipes.edges.0.node.missingIngredients"] == nil || anonymous["data.recipes.edges.0.node.missingIngredients"] is NSNull)
        // Bounds.
        _ = try await world.run(
            #"{ recipes(filter: {fromPantry: true, maxMissingIngredients: 21}) { edges { cursor } } }"#, token: user, expecting: ["BAD_USER_INPUT"])
        _ = try await world.run(
            #"{ recipes(first: 1) { edges { node { missingIngredients(servings: 0) { food } } } } }"#, token: user, expecting: ["BAD_USER_INPUT"])
    }

    /// "Recipes from the pantry" counts quantities, not presence: the recipe (2 servings) needs
    /// 100 g of flour and 200 ml of milk. With 150 g of flour and 150 ml of milk at home the milk
    /// is 50 ml short, so the recipe needs `maxMissingIngredients: 1`; for 4 servings the flour is
    /// 50 g short (200 − 150) and the milk 250 ml (400 − 150). 50 ml more milk makes it whole.
    @Test func recipesFromThePantryCountTheQuantitiesAtHome() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let flour = try await world.productID("All Purpose Flour")
        let milk = try await world.productID("2% Partly Skimmed Milk")
        _ = try await Self.recipe(world, user, flour: flour, milk: milk, title: "Quantity crepes")
        try await Self.addToPantry(world, user, flour, 150, "GRAM", expires: "2030-01-01")
        try await Self.addToPantry(world, user, milk, 150, "MILLILITRE", expires: "2029-06-01")
        func search(_ extra: String) async throws -> [[String: Any]] {
            try await world.all(
                #"query: "Quantity crepes", filter: {fromPantry: true, fitsCaloriesLeft: false, respectRestrictions: false\#(extra)}"#,
                """
                title missingIngredients { food quantity unit needed available }
                forFour: missingIngredients(servings: 4) { food quantity needed available }
                """, token: user)
                .filter { $0["title"] as? String == "Quantity crepes" }
        }
        #expect(try await search("").isEmpty, "150 ml of milk is not the 200 ml needed")
        let short = try #require(try await search(", maxMissingIngredients: 1").first)
        let missing = try #require(short["missingIngredients"] as? [[String: Any]])
        #expect(missing.map { $0["food"] as? String } == ["milk"])
        #expect(missing.map { RecipeTests.double($0["quantity"]) } == [50])
        #expect(missing.map { RecipeTests.double($0["needed"]) } == [200])
        #expect(missing.map { RecipeTests.double($0["available"]) } == [150])
        let forFour = try #require(short["forFour"] as? [[String: Any]])
        #expect(forFour.map { RecipeTests.double($0["quantity"]) } == [50, 250])
        #expect(forFour.map { RecipeTests.double($0["needed"]) } == [200, 400])

        try await Self.addToPantry(world, user, milk, 50, "MILLILITRE", expires: "2029-07-01")
        let whole = try await search("")
        #expect(whole.count == 1)
        #expect((whole.first?["missingIngredients"] as? [Any])?.isEmpty == true)
    }

    /// Kitchen Keeper "missing items to an order": what the pantry lacks for the servings goes to
    /// the cart in whole packages; what the chain does not offer is listed, not an error.
    @Test func aUserSendsTheMissingIngredientsOfARecipeToTheirCart() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let flour = try await world.productID("All Purpose Flour")
        let milk = try await world.productID("2% Partly Skimmed Milk")
        let recipe = try await Self.recipe(world, user, flour: flour, milk: milk, title: "Cart test batter")
        // The flour is at home; for 20 servings the milk lacks 2000 ml.
        try await Self.addToPantry(world, user, flour, 5000, "GRAM", expires: "2030-01-01")
        let mutation = """
            mutation($r: ID!, $s: Int) { addMissingIngredientsToDraftOrder(input: {recipeId: $r, servings: $s}) {
              order { isDraft items { product { id packageSize { value unit } } quantity } }
              addedIngredients { product { id packageSize { value unit } } quantity unit } unavailableIngredients { food }
              userErrors { field code } } }
            """
        let sent = try await world.run(mutation, token: user, variables: ["r": .string(recipe), "s": .int(20)])
        #expect(RecipeTests.userErrors(sent, "addMissingIngredientsToDraftOrder").isEmpty, "\(sent.json)")
        let added = (sent["data.addMissingIngredientsToDraftOrder.addedIngredients"] as? [[String: Any]]) ?? []
        let unavailable = (sent["data.addMissingIngredientsToDraftOrder.unavailableIngredients"] as? [[String: Any]]) ?? []
        // Only the milk is missing: either in the cart or reported as not offered.
        #expect(added.count + unavailable.count == 1, "\(sent.json)")
        if let line = added.first {
            #expect(RecipeTests.double(line["quantity"]) == 2000)
            #expect(sent["data.addMissingIngredientsToDraftOrder.order.isDraft"] as? Bool == true)
            let items = (sent["data.addMissingIngredientsToDraftOrder.order.items"] as? [[String: Any]]) ?? []
            let item = try #require(items.first { ($0["product"] as? [String: Any])?["id"] as? String == milk })
            let size = (item["product"] as? [String: Any])?["packageSize"] as? [String: Any]
            let packageMl = RecipeTests.double(size?["value"]) ?? 0
            let expected = size?["unit"] as? String == "PIECE" || packageMl <= 0 ? 1 : Int((2000 / packageMl).rounded(.up))
            #expect(item["quantity"] as? Int == min(expected, 99))
        } else {
            #expect(unavailable.first?["food"] as? String == "milk")
        }
        // Nothing missing for 2 servings once the milk is at home: nothing added.
        try await Self.addToPantry(world, user, milk, 1000, "MILLILITRE", expires: "2029-06-01")
        let none = try await world.run(mutation, token: user, variables: ["r": .string(recipe), "s": .int(2)])
        #expect((none["data.addMissingIngredientsToDraftOrder.addedIngredients"] as? [Any])?.isEmpty == true)
        // Another user's private recipe does not exist for them; bounds; signed out.
        let support = try await world.login("support")
        let foreign = try await world.run(mutation, token: support, variables: ["r": .string(recipe)])
        #expect(RecipeTests.userErrors(foreign, "addMissingIngredientsToDraftOrder").map(\.code) == ["NOT_FOUND"])
        let tooMany = try await world.run(mutation, token: user, variables: ["r": .string(recipe), "s": .int(101)])
        #expect(RecipeTests.userErrors(tooMany, "addMissingIngredientsToDraftOrder").map(\.field) == [["servings"]])
        _ = try await world.run(mutation, variables: ["r": .string(recipe)], expecting: ["UNAUTHENTICATED"])
    }

    /// Must show: no N+1 — a page of recipes from the pantry, each with what is missing, costs the
    /// same statements for 5 recipes as for 20 (the missing ingredients are one DataLoader level).
    @Test func aPageOfRecipesFromThePantryWithWhatIsMissingCostsAFixedNumberOfStatements() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let flour = try await world.productID("All Purpose Flour")
        try await Self.addToPantry(world, user, flour, 500, "GRAM", expires: "2030-01-01")
        func page(_ size: Int) async throws -> Response {
            try await world.run(
                """
                { recipes(orderBy: TITLE, first: \(size), filter: {fromPantry: true, maxMissingIngredients: 20, fitsCaloriesLeft: false,
                    respectRestrictions: false}) { edges { node { title missingIngredients { food quantity unit }
                    forFour: missingIngredients(servings: 4) { quantity } } } } }
                """, token: user)
        }
        let small = try await page(5)
        let large = try await page(20)
        #expect((small["data.recipes.edges"] as? [Any])?.count == 5)
        #expect((large["data.recipes.edges"] as? [Any])?.count == 20)
        let missing = ((large["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["missingIngredients"] as? [Any] }
        #expect(missing.count == 20)
        #expect(missing.contains { !$0.isEmpty })
        #expect(small.statements == large.statements, "\(small.statements) vs \(large.statements)")
    }

    /// Cooking "optionally logs the servings to the diary": the entry carries the recipe's
    /// nutrition per serving × the servings cooked, and undoing the cooking removes it. A date the
    /// diary refuses, or a recipe without nutrition, refuses the cooking and changes nothing.
    @Test func aUserLogsTheServingsTheyCookToTheDiaryAndUndoingRemovesIt() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let flour = try await world.productID("All Purpose Flour")
        let milk = try await world.productID("2% Partly Skimmed Milk")
        let recipe = try await Self.recipe(world, user, flour: flour, milk: milk, title: "Diary test pancakes")
        try await Self.addToPantry(world, user, flour, 500, "GRAM", expires: "2030-01-01")
        let figures = try await world.run(
            "query($r: ID!) { node(id: $r) { ... on Recipe { nutritionPerServing { energyKcal proteinG fatG } } } }", token: user,
            variables: ["r": .string(recipe)])
        let perServing = try #require(figures["data.node.nutritionPerServing"] as? [String: Any])
        let kcal = try #require(RecipeTests.double(perServing["energyKcal"]))
        #expect(kcal > 0)

        let cook = """
            mutation($r: ID!, $d: Date) { cookRecipe(input: {recipeId: $r, servings: 3, logMeal: DINNER, logDate: $d}) {
              cookingId diaryEntry { id date meal foodName quantity unit source nutrition { energyKcal proteinG fatG } }
              userErrors { field code } } }
            """
        // A date the diary refuses: nothing logged, nothing taken from the pantry.
        let refused = try await world.run(cook, token: user, variables: ["r": .string(recipe), "d": .string("2099-01-01")])
        #expect(RecipeTests.userErrors(refused, "cookRecipe").map(\.field) == [["logDate"]], "\(refused.json)")
        #expect(refused["data.cookRecipe.cookingId"] is NSNull)
        #expect(try await Self.amount(world, user, flour, "GRAM") == 500)

        let cooked = try await world.run(cook, token: user, variables: ["r": .string(recipe)])
        #expect(RecipeTests.userErrors(cooked, "cookRecipe").isEmpty, "\(cooked.json)")
        let entry = try #require(cooked["data.cookRecipe.diaryEntry"] as? [String: Any], "\(cooked.json)")
        #expect(entry["meal"] as? String == "DINNER")
        #expect(entry["source"] as? String == "RECIPE")
        #expect(entry["foodName"] as? String == "Diary test pancakes")
        #expect(RecipeTests.double(entry["quantity"]) == 3)
        #expect(entry["unit"] as? String == "SERVING")
        let logged = try #require(entry["nutrition"] as? [String: Any])
        for key in ["energyKcal", "proteinG", "fatG"] {
            let expected = try #require(RecipeTests.double(perServing[key])) * 3
            #expect(abs((RecipeTests.double(logged[key]) ?? -1) - expected) < 0.05, "\(key): \(logged[key] ?? "nil") vs \(expected)")
        }
        #expect(try await Self.amount(world, user, flour, "GRAM") == 350)
        let day = "{ me { diaryDay { meals { entries { id } } totals { energyKcal } } } }"
        let entryID = try #require(entry["id"] as? String)
        func entryIDs() async throws -> [String] {
            let response = try await world.run(day, token: user)
            return ((response["data.me.diaryDay.meals"] as? [[String: Any]]) ?? []).flatMap {
                (($0["entries"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            }
        }
        #expect(try await entryIDs().contains(entryID))

        let cooking = try #require(cooked["data.cookRecipe.cookingId"] as? String)
        let undone = try await world.run(
            "mutation($c: ID!) { undoCooking(input: {cookingId: $c}) { removedDiaryEntryId userErrors { code } } }", token: user,
            variables: ["c": .string(cooking)])
        #expect(undone["data.undoCooking.removedDiaryEntryId"] as? String == entryID, "\(undone.json)")
        #expect(try await entryIDs().contains(entryID) == false)
        #expect(try await Self.amount(world, user, flour, "GRAM") == 500)

        // Without nutrition (salt alone, no product): refused, nothing written.
        let unknown = try await world.run(
            """
            mutation { createRecipe(input: {title: "Just salt", servings: 1, dishType: APPETIZER, prepMinutes: 1, cookMinutes: 0,
              steps: ["Salt."], ingredients: [{food: "salt", matchProduct: false}]}) { recipe { id } userErrors { code } } }
            """, token: user)
        let salt = try #require(unknown["data.createRecipe.recipe.id"] as? String, "\(unknown.json)")
        let noFigures = try await world.run(cook, token: user, variables: ["r": .string(salt)])
        #expect(RecipeTests.userErrors(noFigures, "cookRecipe").map(\.code) == ["INVALID_STATE"], "\(noFigures.json)")
        #expect(try await entryIDs() == [])
    }
}
