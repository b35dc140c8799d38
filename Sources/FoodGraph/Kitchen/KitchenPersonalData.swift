import Postgres

/// What the kitchen holds about a user, for `exportMyData` and `deleteMyAccount`: the pantry and
/// its movements, settings and recurring order (deleted with the account); orders and their
/// payments are kept for the retailer's accounting, anonymised (no user, no delivery address,
/// instructions or payment references); status changes the user made as staff stay, without them.
enum KitchenPersonalData: PersonalDataHolder {
    static let exportKey = "kitchen"

    static let userColumns = [
        UserColumn(table: "pantry_items", column: "user_id", handling: .deleted, exportPath: "kitchen.pantry"),
        UserColumn(table: "pantry_movements", column: "user_id", handling: .deleted, exportPath: "kitchen.pantryMovements"),
        UserColumn(table: "kitchen_settings", column: "user_id", handling: .deleted, exportPath: "kitchen.settings", exportIsObject: true),
        UserColumn(table: "recurring_order_items", column: "user_id", handling: .deleted, exportPath: "kitchen.recurringOrderItems"),
        UserColumn(table: "recurring_order_runs", column: "user_id", handling: .deleted, exportPath: "kitchen.recurringOrderRuns"),
        UserColumn(
            table: "orders", column: "user_id", handling: .anonymised(kept: "orders stay for the retailer's accounting, without the address"),
            exportPath: "kitchen.orders"),
        UserColumn(
            table: "order_payments", column: "user_id", handling: .anonymised(kept: "payments stay for accounting, without references"),
            exportPath: "kitchen.payments"),
        UserColumn(
            table: "order_status_changes", column: "changed_by", handling: .anonymised(kept: "an order's history stays, without who changed it"),
            exportPath: "kitchen.orderStatusChanges"),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'pantry', coalesce((SELECT jsonb_agg(to_jsonb(i) - 'user_id' ORDER BY i.id) FROM pantry_items i WHERE i.user_id = $1), '[]'),
              'pantryMovements', coalesce((SELECT jsonb_agg(to_jsonb(m) - 'user_id' - 'previous' ORDER BY m.id) FROM pantry_movements m
                WHERE m.user_id = $1), '[]'),
              'settings', (SELECT to_jsonb(k) - 'user_id' - 'payment_reference' - 'payment_reference_key' FROM kitchen_settings k WHERE k.user_id = $1),
              'recurringOrderItems', coalesce((SELECT jsonb_agg(to_jsonb(r) - 'user_id') FROM recurring_order_items r WHERE r.user_id = $1), '[]'),
              'recurringOrderRuns', coalesce((SELECT jsonb_agg(to_jsonb(r) - 'user_id' ORDER BY r.run_on) FROM recurring_order_runs r
                WHERE r.user_id = $1), '[]'),
              'orders', coalesce((SELECT jsonb_agg(to_jsonb(o) - 'user_id' || jsonb_build_object('items',
                  (SELECT coalesce(jsonb_agg(to_jsonb(i) - 'order_id'), '[]') FROM order_items i WHERE i.order_id = o.id)) ORDER BY o.id)
                FROM orders o WHERE o.user_id = $1), '[]'),
              'payments', coalesce((SELECT jsonb_agg(to_jsonb(p) - 'user_id' - 'reference' - 'reference_key' ORDER BY p.id) FROM order_payments p
                WHERE p.user_id = $1), '[]'),
              'orderStatusChanges', coalesce((SELECT jsonb_agg(to_jsonb(c) - 'changed_by' ORDER BY c.id) FROM order_status_changes c
                WHERE c.changed_by = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM pantry_movements WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM pantry_items WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM kitchen_settings WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM recurring_order_items WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM recurring_order_runs WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM orders WHERE user_id = $1 AND status = 'draft'", [userID])
        _ = try await transaction.query(
            "UPDATE order_payments SET user_id = NULL, reference = NULL, reference_key = NULL WHERE user_id = $1", [userID])
        _ = try await transaction.query(
            """
            UPDATE orders SET user_id = NULL, delivery_address = NULL, delivery_instructions = NULL, updated_at = now() WHERE user_id = $1
            """, [userID])
        _ = try await transaction.query("UPDATE order_status_changes SET changed_by = NULL WHERE changed_by = $1", [userID])
    }
}
