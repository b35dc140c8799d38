import Foundation
import Postgres
import Testing

@testable import FoodGraph

/// A product's `latestPrices` read from `latest_prices` (migration 0032), which triggers on
/// `price_observations` keep: one row a product and store, however long the price history.
struct LatestPricesTests {
    /// The latest observation of every product at every store, read from the whole history, and
    /// what `latest_prices` holds: they must agree.
    static func disagreements(in database: PostgresDatabase) async throws -> Int {
        try await database.query(
            """
            SELECT count(*) FROM latest_prices l FULL JOIN (
              SELECT DISTINCT ON (product_id, store_id) * FROM price_observations
              ORDER BY product_id, store_id, observed_at DESC, id DESC) o
            ON o.product_id = l.product_id AND o.store_id = l.store_id
            WHERE l.id IS DISTINCT FROM o.id OR l.price IS DISTINCT FROM o.price OR l.observed_at IS DISTINCT FROM o.observed_at
              OR l.source IS DISTINCT FROM o.source OR l.is_discount IS DISTINCT FROM o.is_discount
            """)[0].decode(Int.self, at: 0)
    }

    static func prices(_ api: TestAPI, of product: String) async throws -> [String: String] {
        let response = try await api.run(
            #"{ node(id: "\#(product)") { ... on Product { latestPrices(first: 50) { edges { node { price { amount } store { id } } } } } } }"#)
        let nodes = (response["data.node.latestPrices.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
        return Dictionary(
            uniqueKeysWithValues: nodes.compactMap { node in
                ((node["store"] as? [String: Any])?["id"] as? String).map { ($0, (node["price"] as? [String: Any])?["amount"] as? String ?? "") }
            })
    }

    /// A shopper sees each store's latest price of a product, whatever came before it: a long
    /// history, an older price reported late, a newer one reported, corrected, and taken back.
    @Test func aShopperSeesEachStoresLatestPriceHoweverLongTheHistory() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let database = api.database.database
        let row = try await database.query("SELECT product_id, store_id FROM latest_prices ORDER BY product_id, store_id LIMIT 1")[0]
        let (productID, storeID) = (try row.decode(Int64.self, at: 0), try row.decode(Int64.self, at: 1))
        let product = GlobalID(typeName: "Product", key: productID).description
        let store = GlobalID(typeName: "Store", key: storeID).description
        let before = try await Self.prices(api, of: product)
        #expect(!before.isEmpty && before[store] != nil)
        // A year of older prices, written in one statement, changes nothing shown.
        _ = try await database.query(
            """
            INSERT INTO price_observations (product_id, store_id, price, source, observed_at)
            SELECT product_id, store_id, 99.99, 'catalog', observed_at - make_interval(days => g)
            FROM price_observations, generate_series(1, 365) g WHERE product_id = $1
            """, [productID])
        #expect(try await Self.prices(api, of: product) == before)
        // A newer price reported by a shopper shows; then corrected; then taken back.
        let token = try await api.signUp("shopper@example.com")
        let recorded = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(store)", price: "1.23"}) { priceObservation { id } userErrors { code } } }"#,
            token: token)
        let observation = try #require(recorded["data.recordPrice.priceObservation.id"] as? String)
        #expect(try await Self.prices(api, of: product)[store] == "1.23")
        let observationID = try #require(GlobalID(parsing: observation)?.key)
        _ = try await database.query("UPDATE price_observations SET price = 1.20 WHERE id = $1", [observationID])
        #expect(try await Self.prices(api, of: product)[store] == "1.20")
        _ = try await database.query("DELETE FROM price_observations WHERE id = $1", [observationID])
        #expect(try await Self.prices(api, of: product) == before)
        #expect(try await Self.disagreements(in: database) == 0)
        // A store whose observations all go has no latest price left there.
        _ = try await database.query("DELETE FROM price_observations WHERE product_id = $1 AND store_id = $2", [productID, storeID])
        #expect(try await Self.prices(api, of: product)[store] == nil)
        _ = try await database.query("TRUNCATE price_observations CASCADE")
        #expect(try await Self.prices(api, of: product).isEmpty)
        #expect(try await Self.disagreements(in: database) == 0)
    }

    /// A price reported while another shopper's receipt takes back the store's latest price: the
    /// new report stays the latest, though the receipt's trigger read the history before the
    /// report committed (and then waited for its row).
    @Test func aPriceReportedWhileTheLatestIsTakenBackStaysTheLatest() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let database = api.database.database
        let row = try await database.query("SELECT product_id, store_id, id FROM latest_prices ORDER BY product_id, store_id LIMIT 1")[0]
        let (productID, storeID, latest) = (try row.decode(Int64.self, at: 0), try row.decode(Int64.self, at: 1), try row.decode(Int64.self, at: 2))
        _ = try await database.query(
            "INSERT INTO price_observations (product_id, store_id, price, source, observed_at) VALUES ($1, $2, 5.55, 'catalog', now() - interval '30 days')",
            [productID, storeID])
        let (reported, takeBack) = try await database.withTransaction { transaction in
            let reported = try await transaction.query(
                "INSERT INTO price_observations (product_id, store_id, price, source, observed_at) VALUES ($1, $2, 1.11, 'user', now()) RETURNING id",
                [productID, storeID])[0].decode(Int64.self, at: 0)
            let takeBack = Task { _ = try await database.query("DELETE FROM price_observations WHERE id = $1", [latest]) }
            // The delete's trigger reads the history without the report, then waits for the row.
            try await Task.sleep(for: .milliseconds(300))
            return (reported, takeBack)
        }
        try await takeBack.value
        let kept = try await database.query(
            "SELECT id FROM latest_prices WHERE product_id = $1 AND store_id = $2", [productID, storeID])[0].decode(Int64.self, at: 0)
        #expect(kept == reported)
    }

    /// A product sold at 300 stores: a shopper sees its three cheapest, in order, and pages on to
    /// the next three and back; reading a page takes a page's rows of the product's prices from
    /// the index (migration 0033), not all 300 sorted, next to a product sold at a few stores.
    @Test func aProductSoldEverywhereShowsItsCheapestStoresFromAPageOfRows() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let database = api.database.database
        let productID = try await database.query("SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1")[0].decode(Int64.self, at: 0)
        let other = try await database.query(
            "SELECT product_id FROM latest_prices WHERE product_id <> $1 LIMIT 1", [productID])[0].decode(Int64.self, at: 0)
        _ = try await database.query(
            """
            WITH added AS (
              INSERT INTO stores (chain_id, name, address_line, city, region, postal_code, latitude, longitude)
              SELECT (SELECT min(id) FROM retail_chains), 'Everywhere ' || g, g || ' Main St', 'Hamilton', 'ON', 'L8P 1A1', 43.25, -79.87
              FROM generate_series(1, 300) g RETURNING id)
            INSERT INTO price_observations (product_id, store_id, price, source)
            SELECT $1, id, 0.50 + (id % 97) / 100.0, 'catalog' FROM added
            """, [productID])
        let expected = try await database.query(
            "SELECT price::text, store_id FROM latest_prices WHERE product_id = $1 ORDER BY price, id LIMIT 6", [productID]
        ).map { try $0.decode(String.self, at: 0) }
        let product = GlobalID(typeName: "Product", key: productID).description
        func page(_ arguments: String) async throws -> (amounts: [String], endCursor: String?, startCursor: String?, response: Response) {
            let response = try await api.run(
                #"{ node(id: "\#(product)") { ... on Product { latestPrices(\#(arguments)) { edges { node { price { amount } } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } } }"#)
            let edges = response["data.node.latestPrices.edges"] as? [[String: Any]] ?? []
            let amounts = edges.compactMap { (($0["node"] as? [String: Any])?["price"] as? [String: Any])?["amount"] as? String }
            return (amounts, response["data.node.latestPrices.pageInfo.endCursor"] as? String,
                    response["data.node.latestPrices.pageInfo.startCursor"] as? String, response)
        }
        let first = try await page("first: 3")
        #expect(first.amounts == Array(expected.prefix(3)) && first.response["data.node.latestPrices.pageInfo.hasNextPage"] as? Bool == true)
        let next = try await page(#"first: 3, after: "\#(try #require(first.endCursor))""#)
        #expect(next.amounts == Array(expected.suffix(3)))
        let back = try await page(#"last: 3, before: "\#(try #require(next.startCursor))""#)
        #expect(back.amounts == first.amounts)

        // The statement as the page ran it, for this product and the other one: the rows each
        // product's page reads.
        let statement = try #require(first.response.sql.first { $0.contains("page_parent") })
        let plan = try await database.query("EXPLAIN (ANALYZE, FORMAT JSON) " + statement, [PostgresArray([productID, other])])[0]
            .decode(String.self, at: 0)
        let rowsRead = try #require(Self.largestRowsPerLoop(in: plan, ofNodeReading: "latest_prices"))
        // `first + 1`, and one more the numbering reads ahead to see the last row's peers.
        #expect(rowsRead <= 5, "\(plan)")
    }

    /// The most rows a plan node reading `table` returned in one loop.
    static func largestRowsPerLoop(in plan: String, ofNodeReading table: String) -> Double? {
        func walk(_ node: [String: Any]) -> [Double] {
            var found: [Double] = []
            if node["Relation Name"] as? String == table, let rows = node["Actual Rows"] as? Double { found.append(rows) }
            for child in node["Plans"] as? [[String: Any]] ?? [] { found += walk(child) }
            return found
        }
        guard let root = (try? JSONSerialization.jsonObject(with: Data(plan.utf8))) as? [[String: Any]],
            let top = root.first?["Plan"] as? [String: Any]
        else { return nil }
        return walk(top).max()
    }

    /// A list of prices reads only the columns its fields show: the price and the store; asked for
    /// when and how a price was seen, it reads those too, and both are right in one request.
    @Test func aPageOfPricesReadsTheColumnsItShows() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let database = api.database.database
        let row = try await database.query(
            "SELECT product_id, observed_at, source, is_discount FROM latest_prices ORDER BY product_id, price, id LIMIT 1")[0]
        let product = GlobalID(typeName: "Product", key: try row.decode(Int64.self, at: 0)).description
        let response = try await api.run(
            #"{ node(id: "\#(product)") { ... on Product { short: latestPrices(first: 1) { edges { node { price { amount } } } } long: latestPrices(first: 1) { edges { node { price { amount } observedAt source discounted } } } } } }"#)
        #expect(response.errorCodes.isEmpty)
        let statements = response.sql.filter { $0.contains("page_parent") }
        #expect(statements.count == 2 && statements.filter { $0.contains("observed_at") }.count == 1, "\(statements)")
        let long = try #require((response["data.node.long.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any])
        #expect(long["discounted"] as? Bool == (try row.decode(Bool.self, at: 3)))
        #expect((long["source"] as? String)?.lowercased() == (try row.decode(String.self, at: 2)))
        let observedAt = try #require(long["observedAt"] as? String)
        #expect(!observedAt.hasPrefix("0001") && observedAt.count >= 20)
        let short = (response["data.node.short.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any]
        #expect(short?.count == 1 && (short?["price"] as? [String: Any])?["amount"] as? String == (long["price"] as? [String: Any])?["amount"] as? String)
    }

    /// The page of a level's latest prices reads `latest_prices` only, not the history.
    @Test func latestPricesReadOneRowAProductAndStore() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let response = try await api.run(
            "{ products(first: 5) { edges { node { latestPrices(first: 3) { edges { node { price { amount } } } } } } } }")
        let statement = try #require(response.sql.first { $0.contains("page_parent") })
        #expect(statement.contains("FROM latest_prices o") && !statement.contains("price_observations"))
    }
}
