import Foundation
import GraphQLEngine
import Postgres

/// What `Query.recipes` and `randomRecipe` ask for, with the viewer's defaults resolved.
struct RecipeSearch: Sendable {
    var text: String?
    var filter: RecipeFilter
    var order: RecipeOrder
    var seed: Int64?
    /// Resolved from the viewer (nil when signed out).
    var viewerID: Int64?
    /// The calories-left bound, when it applies.
    var caloriesLeft: Double?
    var suitabilityTarget = RecipeViewer.defaultTargetKcal
    var restrictions: AppliedRestrictions?
    /// The chosen products (the filter's, or the favourite foods).
    var productIDs: [Int64] = []
    /// For `fromPantry`: what the viewer's pantry holds (loaded by `loadPantry(in:)`).
    var pantry: RecipePantry?

    /// Applies the viewer's defaults: calories left (unless switched off), restrictions (unless
    /// switched off), favourite foods as chosen products when asked.
    mutating func resolve(for viewer: RecipeViewer?) throws {
        productIDs = filter.productIDs
        guard let viewer else {
            if filter.favoritesOnly || filter.fromPantry { throw DomainError.unauthenticated }
            return
        }
        viewerID = viewer.userID
        suitabilityTarget = viewer.suitabilityTargetKcal
        if filter.fitsCaloriesLeft ?? true { caloriesLeft = viewer.caloriesLeftToday }
        if filter.respectRestrictions { restrictions = viewer.restrictions }
        if filter.useFavoriteFoods && productIDs.isEmpty { productIDs = viewer.favoriteFoodIDs }
    }

    /// For `fromPantry`: reads what the viewer's pantry holds through the kitchen's Swift API, and
    /// how much of each product in each pantry unit (as `RecipeCooking.missing` adds them up:
    /// grams and millilitres 1:1, pieces by the package size). Three statements: the held
    /// foods, their amounts, the products' package sizes.
    mutating func loadPantry(in database: some PostgresQuerying) async throws {
        guard filter.fromPantry, let viewerID else { return }
        let held = try await PantryStore.heldFoods(of: viewerID, in: database)
        var pantry = RecipePantry(productIDs: held.productIDs, foods: held.foods)
        if !held.productIDs.isEmpty {
            let available = try await PantryStore.availability(of: held.productIDs, for: viewerID, in: database)
            let products = try await ProductStore.load(held.productIDs, from: database)
            for (productID, amounts) in available.sorted(by: { $0.key < $1.key }) {
                for unit in [QuantityUnit.gram, .millilitre, .piece] {
                    pantry.amounts.append((productID, unit, PantryAmounts.total(amounts, in: unit, packageSize: products[productID]?.packageSize)))
                }
            }
        }
        self.pantry = pantry
    }

    /// Whether the suitability orders read the energy index's window (`RecipeSuitabilityWindow`).
    /// Not with text: a text's matches come from its GIN indexes as a bitmap, and ranking those is
    /// cheaper than testing the text on every recipe near the target.
    var usesSuitabilityWindow: Bool { text == nil && suitabilityTarget >= 1 }

    /// The name of the list its cursors belong to: the order and a digest of the criteria.
    var listName: String {
        var description = "\(text ?? "")|\(filter.signature)|\(productIDs)|\(caloriesLeft != nil)|\(restrictions != nil)"
        if order == .random, let seed { description += "|\(seed)" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in description.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return "recipes/\(order.rawValue)/\(String(hash, radix: 36))"
    }
}

/// `RecipeFilter`: every criterion given applies (AND).
struct RecipeFilter: Decodable, Sendable {
    var dishTypes: [DishType] = []
    var categories: [RecipeCategory] = []
    var appliances: [KitchenAppliance] = []
    var mealTimes: [Meal] = []
    var dietTypes: [DietType] = []
    var cookingTime: CookingTime?
    var macroProfile: MacroProfile?
    var productIDs: [Int64] = []
    var allProducts = false
    var useFavoriteFoods = false
    var fitsCaloriesLeft: Bool?
    var maxCaloriesPerServing: Double?
    var maxCostPerServing: DecimalText?
    var favoritesOnly = false
    var allergenFree: [Allergen] = []
    var respectRestrictions = true
    var fromPantry = false
    var maxMissingIngredients = 0

    static let maximumProducts = 50
    static let missingIngredientsRange = 0...20

    private enum Keys: String, CodingKey {
        case dishTypes, categories, appliances, mealTimes, dietTypes, cookingTime, macroProfile, productIds, allProducts,
            useFavoriteFoods, fitsCaloriesLeft, maxCaloriesPerServing, maxCostPerServing, favoritesOnly, allergenFree,
            respectRestrictions, fromPantry, maxMissingIngredients
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        dishTypes = try input.decodeIfPresent([DishType].self, .dishTypes) ?? []
        categories = try input.decodeIfPresent([RecipeCategory].self, .categories) ?? []
        appliances = try input.decodeIfPresent([KitchenAppliance].self, .appliances) ?? []
        mealTimes = try input.decodeIfPresent([Meal].self, .mealTimes) ?? []
        dietTypes = try input.decodeIfPresent([DietType].self, .dietTypes) ?? []
        cookingTime = try input.decodeIfPresent(CookingTime.self, .cookingTime)
        macroProfile = try input.decodeIfPresent(MacroProfile.self, .macroProfile)
        let products = try input.decodeIfPresent([NodeID<ProductRecord>].self, .productIds) ?? []
        if products.count > Self.maximumProducts { try input.refuse(.productIds, "Choose at most \(Self.maximumProducts) products.") }
        productIDs = products.map(\.key)
        allProducts = try input.decodeIfPresent(Bool.self, .allProducts) ?? false
        useFavoriteFoods = try input.decodeIfPresent(Bool.self, .useFavoriteFoods) ?? false
        fitsCaloriesLeft = try input.decodeIfPresent(Bool.self, .fitsCaloriesLeft)
        maxCaloriesPerServing = try input.double(.maxCaloriesPerServing, 0...10_000)
        maxCostPerServing = try input.amount(.maxCostPerServing, Decimal(0)...Decimal(string: "99999.99")!)
        favoritesOnly = try input.decodeIfPresent(Bool.self, .favoritesOnly) ?? false
        allergenFree = try input.decodeIfPresent([Allergen].self, .allergenFree) ?? []
        respectRestrictions = try input.decodeIfPresent(Bool.self, .respectRestrictions) ?? true
        fromPantry = try input.decodeIfPresent(Bool.self, .fromPantry) ?? false
        maxMissingIngredients = try input.int(.maxMissingIngredients, Self.missingIngredientsRange) ?? 0
    }

    /// Everything that selects recipes, for the list's name.
    var signature: String {
        [
            dishTypes.map(\.rawValue).sorted().joined(separator: ","), categories.map(\.rawValue).sorted().joined(separator: ","),
            appliances.map(\.rawValue).sorted().joined(separator: ","), mealTimes.map(\.rawValue).sorted().joined(separator: ","),
            dietTypes.map(\.rawValue).sorted().joined(separator: ","), cookingTime?.rawValue ?? "", macroProfile?.rawValue ?? "",
            "\(allProducts)", "\(useFavoriteFoods)", "\(maxCaloriesPerServing ?? -1)", maxCostPerServing?.text ?? "",
            "\(favoritesOnly)", allergenFree.map(\.rawValue).sorted().joined(separator: ","), "\(fromPantry)", "\(maxMissingIngredients)",
        ].joined(separator: ";")
    }
}

extension RecipeStore {
    /// Who sees what, as separate scopes over `recipes r` (each with an index of its own): the
    /// approved public recipes, and the viewer's own others.
    static func scopes(_ search: RecipeSearch, parameters: inout [any PostgresEncodable]) -> [String] {
        guard let viewerID = search.viewerID else { return ["r.moderation_status = 'approved'"] }
        parameters.append(viewerID)
        return ["r.moderation_status = 'approved'", "r.author_id = $\(parameters.count) AND r.moderation_status <> 'approved'"]
    }

    /// The search's text as SQL (its `recipe_text` expression goes in the statement's `WITH`).
    static func textQuery(_ search: RecipeSearch, parameters: inout [any PostgresEncodable]) -> RecipeTextQuery? {
        guard let text = search.text else { return nil }
        parameters.append(text)
        let textPlaceholder = "$\(parameters.count)"
        parameters.append(RecipeTextQuery.prefixQuery(text))
        return RecipeTextQuery(placeholder: textPlaceholder, prefixQuery: "$\(parameters.count)")
    }

    /// The SQL conditions of a search over `recipes r` besides visibility and text, with their
    /// parameters.
    static func conditions(_ search: RecipeSearch, parameters: inout [any PostgresEncodable]) -> [String] {
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        var conditions: [String] = ["true"]
        let filter = search.filter
        func names<Value: RawRepresentable<String>>(_ values: [Value]) -> PostgresArray<String> {
            PostgresArray(values.map { $0.rawValue.lowercased() })
        }
        // One dish type as an equality, so that the dish type's indexes give their order.
        if filter.dishTypes.count == 1 {
            conditions.append("r.dish_type = \(parameter(filter.dishTypes[0].rawValue.lowercased()))::text")
        } else if !filter.dishTypes.isEmpty {
            conditions.append("r.dish_type = ANY(\(parameter(names(filter.dishTypes)))::text[])")
        }
        if !filter.categories.isEmpty { conditions.append("r.categories && \(parameter(names(filter.categories)))::text[]") }
        if !filter.appliances.isEmpty { conditions.append("r.appliances && \(parameter(names(filter.appliances)))::text[]") }
        if !filter.mealTimes.isEmpty {
            conditions.append("r.meal_times && \(parameter(PostgresArray(filter.mealTimes.map(\.storedName))))::text[]")
        }
        if !filter.dietTypes.isEmpty { conditions.append("r.diet_types && \(parameter(names(filter.dietTypes)))::text[]") }
        switch filter.cookingTime {
        case .fast?: conditions.append("r.total_minutes <= \(CookingTime.fastMaximumMinutes)")
        case .slow?: conditions.append("r.total_minutes >= \(CookingTime.slowMinimumMinutes)")
        case nil: break
        }
        let energy = "(r.protein_g * 4 + r.fat_g * 9 + r.carbohydrates_g * 4)"
        switch filter.macroProfile {
        case .highProtein?: conditions.append("\(energy) > 0 AND r.protein_g * 4 >= \(RecipeFigures.highProteinShare) * \(energy)")
        case .lowFat?: conditions.append("\(energy) > 0 AND r.fat_g * 9 <= \(RecipeFigures.lowFatShare) * \(energy)")
        case .highCarb?: conditions.append("\(energy) > 0 AND r.carbohydrates_g * 4 >= \(RecipeFigures.highCarbShare) * \(energy)")
        case nil: break
        }
        if !search.productIDs.isEmpty {
            let products = parameter(PostgresArray(search.productIDs))
            conditions.append(filter.allProducts ? "r.product_ids @> \(products)::bigint[]" : "r.product_ids && \(products)::bigint[]")
        }
        if let left = search.caloriesLeft { conditions.append("r.energy_kcal <= \(parameter(left))::float8") }
        if let maximum = filter.maxCaloriesPerServing { conditions.append("r.energy_kcal <= \(parameter(maximum))::float8") }
        if let maximum = filter.maxCostPerServing { conditions.append("r.catalog_cost <= \(parameter(maximum.text))::numeric") }
        if filter.favoritesOnly, let viewerID = search.viewerID {
            conditions.append(
                "EXISTS (SELECT 1 FROM recipe_favorites f WHERE f.user_id = \(parameter(viewerID)) AND f.recipe_id = r.id)")
        }
        if let pantry = search.pantry {
            // Set-based, in the same statement as the page: the recipe's counted ingredients (those
            // with an amount) the pantry lacks. One with a stored need lacks when the pantry holds
            // less than it and the lines of the same product and unit before it (as cooking takes
            // them in turn); one without (a free-text food, or not computed yet) when the pantry
            // holds none of it.
            let products = parameter(PostgresArray(pantry.productIDs))
            let foods = parameter(PostgresArray(pantry.foods))
            let heldProducts = parameter(PostgresArray(pantry.amounts.map(\.productID)))
            let heldUnits = parameter(PostgresArray(pantry.amounts.map(\.unit.databaseName)))
            let heldAmounts = parameter(PostgresArray(pantry.amounts.map(\.amount)))
            conditions.append(
                """
                (SELECT count(*) FROM (
                   SELECT pi.product_id, pi.food, pi.pantry_need, pi.pantry_unit,
                     sum(pi.pantry_need) OVER (PARTITION BY pi.product_id, pi.pantry_unit ORDER BY pi.position) AS needed
                   FROM recipe_ingredients pi WHERE pi.recipe_id = r.id AND pi.quantity IS NOT NULL) AS pi
                 WHERE NOT CASE
                   WHEN pi.pantry_need IS NOT NULL THEN
                     coalesce((SELECT h.amount FROM unnest(\(heldProducts)::bigint[], \(heldUnits)::text[], \(heldAmounts)::float8[])
                       AS h(product_id, unit, amount) WHERE h.product_id = pi.product_id AND h.unit = pi.pantry_unit), 0) >= pi.needed - 1e-6
                   ELSE coalesce(pi.product_id = ANY(\(products)::bigint[]), false)
                     OR (pi.product_id IS NULL AND lower(pi.food) = ANY(\(foods)::text[]))
                   END) <= \(parameter(filter.maxMissingIngredients))::int
                """)
        }
        var excludedAllergens = Set(filter.allergenFree)
        if let restrictions = search.restrictions {
            excludedAllergens.formUnion(restrictions.allergens)
            if !restrictions.avoidedPatterns.isEmpty {
                conditions.append("NOT (r.foods_text LIKE ANY (\(parameter(PostgresArray(restrictions.avoidedPatterns)))::text[]))")
            }
            if let dietType = restrictions.dietType {
                conditions.append("\(parameter(dietType.databaseName)) = ANY(r.diet_types)")
            }
            let health = restrictions.health
            if let maximum = health.maximumSugarsG { conditions.append("coalesce(r.sugars_g, 0) <= \(parameter(maximum))::float8") }
            if let maximum = health.maximumSodiumMg { conditions.append("coalesce(r.sodium_mg, 0) <= \(parameter(maximum))::float8") }
            if let maximum = health.maximumSaturatedFatG {
                conditions.append("coalesce(r.saturated_fat_g, 0) <= \(parameter(maximum))::float8")
            }
            if let maximum = health.maximumProteinG { conditions.append("r.protein_g <= \(parameter(maximum))::float8") }
            if health.glutenFree { conditions.append("'gluten_free' = ANY(r.diet_labels)") }
            if !health.excludedCautions.isEmpty {
                conditions.append("NOT (r.cautions && \(parameter(PostgresArray(health.excludedCautions.sorted())))::text[])")
            }
        }
        if !excludedAllergens.isEmpty {
            let names = PostgresArray(Allergen.allCases.filter(excludedAllergens.contains).map(\.databaseName))
            conditions.append("NOT (r.allergens && \(parameter(names))::text[])")
        }
        return conditions
    }

    /// The suitability sort keys over `recipes r` for a target (`$n` given): within the target
    /// first; bands 5 % of the target wide counted from it, nearer first; the richer in vitamins
    /// and minerals first; the title.
    static func suitabilityKeys(target placeholder: String) -> [Page.Key] {
        let target = "greatest(\(placeholder)::float8, 1)"
        return [
            .init(expression: "(CASE WHEN r.energy_kcal <= \(placeholder)::float8 THEN 0 ELSE 1 END)", type: "int"),
            .init(expression: "floor(abs(\(target) - r.energy_kcal) / (0.05 * \(target)))::int", type: "int"),
            .init(expression: "(-r.vitamin_mineral_score)", type: "float8"),
            .init(expression: "lower(r.title)", type: "text"), .init(expression: "r.id", type: "bigint"),
        ]
    }

    /// One branch of a page: rows from `source` (naming recipes `r`), ordered by `keys`.
    struct Branch {
        var source: String
        var keys: [Page.Key]
    }

    /// One page of the recipes a search finds, in its order, in one statement. Each scope of
    /// visibility is a branch that orders and limits itself (so the title order reads an index),
    /// and the branches are merged.
    static func search(_ search: RecipeSearch, page: Page, in database: some PostgresQuerying) async throws -> Connection<RecipeRecord> {
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        let scopes = self.scopes(search, parameters: &parameters)
        let text = self.textQuery(search, parameters: &parameters)
        let conditions = self.conditions(search, parameters: &parameters)
        // `filters` includes the text; the list's own branches split it into exact matches
        // (first) and those found through a correction, each a branch that orders itself.
        let filters = (conditions + (text.map { [$0.any] } ?? [])).joined(separator: " AND ")
        let others = conditions.joined(separator: " AND ")
        func scoped(_ keys: [Page.Key], extra: String = "") -> [Branch] {
            guard let text else { return scopes.map { Branch(source: "FROM recipes r WHERE \($0) AND \(filters)\(extra)", keys: keys) } }
            return scopes.flatMap { scope in
                [(0, text.exact), (1, text.correctedOnly)].map { rank, match in
                    Branch(
                        source: "FROM recipes r WHERE \(scope) AND \(others) AND \(match)\(extra)",
                        keys: [.init(expression: "\(rank)::int", type: "int")] + keys)
                }
            }
        }
        let title = Page.Key(expression: "lower(r.title)", type: "text")
        let id = Page.Key(expression: "r.id", type: "bigint")
        var ctes = text.map { [$0.commonTableExpression] } ?? []
        let branches: [Branch]
        switch search.order {
        case .title:
            branches = scoped([title, id])
        case .cost:
            branches = scoped([.init(expression: "coalesce(r.catalog_cost, 99999999)", type: "numeric"), id])
        case .random:
            // The recipes' fixed random positions, read from the seed's starting point to the end,
            // then from the beginning: two index scans, not a sort of every recipe.
            let seed = parameter(search.seed ?? 0)
            let start = parameter(Self.startingPoint(of: search.seed ?? 0))
            let shuffle = Page.Key(expression: "r.shuffle_key", type: "bigint")
            branches =
                scoped([.init(expression: "\(seed)::int8", type: "bigint"), .init(expression: "0::int", type: "int"), shuffle, id], extra: " AND r.shuffle_key >= \(start)")
                + scoped([.init(expression: "\(seed)::int8", type: "bigint"), .init(expression: "1::int", type: "int"), shuffle, id], extra: " AND r.shuffle_key < \(start)")
        case .suitability:
            let target = parameter(search.suitabilityTarget)
            let keys = suitabilityKeys(target: target)
            // A cursor as the window reads it: its group, its band and the whole key tuple.
            func windowCursor(_ cursor: [String]?) -> (group: String, band: String, tuple: String)? {
                guard let cursor else { return nil }
                let values = zip(keys, cursor).map { key, value in "\(parameter(value))::\(key.type)" }
                return (values[0], values[1], "(" + values.joined(separator: ", ") + ")")
            }
            let cursorFits = page.after.map { $0.count == keys.count } ?? true
            if search.usesSuitabilityWindow, !page.isBackward, page.before == nil, cursorFits {
                let window = RecipeSuitabilityWindow.make(
                    scopes: scopes, filters: filters, keys: keys, target: target, limit: parameter(page.size + 1),
                    after: windowCursor(page.after))
                ctes.append(window.ctes)
                branches = window.sources.map { Branch(source: $0, keys: keys) }
            } else if search.usesSuitabilityWindow, page.isBackward, page.after == nil, page.before.map({ $0.count == keys.count }) ?? true {
                let window = RecipeSuitabilityWindow.makeBackward(
                    scopes: scopes, filters: filters, keys: keys, target: target, limit: parameter(page.size + 1),
                    before: windowCursor(page.before))
                ctes.append(window.ctes)
                branches = window.sources.map { Branch(source: $0, keys: keys) }
            } else {
                branches = scoped(keys)
            }
        case .recommended where search.usesSuitabilityWindow:
            // The 3 most suitable (ranks 1–3), then the rest by title (group 4), the 3 found
            // through the suitability window.
            let target = parameter(search.suitabilityTarget)
            let keys = suitabilityKeys(target: target)
            let window = RecipeSuitabilityWindow.make(
                scopes: scopes, filters: filters, keys: keys, target: target, limit: parameter(3), after: nil)
            let order = keys.map(\.expression).joined(separator: ", ")
            let suit = keys.enumerated().map { "\($1.expression) AS s\($0)" }.joined(separator: ", ")
            let ranked = (0..<keys.count).map { "s\($0)" }.joined(separator: ", ")
            let best = window.sources.map { "(SELECT r.id, \(suit) \($0) ORDER BY \(order) LIMIT 3)" }.joined(separator: " UNION ALL ")
            ctes.append(window.ctes)
            ctes.append(
                """
                top AS (
                  SELECT id, row_number() OVER (ORDER BY \(ranked))::int AS rank FROM (
                    SELECT * FROM (\(best)) AS candidates ORDER BY \(ranked) LIMIT 3) AS best)
                """)
            branches =
                [Branch(source: "FROM top t JOIN recipes r ON r.id = t.id", keys: [.init(expression: "t.rank", type: "int"), title, id])]
                + scoped([.init(expression: "4::int", type: "int"), title, id], extra: " AND r.id NOT IN (SELECT id FROM top)")
        case .recommended:
            // Text, or a target below 1 kcal: the 3 are looked for near the target first
            // (within 15 % below it, through the energy index): found there, they are the first 3
            // of the whole order; otherwise the whole list is ranked.
            // With text, the 3 are the most suitable of the exact matches first.
            let target = parameter(search.suitabilityTarget)
            let keys = (text.map { [$0.exactness] } ?? []) + suitabilityKeys(target: target)
            let order = keys.map(\.expression).joined(separator: ", ")
            let suit = keys.enumerated().map { "\($1.expression) AS s\($0)" }.joined(separator: ", ")
            let ranked = (0..<keys.count).map { "s\($0)" }.joined(separator: ", ")
            func best(_ extra: String) -> String {
                scopes.map { "(SELECT r.id, \(suit) FROM recipes r WHERE \($0) AND \(filters)\(extra) ORDER BY \(order) LIMIT 3)" }
                    .joined(separator: " UNION ALL ")
            }
            ctes.append(
                """
                near AS (
                  SELECT * FROM (\(best(" AND r.energy_kcal <= \(target)::float8 AND r.energy_kcal > 0.85 * \(target)::float8"))) AS n
                  ORDER BY \(ranked) LIMIT 3),
                top AS (
                  SELECT id, row_number() OVER (ORDER BY \(ranked))::int AS rank FROM (
                    SELECT * FROM (
                      SELECT * FROM near
                      UNION ALL
                      SELECT * FROM (\(best(" AND (SELECT count(*) FROM near) < 3 AND r.id NOT IN (SELECT id FROM near)"))) AS far
                    ) AS candidates ORDER BY \(ranked) LIMIT 3) AS best)
                """)
            let exactness = text.map { [$0.exactness] } ?? []
            branches =
                [Branch(source: "FROM top t JOIN recipes r ON r.id = t.id", keys: exactness + [.init(expression: "t.rank", type: "int"), title, id])]
                + scoped([.init(expression: "4::int", type: "int"), title, id], extra: " AND r.id NOT IN (SELECT id FROM top)")
        }
        let prelude = ctes.isEmpty ? "" : "WITH " + ctes.joined(separator: ",\n")
        // With text, planned for each request: whether walking the title index or ranking the
        // text's matches is cheaper depends on how many recipes hold the words (a generic plan
        // ranked all 9 571 of "soup" for the title branch: 36 ms instead of 4).
        return try await fetch(
            page, prelude: prelude, branches: branches, parameters: parameters, planEachExecution: text != nil, in: database)
    }

    /// The page over the merged branches: each branch applies the cursor, orders by its keys and
    /// keeps `size + 1` rows; the merge does the same.
    static func fetch(
        _ page: Page, prelude: String, branches: [Branch], parameters: [any PostgresEncodable], planEachExecution: Bool = false,
        in database: some PostgresQuerying
    ) async throws -> Connection<RecipeRecord> {
        let plan = planEachExecution ? PostgresConnection.planEachExecution : ""
        var parameters = parameters
        func placeholder(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        guard let types = branches.first?.keys.map(\.type) else { return page.emptyConnection() }
        for cursorKeys in [page.after, page.before] where cursorKeys != nil && cursorKeys?.count != types.count {
            throw DomainError.badUserInput("The cursor belongs to another list.")
        }
        func tuple(_ values: [String]) -> String {
            "(" + zip(types, values).map { type, value in "\(placeholder(value))::\(type)" }.joined(separator: ", ") + ")"
        }
        let after = page.after.map(tuple)
        let before = page.before.map(tuple)
        let direction = page.isBackward ? "DESC" : "ASC"
        let limit = placeholder(page.size + 1)
        let names = (0..<types.count).map { "k\($0)" }
        let parts = branches.map { branch -> String in
            let keyTuple = "(" + branch.keys.map(\.expression).joined(separator: ", ") + ")"
            var conditions: [String] = []
            if let after { conditions.append("\(keyTuple) > \(after)") }
            if let before { conditions.append("\(keyTuple) < \(before)") }
            let columns = branch.keys.enumerated().map { "\($1.expression) AS k\($0)" }.joined(separator: ", ")
            let order = branch.keys.map { "\($0.expression) \(direction)" }.joined(separator: ", ")
            return """
                (SELECT r.*, \(columns) \(branch.source)\(conditions.isEmpty ? "" : " AND " + conditions.joined(separator: " AND "))
                 ORDER BY \(order) LIMIT \(limit))
                """
        }
        let sql = """
            \(plan)\(prelude)
            SELECT \(RecipeRecord.columns), \(names.map { "r.\($0)::text AS page_\($0)" }.joined(separator: ", "))
            FROM (\(parts.joined(separator: " UNION ALL "))) AS r
            ORDER BY \(names.map { "r.\($0) \(direction)" }.joined(separator: ", ")) LIMIT \(limit)
            """
        let rows: PostgresRows
        do {
            rows = try await database.query(sql, parameters)
        } catch let error as PostgresError where error.sqlState?.hasPrefix("22") == true {
            throw DomainError.badUserInput("The cursor is not one this API gave out.")
        }
        var edges: [Edge<RecipeRecord>] = []
        let keyPositions = try names.map { try rows.column(named: "page_\($0)") }
        for row in rows.prefix(page.size) {
            let keyValues = try keyPositions.map { try row.decode(String.self, at: $0) }
            edges.append(Edge(cursorKeys: keyValues, node: try RecipeRecord(row)))
        }
        let hasMore = rows.count > page.size
        if page.isBackward { edges.reverse() }
        return Connection(edges: edges, pageInfo: page.pageInfo(of: edges, hasMore: hasMore))
    }

    /// Where a seed's random order starts among the recipes' `shuffle_key`s (SplitMix64's mix,
    /// so that nearby seeds start far apart).
    static func startingPoint(of seed: Int64) -> Int64 {
        var z = UInt64(bitPattern: seed) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int64(bitPattern: z ^ (z >> 31))
    }

    /// One recipe at random among those the search finds: the first at or after a random
    /// position (wrapping around), in each scope through the shuffle index.
    static func random(_ search: RecipeSearch, in database: some PostgresQuerying) async throws -> RecipeRecord? {
        var parameters: [any PostgresEncodable] = []
        let scopes = self.scopes(search, parameters: &parameters)
        let text = self.textQuery(search, parameters: &parameters)
        let filters = (self.conditions(search, parameters: &parameters) + (text.map { [$0.any] } ?? [])).joined(separator: " AND ")
        parameters.append(Int64.random(in: .min ... .max))
        let start = "$\(parameters.count)"
        let parts = scopes.flatMap { scope in
            [
                "(SELECT r.*, 0 AS lap FROM recipes r WHERE \(scope) AND \(filters) AND r.shuffle_key >= \(start) ORDER BY r.shuffle_key LIMIT 1)",
                "(SELECT r.*, 1 AS lap FROM recipes r WHERE \(scope) AND \(filters) ORDER BY r.shuffle_key LIMIT 1)",
            ]
        }
        let prelude = text.map { "WITH \($0.commonTableExpression) " } ?? ""
        return try await database.query(
            "\(prelude)SELECT \(RecipeRecord.columns) FROM (\(parts.joined(separator: " UNION ALL "))) AS r ORDER BY r.lap, r.shuffle_key LIMIT 1", parameters
        ).first.map(RecipeRecord.init)
    }
}


/// What the viewer's pantry holds, for `RecipeFilter.fromPantry`.
struct RecipePantry: Sendable {
    var productIDs: [Int64]
    var foods: [String]
    /// How much of each held product, in each pantry unit.
    var amounts: [(productID: Int64, unit: QuantityUnit, amount: Double)] = []
}
