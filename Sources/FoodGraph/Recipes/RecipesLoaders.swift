import GraphQLEngine
import Postgres

/// The Recipes area's DataLoaders of one request. A page of recipes costs one statement for all
/// their ingredients, one for all their products (the catalog's loader) and, for a viewer with
/// preferred stores, one for all the prices.
struct RecipesLoaders {
    let context: RequestContext

    /// Recipes by id, whoever may see them (callers apply `isVisible(to:)`).
    var recipes: DataLoader<Int64, RecipeRecord> {
        let database = context.database
        return context.loader("recipes.recipes") { try await RecipeStore.load($0, from: database) }
    }

    /// Each recipe's ingredients, in order.
    var ingredients: DataLoader<Int64, [RecipeIngredientRecord]> {
        let database = context.database
        return context.loader("recipes.ingredients") { try await RecipeStore.ingredients(of: $0, from: database) }
    }

    /// Whether the viewer marked each recipe as a favourite.
    func favoriteFlags(of userID: Int64) -> DataLoader<Int64, Bool> {
        let database = context.database
        return context.loader("recipes.favoriteFlags|\(userID)") { try await RecipeStore.favorites(of: userID, among: $0, from: database) }
    }

    /// Each user's favourite foods (product ids).
    var favoriteFoods: DataLoader<Int64, [Int64]> {
        let database = context.database
        return context.loader("recipes.favoriteFoods") { try await RecipeStore.favoriteFoods(of: $0, from: database) }
    }

    /// Authors' public names.
    var authorNames: DataLoader<Int64, String> {
        let database = context.database
        return context.loader("recipes.authorNames") { try await RecipeStore.authorNames($0, from: database) }
    }

    /// The lowest latest price of each product at the given stores (the catalog's prices).
    func prices(at storeIDs: [Int64]) -> DataLoader<Int64, Money> {
        let database = context.database
        let stores = Set(storeIDs)
        return context.loader("recipes.prices|\(storeIDs.sorted())") { productIDs in
            let page = try Page(PageArguments(first: Page.maximumSize, after: nil, last: nil, before: nil))
            let latest = try await PriceStore.latest(of: productIDs, near: nil, page: page, in: database)
            var prices: [Int64: Money] = [:]
            for (productID, connection) in latest {
                let candidates = connection.edges.map(\.node).filter { stores.contains($0.storeID) }
                if let cheapest = candidates.min(by: { ($0.price.amount.decimal ?? 0) < ($1.price.amount.decimal ?? 0) }) {
                    prices[productID] = cheapest.price
                }
            }
            return prices
        }
    }
}

extension RequestContext {
    /// The Recipes area's loaders of this request.
    var recipes: RecipesLoaders { RecipesLoaders(context: self) }
}

/// A recipe's figures as computed for the viewer: what its nutrition, cost, completeness and
/// ingredient fields show.
struct RecipeComputation: Sendable {
    var summary: RecipeFigures.Summary
    var ingredients: [RecipeIngredientView]
}

extension RecipesLoaders {
    /// Loads a recipe's ingredients, their products and (for a viewer with preferred stores) their
    /// prices through the request's loaders, then computes: every recipe of a level shares each load.
    func computation(of recipe: RecipeRecord, prices withPrices: Bool) -> Resolution {
        let context = context
        let products = context.catalog.products
        return ingredients.load(recipe.id).map { value in
            let ingredients = value as? [RecipeIngredientRecord] ?? []
            let productIDs = Array(Set(ingredients.compactMap(\.productID))).sorted()
            return products.loadMany(productIDs).map { loaded in
                let list = loaded as? [(any Sendable)?] ?? []
                var found: [Int64: ProductRecord] = [:]
                for case let product as ProductRecord in list { found[product.id] = product }
                let byID = found
                let facts = ingredients.map { $0.facts($0.productID.flatMap { byID[$0] }) }
                @Sendable func finish(_ prices: [Int64: Money]) -> Resolution {
                    let summary = RecipeFigures.summary(facts, servings: recipe.servings, prices: prices)
                    let views = zip(ingredients, summary.grams).map { RecipeIngredientView(record: $0, product: $0.productID.flatMap { byID[$0] }, grams: $1) }
                    return .value(RecipeComputation(summary: summary, ingredients: views))
                }
                guard withPrices, let viewer = context.viewer, !productIDs.isEmpty else { return finish([:]) }
                return context.accounts.storeMarks.load(viewer.userID).map { marks in
                    guard let marks = marks as? StoreMarks, !marks.preferred.isEmpty else { return finish([:]) }
                    return context.recipes.prices(at: marks.preferred).loadMany(productIDs).map { loaded in
                        let list = loaded as? [(any Sendable)?] ?? []
                        var prices: [Int64: Money] = [:]
                        for (productID, price) in zip(productIDs, list) { if let price = price as? Money { prices[productID] = price } }
                        return finish(prices)
                    }
                }
            }
        }
    }
}
