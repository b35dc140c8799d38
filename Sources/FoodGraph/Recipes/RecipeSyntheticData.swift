import Foundation
import Postgres

/// Deterministic synthetic recipes for benchmarks (`foodgraph gen-data --recipes N`): variations
/// of the demo cookbook's recipes — a new title, every quantity scaled by one factor (0.6–1.6),
/// cooking times varied — with their ingredients and stored traits scaled to match, so search,
/// figures and filters behave as on real recipes. The same seed gives the same rows.
enum RecipeSyntheticData {
    static let words = [
        "Easy", "Quick", "Family", "Rustic", "Spicy", "Sunday", "Summer", "Winter", "Herbed", "Smoky", "Zesty", "Golden", "Hearty",
        "Light", "Classic", "Homestyle", "Crispy", "Creamy", "Tangy", "Garden", "Harvest", "Weekday", "Festive", "Campfire",
        "Country", "Coastal", "Mountain", "Prairie", "Lemony", "Peppery", "Honeyed", "Toasted", "Roasted", "Maple", "Ginger",
        "Garlicky", "Fresh", "Simple", "Grandma's", "Midnight",
    ]

    /// Adds `count` recipes; the demo cookbook must be loaded (it is the template).
    static func load(count: Int, seed: UInt64, into pool: PostgresPool) async throws -> SyntheticData.Report {
        let started = Date()
        let database = PostgresDatabase(pool: pool)
        let templates = try await database.query(
            "SELECT id, title, prep_minutes, cook_minutes FROM recipes WHERE author_id IS NULL AND moderation_status = 'approved' ORDER BY id LIMIT 1000"
        ).map { (try $0.decode(Int64.self, at: 0), try $0.decode(String.self, at: 1), try $0.decode(Int.self, at: 2), try $0.decode(Int.self, at: 3)) }
        guard !templates.isEmpty else {
            throw DomainError(.serviceUnavailable, "Synthetic recipes vary the demo cookbook: load the demo data first (`foodgraph seed`).")
        }
        let offset = try await database.query("SELECT count(*) FROM recipes")[0].decode(Int.self, at: 0)
        var random = SyntheticData.Random(state: seed &+ 0x5EED)
        _ = try await pool.withConnection { connection in
            try await connection.execute(
                simple: """
                    CREATE TEMP TABLE IF NOT EXISTS generated_recipes (n bigint, template_id bigint, title text, factor float8,
                      prep int, cook int);
                    TRUNCATE generated_recipes
                    """)
            var index = 0
            while index < count {
                let end = min(index + 50_000, count)
                let rows = (index..<end).map { n -> [String?] in
                    let template = templates[random.int(0...templates.count - 1)]
                    let word = words[random.int(0...words.count - 1)]
                    let factor = random.double(0.6...1.6)
                    let timing = random.double(0.8...1.25)
                    return [
                        String(n), String(template.0), "\(word) \(template.1) \(offset + n + 1)", String(format: "%.3f", factor),
                        String(Int((Double(template.2) * timing).rounded())), String(Int((Double(template.3) * timing).rounded())),
                    ]
                }
                _ = try await connection.copy(into: "COPY generated_recipes (n, template_id, title, factor, prep, cook) FROM STDIN", rows: rows)
                index = end
            }
            // The recipes: the template's with per-serving figures scaled by the factor.
            _ = try await connection.query(
                """
                INSERT INTO recipes (author_id, title, description, steps, servings, prep_minutes, cook_minutes, dish_type, categories,
                  appliances, meal_times, visibility, moderation_status, allergens, diet_labels, diet_types, cautions, foods_text,
                  product_ids, energy_kcal, protein_g, fat_g, carbohydrates_g, sugars_g, sodium_mg, saturated_fat_g,
                  vitamin_mineral_score, catalog_cost, nutrition_complete, cost_complete)
                SELECT NULL, g.title, t.description, t.steps, t.servings, least(g.prep, 2880), least(g.cook, 2880), t.dish_type,
                  t.categories, t.appliances, t.meal_times, 'public', 'approved', t.allergens, t.diet_labels, t.diet_types, t.cautions,
                  t.foods_text, t.product_ids, t.energy_kcal * g.factor, t.protein_g * g.factor, t.fat_g * g.factor,
                  t.carbohydrates_g * g.factor, t.sugars_g * g.factor, t.sodium_mg * g.factor, t.saturated_fat_g * g.factor,
                  round((t.vitamin_mineral_score * g.factor)::numeric, 1)::float8, round(t.catalog_cost * g.factor::numeric, 2),
                  t.nutrition_complete, t.cost_complete
                FROM generated_recipes g JOIN recipes t ON t.id = g.template_id ORDER BY g.n
                """)
            // Their ingredients: the template's, every quantity scaled by the factor.
            _ = try await connection.query(
                """
                INSERT INTO recipe_ingredients (recipe_id, position, product_id, food, quantity, quantity_max, unit, piece_name, note,
                  match_confidence, pantry_need, pantry_unit)
                -- least() ignores nulls: a quantity "to taste" (null) must stay null.
                SELECT r.id, i.position, i.product_id, i.food, CASE WHEN i.quantity IS NOT NULL THEN least(i.quantity * g.factor, 100000) END,
                  CASE WHEN i.quantity_max IS NOT NULL THEN least(i.quantity_max * g.factor, 100000) END,
                  i.unit, i.piece_name, i.note, i.match_confidence, i.pantry_need * g.factor, i.pantry_unit
                FROM generated_recipes g JOIN recipes r ON r.title = g.title AND r.author_id IS NULL
                JOIN recipe_ingredients i ON i.recipe_id = g.template_id
                """)
            try await connection.execute(simple: "DROP TABLE generated_recipes; ANALYZE recipes; ANALYZE recipe_ingredients")
            return 0
        }
        return SyntheticData.Report(table: "recipes", rows: count, seconds: Date().timeIntervalSince(started))
    }
}
