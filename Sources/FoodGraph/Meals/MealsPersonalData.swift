import Postgres

/// What Meals holds about a user, for `exportMyData` and `deleteMyAccount`: the diet plans they
/// followed and their weekly plans (with planned meals and checked grocery items), all deleted
/// with the account.
enum MealsPersonalData: PersonalDataHolder {
    static let exportKey = "meals"

    static let userColumns = [
        UserColumn(table: "diet_plan_follows", column: "user_id", handling: .deleted, exportPath: "meals.dietPlans"),
        UserColumn(table: "meal_plans", column: "user_id", handling: .deleted, exportPath: "meals.mealPlans"),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'dietPlans', coalesce((SELECT jsonb_agg(to_jsonb(f) - 'user_id' ORDER BY f.started_at, f.id) FROM diet_plan_follows f
                WHERE f.user_id = $1), '[]'),
              'mealPlans', coalesce((SELECT jsonb_agg((to_jsonb(m) - 'user_id') || jsonb_build_object(
                  'meals', coalesce((SELECT jsonb_agg(to_jsonb(pm) - 'plan_id' ORDER BY pm.local_date, pm.meal) FROM planned_meals pm
                    WHERE pm.plan_id = m.id), '[]'),
                  'checkedGroceryItems', coalesce((SELECT jsonb_agg(g.item_key ORDER BY g.item_key) FROM grocery_checks g
                    WHERE g.plan_id = m.id), '[]')) ORDER BY m.week_of) FROM meal_plans m WHERE m.user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM meal_plans WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM diet_plan_follows WHERE user_id = $1", [userID])
    }
}
