import Foundation
import Postgres

/// Builds grocery lists from plans' meals, for many plans at once (the list of an archive page
/// costs the same statements as one): the recipes and their ingredients (Recipes' store), the
/// products, categories and prices (the Catalog's), the owners' preferred stores (Accounts'), the
/// items checked off.
enum GroceryBuilder {
    /// Prices of products for a user: the lowest latest price at a preferred store, else the
    /// average of the latest price at every store that has one (the seed's "average national
    /// price"), else the catalog's price (the sale price while on sale).
    static func prices(
        of productIDs: [Int64], products: [Int64: ProductRecord], preferredStores: [Int64], in database: some PostgresQuerying
    ) async throws -> [Int64: PackagePrice] {
        guard !productIDs.isEmpty else { return [:] }
        let page = try Page(PageArguments(first: Page.maximumSize, after: nil, last: nil, before: nil))
        let latest = try await PriceStore.latest(of: productIDs, near: nil, page: page, in: database)
        let preferred = Set(preferredStores)
        var prices: [Int64: PackagePrice] = [:]
        for productID in productIDs {
            let observed = latest[productID]?.edges.map(\.node) ?? []
            let atPreferred = observed.filter { preferred.contains($0.storeID) }.compactMap { price in
                price.price.amount.decimal.map { ($0, price.price.currency) }
            }
            if let cheapest = atPreferred.min(by: { $0.0 < $1.0 }) {
                prices[productID] = PackagePrice(amount: cheapest.0, currency: cheapest.1, source: .preferredStore)
                continue
            }
            let amounts = observed.compactMap { $0.price.amount.decimal }
            if !amounts.isEmpty, let currency = observed.first?.price.currency {
                prices[productID] = PackagePrice(
                    amount: GroceryAggregation.money(amounts.reduce(Decimal(0), +) / Decimal(amounts.count)), currency: currency,
                    source: .averageObserved)
                continue
            }
            if let product = products[productID], let price = product.salePrice ?? product.catalogPrice, let amount = price.amount.decimal {
                prices[productID] = PackagePrice(amount: amount, currency: price.currency, source: .catalog)
            }
        }
        return prices
    }

    /// The grocery list of each plan from the given meals; with `subtractPantry`, less what each
    /// owner's pantry holds (the Kitchen area's `PantryStore.availability`, one statement an owner).
    static func lists(
        _ plans: [MealPlanRecord], meals: [Int64: [PlannedMealRecord]], subtractPantry: Bool = true, in database: some PostgresQuerying
    ) async throws -> [Int64: GroceryList] {
        guard !plans.isEmpty else { return [:] }
        let recipeIDs = Array(Set(meals.values.flatMap { $0.map(\.recipeID) })).sorted()
        let recipes = try await RecipeStore.load(recipeIDs, from: database)
        let ingredients = try await RecipeStore.ingredients(of: recipeIDs, from: database)
        let productIDs = Array(Set(ingredients.values.flatMap { $0.compactMap(\.productID) })).sorted()
        let products = try await ProductStore.load(productIDs, from: database)
        let categories = try await CategoryStore.load(Array(Set(products.values.map(\.categoryID))).sorted(), from: database)
        let checks = try await MealPlanStore.checkedItems(ofPlans: plans.map(\.id), in: database)
        let owners = Array(Set(plans.map(\.userID))).sorted()
        let marks = try await ProfileStore.storeMarks(of: owners, in: database)
        var pricesByOwner: [Int64: [Int64: PackagePrice]] = [:]
        var pantries: [Int64: [Int64: [QuantityUnit: Double]]] = [:]
        for owner in owners {
            if subtractPantry && !productIDs.isEmpty {
                pantries[owner] = try await PantryStore.availability(of: productIDs, for: owner, in: database)
            }
            pricesByOwner[owner] = try await prices(
                of: productIDs, products: products, preferredStores: marks[owner]?.preferred ?? [], in: database)
        }
        let categoryNames = categories.mapValues(\.name)
        var lists: [Int64: GroceryList] = [:]
        for plan in plans {
            var uses: [GroceryAggregation.Use] = []
            for meal in meals[plan.id] ?? [] {
                guard let recipe = recipes[meal.recipeID] else { continue }
                let scale = meal.portions / Double(max(recipe.servings, 1))
                for ingredient in ingredients[meal.recipeID] ?? [] {
                    let product = ingredient.productID.flatMap { products[$0] }
                    uses.append(GroceryAggregation.Use(ingredient: ingredient.facts(product), scale: scale, categoryID: product?.categoryID))
                }
            }
            lists[plan.id] = GroceryAggregation.list(
                uses, products: products, categoryNames: categoryNames, prices: pricesByOwner[plan.userID] ?? [:],
                checked: checks[plan.id] ?? [], budget: plan.budget, budgetCurrency: plan.currency,
                pantry: subtractPantry ? pantries[plan.userID] ?? [:] : nil)
        }
        return lists
    }
}
