import Foundation
import GraphQLEngine
import Postgres

/// Recipes: the cookbook, search, favourites, user recipes with moderation, ingredient parsing and
/// import. Nutrition and cost are derived from the ingredients' catalog products.
enum RecipesArea: Area {
    /// Shown with recipe figures and lists (Scan&Cook SEC-4).
    static let healthDisclaimer = """
        Nutrition, cost and suitability are estimates computed from catalog data; they may be incomplete or wrong and \
        are not medical advice. Check labels for allergens, and ask a doctor or registered dietitian before changing \
        your diet, especially when pregnant, ill or allergic.
        """

    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(DishType.self)
        binder.enumeration(RecipeCategory.self)
        binder.enumeration(KitchenAppliance.self)
        binder.enumeration(CookingTime.self)
        binder.enumeration(MacroProfile.self)
        binder.enumeration(RecipeOrder.self)
        binder.enumeration(RecipeVisibility.self)
        binder.enumeration(RecipeModerationStatus.self)
        binder.enumeration(IngredientUnit.self)
        bindQueries(&binder)
        bindUser(&binder)
        bindRecipe(&binder)
        bindLists(&binder)
        RecipeMutations.bind(&binder)
        RecipeCooking.bind(&binder)
        binder.node(RecipeRecord.self) { key, context in
            Resolved<RecipeRecord?>(unchecked: context.recipes.recipes.load(key)).map { recipe in
                guard let recipe, recipe.isVisible(to: context.viewer) else { return nil }
                return recipe
            }
        }
    }

    static var jobs: [PeriodicJob] {
        [PeriodicJob("recipes.refreshTraits", every: .seconds(300)) { database, _ in try await refreshTraits(in: database) }]
    }

    /// Recomputes the stored traits of the recipes refreshed longest ago (at most 2000 a run, each
    /// at most once an hour), so that search follows catalog changes.
    static func refreshTraits(in database: PostgresDatabase, limit: Int = 2000, olderThan age: TimeInterval = 3600) async throws {
        let recipes = try await RecipeStore.staleRecipes(limit: limit, before: Date().addingTimeInterval(-age), in: database)
        guard !recipes.isEmpty else { return }
        let traits = try await RecipeMutations.storedTraits(of: recipes, in: database)
        for (id, traits) in traits { try await RecipeStore.setTraits(traits, of: id, in: database) }
    }

    /// A recipe image by its token, for `GET /images/<token>`; nil for any other name.
    static func image(_ id: String, in database: PostgresDatabase) async throws -> (contentType: String, bytes: [UInt8])? {
        guard ImageToken.isWellFormed(id) else { return nil }
        return try await RecipeStore.image(token: id, in: database)
    }

    // MARK: - Queries

    private static func bindQueries(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("recipes", arguments: RecipesArguments.self) { arguments, context in
                Resolved<RecipeList>.run { try await search(arguments, context) }
            }
            query.field("randomRecipe", arguments: RandomRecipeArguments.self) { arguments, context in
                Resolved<RecipeRecord?>.run {
                    var search = RecipeSearch(text: nil, filter: arguments.filter, order: .random)
                    try search.resolve(for: try await viewer(context))
                    try await search.loadPantry(in: context.database)
                    return try await RecipeStore.random(search, in: context.database)
                }
            }
            query.field("parseIngredientLine", arguments: ParseIngredientLineArguments.self) { arguments, context in
                Resolved<ParsedIngredient>.run {
                    let parsed = IngredientLineParser.parse(arguments.text)
                    let match = parsed.food.isEmpty ? nil : try await ProductMatcher.match(parsed.food, in: context.database)
                    return ParsedIngredient(parsed: parsed, match: match)
                }
            }
            query.field("pendingRecipes", arguments: PageArguments.self) { arguments, context in
                let list = "pendingRecipes"
                let page = try Page(arguments, list: list)
                return Resolved<RecipeList>.run {
                    RecipeList(connection: try await RecipeStore.pending(page: page, in: context.database).sealed(for: list))
                }
            }
        }
    }

    static func viewer(_ context: RequestContext) async throws -> RecipeViewer? {
        guard let viewer = context.viewer else { return nil }
        return try await RecipeViewer.load(viewer, in: context.database)
    }

    /// `Query.recipes`: the viewer's defaults, then one statement for the page.
    static func search(_ arguments: RecipesArguments, _ context: RequestContext) async throws -> RecipeList {
        var search = arguments.search
        try search.resolve(for: try await viewer(context))
        try await search.loadPantry(in: context.database)
        let list = search.listName
        let page = try Page(arguments.page, list: list)
        if search.order == .random && search.seed == nil {
            // The seed travels in the cursors: a page after the first keeps the first's order.
            if let keys = page.after ?? page.before {
                guard let seed = keys.first.flatMap({ Int64($0) }) else { throw DomainError.badUserInput("The cursor belongs to another list.") }
                search.seed = seed
            } else {
                search.seed = Int64.random(in: 0..<(1 << 31))
            }
        }
        let connection = try await RecipeStore.search(search, page: page, in: context.database).sealed(for: list)
        return RecipeList(connection: connection, caloriesLeftToday: search.caloriesLeft, restrictionsApplied: search.restrictions != nil)
    }

    // MARK: - User and profile

    private static func bindUser(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.favoriteRecipes, arguments: PageArguments.self) { user, arguments, context in
                let list = "favoriteRecipes"
                let page = try Page(arguments, list: list)
                return Resolved<RecipeList>.run {
                    RecipeList(connection: try await RecipeStore.favorites(of: user.id, page: page, in: context.database).sealed(for: list))
                }
            }
            user.field(.recipes, arguments: PageArguments.self) { user, arguments, context in
                let list = "userRecipes"
                let page = try Page(arguments, list: list)
                return Resolved<RecipeList>.run {
                    RecipeList(connection: try await RecipeStore.authored(by: user.id, page: page, in: context.database).sealed(for: list))
                }
            }
        }
        binder.object(ProfileRecord.self) { profile in
            profile.field("favoriteFoods", resolve: { profile, context in
                let products = context.catalog.products
                return Resolved<[ProductRecord]>(
                    unchecked: context.recipes.favoriteFoods.load(profile.userID).map { ids in
                        products.loadMany(ids as? [Int64] ?? []).map { loaded in
                            .value((loaded as? [(any Sendable)?] ?? []).compactMap { ($0 as? ProductRecord)?.isActive == true ? $0 : nil })
                        }
                    })
            })
        }
    }

    // MARK: - Recipe

    private static func computed<Value: OutputValue>(
        _ recipe: RecipeRecord, _ context: RequestContext, prices: Bool, _ transform: @escaping @Sendable (RecipeComputation) -> Value
    ) -> Resolved<Value> {
        Resolved(
            unchecked: context.recipes.computation(of: recipe, prices: prices).map { value in
                guard let computation = value as? RecipeComputation else { return .null }
                return Resolved(transform(computation)).resolution
            })
    }

    private static func bindRecipe(_ binder: inout SchemaBinder) {
        binder.object(RecipeRecord.self) { recipe in
            recipe.field("id") { $0.globalID }
            recipe.field("title") { $0.title }
            recipe.field("description") { $0.description }
            recipe.field("steps") { $0.steps }
            recipe.field("servings") { $0.servings }
            recipe.field("prepMinutes") { $0.prepMinutes }
            recipe.field("cookMinutes") { $0.cookMinutes }
            recipe.field("totalMinutes") { $0.totalMinutes }
            recipe.field("dishType") { $0.dishType }
            recipe.field("categories") { $0.categories }
            recipe.field("appliances") { $0.appliances }
            recipe.field("mealTimes") { $0.mealTimes }
            recipe.field("ingredients", resolve: { recipe, context in computed(recipe, context, prices: false) { $0.ingredients } })
            recipe.field("nutritionPerServing", resolve: { recipe, context in
                computed(recipe, context, prices: false) { $0.summary.hasNutrition ? $0.summary.nutrition : nil }
            })
            recipe.field("costPerServing", resolve: { recipe, context in computed(recipe, context, prices: true) { $0.summary.cost } })
            recipe.field("completeness", resolve: { recipe, context in
                computed(recipe, context, prices: true) { RecipeCompleteness(summary: $0.summary) }
            })
            recipe.field("vitaminMineralScore") { $0.vitaminMineralScore }
            recipe.field("macroProfiles") { $0.macroProfiles }
            recipe.field("allergens") { $0.allergens }
            recipe.field("dietLabels") { $0.dietLabels }
            recipe.field("dietTypes") { $0.dietTypes }
            recipe.field("imageUrl") { $0.imageURL }
            recipe.field("authorName", resolve: { recipe, context -> Resolved<String?> in
                guard let authorID = recipe.authorID else { return .null }
                return Resolved(unchecked: context.recipes.authorNames.load(authorID))
            })
            recipe.field("isOwn", resolve: { recipe, context in .value(recipe.isOwn(by: context.viewer)) })
            recipe.field("visibility") { $0.visibility }
            recipe.field("moderationStatus") { $0.moderationStatus }
            recipe.field("moderationNote", resolve: { recipe, context -> Resolved<String?> in
                guard recipe.isOwn(by: context.viewer) || context.viewer?.isAdministrator == true else { return .null }
                return .value(recipe.moderationNote)
            })
            recipe.field("isFavorite", resolve: { recipe, context -> Resolved<Bool> in
                guard let viewer = context.viewer else { return .value(false) }
                return Resolved(unchecked: context.recipes.favoriteFlags(of: viewer.userID).load(recipe.id).map { .value(($0 as? Bool) ?? false) })
            })
            recipe.field("healthDisclaimer") { _ in healthDisclaimer }
            recipe.field("createdAt") { $0.createdAt }
            recipe.field("updatedAt") { $0.updatedAt }
        }
        binder.object(RecipeIngredientView.self) { ingredient in
            ingredient.field("product") { $0.product }
            ingredient.field("food") { $0.record.food }
            ingredient.field("quantity") { $0.record.quantity }
            ingredient.field("quantityMax") { $0.record.quantityMax }
            ingredient.field("unit") { $0.record.unit }
            ingredient.field("pieceName") { $0.record.pieceName }
            ingredient.field("note") { $0.record.note }
            ingredient.field("grams") { $0.grams }
            ingredient.field("matchConfidence") { $0.record.matchConfidence }
        }
        binder.object(RecipeCompleteness.self) { completeness in
            completeness.field("nutritionComplete") { $0.missingNutrition.isEmpty }
            completeness.field("costComplete") { $0.missingPrice.isEmpty }
            completeness.field("missingNutrition") { $0.missingNutrition }
            completeness.field("missingPrice") { $0.missingPrice }
        }
        binder.object(ParsedIngredient.self) { parsed in
            parsed.field("quantity") { $0.parsed.quantity }
            parsed.field("quantityMax") { $0.parsed.quantityMax }
            parsed.field("unit") { $0.parsed.unit }
            parsed.field("pieceName") { $0.parsed.pieceName }
            parsed.field("food") { $0.parsed.food }
            parsed.field("note") { $0.parsed.note }
            parsed.field("product") { $0.match?.product }
            parsed.field("matchConfidence") { $0.match?.confidence }
        }
    }

    private static func bindLists(_ binder: inout SchemaBinder) {
        binder.object(RecipeList.self) { list in
            list.field("edges") { $0.connection.edges }
            list.field("pageInfo") { $0.connection.pageInfo }
            list.field("caloriesLeftToday") { $0.caloriesLeftToday }
            list.field("restrictionsApplied") { $0.restrictionsApplied }
            list.field("healthDisclaimer") { _ in healthDisclaimer }
        }
        binder.object(Edge<RecipeRecord>.self) { edge in
            edge.field("cursor") { $0.outwardCursor() }
            edge.field("node") { $0.boxedNode }
        }
    }
}

/// A page of recipes (schema type `RecipeConnection`), with what the list honoured.
struct RecipeList: ObjectValue {
    static let graphQLTypeName = "RecipeConnection"
    var connection: Connection<RecipeRecord>
    var caloriesLeftToday: Double?
    var restrictionsApplied = false
}

/// Schema type `RecipeCompleteness`.
struct RecipeCompleteness: ObjectValue {
    static let graphQLTypeName = "RecipeCompleteness"
    var missingNutrition: [String]
    var missingPrice: [String]

    init(summary: RecipeFigures.Summary) {
        missingNutrition = summary.missingNutrition
        missingPrice = summary.missingPrice
    }
}

/// Schema type `ParsedIngredient`.
struct ParsedIngredient: ObjectValue {
    static let graphQLTypeName = "ParsedIngredient"
    var parsed: ParsedIngredientLine
    var match: ProductMatcher.Match?
}
