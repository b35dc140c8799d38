import Postgres

/// What the cookbook holds about a user, for `exportMyData` and `deleteMyAccount`: their recipes
/// and recipe images, favourites and favourite foods, which diary entries their cookings logged
/// (deleted with the account), and the recipes
/// they moderated (the decision stays, without them).
enum RecipesPersonalData: PersonalDataHolder {
    static let exportKey = "recipes"

    static let userColumns = [
        UserColumn(table: "recipes", column: "author_id", handling: .deleted, exportPath: ""),
        UserColumn(table: "recipe_images", column: "owner_id", handling: .deleted, exportPath: ""),
        UserColumn(table: "recipe_favorites", column: "user_id", handling: .deleted, exportPath: ""),
        UserColumn(table: "favorite_foods", column: "user_id", handling: .deleted, exportPath: ""),
        UserColumn(table: "recipe_cooked_meals", column: "user_id", handling: .deleted, exportPath: ""),
        UserColumn(
            table: "recipes", column: "moderated_by", handling: .anonymised(kept: "a moderation decision stays"), exportPath: ""),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'recipes', coalesce((SELECT jsonb_agg(to_jsonb(r) - 'author_id' - 'search_text' ORDER BY r.id) FROM recipes r
                WHERE r.author_id = $1), '[]'),
              'favorites', coalesce((SELECT jsonb_agg(f.recipe_id ORDER BY f.created_at) FROM recipe_favorites f WHERE f.user_id = $1), '[]'),
              'favoriteFoods', coalesce((SELECT jsonb_agg(f.product_id) FROM favorite_foods f WHERE f.user_id = $1), '[]'),
              'cookedMeals', coalesce((SELECT jsonb_agg(jsonb_build_object('cookingId', c.movement_group_id, 'diaryEntryId', c.diary_entry_id)
                ORDER BY c.movement_group_id) FROM recipe_cooked_meals c WHERE c.user_id = $1), '[]'),
              'moderatedRecipes', coalesce((SELECT jsonb_agg(r.id ORDER BY r.id) FROM recipes r WHERE r.moderated_by = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("UPDATE recipes SET moderated_by = NULL WHERE moderated_by = $1", [userID])
        _ = try await transaction.query("DELETE FROM recipe_favorites WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM favorite_foods WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM recipe_cooked_meals WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM recipes WHERE author_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM recipe_images WHERE owner_id = $1", [userID])
    }
}
