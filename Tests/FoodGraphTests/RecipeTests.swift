import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// The Recipes area's stories (Scan&Cook US-301…311, US-401; Meal Budget Plan's costs), on the
/// demo cookbook, in process against a real database. One at a time: each loads the demo data,
/// and twenty loads at once starve the rest of the suite's timing-sensitive tests.
@Suite(.serialized) struct RecipeTests {
    /// An API over a fresh database with the demo data (accounts, catalog, prices, cookbook).
    struct World {
        let api: TestAPI

        static func make() async throws -> World {
            let api = try await TestAPI.make()
            _ = try await DemoData.loadIfEmpty(into: api.database.database)
            return World(api: api)
        }

        func login(_ name: String) async throws -> String {
            try #require(
                try await api.run(#"mutation { login(input: {email: "\#(name)@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                    "data.login.token"] as? String)
        }

        @discardableResult
        func run(
            _ query: String, token: String? = nil, variables: [String: GraphQLValue] = [:], expecting: Set<String> = [],
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) async throws -> Response {
            try await api.run(
                query, token: token, variables: GraphQLObject(variables.map { ($0.key, $0.value) }), expecting: expecting,
                sourceLocation: sourceLocation)
        }

        /// Every recipe a search lists, all pages, with `fields` of each.
        func all(_ arguments: String, _ fields: String = "id title", token: String? = nil) async throws -> [[String: Any]] {
            var nodes: [[String: Any]] = []
            var after = "null"
            while true {
                let separator = arguments.isEmpty ? "" : ", "
                let page = try await run(
                    "{ recipes(\(arguments)\(separator)first: 100, after: \(after)) { pageInfo { hasNextPage endCursor } edges { node { \(fields) } } } }",
                    token: token)
                nodes += ((page["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
                guard page["data.recipes.pageInfo.hasNextPage"] as? Bool == true, let cursor = page["data.recipes.pageInfo.endCursor"] as? String
                else { return nodes }
                after = "\"\(cursor)\""
            }
        }

        func titles(_ arguments: String, token: String? = nil) async throws -> [String] {
            try await all(arguments, token: token).compactMap { $0["title"] as? String }
        }

        func productID(_ name: String) async throws -> String {
            let page = try await run(#"{ products(first: 20, query: "\#(name)") { edges { node { id name } } } }"#)
            let nodes = ((page["data.products.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
            return try #require(nodes.first { $0["name"] as? String == name }?["id"] as? String, "no product \(name)")
        }

        func recipeID(_ title: String) async throws -> String {
            let page = try await run(#"{ recipes(query: "\#(title)", orderBy: TITLE, first: 50) { edges { node { id title } } } }"#)
            let nodes = ((page["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
            return try #require(nodes.first { $0["title"] as? String == title }?["id"] as? String, "no recipe \(title)")
        }

        func close() async { await api.close() }
    }

    static func userErrors(_ response: Response, _ mutation: String) -> [(field: [String], code: String)] {
        ((response["data.\(mutation).userErrors"] as? [[String: Any]]) ?? []).map {
            (($0["field"] as? [String]) ?? [], ($0["code"] as? String) ?? "")
        }
    }

    static func double(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    // MARK: - Browsing with figures

    @Test func aVisitorBrowsesTheCookbookWithNutritionCostAndTheHealthDisclaimer() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let page = try await world.run(
            """
            { recipes(first: 6) { healthDisclaimer caloriesLeftToday restrictionsApplied
                edges { node { title servings ingredients { food quantity unit grams product { name } }
                  nutritionPerServing { energyKcal proteinG fatG carbohydratesG } costPerServing { amount currency }
                  completeness { nutritionComplete costComplete missingNutrition missingPrice } healthDisclaimer isFavorite isOwn } } } }
            """)
        let edges = try #require(page["data.recipes.edges"] as? [[String: Any]])
        #expect(edges.count == 6)
        #expect((page["data.recipes.healthDisclaimer"] as? String)?.contains("not medical advice") == true)
        #expect(page["data.recipes.caloriesLeftToday"] is NSNull)
        #expect(page["data.recipes.restrictionsApplied"] as? Bool == false)
        for edge in edges {
            let recipe = try #require(edge["node"] as? [String: Any])
            #expect(recipe["nutritionPerServing"] is [String: Any], "\(recipe["title"] ?? "")")
            #expect((recipe["costPerServing"] as? [String: Any])?["currency"] as? String == "CAD")
            #expect(!((recipe["ingredients"] as? [Any]) ?? []).isEmpty)
            #expect(recipe["isFavorite"] as? Bool == false)
        }
        // The page, its ingredients, their products: three statements for all six recipes.
        #expect(page.statements == 3)
    }

    @Test func nutritionPerServingIsTheSumOverIngredientsDividedByServings() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let flour = try await world.productID("All Purpose Flour")
        let milk = try await world.productID("2% Partly Skimmed Milk")
        let products = try await world.run(
            """
            query($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { nutritionPer100 { energyKcal proteinG fatG carbohydratesG calciumMg }
              catalogPrice { amount } packageSize { value unit } } } }
            """, variables: ["ids": .list([.string(flour), .string(milk)])])
        let flourPer100 = try #require(products["data.nodes.0.nutritionPer100"] as? [String: Any])
        let milkPer100 = try #require(products["data.nodes.1.nutritionPer100"] as? [String: Any])
        // 250 g of flour and 500 ml of milk (its nutrition is per 100 ml), for 4 servings.
        let created = try await world.run(
            """
            mutation($flour: ID!, $milk: ID!) { createRecipe(input: {title: "Test batter", servings: 4, dishType: MAIN_DISH,
              prepMinutes: 5, cookMinutes: 10, steps: ["Whisk."], ingredients: [
                {productId: $flour, quantity: 250, unit: GRAM}, {productId: $milk, food: "milk", quantity: 0.5, unit: LITRE},
                {food: "salt", matchProduct: false}]}) {
              recipe { id ingredients { food grams matchConfidence product { name } }
                nutritionPerServing { energyKcal proteinG fatG carbohydratesG calciumMg }
                completeness { nutritionComplete missingNutrition } visibility moderationStatus isOwn } userErrors { field code } } }
            """, token: user, variables: ["flour": .string(flour), "milk": .string(milk)])
        #expect(Self.userErrors(created, "createRecipe").isEmpty)
        let nutrition = try #require(created["data.createRecipe.recipe.nutritionPerServing"] as? [String: Any])
        for key in ["energyKcal", "proteinG", "fatG", "carbohydratesG", "calciumMg"] {
            let expected = ((Self.double(flourPer100[key]) ?? 0) * 2.5 + (Self.double(milkPer100[key]) ?? 0) * 5) / 4
            #expect(abs((Self.double(nutrition[key]) ?? -1) - expected) < 0.02, "\(key): \(nutrition[key] ?? "") ≠ \(expected)")
        }
        // "salt" without a quantity is a taste amount: not counted, not missing.
        #expect(created["data.createRecipe.recipe.completeness.nutritionComplete"] as? Bool == true)
        #expect(Self.double(created["data.createRecipe.recipe.ingredients.0.grams"]) == 250)
        // Half a litre of milk weighs 515 g (1.03 g/ml); its nutrition is per 100 ml.
        #expect(Self.double(created["data.createRecipe.recipe.ingredients.1.grams"]) == 515)
        #expect(Self.double(created["data.createRecipe.recipe.ingredients.0.matchConfidence"]) == 1)
        #expect(created["data.createRecipe.recipe.visibility"] as? String == "PRIVATE")
        #expect(created["data.createRecipe.recipe.moderationStatus"] as? String == "NOT_REQUIRED")
    }

    // MARK: - Search criteria

    struct Listed {
        var title: String
        var dishType: String
        var categories: Set<String>
        var appliances: Set<String>
        var mealTimes: Set<String>
        var dietTypes: Set<String>
        var allergens: Set<String>
        var macroProfiles: Set<String>
        var totalMinutes: Int
        var energyKcal: Double
        var products: Set<String>

        init(_ node: [String: Any]) {
            title = node["title"] as? String ?? ""
            dishType = node["dishType"] as? String ?? ""
            categories = Set(node["categories"] as? [String] ?? [])
            appliances = Set(node["appliances"] as? [String] ?? [])
            mealTimes = Set(node["mealTimes"] as? [String] ?? [])
            dietTypes = Set(node["dietTypes"] as? [String] ?? [])
            allergens = Set(node["allergens"] as? [String] ?? [])
            macroProfiles = Set(node["macroProfiles"] as? [String] ?? [])
            totalMinutes = node["totalMinutes"] as? Int ?? -1
            energyKcal = RecipeTests.double((node["nutritionPerServing"] as? [String: Any])?["energyKcal"]) ?? -1
            products = Set(((node["ingredients"] as? [[String: Any]]) ?? []).compactMap { ($0["product"] as? [String: Any])?["id"] as? String })
        }
    }

    static let listedFields = """
        title dishType categories appliances mealTimes dietTypes allergens macroProfiles totalMinutes
        nutritionPerServing { energyKcal } ingredients { product { id } }
        """

    @Test func eachSearchCriterionAloneAndCombinedOnTheSeedData() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let everything = try await world.all("", Self.listedFields).map(Listed.init)
        #expect(everything.count >= 120)

        func check(_ filter: String, _ rule: (Listed) -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
            let found = try await world.all("filter: {\(filter)}", Self.listedFields).map(Listed.init)
            let expected = everything.filter(rule).map(\.title).sorted()
            #expect(!found.isEmpty, "\(filter) finds nothing", sourceLocation: sourceLocation)
            #expect(found.map(\.title).sorted() == expected, "\(filter)", sourceLocation: sourceLocation)
        }
        try await check("dishTypes: [SOUP, SALAD]") { ["SOUP", "SALAD"].contains($0.dishType) }
        try await check("categories: [FOR_CHILDREN]") { $0.categories.contains("FOR_CHILDREN") }
        try await check("appliances: [SLOW_COOKER]") { $0.appliances.contains("SLOW_COOKER") }
        try await check("appliances: [BREAD_MAKER, DEEP_FRYER]") { !$0.appliances.isDisjoint(with: ["BREAD_MAKER", "DEEP_FRYER"]) }
        try await check("mealTimes: [BREAKFAST]") { $0.mealTimes.contains("BREAKFAST") }
        try await check("dietTypes: [VEGAN]") { $0.dietTypes.contains("VEGAN") }
        try await check("dietTypes: [RAW]") { $0.dietTypes.contains("RAW") }
        try await check("dietTypes: [MONO]") { $0.dietTypes.contains("MONO") }
        try await check("cookingTime: FAST") { $0.totalMinutes <= 20 }
        try await check("cookingTime: SLOW") { $0.totalMinutes >= 120 }
        try await check("macroProfile: HIGH_PROTEIN") { $0.macroProfiles.contains("HIGH_PROTEIN") }
        try await check("macroProfile: LOW_FAT") { $0.macroProfiles.contains("LOW_FAT") }
        try await check("macroProfile: HIGH_CARB") { $0.macroProfiles.contains("HIGH_CARB") }
        try await check("maxCaloriesPerServing: 150") { $0.energyKcal <= 150 }
        try await check("allergenFree: [MILK, WHEAT]") { $0.allergens.isDisjoint(with: ["MILK", "WHEAT"]) }
        let salmon = try await world.productID("Atlantic Salmon Fillets")
        let lemons = try await world.productID("Lemons")
        try await check("productIds: [\"\(salmon)\"]") { $0.products.contains(salmon) }
        try await check("productIds: [\"\(salmon)\", \"\(lemons)\"]") { !$0.products.isDisjoint(with: [salmon, lemons]) }
        try await check("productIds: [\"\(salmon)\", \"\(lemons)\"], allProducts: true") { $0.products.isSuperset(of: [salmon, lemons]) }
        // Combined.
        try await check("dishTypes: [MAIN_DISH], cookingTime: SLOW, appliances: [SLOW_COOKER]") {
            $0.dishType == "MAIN_DISH" && $0.totalMinutes >= 120 && $0.appliances.contains("SLOW_COOKER")
        }
        try await check("categories: [FOR_CHILDREN], macroProfile: HIGH_CARB, mealTimes: [SNACK], maxCaloriesPerServing: 300") {
            $0.categories.contains("FOR_CHILDREN") && $0.macroProfiles.contains("HIGH_CARB") && $0.mealTimes.contains("SNACK")
                && $0.energyKcal <= 300
        }
        try await check("dietTypes: [VEGETARIAN], allergenFree: [MILK], cookingTime: FAST, dishTypes: [SALAD, BEVERAGE, APPETIZER]") {
            $0.dietTypes.contains("VEGETARIAN") && !$0.allergens.contains("MILK") && $0.totalMinutes <= 20
                && ["SALAD", "BEVERAGE", "APPETIZER"].contains($0.dishType)
        }
        // Cost at catalog prices.
        let cheap = try await world.all("filter: {maxCostPerServing: \"0.50\"}", "title costPerServing { amount }")
        #expect(!cheap.isEmpty)
        for recipe in cheap {
            #expect(Double(((recipe["costPerServing"] as? [String: Any])?["amount"] as? String) ?? "9") ?? 9 <= 0.5, "\(recipe["title"] ?? "")")
        }
    }

    @Test func textSearchToleratesTyposAndCombinesWithFilters() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        #expect(try await world.titles(#"query: "lasagna""#).contains("Classic Beef Lasagna"))
        #expect(try await world.titles(#"query: "lasagne""#).contains("Classic Beef Lasagna"))
        #expect(try await world.titles(#"query: "brocoli chedar soup""#).contains("Broccoli Cheddar Soup"))
        // Foods of the ingredients match too.
        let chickpeas = try await world.titles(#"query: "chickpeas""#)
        #expect(chickpeas.contains("Classic Hummus") && chickpeas.contains("Chickpea Spinach Curry"))
        let soups = try await world.titles(#"query: "chickpeas", filter: {dishTypes: [APPETIZER]}"#)
        #expect(soups.contains("Classic Hummus") && !soups.contains("Chickpea Spinach Curry"))
        _ = try await world.run(#"{ recipes(query: "bad\u0007") { edges { cursor } } }"#, expecting: ["BAD_USER_INPUT"])
    }

    @Test func twoTyposInOneQueryAreEachCorrectedWithinThePagesOwnStatement() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let fields = "edges { node { title nutritionPerServing { energyKcal } costPerServing { amount } ingredients { product { name } } } }"
        let typos = try await world.run(#"{ recipes(query: "brocoli chedar", orderBy: TITLE, first: 50) { \#(fields) } }"#)
        let spelled = try await world.run(#"{ recipes(query: "broccoli cheddar", orderBy: TITLE, first: 50) { \#(fields) } }"#)
        func titles(_ page: Response) -> [String] {
            ((page["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["title"] as? String }
        }
        // Each word corrected on its own: the recipes holding both words anywhere (the potato
        // has them in its title, others in their foods), not only titles close to the text.
        #expect(titles(typos).contains("Broccoli Cheddar Soup") && titles(typos).contains("Microwave Baked Potato with Broccoli and Cheddar"))
        #expect(titles(typos) == titles(spelled))
        // The lexicon is read in the page's statement: page, ingredients, products.
        #expect(typos.statements == 3 && spelled.statements == 3, "\(typos.statements), \(spelled.statements)")
    }

    @Test func aWordSpelledRightIsNotCorrectedButFindsItsPlural() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        // "peppers" is a word of the cookbook, so it is not widened to its neighbour "pepper":
        // the recipes holding only the singular stay out. "pepper" finds the plural as a prefix
        // (the stuffed peppers hold only "peppers"); a misspelt "peper" is widened to both.
        let pepper = Set(try await world.titles(#"query: "pepper""#))
        let peppers = Set(try await world.titles(#"query: "peppers""#))
        #expect(pepper.contains("Quinoa Stuffed Peppers") && peppers.contains("Quinoa Stuffed Peppers"))
        #expect(pepper.isStrictSuperset(of: peppers), "\(pepper.subtracting(peppers))")
        let peper = Set(try await world.titles(#"query: "peper""#))
        #expect(peper.contains("Quinoa Stuffed Peppers") && peper.isSuperset(of: pepper))
    }

    @Test func recipesMatchingAsWrittenListBeforeThoseFoundThroughACorrection() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        // The author's own private recipe spells the words this way; no listed recipe does.
        let created = try await world.run(
            """
            mutation { createRecipe(input: {title: "Zesty Brocoli Chedar Bake", servings: 2, dishType: MAIN_DISH, prepMinutes: 10,
              cookMinutes: 20, steps: ["Bake."], ingredients: [{food: "broccoli", quantity: 300, unit: GRAM}]}) { userErrors { code } } }
            """, token: user)
        #expect(Self.userErrors(created, "createRecipe").isEmpty)
        for order in ["TITLE", "COST", "RECOMMENDED", "SUITABILITY"] {
            let titles = try await world.titles(#"query: "brocoli chedar", orderBy: \#(order), filter: {respectRestrictions: false, fitsCaloriesLeft: false}"#, token: user)
            #expect(titles.first == "Zesty Brocoli Chedar Bake", "\(order): \(titles.prefix(3))")
            #expect(titles.contains("Broccoli Cheddar Soup"), "\(order)")
        }
    }

    @Test func theTypoLexiconFollowsANewRenamedAndDeletedRecipe() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let author = try await world.login("user")
        let admin = try await world.login("admin")
        func lexicon(_ word: String) async throws -> Int {
            let rows = try await world.api.database.database.query("SELECT recipes::bigint FROM recipe_words WHERE word = $1", [word])
            return try rows.first?.decode(Int.self, at: 0) ?? 0
        }
        func approve(_ id: String) async throws {
            let approved = try await world.run(
                "mutation($id: ID!) { moderateRecipe(input: {recipeId: $id, decision: APPROVE}) { recipe { moderationStatus } userErrors { code } } }",
                token: admin, variables: ["id": .string(id)])
            #expect(approved["data.moderateRecipe.recipe.moderationStatus"] as? String == "APPROVED")
        }
        let created = try await world.run(
            """
            mutation { createRecipe(input: {title: "Zorblax Fennel Stew", servings: 2, dishType: SOUP, prepMinutes: 10, cookMinutes: 30,
              visibility: PUBLIC, steps: ["Simmer."], ingredients: [{food: "fennel", quantity: 1, unit: PIECE}]}) { recipe { id } userErrors { code } } }
            """, token: author)
        let id = try #require(created["data.createRecipe.recipe.id"] as? String)
        // Pending recipes are not listed, so their words are not the cookbook's yet.
        #expect(try await lexicon("zorblax") == 0)
        try await approve(id)
        #expect(try await lexicon("zorblax") == 1)
        #expect(try await world.titles(#"query: "zorblak""#).contains("Zorblax Fennel Stew"))

        let renamed = try await world.run(
            #"mutation($id: ID!) { updateRecipe(input: {recipeId: $id, title: "Quibbet Fennel Stew"}) { recipe { moderationStatus } userErrors { code } } }"#,
            token: author, variables: ["id": .string(id)])
        if renamed["data.updateRecipe.recipe.moderationStatus"] as? String == "PENDING" { try await approve(id) }
        #expect(try await lexicon("zorblax") == 0)
        #expect(try await lexicon("quibbet") == 1)
        #expect(try await world.titles(#"query: "quibet""#).contains("Quibbet Fennel Stew"))
        #expect(try await world.titles(#"query: "zorblak""#).isEmpty)

        let fennel = try await lexicon("fennel")
        try await world.run(
            "mutation($id: ID!) { deleteRecipe(input: {recipeId: $id}) { deletedRecipeId userErrors { code } } }", token: author,
            variables: ["id": .string(id)])
        #expect(try await lexicon("quibbet") == 0)
        #expect(try await lexicon("fennel") == fennel - 1)
    }

    // MARK: - The viewer's defaults

    @Test func theViewersRestrictionsApplyByDefaultAndCanBeSwitchedOff() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        try await world.run(
            """
            mutation { updateProfile(input: {dietType: VEGETARIAN,
              restrictions: {allergies: ["peanuts", "tree nuts"], dislikedFoods: ["mushrooms"], illnesses: [], pregnant: false}}) {
              userErrors { code } } }
            """, token: user)
        let fields = "title dietTypes allergens ingredients { food product { name } }"
        let restricted = try await world.all("", fields, token: user)
        let unrestricted = try await world.all("filter: {respectRestrictions: false}", fields, token: user)
        #expect(restricted.count < unrestricted.count && !restricted.isEmpty)
        for recipe in restricted {
            let allergens = Set(recipe["allergens"] as? [String] ?? [])
            #expect(allergens.isDisjoint(with: ["PEANUTS", "TREE_NUTS"]), "\(recipe["title"] ?? "")")
            #expect((recipe["dietTypes"] as? [String] ?? []).contains("VEGETARIAN"), "\(recipe["title"] ?? "")")
            let foods = ((recipe["ingredients"] as? [[String: Any]]) ?? []).map {
                (($0["food"] as? String) ?? "") + " " + ((($0["product"] as? [String: Any])?["name"] as? String) ?? "")
            }
            #expect(!foods.contains { $0.lowercased().contains("mushroom") }, "\(recipe["title"] ?? "")")
        }
        let titles = Set(unrestricted.compactMap { $0["title"] as? String })
        #expect(titles.contains("Mushroom Risotto") && titles.contains("Peanut Butter Cookies") && titles.contains("Grilled Striploin Steak"))
        let page = try await world.run("{ recipes(first: 1) { restrictionsApplied } }", token: user)
        #expect(page["data.recipes.restrictionsApplied"] as? Bool == true)
        // Criteria combine with the defaults.
        let quickSoups = try await world.all("filter: {dishTypes: [SOUP, SALAD], cookingTime: FAST}", "title dishType totalMinutes dietTypes allergens", token: user)
        #expect(!quickSoups.isEmpty)
        for recipe in quickSoups {
            #expect(["SOUP", "SALAD"].contains(recipe["dishType"] as? String ?? "") && (recipe["totalMinutes"] as? Int ?? 99) <= 20)
            #expect((recipe["dietTypes"] as? [String] ?? []).contains("VEGETARIAN"))
            #expect(Set(recipe["allergens"] as? [String] ?? []).isDisjoint(with: ["PEANUTS", "TREE_NUTS"]))
        }
        let restrictedTitles = Set(restricted.compactMap { $0["title"] as? String })
        #expect(quickSoups.allSatisfy { restrictedTitles.contains($0["title"] as? String ?? "") })
    }

    @Test func pregnancyAndIllnessesExcludeWhatTheDocumentedRulesSay() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let before = Set(try await world.titles("", token: user))
        #expect(before.contains("Smoked Salmon Cucumber Rounds") && before.contains("Salami Cheese Board") && before.contains("Beef Liver and Onions"))
        try await world.run(
            """
            mutation { updateProfile(input: {restrictions: {allergies: [], dislikedFoods: [], illnesses: ["Celiac disease", "diabetes"],
              pregnant: true}}) { userErrors { code } } }
            """, token: user)
        let after = try await world.all("", "title dietLabels nutritionPerServing { sugarsG }", token: user)
        let titles = Set(after.compactMap { $0["title"] as? String })
        #expect(!titles.contains("Smoked Salmon Cucumber Rounds") && !titles.contains("Salami Cheese Board"))
        #expect(!titles.contains("Beef Liver and Onions"))
        for recipe in after {
            #expect((recipe["dietLabels"] as? [String] ?? []).contains("GLUTEN_FREE"), "\(recipe["title"] ?? "")")
            #expect((Self.double((recipe["nutritionPerServing"] as? [String: Any])?["sugarsG"]) ?? 0) <= 15.01, "\(recipe["title"] ?? "")")
        }
    }

    /// Sets a profile that has a daily target, and returns the target.
    static func giveTargets(_ world: World, _ token: String) async throws -> Double {
        let profile = try await world.run(
            """
            mutation { updateProfile(input: {gender: FEMALE, birthDate: "1990-04-01", heightCm: 165, weightKg: 60, activityLevel: LIGHT,
              goal: HOLD}) { userErrors { code } } }
            """, token: token)
        #expect(Self.userErrors(profile, "updateProfile").isEmpty)
        let targets = try await world.run("{ me { nutritionTargets { energyKcal } } }", token: token)
        return try #require(Self.double(targets["data.me.nutritionTargets.energyKcal"]))
    }

    @Test func recipesFitTheCaloriesLeftTodayByDefault() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let target = try await Self.giveTargets(world, user)
        let fresh = try await world.run("{ recipes(first: 1) { caloriesLeftToday } }", token: user)
        #expect(Self.double(fresh["data.recipes.caloriesLeftToday"]) == target)
        // Eat most of the day's calories: 1400 g of a 100+ kcal food.
        let butter = try await world.productID("Salted Butter")
        let eaten = try await world.run(
            "mutation($p: ID!) { addDiaryEntry(input: {food: {productId: $p}, meal: LUNCH, quantity: 150, unit: GRAM}) { day { totals { energyKcal } } userErrors { code } } }",
            token: user, variables: ["p": .string(butter)])
        let consumed = try #require(Self.double(eaten["data.addDiaryEntry.day.totals.energyKcal"]))
        let left = ((target - consumed) * 10).rounded() / 10
        let page = try await world.run("{ recipes(first: 1) { caloriesLeftToday } }", token: user)
        #expect(abs((Self.double(page["data.recipes.caloriesLeftToday"]) ?? 0) - left) < 0.11)
        let fitting = try await world.all("", "title nutritionPerServing { energyKcal }", token: user)
        let all = try await world.all("filter: {fitsCaloriesLeft: false}", "title nutritionPerServing { energyKcal }", token: user)
        #expect(!fitting.isEmpty && fitting.count < all.count)
        for recipe in fitting {
            #expect((Self.double((recipe["nutritionPerServing"] as? [String: Any])?["energyKcal"]) ?? 0) <= left + 0.01, "\(recipe["title"] ?? "")")
        }
        let off = try await world.run("{ recipes(first: 1, filter: {fitsCaloriesLeft: false}) { caloriesLeftToday } }", token: user)
        #expect(off["data.recipes.caloriesLeftToday"] is NSNull)
    }

    // MARK: - Orders

    @Test func theSuitabilityOrderPutsRicherDishesFirstAmongSimilarCalories() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let target = try await Self.giveTargets(world, user)
        let mealTarget = min(target, target * RecipeViewer.mealShare)
        let fields = "title vitaminMineralScore nutritionPerServing { energyKcal }"
        let ordered = try await world.all("orderBy: SUITABILITY, filter: {fitsCaloriesLeft: false}", fields, token: user)
        struct Key: Comparable {
            var group: Int
            var band: Int
            static func < (a: Key, b: Key) -> Bool { (a.group, a.band) < (b.group, b.band) }
        }
        // Stored figures are rounded for display; allow the band edge a hundredth.
        var previous: (key: Key, score: Double)?
        for recipe in ordered {
            let kcal = Self.double((recipe["nutritionPerServing"] as? [String: Any])?["energyKcal"]) ?? 0
            let key = Key(group: kcal <= mealTarget ? 0 : 1, band: Int((abs(mealTarget - kcal) / (0.05 * mealTarget)).rounded(.down)))
            let score = Self.double(recipe["vitaminMineralScore"]) ?? 0
            if let previous {
                #expect(previous.key <= key, "\(recipe["title"] ?? "") is out of band order")
                if previous.key == key { #expect(previous.score >= score, "\(recipe["title"] ?? "") is out of score order") }
            }
            previous = (key, score)
        }
        // The default order: the three most suitable, then the rest by title.
        let recommended = try await world.titles("filter: {fitsCaloriesLeft: false}", token: user)
        let suitable = ordered.prefix(3).compactMap { $0["title"] as? String }
        #expect(Array(recommended.prefix(3)) == suitable)
        let rest = Array(recommended.dropFirst(3))
        #expect(rest == rest.sorted { $0.lowercased() < $1.lowercased() })
        #expect(recommended.count == ordered.count)
        // Beverages are far below a meal's calories: the three are found beyond the near band.
        let drinks = try await world.titles("orderBy: SUITABILITY, filter: {fitsCaloriesLeft: false, dishTypes: [BEVERAGE]}", token: user)
        let recommendedDrinks = try await world.titles("filter: {fitsCaloriesLeft: false, dishTypes: [BEVERAGE]}", token: user)
        #expect(Array(recommendedDrinks.prefix(3)) == Array(drinks.prefix(3)) && recommendedDrinks.count == drinks.count)
    }

    /// The suitability order's forward pages read a window of the energy index
    /// (`RecipeSuitabilityWindow`); backward pages rank every match. Paged forward 7 at a time,
    /// each list must be exactly the full ranking read backward, signed out and in, with filters
    /// that leave many, few and no recipes within the target.
    @Test func theSuitabilityOrderPagedForwardOrBackwardIsTheWholeRanking() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        _ = try await Self.giveTargets(world, user)
        func forward(_ arguments: String, token: String?) async throws -> [String] {
            var ids: [String] = []
            var after = "null"
            while true {
                let page = try await world.run(
                    "{ recipes(\(arguments), first: 7, after: \(after)) { pageInfo { hasNextPage endCursor } edges { node { id } } } }",
                    token: token)
                ids += ((page["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
                guard page["data.recipes.pageInfo.hasNextPage"] as? Bool == true, let cursor = page["data.recipes.pageInfo.endCursor"] as? String
                else { return ids }
                after = "\"\(cursor)\""
            }
        }
        func backward(_ arguments: String, size: Int, after: String = "null", token: String?) async throws -> [String] {
            var ids: [String] = []
            var before = "null"
            while true {
                let page = try await world.run(
                    "{ recipes(\(arguments), last: \(size), after: \(after), before: \(before)) { pageInfo { hasPreviousPage startCursor } edges { node { id } } } }",
                    token: token)
                ids = ((page["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String } + ids
                guard page["data.recipes.pageInfo.hasPreviousPage"] as? Bool == true, let cursor = page["data.recipes.pageInfo.startCursor"] as? String
                else { return ids }
                before = "\"\(cursor)\""
            }
        }
        for arguments in [
            "orderBy: SUITABILITY", "orderBy: SUITABILITY, filter: {fitsCaloriesLeft: false}",
            "orderBy: SUITABILITY, filter: {fitsCaloriesLeft: false, dishTypes: [SOUP]}",
            "orderBy: SUITABILITY, filter: {fitsCaloriesLeft: false, dishTypes: [BEVERAGE, DESSERT]}",
            "orderBy: SUITABILITY, filter: {fitsCaloriesLeft: false, maxCaloriesPerServing: 150}",
        ] {
            for token in [nil, user] {
                // The whole ranking, sorted in full: pages with both `after` and `before` are not
                // windowed (the first row, then everything after it read backward).
                let first = try await world.run(
                    "{ recipes(\(arguments), first: 1) { edges { cursor node { id } } } }", token: token)
                let start = try #require(first["data.recipes.edges.0.cursor"] as? String, "\(arguments)")
                let ranked = [try #require(first["data.recipes.edges.0.node.id"] as? String)]
                    + (try await backward(arguments, size: 100, after: "\"\(start)\"", token: token))
                #expect(ranked.count > 3, "\(arguments)")
                let signed = "signed \(token == nil ? "out" : "in")"
                #expect(try await forward(arguments, token: token) == ranked, "forward, \(arguments), \(signed)")
                #expect(try await backward(arguments, size: 7, token: token) == ranked, "backward, \(arguments), \(signed)")
            }
        }
    }

    @Test func titleCostAndRandomOrdersPageStably() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let titles = try await world.titles("orderBy: TITLE")
        #expect(titles == titles.sorted { $0.lowercased() < $1.lowercased() })
        let costs = try await world.all("orderBy: COST", "title costPerServing { amount }")
        let amounts = costs.compactMap { Double((($0["costPerServing"] as? [String: Any])?["amount"] as? String) ?? "") }
        #expect(amounts == amounts.sorted())

        // Random: a seed fixes the order, and paging continues it without repeats.
        let first = try await world.titles("orderBy: RANDOM, seed: 7")
        let again = try await world.titles("orderBy: RANDOM, seed: 7")
        let other = try await world.titles("orderBy: RANDOM, seed: 8")
        #expect(first == again && first != other && Set(first) == Set(titles) && first.count == titles.count)
        let unseeded = try await world.titles("orderBy: RANDOM")
        #expect(Set(unseeded) == Set(titles) && unseeded.count == titles.count)

        // Backwards from the end, and a cursor of another list.
        let page = try await world.run(#"{ recipes(orderBy: TITLE, first: 5) { pageInfo { endCursor } } }"#)
        let cursor = try #require(page["data.recipes.pageInfo.endCursor"] as? String)
        let back = try await world.run(#"{ recipes(orderBy: TITLE, last: 2, before: "\#(cursor)") { edges { node { title } } } }"#)
        #expect((back["data.recipes.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["title"] as? String } == Array(titles[2..<4]))
        _ = try await world.run(#"{ recipes(orderBy: COST, after: "\#(cursor)") { edges { cursor } } }"#, expecting: ["BAD_USER_INPUT"])
        _ = try await world.run(#"{ recipes(orderBy: TITLE, filter: {dishTypes: [SOUP]}, after: "\#(cursor)") { edges { cursor } } }"#, expecting: ["BAD_USER_INPUT"])

        let random = try await world.run(#"{ randomRecipe(filter: {dishTypes: [DESSERT]}) { title dishType } }"#)
        #expect(random["data.randomRecipe.dishType"] as? String == "DESSERT")
        let none = try await world.run(#"{ randomRecipe(filter: {maxCaloriesPerServing: 0}) { title } }"#)
        #expect(none["data.randomRecipe"] is NSNull)
    }

    // MARK: - Favourites and favourite foods

    @Test func aUserMarksFavouritesAndFindsThemAgain() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let other = try await world.login("support")
        let risotto = try await world.recipeID("Mushroom Risotto")
        let hummus = try await world.recipeID("Classic Hummus")
        for id in [risotto, hummus] {
            let marked = try await world.run(
                "mutation($r: ID!) { setRecipeFavorite(input: {recipeId: $r, favorite: true}) { recipe { isFavorite } userErrors { code } } }",
                token: user, variables: ["r": .string(id)])
            #expect(marked["data.setRecipeFavorite.recipe.isFavorite"] as? Bool == true)
        }
        let favorites = try await world.run("{ me { favoriteRecipes(first: 10) { edges { node { title isFavorite } } } } }", token: user)
        #expect(
            (favorites["data.me.favoriteRecipes.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["title"] as? String }
                == ["Classic Hummus", "Mushroom Risotto"])
        #expect(try await world.titles("filter: {favoritesOnly: true}", token: user).sorted() == ["Classic Hummus", "Mushroom Risotto"])
        #expect(try await world.titles("filter: {favoritesOnly: true}", token: other).isEmpty)
        _ = try await world.run("{ recipes(filter: {favoritesOnly: true}) { edges { cursor } } }", expecting: ["UNAUTHENTICATED"])
        try await world.run(
            "mutation($r: ID!) { setRecipeFavorite(input: {recipeId: $r, favorite: false}) { recipe { isFavorite } userErrors { code } } }",
            token: user, variables: ["r": .string(risotto)])
        #expect(try await world.titles("filter: {favoritesOnly: true}", token: user) == ["Classic Hummus"])
        // Nobody else sees them, support included.
        let userID = try #require(try await world.run("{ me { id } }", token: user)["data.me.id"] as? String)
        _ = try await world.run(
            "query($u: ID!) { node(id: $u) { ... on User { favoriteRecipes { edges { cursor } } } } }", token: other,
            variables: ["u": .string(userID)], expecting: ["FORBIDDEN"])
    }

    @Test func favouriteFoodsAreTheDefaultChosenProducts() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let salmon = try await world.productID("Atlantic Salmon Fillets")
        let set = try await world.run(
            "mutation($p: ID!) { setFavoriteFoods(input: {productIds: [$p]}) { favoriteFoods { name } userErrors { code } } }",
            token: user, variables: ["p": .string(salmon)])
        #expect((set["data.setFavoriteFoods.favoriteFoods"] as? [[String: Any]])?.first?["name"] as? String == "Atlantic Salmon Fillets")
        let profile = try await world.run("{ me { profile { favoriteFoods { name } } } }", token: user)
        #expect((profile["data.me.profile.favoriteFoods"] as? [[String: Any]])?.count == 1)
        let withSalmon = try await world.all("filter: {useFavoriteFoods: true}", "title ingredients { product { id } }", token: user)
        #expect(!withSalmon.isEmpty)
        for recipe in withSalmon {
            let products = ((recipe["ingredients"] as? [[String: Any]]) ?? []).compactMap { ($0["product"] as? [String: Any])?["id"] as? String }
            #expect(products.contains(salmon), "\(recipe["title"] ?? "")")
        }
        let unknown = try await world.run(
            #"mutation { setFavoriteFoods(input: {productIds: ["\#(GlobalID(typeName: "Product", key: 999_999))"]}) { userErrors { field code } } }"#,
            token: user)
        #expect(Self.userErrors(unknown, "setFavoriteFoods").map(\.code) == ["NOT_FOUND"])
    }

    // MARK: - User recipes and moderation

    @Test func aUserWritesARecipeThatAnAdministratorModerates() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let author = try await world.login("user")
        let stranger = try await world.login("support")
        let admin = try await world.login("admin")
        let created = try await world.run(
            """
            mutation { createRecipe(input: {title: "Grandma's Oat Squares", servings: 12, dishType: COOKIES, prepMinutes: 15, cookMinutes: 25,
              steps: ["Mix.", "Bake."], categories: [FOR_CHILDREN], appliances: [OVEN], mealTimes: [SNACK],
              ingredients: [{food: "large flake rolled oats", quantity: 2, unit: CUP}, {food: "golden yellow brown sugar", quantity: 0.5, unit: CUP},
                {food: "salted butter", quantity: 0.5, unit: CUP, note: "melted"}]}) {
              recipe { id visibility moderationStatus authorName isOwn ingredients { food matchConfidence product { name } } }
              userErrors { field code } } }
            """, token: author)
        #expect(Self.userErrors(created, "createRecipe").isEmpty)
        let id = try #require(created["data.createRecipe.recipe.id"] as? String)
        let ingredients = try #require(created["data.createRecipe.recipe.ingredients"] as? [[String: Any]])
        #expect((ingredients[0]["product"] as? [String: Any])?["name"] as? String == "Large Flake Rolled Oats")
        #expect((Self.double(ingredients[0]["matchConfidence"]) ?? 0) >= 0.5)

        func visible(_ token: String?) async throws -> Bool {
            let node = try await world.run("query($id: ID!) { node(id: $id) { id } }", token: token, variables: ["id": .string(id)])
            return node["data.node.id"] as? String == id
        }
        func listed(_ token: String?) async throws -> Bool {
            try await world.titles(#"query: "Grandma's Oat Squares""#, token: token).contains("Grandma's Oat Squares")
        }
        // Private: the author's only, on every path.
        #expect(try await visible(author))
        #expect(try await listed(author))
        #expect(try await !visible(stranger))
        #expect(try await !visible(nil))
        #expect(try await !visible(admin))
        #expect(try await !listed(stranger))
        #expect(try await !listed(nil))
        let mine = try await world.run("{ me { recipes(first: 5) { edges { node { title } } } } }", token: author)
        #expect((mine["data.me.recipes.edges"] as? [Any])?.count == 1)

        // Made public: it waits for moderation, seen by the author and administrators only.
        let published = try await world.run(
            "mutation($id: ID!) { updateRecipe(input: {recipeId: $id, visibility: PUBLIC}) { recipe { moderationStatus } userErrors { code } } }",
            token: author, variables: ["id": .string(id)])
        #expect(published["data.updateRecipe.recipe.moderationStatus"] as? String == "PENDING")
        #expect(try await visible(admin))
        #expect(try await !visible(stranger))
        #expect(try await !listed(stranger))
        let queue = try await world.run("{ pendingRecipes(first: 5) { edges { node { id title authorName } } } }", token: admin)
        #expect((queue["data.pendingRecipes.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["id"] as? String } == [id])
        _ = try await world.run("{ pendingRecipes { edges { cursor } } }", token: author, expecting: ["FORBIDDEN"])

        // Rejected with a reason (required), seen by the author with the reason.
        let noReason = try await world.run(
            "mutation($id: ID!) { moderateRecipe(input: {recipeId: $id, decision: REJECT}) { recipe { id } userErrors { field code } } }",
            token: admin, variables: ["id": .string(id)])
        #expect(Self.userErrors(noReason, "moderateRecipe").map(\.field) == [["reason"]])
        try await world.run(
            #"mutation($id: ID!) { moderateRecipe(input: {recipeId: $id, decision: REJECT, reason: "Add the oven temperature."}) { recipe { moderationStatus } userErrors { code } } }"#,
            token: admin, variables: ["id": .string(id)])
        let rejected = try await world.run(
            "query($id: ID!) { node(id: $id) { ... on Recipe { moderationStatus moderationNote } } }", token: author,
            variables: ["id": .string(id)])
        #expect(rejected["data.node.moderationStatus"] as? String == "REJECTED")
        #expect(rejected["data.node.moderationNote"] as? String == "Add the oven temperature.")

        // Edited, it is pending again; approved, everyone sees it; the note stays the author's.
        try await world.run(
            #"mutation($id: ID!) { updateRecipe(input: {recipeId: $id, steps: ["Mix.", "Bake at 180 °C for 25 minutes."]}) { recipe { moderationStatus } userErrors { code } } }"#,
            token: author, variables: ["id": .string(id)])
        let approved = try await world.run(
            "mutation($id: ID!) { moderateRecipe(input: {recipeId: $id, decision: APPROVE}) { recipe { moderationStatus } userErrors { code } } }",
            token: admin, variables: ["id": .string(id)])
        #expect(approved["data.moderateRecipe.recipe.moderationStatus"] as? String == "APPROVED")
        #expect(try await visible(stranger))
        #expect(try await visible(nil))
        #expect(try await listed(nil))
        let again = try await world.run(
            "mutation($id: ID!) { moderateRecipe(input: {recipeId: $id, decision: APPROVE}) { recipe { id } userErrors { code } } }",
            token: admin, variables: ["id": .string(id)])
        #expect(Self.userErrors(again, "moderateRecipe").map(\.code) == ["INVALID_STATE"])

        // Only the author changes or deletes it.
        _ = try await world.run(
            #"mutation($id: ID!) { updateRecipe(input: {recipeId: $id, title: "Mine now"}) { recipe { id } userErrors { code } } }"#,
            token: stranger, variables: ["id": .string(id)], expecting: ["FORBIDDEN"])
        _ = try await world.run(
            "mutation($id: ID!) { deleteRecipe(input: {recipeId: $id}) { deletedRecipeId userErrors { code } } }", token: stranger,
            variables: ["id": .string(id)], expecting: ["FORBIDDEN"])
        let deleted = try await world.run(
            "mutation($id: ID!) { deleteRecipe(input: {recipeId: $id}) { deletedRecipeId userErrors { code } } }", token: author,
            variables: ["id": .string(id)])
        #expect(deleted["data.deleteRecipe.deletedRecipeId"] as? String == id)
        #expect(try await !visible(author))
    }

    @Test func badRecipeInputIsRefusedWithUserErrorsAndNothingIsWritten() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let count = { try await world.api.database.database.query("SELECT count(*) FROM recipes")[0].decode(Int.self, at: 0) }
        let before = try await count()
        func refused(_ input: String, _ field: [String], _ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
            let response = try await world.run(
                "mutation { createRecipe(input: {\(input)}) { recipe { id } userErrors { field message code } } }", token: user,
                sourceLocation: sourceLocation)
            let errors = Self.userErrors(response, "createRecipe")
            #expect(errors.count == 1 && errors.first?.field == field && errors.first?.code == code, "\(errors)", sourceLocation: sourceLocation)
            #expect(response["data.createRecipe.recipe"] is NSNull, sourceLocation: sourceLocation)
        }
        let valid = #"title: "T", dishType: SOUP, prepMinutes: 1, cookMinutes: 1, steps: ["Cook."]"#
        let one = #"ingredients: [{food: "water", quantity: 1, unit: CUP}]"#
        try await refused(#"\#(valid), servings: 0, \#(one)"#, ["servings"], "OUT_OF_RANGE")
        try await refused(#"\#(valid), servings: 2, ingredients: []"#, ["ingredients"], "REQUIRED")
        try await refused(#"title: " ", dishType: SOUP, servings: 2, prepMinutes: 1, cookMinutes: 1, steps: ["Cook."], \#(one)"#, ["title"], "REQUIRED")
        try await refused(#"\#(valid), servings: 2, ingredients: [{food: "water", quantity: 1}]"#, ["ingredients", "0", "unit"], "REQUIRED")
        try await refused(#"\#(valid), servings: 2, ingredients: [{quantity: 1, unit: CUP}]"#, ["ingredients", "0", "food"], "REQUIRED")
        try await refused(
            #"\#(valid), servings: 2, ingredients: [{food: "a", quantity: 2, quantityMax: 1, unit: CUP}]"#, ["ingredients", "0", "quantityMax"],
            "OUT_OF_RANGE")
        try await refused(
            #"\#(valid), servings: 2, ingredients: [{productId: "\#(GlobalID(typeName: "Product", key: 999_999))", quantity: 1, unit: CUP}]"#,
            ["ingredients", "0", "productId"], "NOT_FOUND")
        try await refused(
            #"\#(valid), servings: 2, ingredients: [{productId: "\#(GlobalID(typeName: "Recipe", key: 1))", quantity: 1, unit: CUP}]"#,
            ["ingredients", "0", "productId"], "INVALID_FORMAT")
        try await refused(#"\#(valid), servings: 2, \#(one), image: "aGVsbG8=""#, ["image"], "UNSUPPORTED_IMAGE_TYPE")
        try await refused(#"title: "T", dishType: SOUP, servings: 2, prepMinutes: 3000, cookMinutes: 1, steps: ["x"], \#(one)"#, ["prepMinutes"], "OUT_OF_RANGE")
        #expect(try await count() == before)
        // Another user's or a missing recipe: not found.
        let missing = try await world.run(
            #"mutation { updateRecipe(input: {recipeId: "\#(GlobalID(typeName: "Recipe", key: 999_999))", title: "x"}) { userErrors { field code } } }"#,
            token: user)
        #expect(Self.userErrors(missing, "updateRecipe").map(\.code) == ["NOT_FOUND"])
        _ = try await world.run(#"mutation { createRecipe(input: {\#(valid), servings: 1, \#(one)}) { recipe { id } } }"#, expecting: ["UNAUTHENTICATED"])
    }

    @Test func aRecipeImageIsCheckedStoredAndServed() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for value in [UInt32(640), 480] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        let image = Data(bytes).base64EncodedString()
        let created = try await world.run(
            """
            mutation($image: Base64!) { createRecipe(input: {title: "Pictured", servings: 1, dishType: SALAD, prepMinutes: 1, cookMinutes: 0,
              steps: ["Toss."], ingredients: [{food: "baby spinach", quantity: 2, unit: CUP}], image: $image}) { recipe { id imageUrl } userErrors { code } } }
            """, token: user, variables: ["image": .string(image)])
        let url = try #require(created["data.createRecipe.recipe.imageUrl"] as? String)
        let served = try await world.api.application.image(id: String(url.dropFirst("/images/".count)))
        #expect(served?.contentType == "image/png" && served?.bytes == bytes)
        // An unguessable token, not the image's sequential id.
        #expect(ImageToken.isWellFormed(String(url.dropFirst("/images/".count))), "\(url)")
        for key in 1...3 {
            #expect(try await world.api.application.image(id: GlobalID(typeName: "RecipeImage", key: Int64(key)).description) == nil)
        }
        let id = try #require(created["data.createRecipe.recipe.id"] as? String)
        let removed = try await world.run(
            "mutation($id: ID!) { updateRecipe(input: {recipeId: $id, image: null}) { recipe { imageUrl } userErrors { code } } }",
            token: user, variables: ["id": .string(id)])
        #expect(removed["data.updateRecipe.recipe.imageUrl"] is NSNull)
        #expect(try await world.api.application.image(id: String(url.dropFirst("/images/".count))) == nil)
    }

    // MARK: - Parsing and import

    @Test func anIngredientLineIsParsedAndMatchedToACatalogProduct() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let parsed = try await world.run(
            #"{ parseIngredientLine(text: "2 1/2 cups all-purpose flour, sifted") { quantity quantityMax unit pieceName food note product { name } matchConfidence } }"#)
        #expect(Self.double(parsed["data.parseIngredientLine.quantity"]) == 2.5)
        #expect(parsed["data.parseIngredientLine.unit"] as? String == "CUP")
        #expect(parsed["data.parseIngredientLine.food"] as? String == "all-purpose flour")
        #expect(parsed["data.parseIngredientLine.note"] as? String == "sifted")
        #expect(parsed["data.parseIngredientLine.product.name"] as? String == "All Purpose Flour")
        #expect(Self.double(parsed["data.parseIngredientLine.matchConfidence"]) == 1)
        let unknown = try await world.run(#"{ parseIngredientLine(text: "a pinch of unobtainium") { food product { name } matchConfidence } }"#)
        #expect(unknown["data.parseIngredientLine.product"] is NSNull)
        _ = try await world.run(#"{ parseIngredientLine(text: "") { food } }"#, expecting: ["BAD_USER_INPUT"])
    }

    @Test func aRecipeIsImportedFromPastedTextAndFromJSONLD() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let text = """
            Weeknight Chickpea Curry
            Serves 4
            Ingredients
            1 tbsp vegetable oil
            1 onion, chopped
            1 (400 ml) can coconut milk
            2 cans chickpeas, drained
            Method
            1. Fry the onion in the oil.
            2. Add the rest and simmer 20 minutes.
            """
        let started = Date()
        let fromText = try await world.run(
            """
            mutation($text: String!) { importRecipe(input: {text: $text}) { recipe { title servings visibility steps
              ingredients { food quantity unit product { name } } nutritionPerServing { energyKcal } } userErrors { field code } } }
            """, token: user, variables: ["text": .string(text)])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(fromText["data.importRecipe.recipe.title"] as? String == "Weeknight Chickpea Curry")
        #expect(fromText["data.importRecipe.recipe.servings"] as? Int == 4)
        #expect(fromText["data.importRecipe.recipe.visibility"] as? String == "PRIVATE")
        let ingredients = try #require(fromText["data.importRecipe.recipe.ingredients"] as? [[String: Any]])
        #expect(ingredients.count == 4)
        #expect((ingredients[2]["product"] as? [String: Any])?["name"] as? String == "Coconut Milk")
        #expect((fromText["data.importRecipe.recipe.steps"] as? [String])?.count == 2)

        let json = #"""
            <ignored>{"@context": "https://schema.org", "@type": "Recipe", "name": "Berry Oat Bake", "recipeYield": "6 servings",
              "prepTime": "PT10M", "cookTime": "PT35M", "recipeCategory": "Dessert",
              "recipeIngredient": ["2 cups large flake rolled oats", "1 1/2 cups blueberries", "1/4 cup pure maple syrup"],
              "recipeInstructions": [{"@type": "HowToStep", "text": "Mix."}, {"@type": "HowToStep", "text": "Bake at 180 °C."}]}
            """#.replacingOccurrences(of: "<ignored>", with: "")
        let fromJSON = try await world.run(
            """
            mutation($json: String!) { importRecipe(input: {jsonLd: $json}) { recipe { title servings prepMinutes cookMinutes dishType
              ingredients { product { name } } } userErrors { field code } } }
            """, token: user, variables: ["json": .string(json)])
        #expect(fromJSON["data.importRecipe.recipe.title"] as? String == "Berry Oat Bake")
        #expect(fromJSON["data.importRecipe.recipe.servings"] as? Int == 6)
        #expect(fromJSON["data.importRecipe.recipe.cookMinutes"] as? Int == 35)
        #expect(fromJSON["data.importRecipe.recipe.dishType"] as? String == "DESSERT")
        let bad = try await world.run(
            #"mutation { importRecipe(input: {jsonLd: "{\"@type\": \"Article\"}"}) { recipe { id } userErrors { field code } } }"#, token: user)
        #expect(Self.userErrors(bad, "importRecipe").map(\.field) == [["jsonLd"]])
    }

    // MARK: - Cost at the viewer's stores, and no N+1

    @Test func costUsesThePreferredStoresPricesAndAPageCostsAFixedNumberOfStatements() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let user = try await world.login("user")
        let fields = "title costPerServing { amount } nutritionPerServing { energyKcal } completeness { costComplete } isFavorite"
        let catalogCosts = try await world.run("{ recipes(orderBy: TITLE, first: 20) { edges { node { \(fields) } } } }", token: user)
        // Prefer the store whose prices are the catalog's × 0.9 (store ids cycle the factor by id % 4).
        let storeRows = try await world.api.database.database.query("SELECT id FROM stores WHERE id % 4 = 0 ORDER BY id LIMIT 1")
        let storeID = GlobalID(typeName: "Store", key: try storeRows[0].decode(Int64.self, at: 0)).description
        try await world.run(
            "mutation($s: ID!) { setStorePreference(input: {storeId: $s, preference: PREFERRED}) { userErrors { code } } }", token: user,
            variables: ["s": .string(storeID)])
        let small = try await world.run("{ recipes(orderBy: TITLE, first: 5) { edges { node { \(fields) } } } }", token: user)
        let large = try await world.run("{ recipes(orderBy: TITLE, first: 20) { edges { node { \(fields) } } } }", token: user)
        // Profile, diary, favourite foods; the page; ingredients, products, store marks, prices, favourite flags.
        #expect(small.statements == large.statements)
        #expect(large.statements == 9)
        func costs(_ response: Response) -> [Double] {
            ((response["data.recipes.edges"] as? [[String: Any]]) ?? []).map {
                Double(((($0["node"] as? [String: Any])?["costPerServing"] as? [String: Any])?["amount"] as? String) ?? "0") ?? 0
            }
        }
        let before = costs(catalogCosts)
        let after = costs(large)
        #expect(zip(before, after).allSatisfy { $1 <= $0 + 0.011 })
        #expect(zip(before, after).contains { $1 < $0 - 0.02 })
    }

    // MARK: - Traits follow the catalog

    @Test func theRefreshJobRecomputesWhatSearchUsesWhenTheCatalogChanges() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let admin = try await world.login("admin")
        let kale = try await world.productID("Green Kale")
        #expect(try await world.titles("filter: {allergenFree: [SESAME]}").contains("Kale Apple Salad"))
        try await world.run(
            "mutation($p: ID!) { updateProduct(input: {productId: $p, allergens: [SESAME]}) { product { allergens } userErrors { code } } }",
            token: admin, variables: ["p": .string(kale)])
        // The search reads what was stored until the job runs.
        #expect(try await world.titles("filter: {allergenFree: [SESAME]}").contains("Kale Apple Salad"))
        try await RecipesArea.refreshTraits(in: world.api.database.database, olderThan: 0)
        #expect(try await !world.titles("filter: {allergenFree: [SESAME]}").contains("Kale Apple Salad"))
    }

    // MARK: - Synthetic data

    @Test func syntheticRecipesVaryTheCookbookWithFiguresThatMatchTheirIngredients() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        var data = SyntheticData()
        data.recipes = 300
        let reports = try await data.load(into: world.api.database.pool)
        #expect(reports.map(\.table) == ["recipes"])
        let database = world.api.database.database
        #expect(try await database.query("SELECT count(*) FROM recipes")[0].decode(Int.self, at: 0) == 157 + 300)
        let page = try await world.run(#"{ recipes(query: "garden", orderBy: TITLE, first: 20) { edges { node { title nutritionPerServing { energyKcal } } } } }"#)
        let nodes = ((page["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
        #expect(!nodes.isEmpty)
        // What search filters by (stored) agrees with what the ingredients give (live).
        for node in nodes {
            let title = try #require(node["title"] as? String)
            let stored = try await database.query("SELECT energy_kcal FROM recipes WHERE title = $1", [title])[0].decode(Double.self, at: 0)
            let live = Self.double((node["nutritionPerServing"] as? [String: Any])?["energyKcal"]) ?? -1
            #expect(abs(stored - live) <= max(1, stored * 0.02), "\(title): stored \(stored), live \(live)")
        }
    }
}
