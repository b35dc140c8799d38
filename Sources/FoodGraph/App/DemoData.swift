import Postgres

/// Demo accounts (one per role) and a small seed catalog, for local development only.
public enum DemoData {
    public static let password = "Demo-pass1"

    /// Loads the demo data unless the database has users already; returns whether it loaded.
    @discardableResult
    public static func loadIfEmpty(into database: PostgresDatabase) async throws -> Bool {
        let hash = PasswordHasher.standard.hash(password)
        return try await database.withTransaction { transaction in
            // Serialises concurrent starts: only one loads.
            _ = try await transaction.query("SELECT pg_advisory_xact_lock(7215)")
            guard try await transaction.query("SELECT count(*) FROM users")[0].decode(Int.self, at: 0) == 0 else { return false }
            let chain = try await transaction.query(
                "INSERT INTO retail_chains (name, website) VALUES ('FreshMart', 'https://freshmart.example') RETURNING id")[0]
                .decode(Int64.self, at: 0)
            for (name, role) in [("user", nil), ("support", "support"), ("orders", "order_handler"), ("admin", "administrator"),
                ("chain", "chain_representative")] as [(String, String?)]
            {
                let email = "\(name)@demo.foodgraph.local"
                let id = try await transaction.query(
                    "INSERT INTO users (email, email_key, password_hash, email_confirmed_at) VALUES ($1, $1, $2, now()) RETURNING id",
                    [email, hash])[0].decode(Int64.self, at: 0)
                _ = try await transaction.query(
                    "INSERT INTO profiles (user_id, display_name, time_zone) VALUES ($1, $2, 'America/Toronto')",
                    [id, name.prefix(1).uppercased() + name.dropFirst()])
                if let role {
                    _ = try await transaction.query(
                        "INSERT INTO user_roles (user_id, role, chain_id) VALUES ($1, $2, $3)",
                        [id, role, role == "chain_representative" ? chain : nil])
                }
            }
            _ = try await transaction.query(
                """
                INSERT INTO categories (parent_id, slug, name, path) VALUES
                  (NULL, 'dairy', 'Dairy', 'dairy'), (NULL, 'produce', 'Produce', 'produce'),
                  (NULL, 'bakery', 'Bakery', 'bakery'), (NULL, 'pantry', 'Pantry', 'pantry')
                """)
            _ = try await transaction.query(
                """
                INSERT INTO categories (parent_id, slug, name, path)
                SELECT id, 'cheese', 'Cheese', 'dairy/cheese' FROM categories WHERE slug = 'dairy'
                UNION ALL SELECT id, 'fruit', 'Fruit', 'produce/fruit' FROM categories WHERE slug = 'produce'
                UNION ALL SELECT id, 'vegetables', 'Vegetables', 'produce/vegetables' FROM categories WHERE slug = 'produce'
                """)
            // name, brand, category, barcode, kcal, fat, carbohydrates, protein, sugars, fibre, sodium, allergens, labels, stock, price
            let products: [(String, String?, String, String?, Double, Double, Double, Double, Double?, Double?, Double?, [String], [String], Int, String?)] = [
                ("Banana", nil, "fruit", nil, 89, 0.3, 22.8, 1.1, 12.2, 2.6, 1, [], ["vegan", "gluten_free"], 120, "0.29"),
                ("Gala Apple", nil, "fruit", nil, 52, 0.2, 13.8, 0.3, 10.4, 2.4, 1, [], ["vegan", "gluten_free"], 80, "0.89"),
                ("Baby Spinach", "GreenLeaf", "vegetables", "0628915000016", 23, 0.4, 3.6, 2.9, 0.4, 2.2, 79, [], ["vegan", "gluten_free"], 30, "3.99"),
                ("Carrots", nil, "vegetables", nil, 41, 0.2, 9.6, 0.9, 4.7, 2.8, 69, [], ["vegan"], 60, "1.49"),
                ("2% Milk", "Dairyland", "dairy", "0068700011009", 50, 2, 4.8, 3.4, 5, 0, 44, ["milk"], ["vegetarian", "gluten_free"], 40, "5.49"),
                ("Greek Yogurt Plain", "Oikos", "dairy", "0056800098921", 97, 5, 3.6, 9, 3.6, 0, 35, ["milk"], ["vegetarian", "high_protein"], 25, "6.99"),
                ("Aged Cheddar", "Black Diamond", "cheese", "0064420001139", 403, 33, 1.3, 25, 0.5, 0, 621, ["milk"], ["vegetarian"], 18, "7.49"),
                ("Whole Wheat Bread", "Dempster's", "bakery", "0068721020714", 247, 3.4, 41, 13, 6, 7, 450, ["wheat", "soy"], ["vegan"], 35, "3.79"),
                ("Sourdough Loaf", "Ace Bakery", "bakery", "0627735001012", 289, 1.8, 56, 11, 2.5, 2.4, 560, ["wheat"], ["vegan"], 12, "5.99"),
                ("Rolled Oats", "Quaker", "pantry", "0055577102008", 379, 6.5, 67.7, 13.2, 1, 10.1, 6, [], ["vegan", "high_protein"], 50, "4.49"),
                ("Peanut Butter Smooth", "Kraft", "pantry", "0068100084245", 588, 50, 20, 25, 9, 6, 430, ["peanuts"], ["vegetarian", "high_protein"], 22, "5.29"),
                ("Chickpeas", "Unico", "pantry", "0064761002215", 119, 1.9, 20, 6.7, 0.2, 5.5, 240, [], ["vegan", "gluten_free"], 70, "1.29"),
                ("Basmati Rice", "Tilda", "pantry", "5011157630014", 356, 0.9, 78, 8.4, 0.1, 1.3, 1, [], ["vegan", "gluten_free"], 45, "8.99"),
                ("Almond Milk Unsweetened", "Silk", "dairy", "0025293002531", 13, 1.1, 0.3, 0.4, 0, 0.2, 75, ["tree_nuts"], ["vegan", "dairy_free"], 33, "4.99"),
            ]
            for product in products {
                _ = try await transaction.query(
                    """
                    INSERT INTO products (name, brand, category_id, barcode, nutrition_basis, energy_kcal, fat_g, carbohydrates_g,
                      protein_g, sugars_g, fibre_g, sodium_mg, allergens, diet_labels, stock, catalog_price)
                    SELECT $1, $2, id, $4, CASE WHEN $1 LIKE '%Milk%' THEN 'ml' ELSE 'g' END, $5, $6, $7, $8, $9, $10, $11,
                      $12, $13, $14, $15::numeric FROM categories WHERE slug = $3
                    """,
                    [product.0, product.1, product.2, product.3, product.4, product.5, product.6, product.7, product.8, product.9,
                     product.10, PostgresArray(product.11), PostgresArray(product.12), product.13, product.14])
            }
            // Three chains with stores around Hamilton, Ontario, and the catalog's prices at each.
            _ = try await transaction.query(
                """
                INSERT INTO retail_chains (name, website) VALUES ('Harbour Grocers', 'https://harbour.example'),
                  ('Escarpment Foods', 'https://escarpment.example')
                """)
            _ = try await transaction.query(
                """
                INSERT INTO stores (chain_id, name, address_line, city, region, postal_code, latitude, longitude)
                SELECT c.id, v.name, v.line, 'Hamilton', 'ON', v.postal, v.lat, v.lon
                FROM (VALUES
                  ('FreshMart', 'FreshMart Downtown', '100 King St W', 'L8P 1A2', 43.2566, -79.8717),
                  ('FreshMart', 'FreshMart Westdale', '1000 Main St W', 'L8S 1B1', 43.2590, -79.9120),
                  ('Harbour Grocers', 'Harbour Grocers James North', '300 James St N', 'L8R 2L3', 43.2680, -79.8640),
                  ('Harbour Grocers', 'Harbour Grocers Mountain', '999 Upper James St', 'L9C 3A6', 43.2220, -79.8870),
                  ('Escarpment Foods', 'Escarpment Foods Stoney Creek', '800 Queenston Rd', 'L8G 1A7', 43.2180, -79.7620),
                  ('Escarpment Foods', 'Escarpment Foods Dundas', '50 King St W, Dundas', 'L9H 1T5', 43.2660, -79.9550)
                ) AS v(chain, name, line, postal, lat, lon) JOIN retail_chains c ON c.name = v.chain
                """)
            _ = try await transaction.query(
                """
                INSERT INTO price_observations (product_id, store_id, price, source, observed_at)
                SELECT p.id, s.id, round(p.catalog_price * (0.9 + 0.05 * (s.id % 4)), 2), 'chain', now() - make_interval(days => (s.id % 7)::int)
                FROM products p CROSS JOIN stores s WHERE p.catalog_price IS NOT NULL
                """)
            return true
        }
    }
}
