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
