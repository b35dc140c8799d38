import Foundation
import Postgres
import Synchronization

/// The demo cookbook (`Resources/seed/recipes.txt`, original recipes written for this project),
/// loaded by the demo data after the seed catalog: ingredient lines are read by the app's own
/// parser and linked to seed products (by the name after `=`, else by the matcher).
enum RecipeSeed {
    struct Recipe: Sendable {
        var title: String
        var dishType: DishType
        var categories: [RecipeCategory]
        var appliances: [KitchenAppliance]
        var mealTimes: [Meal]
        var servings: Int
        var prepMinutes: Int
        var cookMinutes: Int
        var description: String?
        var ingredients: [Ingredient] = []
        var steps: [String] = []
    }

    struct Ingredient: Sendable {
        enum Link: Sendable, Equatable {
            case matched
            case named(String)
            case none
        }

        var line: String
        var link: Link
    }

    struct SeedError: Error, CustomStringConvertible {
        var description: String
    }

    static func text() throws -> String {
        guard let url = Bundle.module.url(forResource: "recipes", withExtension: "txt", subdirectory: "seed"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw DomainError(.serviceUnavailable, "The seed file recipes.txt is missing from the resources.")
        }
        return text
    }

    /// Reads the seed format (see the file's header).
    static func parse(_ text: String) throws -> [Recipe] {
        var recipes: [Recipe] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ message: String) -> SeedError { SeedError(description: "recipes.txt line \(number + 1): \(message)") }
            if line.hasPrefix("== ") {
                let fields = line.dropFirst(3).split(separator: "|", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard fields.count == 8 else { throw fail("a header has 8 fields") }
                func list<Value>(_ text: String, _ read: (String) -> Value?) throws -> [Value] {
                    try text.split(separator: ",").map { name in
                        let name = name.trimmingCharacters(in: .whitespaces)
                        guard let value = read(name) else { throw fail("unknown value \(name)") }
                        return value
                    }
                }
                guard let dishType = DishType(databaseName: fields[1]) else { throw fail("unknown dish type \(fields[1])") }
                guard let servings = Int(fields[5]), let prep = Int(fields[6]), let cook = Int(fields[7]) else {
                    throw fail("servings and minutes are whole numbers")
                }
                recipes.append(
                    Recipe(
                        title: fields[0], dishType: dishType, categories: try list(fields[2], RecipeCategory.init(databaseName:)),
                        appliances: try list(fields[3], KitchenAppliance.init(databaseName:)),
                        mealTimes: try list(fields[4], Meal.init(storedName:)), servings: servings, prepMinutes: prep,
                        cookMinutes: cook, description: nil))
                continue
            }
            guard !recipes.isEmpty else { throw fail("a recipe starts with ==") }
            if line.hasPrefix("> ") {
                let text = String(line.dropFirst(2))
                recipes[recipes.count - 1].description = recipes[recipes.count - 1].description.map { $0 + " " + text } ?? text
            } else if line.hasPrefix("- ") {
                let body = String(line.dropFirst(2))
                if let range = body.range(of: " = ") {
                    let name = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
                    recipes[recipes.count - 1].ingredients.append(
                        Ingredient(line: String(body[..<range.lowerBound]), link: name == "-" ? .none : .named(name)))
                } else {
                    recipes[recipes.count - 1].ingredients.append(Ingredient(line: body, link: .matched))
                }
            } else if line.hasPrefix("* ") {
                recipes[recipes.count - 1].steps.append(String(line.dropFirst(2)))
            } else {
                throw fail("a line starts with ==, >, -, * or #")
            }
        }
        return recipes
    }

    /// An ingredient ready to store, with the seed product name it links (if any).
    struct Linked: Sendable {
        var parsed: ParsedIngredientLine
        var productName: String?
        var confidence: Double?
    }

    /// Links every ingredient to a seed catalog product name: the one given, or the matcher's.
    static func link(_ recipes: [Recipe], catalogNames: [String]) throws -> [[Linked]] {
        let names = catalogNames.map { (name: $0, words: ProductMatcher.Words($0)) }
        let known = Set(catalogNames)
        return try recipes.map { recipe in
            try recipe.ingredients.map { ingredient in
                let parsed = IngredientLineParser.parse(ingredient.line)
                switch ingredient.link {
                case .none: return Linked(parsed: parsed)
                case .named(let name):
                    guard known.contains(name) else { throw SeedError(description: "\(recipe.title): no seed product \"\(name)\"") }
                    return Linked(parsed: parsed, productName: name, confidence: 1)
                case .matched:
                    let match = FoodClassifier.isNegligible(parsed.food) ? nil : ProductMatcher.best(for: parsed.food, among: names)
                    return Linked(parsed: parsed, productName: match?.name, confidence: match?.confidence)
                }
            }
        }
    }

    /// The cookbook read and linked to the seed catalog's product names: once per process.
    static func prepared(catalog: SeedCatalog) throws -> (recipes: [Recipe], linked: [[Linked]]) {
        try preparedCache.withLock { cache in
            if let cache { return cache }
            let recipes = try parse(try text())
            let linked = try link(recipes, catalogNames: catalog.products.compactMap { $0["name"] })
            cache = (recipes, linked)
            return (recipes, linked)
        }
    }

    private static let preparedCache = Mutex<(recipes: [Recipe], linked: [[Linked]])?>(nil)

    /// Loads the cookbook as the FoodGraph cookbook's own public, approved recipes; returns how many.
    @discardableResult
    static func load(into transaction: PostgresTransaction, catalog: SeedCatalog) async throws -> Int {
        let (recipes, linked) = try prepared(catalog: catalog)
        let barcodes = Dictionary(
            catalog.products.compactMap { row in row["name"].flatMap { name in row["barcode"].map { (name, $0) } } },
            uniquingKeysWith: { first, _ in first })
        // The products, through the catalog's Swift API (one lookup per product used).
        var products: [String: ProductRecord] = [:]
        for name in Set(linked.joined().compactMap(\.productName)) {
            guard let barcode = barcodes[name], let product = try await ProductStore.active(barcode: barcode, in: transaction) else {
                throw SeedError(description: "The seed product \"\(name)\" is not in the catalog.")
            }
            products[name] = product
        }
        let rows = zip(recipes, linked).map { recipe, ingredients -> (recipe: RecipeStore.NewRecipe, ingredients: [RecipeStore.NewIngredient], traits: RecipeTraits) in
            let resolved = ingredients.map { linked -> ResolvedIngredient in
                let product = linked.productName.flatMap { products[$0] }
                let parsed = linked.parsed
                return ResolvedIngredient(
                    row: RecipeStore.NewIngredient(
                        productID: product?.id, food: parsed.food.isEmpty ? product?.name ?? "food" : parsed.food,
                        quantity: parsed.quantity, quantityMax: parsed.quantityMax, unit: parsed.quantity == nil ? nil : parsed.unit,
                        pieceName: parsed.pieceName, note: parsed.note, matchConfidence: product == nil ? nil : linked.confidence),
                    product: product)
            }
            let newRecipe = RecipeStore.NewRecipe(
                authorID: nil, title: recipe.title, description: recipe.description, steps: recipe.steps, servings: recipe.servings,
                prepMinutes: recipe.prepMinutes, cookMinutes: recipe.cookMinutes, dishType: recipe.dishType, categories: recipe.categories,
                appliances: recipe.appliances, mealTimes: recipe.mealTimes, visibility: .public, moderationStatus: .approved)
            let traits = RecipeMutations.traits(
                resolved, servings: recipe.servings, cookMinutes: recipe.cookMinutes, appliances: recipe.appliances)
            return (newRecipe, resolved.map(\.row), traits)
        }
        return try await RecipeStore.insertMany(rows, in: transaction).count
    }
}
