import Postgres

/// Demo accounts (one per role), the seed catalog of `Resources/seed/`, three chains with stores
/// around Hamilton, Ontario, their prices, and the demo cookbook: for local development only.
public enum DemoData {
    public static let password = "Demo-pass1"

    /// Loads the demo data unless the database has users already; returns whether it loaded.
    @discardableResult
    public static func loadIfEmpty(into database: PostgresDatabase) async throws -> Bool {
        // Looked at before hashing: every start of a server with data would otherwise pay a
        // scrypt (a few hundred milliseconds, and 128 MiB at the process's peak) for nothing.
        guard try await database.query("SELECT NOT EXISTS (SELECT 1 FROM users)")[0].decode(Bool.self, at: 0) else {
            return false
        }
        // Hashed before the transaction, which would otherwise hold a connection meanwhile.
        let hash = PasswordHasher.standard.hash(password)
        let catalog = try SeedCatalog.load()
        let loaded = try await database.withTransaction { transaction in
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
            try await catalog.insert(into: transaction)
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
            try await RecipeSeed.load(into: transaction, catalog: catalog)
            return true
        }
        // Statistics now, not when autovacuum gets to them (minutes later): until then the planner
        // knows nothing of the new rows, and a barcode lookup read all 450 products through the
        // wrong index, 85 µs of the database's CPU a lookup against 25 with them. Vacuumed too:
        // autovacuum vacuums for inserts only past 1 000 new rows, and until a table is vacuumed
        // a count cannot be read from an index alone. Only our tables: a VACUUM of the whole
        // database takes the shared system catalogs too, and most likely was what hit the
        // statement timeout once while the test suite created and dropped databases around it.
        if loaded {
            let tables = try await database.query("SELECT format('%I.%I', schemaname, relname) FROM pg_stat_user_tables")
                .map { try $0.decode(String.self, at: 0) }
            _ = try await database.query("VACUUM (ANALYZE) " + tables.joined(separator: ", "))
        }
        return loaded
    }
}
