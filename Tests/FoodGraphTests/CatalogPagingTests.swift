import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// #21.12 and #21.7: a page of products reads an index and never the whole catalog; `totalCount`
/// is counted on demand, up to 10000; the name order is the index's (ignoring case); and one rule
/// of page sizes (1–100, 20 when left out).
struct CatalogPagingTests {
    /// The demo catalog and 30 000 more active products (enough that PostgreSQL's plans are those of
    /// a large catalog), analysed.
    static func large() async throws -> TestAPI {
        let api = try await CatalogTests.seeded()
        _ = try await api.database.database.query(
            """
            INSERT INTO products (name, category_id, energy_kcal, fat_g, carbohydrates_g, protein_g, catalog_price, stock)
            SELECT 'Bulk ' || g, (SELECT id FROM categories WHERE slug = 'pantry'), 100, 1, 20, 2, (g % 900 + 100) / 100.0, g % 3
            FROM generate_series(1, 30000) AS g
            """)
        _ = try await api.database.database.query("ANALYZE products")
        return api
    }

    /// PostgreSQL's plan of the page statement of `products(first: 50, orderBy:)`, as JSON text.
    static func plan(_ api: TestAPI, order: ProductOrder, filter: ProductFilter = ProductFilter()) async throws -> String {
        let search = ProductSearch(text: nil, filter: filter, order: order)
        let query = ProductStore.query(for: search)
        let page = try Page(PageArguments(first: 50))
        let statement = try page.statement(
            select: ProductRecord.columns, from: query.source, as: "p", keys: query.keys, descending: query.descending,
            parameters: query.parameters, count: .none)
        let rows = try await api.database.database.query("EXPLAIN (FORMAT JSON) " + statement.sql, statement.parameters)
        return try rows.map { try $0.decode(String.self, at: 0) }.joined()
    }

    @Test func aPageOfProductsReadsItsOrdersIndexNotTheWholeCatalog() async throws {
        let api = try await Self.large()
        defer { Task { await api.close() } }
        for (order, index) in [(ProductOrder.name, "products_name"), (.priceAscending, "products_price_ascending"), (.priceDescending, "products_price_descending")] {
            let plan = try await Self.plan(api, order: order)
            #expect(plan.contains(#""Index Name": "\#(index)""#), "\(order): \(plan)")
            // No sort of the matching rows, and nothing materialised.
            #expect(!plan.contains(#""Node Type": "Sort""#) && !plan.contains("CTE") && !plan.contains("Materialize"), "\(order): \(plan)")
        }
        // A page is one statement, with its `totalCount` (a subquery of the page's) or without.
        let page = try await api.run("{ products(first: 50) { edges { node { name catalogPrice { amount } } } } }")
        #expect(page.statements == 1)
        let counted = try await api.run("{ products(first: 50) { totalCount totalCountIsExact edges { node { name } } } }")
        #expect(counted.statements == 1)
    }

    @Test func totalCountStopsAtTenThousandAndSaysSo() async throws {
        let api = try await Self.large()
        defer { Task { await api.close() } }
        let all = CatalogTypedTests.clean(try await api.run("{ products(first: 1) { totalCount totalCountIsExact } }"))
        #expect(all["data.products.totalCount"] as? Int == 10_000)
        #expect(all["data.products.totalCountIsExact"] as? Bool == false)
        // Fewer than the cap: exact.
        let eggs = CatalogTypedTests.clean(try await api.run(#"{ products(first: 1, filter: {category: "eggs"}) { totalCount totalCountIsExact } }"#))
        #expect(eggs["data.products.totalCount"] as? Int == 13)
        #expect(eggs["data.products.totalCountIsExact"] as? Bool == true)
        // The count statement reads at most 10 001 rows.
        let query = ProductStore.query(for: ProductSearch(text: nil, filter: ProductFilter(), order: .name))
        let analysed = try await api.database.database.query(
            "EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM (\(query.countSource) LIMIT 10001) AS counted", query.parameters)
        let plan = try analysed.map { try $0.decode(String.self, at: 0) }.joined()
        #expect(plan.contains(#""Node Type": "Limit""#) && plan.contains(#""Actual Rows": 10001"#), "\(plan)")
    }

    @Test func theNameOrderIgnoresCaseAsItsIndexDoes() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        _ = try await api.database.database.query(
            """
            INSERT INTO products (name, category_id, energy_kcal, fat_g, carbohydrates_g, protein_g)
            SELECT n, (SELECT id FROM categories WHERE slug = 'butter-spreads'), 1, 0, 0, 0 FROM unnest(ARRAY['avocado oil', 'Apricot jam', 'apple butter']) AS n
            """)
        let page = CatalogTypedTests.clean(
            try await api.run(#"{ products(first: 100, filter: {category: "butter-spreads"}) { edges { node { name } } } }"#))
        let names = CatalogTests.names(page).filter { ["avocado oil", "Apricot jam", "apple butter"].contains($0) }
        #expect(names == ["apple butter", "Apricot jam", "avocado oil"])
        let all = CatalogTests.names(page)
        #expect(all == all.sorted { $0.lowercased() < $1.lowercased() })
    }

    @Test func leavingOutFirstAndLastGivesAPageOfTwenty() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        // In process (the HTTP layer's cost limits are checked separately): the Page rule.
        let page = CatalogTypedTests.clean(try await api.run("{ products { edges { node { id } } pageInfo { hasNextPage } } retailChains { edges { cursor } } }"))
        #expect((page["data.products.edges"] as? [Any])?.count == Page.defaultSize)
        #expect(page["data.products.pageInfo.hasNextPage"] as? Bool == true)
        #expect((page["data.retailChains.edges"] as? [Any])?.count == 3)
        for bad in ["first: 0", "first: 101", "last: 101", "first: 2, last: 2"] {
            #expect(try await api.run("{ products(\(bad)) { edges { cursor } } }", expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"], "\(bad)")
        }
        // Every catalog connection's description states the rule.
        let schema = CatalogArea.schema
        for field in ["products(", "pendingProducts(", "retailChains(", "stores(", "latestPrices("] {
            let start = try #require(schema.range(of: "  " + field))
            let description = schema[..<start.lowerBound].suffix(700).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(description.contains("`first` or `last` 1–100, 20 when both are left out"), "\(field)")
        }
    }
}
