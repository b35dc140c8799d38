import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// The Meals area with the pantry, orders and spending: Meal Budget Plan's grocery list without
/// what the user has, the list sent to an order, budget tracking with the actual spend, and
/// Scan&Cook US-404's advice from the fridge and expiry dates. On the demo data, one at a time.
@Suite(.serialized) struct MealPantryTests {
    typealias World = RecipeTests.World

    static let listFields = """
        total { amount } pantrySubtracted
        items { key name quantity neededQuantity inPantry unit packages checked cost { amount } product { id } }
        """

    static func list(_ world: World, _ token: String, _ planID: String, subtract: String) async throws -> [String: Any] {
        let response = try await world.run(
            "query($id: ID!) { node(id: $id) { ... on MealPlan { groceryList\(subtract) { \(listFields) } } } }", token: token,
            variables: ["id": .string(planID)])
        return try #require(response["data.node.groceryList"] as? [String: Any], "\(response.json)")
    }

    static func items(_ list: [String: Any]) -> [[String: Any]] { list["items"] as? [[String: Any]] ?? [] }
    static func productID(_ item: [String: Any]) -> String? { (item["product"] as? [String: Any])?["id"] as? String }

    static func addPantry(
        _ world: World, _ token: String, product: String, quantity: Double, unit: String, expiresOn: String? = nil
    ) async throws {
        var variables: [String: GraphQLValue] = ["p": .string(product), "q": .float(quantity), "u": .string(unit)]
        variables["e"] = expiresOn.map { .string($0) } ?? .null
        let added = try await world.run(
            """
            mutation($p: ID!, $q: Float!, $u: QuantityUnit!, $e: Date) {
              addPantryItem(input: {productId: $p, quantity: $q, unit: $u, location: FRIDGE, expiresOn: $e}) { userErrors { field code message } } }
            """, token: token, variables: variables)
        #expect((added["data.addPantryItem.userErrors"] as? [Any])?.isEmpty == true, "\(added.json)")
    }

    static func userID(_ world: World, _ email: String) async throws -> Int64 {
        try await world.api.database.database.query("SELECT id FROM users WHERE email = $1", [email])[0].decode(Int64.self, at: 0)
    }

    // MARK: - Stories

    /// Meal Budget Plan: the grocery list without what I have.
    @Test func aUserGetsTheGroceryListWithoutWhatTheyAlreadyHave() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let token = try await MealPlanTests.user(world, "pantrylist@example.com")
        let plan = try await MealPlanTests.generate(world, token)
        let planID = try #require(plan["id"] as? String)
        let full = try await Self.list(world, token, planID, subtract: "(subtractPantry: false)")
        #expect(full["pantrySubtracted"] as? Bool == false)
        let candidates = Self.items(full).filter {
            Self.productID($0) != nil && ($0["packages"] as? Int ?? 0) > 0 && ["GRAM", "MILLILITRE"].contains($0["unit"] as? String)
                && ($0["neededQuantity"] as? Double ?? 0) > 0
        }
        let covered = try #require(candidates.first, "a list item with a product in grams or millilitres")
        let product = try #require(Self.productID(covered))
        let need = try #require(covered["neededQuantity"] as? Double)
        // Held in the other unit of mass/volume: converted (1 g = 1 ml for the pantry).
        let heldUnit = covered["unit"] as? String == "GRAM" ? "MILLILITRE" : "GRAM"
        try await Self.addPantry(world, token, product: product, quantity: need + 1, unit: heldUnit)

        let subtracted = try await Self.list(world, token, planID, subtract: "")
        #expect(subtracted["pantrySubtracted"] as? Bool == true)
        let item = try #require(Self.items(subtracted).first { $0["key"] as? String == covered["key"] as? String })
        #expect(item["inPantry"] as? Double == need)
        #expect(item["quantity"] as? Double == 0)
        #expect(item["packages"] as? Int == 0)
        #expect(MealPlanTests.amount(item["cost"]) == 0)
        let saved = MealPlanTests.amount(covered["cost"])
        #expect(abs(MealPlanTests.amount(full["total"]) - saved - MealPlanTests.amount(subtracted["total"])) < 0.011)
        // The other items are as without the pantry; the switch off lists everything again.
        let others = Self.items(subtracted).filter { $0["key"] as? String != covered["key"] as? String }
        #expect(others.allSatisfy { $0["inPantry"] as? Double == 0 })
        let again = try await Self.list(world, token, planID, subtract: "(subtractPantry: false)")
        #expect(MealPlanTests.amount(again["total"]) == MealPlanTests.amount(full["total"]))
        // Another user's pantry changes nothing of this user's list.
        let other = try await MealPlanTests.user(world, "pantrylist-other@example.com")
        let otherPlan = try #require(try await MealPlanTests.generate(world, other)["id"] as? String)
        let before = try await Self.list(world, other, otherPlan, subtract: "")
        #expect(Self.items(before).allSatisfy { $0["inPantry"] as? Double == 0 })
    }

    /// Meal Budget Plan: send the list to an order.
    @Test func aUserSendsTheGroceryListToAnOrder() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let database = world.api.database.database
        let token = try await MealPlanTests.user(world, "listorder@example.com")
        let plan = try await MealPlanTests.generate(world, token)
        let planID = try #require(plan["id"] as? String)
        let list = try await Self.list(world, token, planID, subtract: "")
        let orderable = Self.items(list).filter { Self.productID($0) != nil && ($0["packages"] as? Int ?? 0) > 0 }
        try #require(orderable.count >= 2)
        let productKeys = orderable.compactMap { Self.productID($0).flatMap { GlobalID(parsing: $0)?.key } }
        // Every chain stocks every product of the list but one: that one is a user error, and nothing is added.
        _ = try await database.query(
            """
            INSERT INTO chain_offers (product_id, chain_id, currency, price, stock)
            SELECT p, c.id, 'CAD', 2.50, 500 FROM unnest($1::bigint[]) AS p, retail_chains c
            ON CONFLICT (product_id, chain_id) DO UPDATE SET stock = 500
            """, [PostgresArray(productKeys)])
        _ = try await database.query("UPDATE chain_offers SET stock = 0 WHERE product_id = $1", [productKeys[0]])
        let mutation = """
            mutation($id: ID!) { orderGroceryList(input: {mealPlanId: $id}) {
              order { id status items { product { id } quantity } } orderedItems { key packages checked } skippedItems { key }
              userErrors { field code message } } }
            """
        let refused = try await world.run(mutation, token: token, variables: ["id": .string(planID)])
        let errors = RecipeTests.userErrors(refused, "orderGroceryList")
        #expect(errors.map(\.code) == ["OUT_OF_STOCK"], "\(refused.json)")
        #expect(refused["data.orderGroceryList.order"] is NSNull || refused["data.orderGroceryList.order"] == nil)
        let cart = try await world.run("{ me { draftOrder { id items { quantity } } } }", token: token)
        #expect((cart["data.me.draftOrder.items"] as? [Any])?.isEmpty ?? true, "\(cart.json)")

        // Checked off, it is left out; the rest goes to the cart in whole packages and is checked off.
        let firstKey = try #require(orderable[0]["key"] as? String)
        let check = try await world.run(
            "mutation($id: ID!, $k: String!) { setGroceryItemChecked(input: {mealPlanId: $id, itemKey: $k, checked: true}) { userErrors { code } } }",
            token: token, variables: ["id": .string(planID), "k": .string(firstKey)])
        #expect((check["data.setGroceryItemChecked.userErrors"] as? [Any])?.isEmpty == true)
        let ordered = try await world.run(mutation, token: token, variables: ["id": .string(planID)])
        #expect(RecipeTests.userErrors(ordered, "orderGroceryList").isEmpty, "\(ordered.json)")
        let items = try #require(ordered["data.orderGroceryList.order.items"] as? [[String: Any]])
        #expect(ordered["data.orderGroceryList.order.status"] is NSNull)
        let quantities = Dictionary(
            items.compactMap { item in Self.productID(item).map { ($0, item["quantity"] as? Int ?? 0) } }, uniquingKeysWith: +)
        #expect(quantities.count == orderable.count - 1)
        #expect(quantities[Self.productID(orderable[0])!] == nil)
        for item in orderable.dropFirst() {
            #expect(quantities[Self.productID(item)!] == item["packages"] as? Int, "\(item)")
        }
        #expect((ordered["data.orderGroceryList.orderedItems"] as? [[String: Any]])?.allSatisfy { $0["checked"] as? Bool == true } == true)
        let after = try await Self.list(world, token, planID, subtract: "")
        #expect(Self.items(after).filter { Self.productID($0) != nil && ($0["packages"] as? Int ?? 0) > 0 }.allSatisfy { $0["checked"] as? Bool == true })
        // Sent again, nothing is left to order: nothing doubles in the cart.
        let twice = try await world.run(mutation, token: token, variables: ["id": .string(planID)])
        #expect(RecipeTests.userErrors(twice, "orderGroceryList").map(\.code) == ["INVALID_STATE"])
        // Another user cannot order this user's plan.
        let other = try await MealPlanTests.user(world, "listorder-other@example.com")
        let foreign = try await world.run(mutation, token: other, variables: ["id": .string(planID)])
        #expect(RecipeTests.userErrors(foreign, "orderGroceryList").map(\.code) == ["NOT_FOUND"])
        _ = try await world.run(mutation, variables: ["id": .string(planID)], expecting: ["UNAUTHENTICATED"])
    }

    /// Meal Budget Plan: budget tracking with the actual spend.
    @Test func aUserTracksTheBudgetWithTheActualSpend() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let database = world.api.database.database
        let token = try await MealPlanTests.user(world, "actualspend@example.com")
        _ = try await MealPlanTests.generate(world, token)
        let userID = try await Self.userID(world, "actualspend@example.com")
        let product = try await database.query("SELECT id, category_id FROM products ORDER BY id LIMIT 1")[0]
        let productID = try product.decode(Int64.self, at: 0)
        let categoryID = try product.decode(Int64.self, at: 1)
        let monday = MealPlanTests.thisMonday()
        // This week: 12.50 + 7.25 (Monday noon, and today); last week: 30.00; two weeks ago: nothing.
        for (day, amount) in [(monday, "12.50"), (LocalDate(Date(), in: .gmt), "7.25"), (monday.adding(days: -3), "30.00")] {
            _ = try await database.query(
                """
                INSERT INTO purchases (user_id, purchased_at, product_id, category_id, unit_price, quantity, unit, amount, currency)
                VALUES ($1, ($2::date + time '12:00') AT TIME ZONE 'UTC', $3, $4, $5::numeric, 1, 'piece', $5::numeric, 'USD')
                """, [userID, day.description, productID, categoryID, amount])
        }
        // Someone else's purchases count for them only.
        let other = try await MealPlanTests.user(world, "actualspend-other@example.com")
        let response = try await world.run(
            "{ me { mealBudgetWeeks(weeks: 3) { weekOf budget { amount } plannedCost { amount } actualSpend { amount currency } } } }",
            token: token)
        let weeks = try #require(response["data.me.mealBudgetWeeks"] as? [[String: Any]])
        #expect(weeks.map { $0["weekOf"] as? String } == [monday, monday.adding(days: -7), monday.adding(days: -14)].map(\.description))
        #expect(weeks.map { MealPlanTests.amount($0["actualSpend"]) } == [19.75, 30, 0])
        #expect((weeks[0]["actualSpend"] as? [String: Any])?["currency"] as? String == "USD")
        #expect(MealPlanTests.amount(weeks[0]["plannedCost"]) > 0)
        let theirs = try await world.run("{ me { mealBudgetWeeks(weeks: 2) { actualSpend { amount } } } }", token: other)
        #expect((theirs["data.me.mealBudgetWeeks"] as? [[String: Any]])?.map { MealPlanTests.amount($0["actualSpend"]) } == [0, 0])
    }

    /// Scan&Cook US-404: advice per meal from the food left in the fridge and expiry dates.
    @Test func scanAndCookUS404AdviceUsesTheFoodInTheFridgeExpiringFirst() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let token = try await MealPlanTests.user(world, "fridge@example.com")
        let query = """
            { me { mealAdvice(meal: DINNER) { score reasonCodes reasons recipe { id ingredients { food product { id } } } } } }
            """
        let plain = try #require(try await world.run(query, token: token)["data.me.mealAdvice"] as? [[String: Any]])
        #expect(plain.count >= 5)
        #expect(plain.allSatisfy { !(($0["reasonCodes"] as? [String]) ?? []).contains("USES_EXPIRING") })
        // A fitting suggestion low in the list, with a product none of the first uses.
        let firstProducts = Set(
            ((plain[0]["recipe"] as? [String: Any])?["ingredients"] as? [[String: Any]] ?? []).compactMap { Self.productID($0) })
        let chosen = try #require(
            plain.dropFirst().reversed().first { suggestion in
                (suggestion["reasonCodes"] as? [String])?.contains("FITS_CALORIES") == true
                    && (((suggestion["recipe"] as? [String: Any])?["ingredients"] as? [[String: Any]]) ?? []).contains {
                        Self.productID($0).map { !firstProducts.contains($0) } ?? false
                    }
            })
        let recipeID = try #require((chosen["recipe"] as? [String: Any])?["id"] as? String)
        let ingredient = try #require(
            ((chosen["recipe"] as? [String: Any])?["ingredients"] as? [[String: Any]])?.first {
                Self.productID($0).map { !firstProducts.contains($0) } ?? false
            })
        let product = try #require(Self.productID(ingredient))
        let food = try #require(ingredient["food"] as? String)
        let today = LocalDate(Date(), in: .gmt)
        // Expiring in 10 days: not yet worth using up; expired yesterday: never suggested.
        try await Self.addPantry(world, token, product: product, quantity: 1, unit: "PIECE", expiresOn: today.adding(days: 10).description)
        try await Self.addPantry(world, token, product: product, quantity: 1, unit: "PIECE", expiresOn: today.adding(days: -1).description)
        let later = try #require(try await world.run(query, token: token)["data.me.mealAdvice"] as? [[String: Any]])
        #expect(later.allSatisfy { !(($0["reasonCodes"] as? [String]) ?? []).contains("USES_EXPIRING") })
        // Expiring tomorrow: the recipe using it comes first, saying why.
        let tomorrow = today.adding(days: 1)
        try await Self.addPantry(world, token, product: product, quantity: 1, unit: "PIECE", expiresOn: tomorrow.description)
        let advice = try #require(try await world.run(query, token: token)["data.me.mealAdvice"] as? [[String: Any]])
        #expect(advice.count >= 5)
        let top = try #require(advice.first)
        #expect((top["recipe"] as? [String: Any])?["id"] as? String == recipeID, "\(advice.map { $0["reasons"] ?? "" })")
        #expect((top["reasonCodes"] as? [String])?.contains("USES_EXPIRING") == true)
        #expect((top["reasons"] as? [String])?.contains("Uses your \(food), expiring tomorrow (\(tomorrow)).") == true, "\(top["reasons"] ?? "")")
        // Another user's fridge is not this user's.
        let other = try await MealPlanTests.user(world, "fridge-other@example.com")
        let theirs = try #require(try await world.run(query, token: other)["data.me.mealAdvice"] as? [[String: Any]])
        #expect(theirs.allSatisfy { !(($0["reasonCodes"] as? [String]) ?? []).contains("USES_EXPIRING") })
    }
}
