import Foundation
import Postgres

/// The SQL of recipes, their ingredients, favourites, favourite foods and images. Values always
/// travel as parameters; writes take the mutation's transaction. Visibility is part of every list
/// query; single reads return any recipe and callers apply `RecipeRecord.isVisible(to:)`. Search
/// is in `RecipeSearch.swift`.
enum RecipeStore {
    /// What a new recipe stores (besides its ingredients and traits).
    struct NewRecipe: Sendable {
        var authorID: Int64?
        var title: String
        var description: String?
        var steps: [String]
        var servings: Int
        var prepMinutes: Int
        var cookMinutes: Int
        var dishType: DishType
        var categories: [RecipeCategory]
        var appliances: [KitchenAppliance]
        var mealTimes: [Meal]
        var visibility: RecipeVisibility
        var moderationStatus: RecipeModerationStatus
        var imageID: Int64?
    }

    /// What a new ingredient stores.
    struct NewIngredient: Sendable {
        var productID: Int64?
        var food: String
        var quantity: Double?
        var quantityMax: Double?
        var unit: IngredientUnit?
        var pieceName: String?
        var note: String?
        var matchConfidence: Double?
    }

    // MARK: - Reads

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: RecipeRecord] {
        try await RecipeRecord.load("SELECT \(RecipeRecord.columns) FROM recipes r WHERE r.id = ANY($1)", ids: ids, from: database)
    }

    /// Each recipe's ingredients in order: one statement for every recipe of a level.
    static func ingredients(of recipeIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [RecipeIngredientRecord]] {
        var result: [Int64: [RecipeIngredientRecord]] = Dictionary(uniqueKeysWithValues: recipeIDs.map { ($0, []) })
        let rows = try await database.query(
            "SELECT \(RecipeIngredientRecord.columns) FROM recipe_ingredients i WHERE i.recipe_id = ANY($1) ORDER BY i.recipe_id, i.position",
            [PostgresArray(recipeIDs)])
        for row in rows {
            let ingredient = try RecipeIngredientRecord(row)
            result[ingredient.recipeID, default: []].append(ingredient)
        }
        return result
    }

    /// Which of the recipes the user marked as favourites.
    static func favorites(of userID: Int64, among recipeIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: Bool] {
        var result = Dictionary(uniqueKeysWithValues: recipeIDs.map { ($0, false) })
        for row in try await database.query(
            "SELECT recipe_id FROM recipe_favorites WHERE user_id = $1 AND recipe_id = ANY($2)", [userID, PostgresArray(recipeIDs)])
        {
            result[try row.decode(Int64.self, at: 0)] = true
        }
        return result
    }

    /// Each user's favourite foods (product ids), in the order set.
    static func favoriteFoods(of userIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [Int64]] {
        var result: [Int64: [Int64]] = Dictionary(uniqueKeysWithValues: userIDs.map { ($0, []) })
        for row in try await database.query(
            "SELECT user_id, product_id FROM favorite_foods WHERE user_id = ANY($1) ORDER BY user_id, position", [PostgresArray(userIDs)])
        {
            result[try row.decode(Int64.self, at: 0), default: []].append(try row.decode(Int64.self, at: 1))
        }
        return result
    }

    /// The author's names (username, else display name), through the Accounts area's profiles.
    static func authorNames(_ authorIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: String] {
        try await ProfileRecord.load(authorIDs, from: database).compactMapValues { $0.username ?? $0.displayName }
    }

    // MARK: - Lists

    /// Recipes the user wrote, newest first (all of them: the list is the author's only).
    static func authored(by userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<RecipeRecord> {
        try await fetch(
            page, source: "SELECT r.* FROM recipes r WHERE r.author_id = $1", parameters: [userID],
            keys: [.init(expression: "r.created_at", type: "timestamptz"), .init(expression: "r.id", type: "bigint")],
            descending: true, in: database)
    }

    /// The user's favourites they can still see, most recently marked first.
    static func favorites(of userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<RecipeRecord> {
        try await fetch(
            page,
            source: """
                SELECT r.*, f.created_at AS favorited_at FROM recipe_favorites f JOIN recipes r ON r.id = f.recipe_id
                WHERE f.user_id = $1 AND (r.moderation_status = 'approved' OR r.author_id = $1)
                """, parameters: [userID],
            keys: [.init(expression: "r.favorited_at", type: "timestamptz"), .init(expression: "r.id", type: "bigint")],
            descending: true, in: database)
    }

    /// Public recipes waiting for moderation, oldest first.
    static func pending(page: Page, in database: some PostgresQuerying) async throws -> Connection<RecipeRecord> {
        try await fetch(
            page, source: "SELECT r.* FROM recipes r WHERE r.moderation_status = 'pending'", parameters: [],
            keys: [.init(expression: "r.created_at", type: "timestamptz"), .init(expression: "r.id", type: "bigint")],
            in: database)
    }

    /// A keyset page of recipes from `source` (rows named `r`), without a total count: the
    /// statement reads the page's rows only (`Page.fetch` also counts the whole list).
    static func fetch(
        _ page: Page, source: String, parameters: [any PostgresEncodable], keys: [Page.Key], descending: Bool = false,
        in database: some PostgresQuerying
    ) async throws -> Connection<RecipeRecord> {
        var parameters = parameters
        func placeholder(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        for cursorKeys in [page.after, page.before] where cursorKeys != nil && cursorKeys?.count != keys.count {
            throw DomainError.badUserInput("The cursor belongs to another list.")
        }
        let keyTuple = "(" + keys.map(\.expression).joined(separator: ", ") + ")"
        func tuple(_ values: [String]) -> String {
            "(" + zip(keys, values).map { key, value in "\(placeholder(value))::\(key.type)" }.joined(separator: ", ") + ")"
        }
        var conditions: [String] = []
        if let after = page.after { conditions.append("\(keyTuple) \(descending ? "<" : ">") \(tuple(after))") }
        if let before = page.before { conditions.append("\(keyTuple) \(descending ? ">" : "<") \(tuple(before))") }
        let readDescending = descending != page.isBackward
        let order = keys.map { "\($0.expression) \(readDescending ? "DESC" : "ASC")" }.joined(separator: ", ")
        let keyColumns = keys.enumerated().map { "(\($1.expression))::text AS page_key\($0)" }.joined(separator: ", ")
        let sql = """
            SELECT \(RecipeRecord.columns), \(keyColumns) FROM (\(source)) AS r
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY \(order) LIMIT \(placeholder(page.size + 1))
            """
        let rows: PostgresRows
        do {
            rows = try await database.query(sql, parameters)
        } catch let error as PostgresError where error.sqlState?.hasPrefix("22") == true {
            throw DomainError.badUserInput("The cursor is not one this API gave out.")
        }
        var edges: [Edge<RecipeRecord>] = []
        for row in rows.prefix(page.size) {
            let keyValues = try (0..<keys.count).map { try row.decode(String.self, named: "page_key\($0)") }
            edges.append(Edge(cursorKeys: keyValues, node: try RecipeRecord(row)))
        }
        let hasMore = rows.count > page.size
        if page.isBackward { edges.reverse() }
        return Connection(edges: edges, pageInfo: page.pageInfo(of: edges, hasMore: hasMore))
    }

    // MARK: - Writes

    static func insert(_ recipe: NewRecipe, in database: some PostgresQuerying) async throws -> Int64 {
        try await database.query(
            """
            INSERT INTO recipes (author_id, title, description, steps, servings, prep_minutes, cook_minutes, dish_type, categories,
              appliances, meal_times, visibility, moderation_status, image_id)
            VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9::text[], $10::text[], $11::text[], $12, $13, $14)
            RETURNING id
            """,
            [
                recipe.authorID, recipe.title, recipe.description, PostgresArray(recipe.steps), recipe.servings, recipe.prepMinutes,
                recipe.cookMinutes, recipe.dishType.databaseName, PostgresArray(recipe.categories.map(\.databaseName)),
                PostgresArray(recipe.appliances.map(\.databaseName)), PostgresArray(recipe.mealTimes.map(\.storedName)),
                recipe.visibility.databaseName, recipe.moderationStatus.databaseName, recipe.imageID,
            ])[0].decode(Int64.self, at: 0)
    }

    /// Inserts many recipes with their ingredients and traits in three statements (the demo
    /// cookbook); returns their ids in order.
    static func insertMany(
        _ recipes: [(recipe: NewRecipe, ingredients: [NewIngredient], traits: RecipeTraits)], in database: some PostgresQuerying
    ) async throws -> [Int64] {
        guard !recipes.isEmpty else { return [] }
        let rows: [[String: Any?]] = recipes.enumerated().map { index, item in
            let recipe = item.recipe
            let traits = item.traits
            return [
                "n": index, "author_id": recipe.authorID, "title": recipe.title, "description": recipe.description, "steps": recipe.steps,
                "servings": recipe.servings, "prep_minutes": recipe.prepMinutes, "cook_minutes": recipe.cookMinutes,
                "dish_type": recipe.dishType.databaseName, "categories": recipe.categories.map(\.databaseName),
                "appliances": recipe.appliances.map(\.databaseName), "meal_times": recipe.mealTimes.map(\.storedName),
                "visibility": recipe.visibility.databaseName, "moderation_status": recipe.moderationStatus.databaseName,
                "allergens": traits.allergens.map(\.databaseName), "diet_labels": traits.dietLabels.map(\.databaseName),
                "diet_types": traits.dietTypes.map(\.databaseName), "cautions": traits.cautions, "foods_text": traits.foodsText,
                "product_ids": traits.productIDs, "energy_kcal": traits.energyKcal, "protein_g": traits.proteinG, "fat_g": traits.fatG,
                "carbohydrates_g": traits.carbohydratesG, "sugars_g": traits.sugarsG, "sodium_mg": traits.sodiumMg,
                "saturated_fat_g": traits.saturatedFatG, "vitamin_mineral_score": traits.vitaminMineralScore,
                "catalog_cost": traits.catalogCost.map { RecipeFigures.text($0) }, "nutrition_complete": traits.nutritionComplete,
                "cost_complete": traits.costComplete,
            ]
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: rows.map { $0.compactMapValues { $0 } }), as: UTF8.self)
        func texts(_ name: String) -> String { "ARRAY(SELECT jsonb_array_elements_text(j.\(name)))" }
        let inserted = try await database.query(
            """
            INSERT INTO recipes (author_id, title, description, steps, servings, prep_minutes, cook_minutes, dish_type, categories,
              appliances, meal_times, visibility, moderation_status, allergens, diet_labels, diet_types, cautions, foods_text, product_ids,
              energy_kcal, protein_g, fat_g, carbohydrates_g, sugars_g, sodium_mg, saturated_fat_g, vitamin_mineral_score, catalog_cost,
              nutrition_complete, cost_complete)
            SELECT j.author_id, j.title, j.description, \(texts("steps")), j.servings, j.prep_minutes, j.cook_minutes, j.dish_type,
              \(texts("categories")), \(texts("appliances")), \(texts("meal_times")), j.visibility, j.moderation_status, \(texts("allergens")),
              \(texts("diet_labels")), \(texts("diet_types")), \(texts("cautions")), j.foods_text,
              ARRAY(SELECT jsonb_array_elements_text(j.product_ids)::bigint), j.energy_kcal, j.protein_g, j.fat_g, j.carbohydrates_g,
              j.sugars_g, j.sodium_mg, j.saturated_fat_g, j.vitamin_mineral_score, j.catalog_cost::numeric, j.nutrition_complete,
              j.cost_complete
            FROM jsonb_to_recordset($1::jsonb) AS j(n int, author_id bigint, title text, description text, steps jsonb, servings int,
              prep_minutes int, cook_minutes int, dish_type text, categories jsonb, appliances jsonb, meal_times jsonb, visibility text,
              moderation_status text, allergens jsonb, diet_labels jsonb, diet_types jsonb, cautions jsonb, foods_text text,
              product_ids jsonb, energy_kcal float8, protein_g float8, fat_g float8, carbohydrates_g float8, sugars_g float8,
              sodium_mg float8, saturated_fat_g float8, vitamin_mineral_score float8, catalog_cost text, nutrition_complete bool,
              cost_complete bool)
            ORDER BY j.n
            RETURNING id
            """, [json])
        let ids = try inserted.map { try $0.decode(Int64.self, at: 0) }.sorted()
        // Identity values follow the insert's order.
        var recipeIDs: [Int64] = []
        var ingredients: [NewIngredient] = []
        var positions: [Int] = []
        var needs: [RecipeCooking.PantryNeed?] = []
        for (id, item) in zip(ids, recipes) {
            for (position, ingredient) in item.ingredients.enumerated() {
                recipeIDs.append(id)
                positions.append(position + 1)
                ingredients.append(ingredient)
                needs.append(position < item.traits.pantryNeeds.count ? item.traits.pantryNeeds[position] : nil)
            }
        }
        _ = try await database.query(
            """
            INSERT INTO recipe_ingredients (recipe_id, position, product_id, food, quantity, quantity_max, unit, piece_name, note,
              match_confidence, pantry_need, pantry_unit)
            SELECT * FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::text[], $5::float8[], $6::float8[], $7::text[], $8::text[],
              $9::text[], $10::float8[], $11::float8[], $12::text[])
            """,
            [
                PostgresArray(recipeIDs), PostgresArray(positions), PostgresArray(ingredients.map(\.productID)),
                PostgresArray(ingredients.map(\.food)), PostgresArray(ingredients.map(\.quantity)),
                PostgresArray(ingredients.map(\.quantityMax)), PostgresArray(ingredients.map { $0.unit?.databaseName }),
                PostgresArray(ingredients.map(\.pieceName)), PostgresArray(ingredients.map(\.note)),
                PostgresArray(ingredients.map(\.matchConfidence)), PostgresArray(needs.map { $0?.quantity }),
                PostgresArray(needs.map { $0?.unit.databaseName }),
            ])
        return ids
    }

    /// Replaces a recipe's ingredients: one delete and one insert.
    static func replaceIngredients(of recipeID: Int64, with ingredients: [NewIngredient], in database: some PostgresQuerying) async throws {
        _ = try await database.query("DELETE FROM recipe_ingredients WHERE recipe_id = $1", [recipeID])
        guard !ingredients.isEmpty else { return }
        _ = try await database.query(
            """
            INSERT INTO recipe_ingredients (recipe_id, position, product_id, food, quantity, quantity_max, unit, piece_name, note,
              match_confidence)
            SELECT $1, n, product_id, food, quantity, quantity_max, unit, piece_name, note, confidence
            FROM unnest($2::bigint[], $3::text[], $4::float8[], $5::float8[], $6::text[], $7::text[], $8::text[], $9::float8[])
              WITH ORDINALITY AS i(product_id, food, quantity, quantity_max, unit, piece_name, note, confidence, n)
            """,
            [
                recipeID, PostgresArray(ingredients.map(\.productID)), PostgresArray(ingredients.map(\.food)),
                PostgresArray(ingredients.map(\.quantity)), PostgresArray(ingredients.map(\.quantityMax)),
                PostgresArray(ingredients.map { $0.unit?.databaseName }), PostgresArray(ingredients.map(\.pieceName)),
                PostgresArray(ingredients.map(\.note)), PostgresArray(ingredients.map(\.matchConfidence)),
            ])
    }

    /// Stores what the ingredients make of a recipe.
    static func setTraits(_ traits: RecipeTraits, of recipeID: Int64, in database: some PostgresQuerying) async throws {
        _ = try await database.query(
            """
            UPDATE recipes SET allergens = $2::text[], diet_labels = $3::text[], diet_types = $4::text[], cautions = $5::text[],
              foods_text = $6, product_ids = $7::bigint[], energy_kcal = $8, protein_g = $9, fat_g = $10, carbohydrates_g = $11,
              sugars_g = $12, sodium_mg = $13, saturated_fat_g = $14, vitamin_mineral_score = $15, catalog_cost = $16::numeric,
              nutrition_complete = $17, cost_complete = $18, traits_refreshed_at = now()
            WHERE id = $1
            """, [recipeID] + traitParameters(traits))
        _ = try await database.query(
            """
            UPDATE recipe_ingredients i SET pantry_need = n.need, pantry_unit = n.unit
            FROM unnest($2::float8[], $3::text[]) WITH ORDINALITY AS n(need, unit, position)
            WHERE i.recipe_id = $1 AND i.position = n.position
            """,
            [recipeID, PostgresArray(traits.pantryNeeds.map { $0?.quantity }), PostgresArray(traits.pantryNeeds.map { $0?.unit.databaseName })])
    }

    static func traitParameters(_ traits: RecipeTraits) -> [any PostgresEncodable] {
        [
            PostgresArray(traits.allergens.map(\.databaseName)), PostgresArray(traits.dietLabels.map(\.databaseName)),
            PostgresArray(traits.dietTypes.map(\.databaseName)), PostgresArray(traits.cautions), traits.foodsText,
            PostgresArray(traits.productIDs), traits.energyKcal, traits.proteinG, traits.fatG, traits.carbohydratesG, traits.sugarsG,
            traits.sodiumMg, traits.saturatedFatG, traits.vitaminMineralScore, traits.catalogCost.map { RecipeFigures.text($0) },
            traits.nutritionComplete, traits.costComplete,
        ]
    }

    /// What a patch changes; nil leaves a column as it is.
    struct Change: Sendable {
        var title: String?
        var description: String??
        var steps: [String]?
        var servings: Int?
        var prepMinutes: Int?
        var cookMinutes: Int?
        var dishType: DishType?
        var categories: [RecipeCategory]?
        var appliances: [KitchenAppliance]?
        var mealTimes: [Meal]?
        var visibility: RecipeVisibility?
        var moderationStatus: RecipeModerationStatus?
        var imageID: Int64??
    }

    static func update(_ recipeID: Int64, _ change: Change, in database: some PostgresQuerying) async throws {
        var assignments: [String] = []
        var parameters: [any PostgresEncodable] = [recipeID]
        func set(_ column: String, _ value: any PostgresEncodable, cast: String = "") {
            parameters.append(value)
            assignments.append("\(column) = $\(parameters.count)\(cast)")
        }
        if let title = change.title { set("title", title) }
        if let description = change.description { set("description", description) }
        if let steps = change.steps { set("steps", PostgresArray(steps), cast: "::text[]") }
        if let servings = change.servings { set("servings", servings) }
        if let minutes = change.prepMinutes { set("prep_minutes", minutes) }
        if let minutes = change.cookMinutes { set("cook_minutes", minutes) }
        if let dishType = change.dishType { set("dish_type", dishType.databaseName) }
        if let categories = change.categories { set("categories", PostgresArray(categories.map(\.databaseName)), cast: "::text[]") }
        if let appliances = change.appliances { set("appliances", PostgresArray(appliances.map(\.databaseName)), cast: "::text[]") }
        if let mealTimes = change.mealTimes { set("meal_times", PostgresArray(mealTimes.map(\.storedName)), cast: "::text[]") }
        if let visibility = change.visibility { set("visibility", visibility.databaseName) }
        if let status = change.moderationStatus {
            set("moderation_status", status.databaseName)
            assignments.append("moderation_note = NULL, moderated_by = NULL, moderated_at = NULL")
        }
        if let imageID = change.imageID { set("image_id", imageID) }
        assignments.append("updated_at = now()")
        _ = try await database.query("UPDATE recipes SET \(assignments.joined(separator: ", ")) WHERE id = $1", parameters)
    }

    /// Deletes a recipe and its image.
    static func delete(_ recipeID: Int64, in database: some PostgresQuerying) async throws {
        let rows = try await database.query("DELETE FROM recipes WHERE id = $1 RETURNING image_id", [recipeID])
        if let imageID = try rows.first?.decode(Int64?.self, at: 0) {
            _ = try await database.query("DELETE FROM recipe_images WHERE id = $1", [imageID])
        }
    }

    static func setFavorite(_ favorite: Bool, recipeID: Int64, userID: Int64, in database: some PostgresQuerying) async throws {
        if favorite {
            _ = try await database.query(
                "INSERT INTO recipe_favorites (user_id, recipe_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [userID, recipeID])
        } else {
            _ = try await database.query("DELETE FROM recipe_favorites WHERE user_id = $1 AND recipe_id = $2", [userID, recipeID])
        }
    }

    /// Approves or rejects a pending recipe; false when no pending recipe has the id.
    static func moderate(
        _ recipeID: Int64, status: RecipeModerationStatus, note: String?, moderator: Int64, in database: some PostgresQuerying
    ) async throws -> Bool {
        !(try await database.query(
            """
            UPDATE recipes SET moderation_status = $2, moderation_note = $3, moderated_by = $4, moderated_at = now(), updated_at = now()
            WHERE id = $1 AND moderation_status = 'pending' RETURNING id
            """, [recipeID, status.databaseName, note, moderator])
        ).isEmpty
    }

    static func setFavoriteFoods(_ productIDs: [Int64], of userID: Int64, in database: some PostgresQuerying) async throws {
        _ = try await database.query("DELETE FROM favorite_foods WHERE user_id = $1", [userID])
        guard !productIDs.isEmpty else { return }
        _ = try await database.query(
            """
            INSERT INTO favorite_foods (user_id, product_id, position)
            SELECT $1, product_id, n FROM unnest($2::bigint[]) WITH ORDINALITY AS f(product_id, n)
            """, [userID, PostgresArray(productIDs)])
    }

    // MARK: - Images

    static func insertImage(_ bytes: [UInt8], _ info: ImageInfo, owner: Int64, in database: some PostgresQuerying) async throws -> Int64 {
        try await database.query(
            "INSERT INTO recipe_images (owner_id, content_type, width, height, bytes, token) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            [owner, info.format.rawValue, info.width, info.height, bytes, ImageToken.make()])[0].decode(Int64.self, at: 0)
    }

    static func deleteImage(_ imageID: Int64, in database: some PostgresQuerying) async throws {
        _ = try await database.query("DELETE FROM recipe_images WHERE id = $1", [imageID])
    }

    /// An image by its token, for `GET /images/<token>`.
    static func image(token: String, in database: some PostgresQuerying) async throws -> (contentType: String, bytes: [UInt8])? {
        guard let row = try await database.query("SELECT content_type, bytes FROM recipe_images WHERE token = $1", [token]).first else {
            return nil
        }
        return (try row.decode(String.self, at: 0), try row.decode([UInt8].self, at: 1))
    }

    // MARK: - Refresh

    /// Recipes whose traits were refreshed longest ago, at most `limit`, refreshed before `before`.
    static func staleRecipes(limit: Int, before: Date, in database: some PostgresQuerying) async throws -> [RecipeRecord] {
        try await database.query(
            "SELECT \(RecipeRecord.columns) FROM recipes r WHERE r.traits_refreshed_at < $1 ORDER BY r.traits_refreshed_at LIMIT $2",
            [before, limit]
        ).map(RecipeRecord.init)
    }
}
