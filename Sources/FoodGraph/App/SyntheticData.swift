import Foundation
import Postgres

/// Deterministic large data sets for benchmarks, loaded with COPY: the same seed gives the same rows.
public struct SyntheticData: Sendable {
    public var products = 0
    public var users = 0
    public var diaryEntries = 0
    public var priceObservations = 0
    /// Recipes varied from the demo cookbook (`RecipeSyntheticData`).
    public var recipes = 0
    /// Purchases (with a receipt price observation each) spread over the synthetic users, the
    /// last 365 days, the stores and 5 000 products.
    public var purchases = 0
    public var seed: UInt64 = 42

    public init() {}

    public struct Report: Sendable {
        public var table: String
        public var rows: Int
        public var seconds: Double

        public var rowsPerSecond: Int { seconds > 0 ? Int(Double(rows) / seconds) : rows }
    }

    /// A small, fast generator (SplitMix64): deterministic across runs and platforms.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }

        mutating func double(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
        }
    }

    static let words = [
        "Organic", "Classic", "Crunchy", "Smooth", "Light", "Spicy", "Honey", "Maple", "Garden", "Golden", "Harvest", "Rustic",
        "Oat", "Rice", "Bean", "Lentil", "Almond", "Cocoa", "Berry", "Apple", "Tomato", "Cheddar", "Yogurt", "Granola", "Pasta",
        "Bread", "Soup", "Salsa", "Cracker", "Muffin", "Noodle", "Butter", "Chips", "Bar", "Juice", "Tea", "Coffee", "Cereal",
    ]

    public func load(into pool: PostgresPool, progress: @Sendable (Report) -> Void = { _ in }) async throws -> [Report] {
        var random = Random(state: seed)
        var reports: [Report] = []
        let database = PostgresDatabase(pool: pool)
        let categoryIDs = try await database.query("SELECT id FROM categories ORDER BY id").map { try $0.decode(Int64.self, at: 0) }
        guard !categoryIDs.isEmpty else {
            throw DomainError(.serviceUnavailable, "Load the demo data first (`foodgraph seed`): synthetic products need categories.")
        }
        if products > 0 {
            let offset = try await database.query("SELECT coalesce(max(id), 0) FROM products")[0].decode(Int.self, at: 0)
            let report = try await copy("products", statement: "COPY products (name, brand, category_id, barcode, energy_kcal, fat_g, carbohydrates_g, protein_g, stock, catalog_price) FROM STDIN", into: pool, count: products) { index in
                let number = offset + index
                let name = "\(Self.words[random.int(0...Self.words.count - 1)]) \(Self.words[random.int(0...Self.words.count - 1)]) \(number)"
                // Unique by construction (a random code collides about five times in a million): the
                // product's number in 11 digits, after the in-store prefix 2.
                let data = String(number).leftPadded(to: 11).map { Int(String($0)) ?? 0 }
                let barcode = "2" + data.map(String.init).joined()
                let check = (10 - zip(data.reversed() + [2], 0...).reduce(0) { $0 + $1.0 * ($1.1 % 2 == 0 ? 3 : 1) } % 10) % 10
                let fat = random.double(0...40)
                let carbohydrates = random.double(0...80)
                let protein = random.double(0...30)
                let energy = fat * 9 + carbohydrates * 4 + protein * 4
                return [
                    name, Self.words[random.int(0...Self.words.count - 1)] + " Foods", String(categoryIDs[random.int(0...categoryIDs.count - 1)]),
                    barcode + String(check), String(format: "%.1f", energy), String(format: "%.1f", fat), String(format: "%.1f", carbohydrates),
                    String(format: "%.1f", protein), String(random.int(0...200)), String(format: "%.2f", random.double(0.99...19.99)),
                ]
            }
            reports.append(report)
            progress(report)
            // Prices belong to chains: every chain offers each new product, around the generated
            // price, and the products' summaries follow (as `OfferStore.refreshSummary` keeps them);
            // in ranges of products, so that no statement runs into the pool's statement timeout.
            let started = Date()
            let last = try await database.query("SELECT coalesce(max(id), 0) FROM products")[0].decode(Int.self, at: 0)
            var offers = 0
            for low in stride(from: offset, to: last, by: 50_000) {
                let range: [any PostgresEncodable] = [low, min(low + 50_000, last)]
                offers += try await database.query(
                    """
                    WITH made AS (
                      INSERT INTO chain_offers (product_id, chain_id, currency, price, sale_price, stock)
                      SELECT p.id, c.id, p.currency, round(p.catalog_price * (0.9 + 0.05 * ((p.id + c.id) % 5)), 2),
                        CASE WHEN (p.id + c.id) % 7 = 0 THEN round(p.catalog_price * 0.8, 2) END, (p.stock + c.id * 13) % 150
                      FROM products p CROSS JOIN retail_chains c WHERE p.id > $1 AND p.id <= $2 AND p.catalog_price IS NOT NULL
                      RETURNING 1
                    ) SELECT count(*) FROM made
                    """, range)[0].decode(Int.self, at: 0)
                _ = try await database.query(
                    """
                    UPDATE products p SET catalog_price = best.price, sale_price = best.sale_price, stock = total.stock
                    FROM (SELECT o.product_id, least(sum(o.stock), 2147483647)::int AS stock FROM chain_offers o
                          WHERE o.product_id > $1 AND o.product_id <= $2 GROUP BY o.product_id) AS total
                    JOIN LATERAL (
                      SELECT o.price, o.sale_price FROM chain_offers o WHERE o.product_id = total.product_id
                      ORDER BY (o.stock > 0) DESC, coalesce(o.sale_price, o.price), o.chain_id LIMIT 1
                    ) AS best ON true
                    WHERE p.id = total.product_id
                    """, range)
            }
            let offerReport = Report(table: "chain_offers", rows: offers, seconds: Date().timeIntervalSince(started))
            reports.append(offerReport)
            progress(offerReport)
        }
        if users > 0 {
            let hash = PasswordHasher.standard.hash("Synthetic-pass1")
            let offset = try await database.query("SELECT coalesce(max(id), 0) FROM users")[0].decode(Int.self, at: 0)
            let report = try await copy("users", statement: "COPY users (email, email_key, password_hash) FROM STDIN", into: pool, count: users) { index in
                let email = "user\(offset + index)@synthetic.example"
                return [email, email, hash]
            }
            _ = try await database.query(
                "INSERT INTO profiles (user_id) SELECT id FROM users u WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id)")
            reports.append(report)
            progress(report)
        }
        if diaryEntries > 0 {
            let userIDs = try await database.query("SELECT id FROM users WHERE email LIKE '%@synthetic.example' ORDER BY id")
                .map { try $0.decode(Int64.self, at: 0) }
            let productRows = try await database.query("SELECT id, name, energy_kcal, fat_g, carbohydrates_g, protein_g FROM products LIMIT 5000")
            let foods = try productRows.map {
                (try $0.decode(Int64.self, at: 0), try $0.decode(String.self, at: 1), try $0.decode(Double.self, at: 2),
                 try $0.decode(Double.self, at: 3), try $0.decode(Double.self, at: 4), try $0.decode(Double.self, at: 5))
            }
            guard !userIDs.isEmpty, !foods.isEmpty else {
                throw DomainError(.serviceUnavailable, "Diary entries need synthetic users and products: give --users and --products too.")
            }
            // Five entries a day per user, going back from today: each user gets a contiguous history.
            let perUser = max(1, diaryEntries / userIDs.count)
            let meals = ["breakfast", "lunch", "dinner", "snack", "snack"]
            let today = Int(Date().timeIntervalSince1970 / 86_400)
            let report = try await copy("diary_entries", statement: "COPY diary_entries (user_id, local_date, meal, product_id, food_name, quantity, quantity_unit, grams, source, energy_kcal, fat_g, carbohydrates_g, protein_g) FROM STDIN", into: pool, count: perUser * userIDs.count) { index in
                let user = userIDs[index / perUser]
                let within = index % perUser
                let day = LocalDate(daysSinceEpoch: today - within / 5)
                let food = foods[random.int(0...foods.count - 1)]
                let grams = random.int(30...300)
                let scale = Double(grams) / 100
                return [
                    String(user), day.description, meals[within % 5], String(food.0), food.1, String(grams), "g", String(grams), "search",
                    Self.hundredths(food.2 * scale), Self.hundredths(food.3 * scale), Self.hundredths(food.4 * scale), Self.hundredths(food.5 * scale),
                ]
            }
            reports.append(report)
            progress(report)
        }
        if priceObservations > 0 {
            let storeIDs = try await database.query("SELECT id FROM stores").map { try $0.decode(Int64.self, at: 0) }
            let range = try await database.query("SELECT min(id), max(id) FROM products")
            guard !storeIDs.isEmpty, let low = try range[0].decode(Int?.self, at: 0), let high = try range[0].decode(Int?.self, at: 1) else {
                throw DomainError(.serviceUnavailable, "Price observations need stores and products.")
            }
            let report = try await copy("price_observations", statement: "COPY price_observations (product_id, store_id, price, source, observed_at) FROM STDIN", into: pool, count: priceObservations) { _ in
                [
                    String(random.int(low...high)), String(storeIDs[random.int(0...storeIDs.count - 1)]),
                    String(format: "%.2f", random.double(0.5...30)), "chain",
                    ISO8601DateFormatter().string(from: Date(timeIntervalSinceNow: -Double(random.int(0...365 * 86_400)))),
                ]
            }
            reports.append(report)
            progress(report)
        }
        if purchases > 0 {
            let userIDs = try await database.query("SELECT id FROM users WHERE email LIKE '%@synthetic.example' ORDER BY id")
                .map { try $0.decode(Int64.self, at: 0) }
            let productRows = try await database.query("SELECT id, category_id FROM products WHERE status = 'active' ORDER BY id LIMIT 5000")
            let products = try productRows.map { (try $0.decode(Int64.self, at: 0), try $0.decode(Int64.self, at: 1)) }
            let storeIDs = try await database.query("SELECT id FROM stores ORDER BY id").map { try $0.decode(Int64.self, at: 0) }
            guard !userIDs.isEmpty, !products.isEmpty, !storeIDs.isEmpty else {
                throw DomainError(.serviceUnavailable, "Purchases need synthetic users (--users), products and stores.")
            }
            let now = Date()
            let formatter = ISO8601DateFormatter()
            // The same rows twice: the purchases, then the receipt prices the catalog keeps of them.
            func purchase(_ index: Int) -> (user: Int64, product: (Int64, Int64), store: Int64, at: String, price: Int, quantity: Int) {
                var random = Random(state: seed &+ UInt64(index) &* 0x9E37_79B9)
                let user = userIDs[index % userIDs.count]
                let product = products[random.int(0...products.count - 1)]
                let store = storeIDs[random.int(0...storeIDs.count - 1)]
                let at = formatter.string(from: now.addingTimeInterval(-Double(random.int(60...365 * 86_400))))
                return (user, product, store, at, random.int(99...1999), random.int(1...3))
            }
            let report = try await copy(
                "purchases",
                statement: "COPY purchases (user_id, purchased_at, store_id, product_id, category_id, unit_price, quantity, unit, amount, currency) FROM STDIN",
                into: pool, count: purchases
            ) { index in
                let p = purchase(index)
                return [
                    String(p.user), p.at, String(p.store), String(p.product.0), String(p.product.1), Self.hundredths(Double(p.price) / 100),
                    String(p.quantity), "piece", Self.hundredths(Double(p.price * p.quantity) / 100), "CAD",
                ]
            }
            reports.append(report)
            progress(report)
            let observations = try await copy(
                "price_observations (receipts)",
                statement: "COPY price_observations (product_id, store_id, price, source, observed_at, reported_by) FROM STDIN", into: pool,
                count: purchases
            ) { index in
                let p = purchase(index)
                return [String(p.product.0), String(p.store), Self.hundredths(Double(p.price) / 100), "receipt", p.at, String(p.user)]
            }
            reports.append(observations)
            progress(observations)
        }
        if recipes > 0 {
            let report = try await RecipeSyntheticData.load(count: recipes, seed: seed, into: pool)
            reports.append(report)
            progress(report)
        }
        // Vacuumed as autovacuum would soon do, so index-only scans (counts) see all-visible pages,
        // as they do in a database that has been running; table by table, within the statement timeout.
        // For recipes, it also merges the text index's pending list (up to 4 MB after a bulk insert),
        // which every text search reads until then: 270 pending pages took a typo search's
        // statement from 8 to 18 ms.
        for table in ["products", "chain_offers", "price_observations", "diary_entries", "users", "purchases", "recipes", "recipe_ingredients"] {
            _ = try await database.query("VACUUM (ANALYZE) \(table)")
        }
        _ = try await database.query("ANALYZE")
        return reports
    }

    /// `value` with two decimals, without `String(format:)`, which dominates the cost of a generated row.
    static func hundredths(_ value: Double) -> String {
        let cents = Int((value * 100).rounded())
        let fraction = cents.magnitude % 100
        return "\(cents < 0 ? "-" : "")\(cents.magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// COPYs `count` generated rows in chunks on one connection, timing the whole load.
    private func copy(
        _ table: String, statement: String, into pool: PostgresPool, count: Int, row: (Int) -> [String?]
    ) async throws -> Report {
        let started = Date()
        var index = 0
        while index < count {
            let end = min(index + 50_000, count)
            let rows = (index..<end).map(row)
            _ = try await pool.withConnection { connection in try await connection.copy(into: statement, rows: rows) }
            index = end
        }
        return Report(table: table, rows: count, seconds: Date().timeIntervalSince(started))
    }
}

extension String {
    /// The text with zeros in front, to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
