import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

struct CatalogTests {
    static func seeded() async throws -> TestAPI {
        let api = try await TestAPI.make()
        try await DemoData.loadIfEmpty(into: api.database.database)
        return api
    }

    /// The demo data comes with the planner's statistics: without them, for the minute or more
    /// before autovacuum analyses the new rows, a barcode lookup read every product through the
    /// active products' category index.
    @Test func aBarcodeLookupUsesTheBarcodeIndexAsSoonAsTheDemoDataIsLoaded() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let plan = try await api.database.database.query(
            "EXPLAIN SELECT p.id FROM products p WHERE p.barcode = $1 AND p.revision_of IS NULL AND p.status = 'active'",
            ["0627137021182"]
        ).map { try $0.decode(String.self, at: 0) }.joined(separator: "\n")
        #expect(plan.contains("products_barcode"), "\(plan)")
    }

    /// Loaded in bulk, the demo data is also vacuumed: autovacuum vacuums for inserts only past
    /// 1 000 new rows, and until a table is vacuumed a count cannot be read from an index alone
    /// (the products' `totalCount` read 28 heap pages instead of 2 index pages). Whether a page
    /// may be marked all-visible also depends on the cluster's other transactions, so this checks
    /// the vacuum, not the plan.
    @Test func theDemoDataIsVacuumedAsSoonAsItIsLoaded() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let unvacuumed = try await api.database.database.query(
            "SELECT relname FROM pg_stat_user_tables WHERE n_live_tup > 0 AND last_vacuum IS NULL ORDER BY relname"
        ).map { try $0.decode(String.self, at: 0) }
        #expect(unvacuumed == [])
    }

    /// The catalog's first page is planned once per connection; a filtered page, whose best plan
    /// depends on the category, for each execution (sent unnamed, never prepared).
    @Test func theCatalogIsPlannedOnceAndAFilteredCatalogForEachExecution() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        var dairy = ProductFilter()
        dairy.category = "dairy"
        let plans = try await api.database.database.withTransaction { transaction in
            var plans: [[Int]] = []
            for filter in [ProductFilter(), dairy] {
                let search = ProductSearch(text: nil, filter: filter, order: .name)
                for _ in 1...8 {
                    let page = try await ProductStore.search(search, page: try Page(PageArguments(first: 14)), in: transaction)
                    #expect(page.connection.edges.count == 14)
                }
                plans.append(
                    try await transaction.query(
                        """
                        SELECT generic_plans::int FROM pg_prepared_statements
                        WHERE statement LIKE '%FROM products p WHERE p.status = ''active''%ORDER BY lower(p.name) ASC, p.id ASC LIMIT 15'
                          AND (statement LIKE '%p.category_id = ANY%') = $1
                        """, [filter.category != nil]
                    ).map { try $0.decode(Int.self, at: 0) })
            }
            return plans
        }
        // Every execution after the first ran the plan made then.
        #expect(plans[0] == [8])
        #expect(plans[1] == [])
    }

    /// A page and the count it asks for come back in one statement; a page after the last row has
    /// no row to carry the count, so it counts on its own.
    @Test func aPageAndItsTotalCountAreOneRoundTrip() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let active = try await api.database.database.query("SELECT count(*) FROM products WHERE status = 'active'")[0]
            .decode(Int.self, at: 0)
        let page = try await api.run(
            "{ products(first: 14) { totalCount totalCountIsExact edges { node { name } } } }")
        #expect(Self.names(page).count == 14)
        #expect(page["data.products.totalCount"] as? Int == active)
        #expect(page["data.products.totalCountIsExact"] as? Bool == true)
        #expect(page.statements == 1)
        let last = try await api.run("{ products(last: 1) { pageInfo { endCursor } } }")
        let end = try #require(last["data.products.pageInfo.endCursor"] as? String)
        let beyond = try await api.run(#"{ products(first: 5, after: "\#(end)") { totalCount edges { node { name } } } }"#)
        #expect(Self.names(beyond).isEmpty)
        #expect(beyond["data.products.totalCount"] as? Int == active)
        #expect(beyond.statements == 2)
    }

    @Test func searchToleratesTyposAndFilters() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let typo = try await api.run(#"{ products(first: 5, query: "bananna") { totalCount edges { node { name } } } }"#)
        // Every product with a word close to "bananna" comes first; the loaf's "banana" is the closest word.
        #expect(Self.names(typo).prefix(3).sorted() == ["Banana Loaf", "Bananas", "Organic Bananas"])
        // A parent category takes in its children's products.
        let dairy = try await api.run(
            #"{ products(first: 10, filter: {category: "dairy"}) { totalCount edges { node { name category { slug } } } } }"#)
        let expected = try await api.database.database.query(
            "SELECT p.name FROM products p JOIN categories c ON c.id = p.category_id WHERE c.path LIKE 'dairy/%' ORDER BY p.name, p.id"
        ).map { try $0.decode(String.self, at: 0) }
        #expect(expected.count > 50)
        #expect(Self.names(dairy) == Array(expected.prefix(10)))
        #expect(dairy["data.products.totalCount"] as? Int == expected.count)
    }

    @Test func theSeedCatalogIsCompleteAndItsBarcodesValid() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let counts = try await api.database.database.query(
            """
            SELECT count(*), count(DISTINCT category_id), count(*) FILTER (WHERE barcode IS NULL),
              count(*) FILTER (WHERE energy_kcal IS NULL OR fat_g IS NULL OR carbohydrates_g IS NULL OR protein_g IS NULL
                OR sugars_g IS NULL OR fibre_g IS NULL OR sodium_mg IS NULL OR saturated_fat_g IS NULL),
              count(*) FILTER (WHERE catalog_price IS NULL OR serving_quantity IS NULL OR package_quantity IS NULL)
            FROM products
            """)[0]
        #expect(try counts.decode(Int.self, at: 0) >= 300)
        #expect(try counts.decode(Int.self, at: 1) >= 20)
        #expect(try counts.decode(Int.self, at: 2) == 0)
        #expect(try counts.decode(Int.self, at: 3) == 0)
        #expect(try counts.decode(Int.self, at: 4) == 0)
        let barcodes = try await api.database.database.query("SELECT barcode FROM products").map { try $0.decode(String.self, at: 0) }
        #expect(barcodes.allSatisfy { Barcode.normalized($0) == $0 })
        // Every product can be found by its own barcode through the API, as a scanner would send it.
        let sample = try await api.database.database.query("SELECT barcode, name FROM products ORDER BY id LIMIT 5")
        for row in sample {
            let found = try await api.run(#"{ productByBarcode(barcode: "\#(try row.decode(String.self, at: 0))") { name } }"#)
            #expect(found["data.productByBarcode.name"] as? String == (try row.decode(String.self, at: 1)))
        }
    }

    static func names(_ response: Response, _ path: String = "data.products.edges") -> [String] {
        ((response[path] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
    }

    @Test func keysetPagesForwardsBackwardsAndAtTheEdges() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        // The eggs category: 13 products, so pages of 5 end with a short one.
        let eggs = #"filter: {category: "eggs"}"#
        let all = Self.names(try await api.run("{ products(first: 100, \(eggs)) { edges { node { name } } } }"))
        #expect(all.count == 13)
        #expect(all == all.sorted())
        // Forwards in pages of 5: 5 + 5 + 3, with exact hasNextPage.
        var cursor: String?
        var seen: [String] = []
        for expectedCount in [5, 5, 3] {
            let after = cursor.map { #", after: "\#($0)""# } ?? ""
            let page = try await api.run(
                "{ products(first: 5, \(eggs)\(after)) { totalCount edges { node { name } } pageInfo { hasNextPage hasPreviousPage endCursor } } }")
            let names = Self.names(page)
            #expect(names.count == expectedCount)
            #expect(page["data.products.totalCount"] as? Int == 13)
            #expect(page["data.products.pageInfo.hasNextPage"] as? Bool == (seen.count + names.count < 13))
            #expect(page["data.products.pageInfo.hasPreviousPage"] as? Bool == !seen.isEmpty)
            seen += names
            cursor = page["data.products.pageInfo.endCursor"] as? String
        }
        #expect(seen == all)
        // An exact last page: nothing after it.
        let empty = try await api.run(#"{ products(first: 5, \#(eggs), after: "\#(cursor ?? "")") { edges { node { name } } pageInfo { hasNextPage startCursor } } }"#)
        #expect(Self.names(empty).isEmpty)
        #expect(empty["data.products.pageInfo.hasNextPage"] as? Bool == false)
        #expect(empty["data.products.pageInfo.startCursor"] is NSNull)
        // Backwards: the last three, then the three before them, in forward order.
        let last = try await api.run("{ products(last: 3, \(eggs)) { edges { node { name } } pageInfo { hasPreviousPage startCursor } } }")
        #expect(Self.names(last) == Array(all.suffix(3)))
        #expect(last["data.products.pageInfo.hasPreviousPage"] as? Bool == true)
        let start = try #require(last["data.products.pageInfo.startCursor"] as? String)
        let before = try await api.run(#"{ products(last: 3, \#(eggs), before: "\#(start)") { edges { node { name } } } }"#)
        #expect(Self.names(before) == Array(all.dropLast(3).suffix(3)))
        // No match at all.
        let none = try await api.run(#"{ products(first: 5, query: "zzzzqqq") { totalCount edges { node { name } } pageInfo { hasNextPage } } }"#)
        #expect(none["data.products.totalCount"] as? Int == 0)
        #expect(Self.names(none).isEmpty)
        // Bad arguments.
        #expect(try await api.run("{ products(first: 1000) { totalCount } }", expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run("{ products(first: 1, last: 1) { totalCount } }", expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run(#"{ products(first: 1, after: "bm9wZQ") { totalCount } }"#, expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
    }

    @Test func otherOrdersPageToo() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let fruit = #"filter: {category: "fruit"}"#
        let whole = try await api.run("{ products(first: 100, \(fruit), orderBy: PRICE_ASCENDING) { edges { node { name catalogPrice { amount } } } } }")
        let byPrice = Self.names(whole)
        let prices = ((whole["data.products.edges"] as? [[String: Any]]) ?? []).compactMap {
            ((($0["node"] as? [String: Any])?["catalogPrice"] as? [String: Any])?["amount"] as? String).flatMap(Double.init)
        }
        #expect(byPrice.count > 20 && prices.count == byPrice.count)
        #expect(prices == prices.sorted())
        var paged: [String] = []
        var cursor = ""
        while true {
            let page = try await api.run(
                #"{ products(first: 4, \#(fruit), orderBy: PRICE_ASCENDING\#(cursor)) { edges { node { name } } pageInfo { hasNextPage endCursor } } }"#)
            paged += Self.names(page)
            guard page["data.products.pageInfo.hasNextPage"] as? Bool == true, let end = page["data.products.pageInfo.endCursor"] as? String
            else { break }
            cursor = #", after: "\#(end)""#
        }
        #expect(paged == byPrice)
    }

    @Test func barcodeLookupNormalisesUPC() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        // The 12-digit UPC-A of a 13-digit catalog barcode.
        let milk = try await api.run(#"{ productByBarcode(barcode: "627137020536") { name nutritionPer100 { basis energyKcal energyKj } } }"#)
        #expect(milk["data.productByBarcode.name"] as? String == "2% Partly Skimmed Milk")
        #expect(milk["data.productByBarcode.nutritionPer100.basis"] as? String == "PER_100_ML")
        #expect(milk["data.productByBarcode.nutritionPer100.energyKj"] as? Double == 209.2)
        let bad = try await api.run(#"{ productByBarcode(barcode: "12ab") { name } }"#, expecting: ["BAD_USER_INPUT"])
        #expect(bad.errorCodes == ["BAD_USER_INPUT"])
    }

    @Test func categoriesComeFromTheTreeReadWholeOnceAndAgainForANewOne() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let query = "{ products(first: 50) { edges { node { name category { name parent { name } } } } } }"
        let first = try await api.run(query)
        #expect((first["data.products.edges"] as? [Any])?.count == 50)
        // The page of 50, then the whole tree once for their categories and those categories' parents.
        #expect(first.statements == 2)
        let second = try await api.run(query)
        #expect(second.statements == 1)
        #expect(try CatalogColumnsTests.canonical(second.json) == CatalogColumnsTests.canonical(first.json))
        // A category added since the tree was read: the product in it reads the tree again.
        _ = try await api.database.database.query(
            """
            WITH added AS (
              INSERT INTO categories (parent_id, slug, name, path)
              SELECT id, 'sourdough', 'Sourdough', path || '/sourdough' FROM categories WHERE slug = 'pantry' RETURNING id)
            INSERT INTO products (name, category_id, energy_kcal, fat_g, carbohydrates_g, protein_g, barcode)
            SELECT 'Rye Sourdough', id, 250, 1, 48, 8, '4006381333931' FROM added
            """)
        let added = try await api.run(#"{ productByBarcode(barcode: "4006381333931") { category { name parent { slug } } } }"#)
        #expect(added["data.productByBarcode.category.name"] as? String == "Sourdough")
        #expect(added["data.productByBarcode.category.parent.slug"] as? String == "pantry")
    }
}

struct StoreAndPriceTests {
    @Test func storesNearAPointComeNearestFirst() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        // Near Hamilton City Hall (43.2557, −79.8711).
        let near = try await api.run(
            "{ stores(first: 10, near: {latitude: 43.2557, longitude: -79.8711, radiusKm: 5}) { edges { node { name chain { name } } } } }")
        let names = ((near["data.stores.edges"] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
        #expect(names.first == "FreshMart Downtown")
        #expect(!names.contains("Escarpment Foods Stoney Creek"))  // about 9 km away
        let all = try await api.run(
            "{ stores(first: 10) { edges { node { id } } } retailChains(first: 5) { edges { node { name stores(first: 5) { edges { node { id } } } } } } }")
        #expect((all["data.stores.edges"] as? [Any])?.count == 6)
        #expect((all["data.retailChains.edges"] as? [Any])?.count == 3)
        let bad = try await api.run("{ stores(first: 5, near: {latitude: 91, longitude: 0, radiusKm: 5}) { edges { cursor } } }", expecting: ["BAD_USER_INPUT"])
        #expect(bad.errorCodes == ["BAD_USER_INPUT"])
    }

    @Test func latestPricesAndStatistics() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let milk = try await api.run(
            #"{ productByBarcode(barcode: "0627137020536") { catalogPrice { amount currency } latestPrices(first: 3, near: {latitude: 43.2557, longitude: -79.8711, radiusKm: 10}) { edges { distanceKm node { price { amount } source store { name } } } } priceStatistics(days: 30) { observations minimum { amount } maximum { amount } } } }"#)
        #expect(milk["data.productByBarcode.catalogPrice.amount"] as? String == "6.29")
        let edges = try #require(milk["data.productByBarcode.latestPrices.edges"] as? [[String: Any]])
        #expect(edges.count == 3)
        let distances = edges.compactMap { $0["distanceKm"] as? Double }
        #expect(distances == distances.sorted())
        #expect(milk["data.productByBarcode.priceStatistics.observations"] as? Int == 6)
    }

    @Test func representativesPriceTheirChainAndOthersAreUsers() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let rep = try #require(
            try await api.run(#"mutation { login(input: {email: "chain@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
        let user = try await api.signUp("shopper@example.com")
        let stores = try await api.run("{ stores(first: 10) { edges { node { id name chain { name } } } } }")
        let nodes = ((stores["data.stores.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
        let own = try #require(nodes.first { ($0["chain"] as? [String: Any])?["name"] as? String == "FreshMart" }?["id"] as? String)
        let other = try #require(nodes.first { ($0["chain"] as? [String: Any])?["name"] as? String != "FreshMart" }?["id"] as? String)
        let product = try #require(
            try await api.run(#"{ products(first: 1, query: "banana") { edges { node { id } } } }"#)["data.products.edges.0.node.id"] as? String)
        let chainPrice = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(own)", price: "0.25"}) { priceObservation { source price { amount } } userErrors { code } } }"#,
            token: rep)
        #expect(chainPrice["data.recordPrice.priceObservation.source"] as? String == "CHAIN")
        let seen = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(other)", price: "0.27"}) { priceObservation { source } } }"#,
            token: user)
        #expect(seen["data.recordPrice.priceObservation.source"] as? String == "USER")
        let bad = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(own)", price: "0.255"}) { userErrors { code } } }"#, token: user)
        #expect(bad["data.recordPrice.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        let foreign = try await api.run(
            #"mutation { updateStore(input: {storeId: "\#(other)", name: "Mine now"}) { store { name } } }"#, token: rep, expecting: ["FORBIDDEN"])
        #expect(foreign.errorCodes == ["FORBIDDEN"])
        let mine = try await api.run(#"mutation { updateStore(input: {storeId: "\#(own)", name: "FreshMart Central"}) { store { name } } }"#, token: rep)
        #expect(mine["data.updateStore.store.name"] as? String == "FreshMart Central")
        let userStore = try await api.run(#"mutation { updateStore(input: {storeId: "\#(own)", name: "x"}) { store { name } } }"#, token: user, expecting: ["FORBIDDEN"])
        #expect(userStore.errorCodes == ["FORBIDDEN"])
    }

    @Test func submittedProductsWaitForModeration() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let user = try await api.signUp("submitter@example.com")
        let admin = try #require(
            try await api.run(#"mutation { login(input: {email: "admin@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
        let submitted = try await api.run(
            #"mutation { submitProduct(input: {name: "Maple Granola", category: "pantry", barcode: "0062891500016x", nutrition: {energyKcal: 450, fatG: 15, carbohydratesG: 65, proteinG: 10}}) { product { id } userErrors { field code } } }"#,
            token: user)
        #expect(submitted["data.submitProduct.userErrors.0.code"] as? String == "INVALID_FORMAT")
        let good = try await api.run(
            #"mutation { submitProduct(input: {name: "Maple Granola", category: "pantry", barcode: "96385074", nutrition: {energyKcal: 450, fatG: 15, carbohydratesG: 65, proteinG: 10}}) { product { id status } } }"#,
            token: user)
        #expect(good["data.submitProduct.product.status"] as? String == "PENDING")
        let id = try #require(good["data.submitProduct.product.id"] as? String)
        #expect(Self.count(try await api.run(#"{ products(first: 5, query: "maple granola") { totalCount } }"#)) == 0)
        #expect(try await api.run("{ pendingProducts(first: 5) { totalCount } }", token: user, expecting: ["FORBIDDEN"]).errorCodes == ["FORBIDDEN"])
        let pending = try await api.run("{ pendingProducts(first: 5) { totalCount } }", token: admin)
        #expect(pending["data.pendingProducts.totalCount"] as? Int == 1)
        let approved = try await api.run(
            #"mutation { reviewProduct(input: {productId: "\#(id)", decision: APPROVE}) { product { status } } }"#, token: admin)
        #expect(approved["data.reviewProduct.product.status"] as? String == "ACTIVE")
        #expect(Self.count(try await api.run(#"{ products(first: 5, query: "maple granola") { totalCount } }"#)) == 1)
        let stock = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(id)", stock: -1}) { userErrors { code } } }"#, token: admin)
        #expect(stock["data.updateProductOffer.userErrors.0.code"] as? String == "OUT_OF_RANGE")
    }

    static func count(_ response: Response) -> Int? { response["data.products.totalCount"] as? Int }
}

struct CatalogAdministrationTests {
    @Test func administratorsPatchProductsAndCategoriesListTheirChildren() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let admin = try #require(
            try await api.run(#"mutation { login(input: {email: "admin@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
        let banana = try #require(
            try await api.run(#"{ products(first: 1, query: "bananas") { edges { node { id } } } }"#)["data.products.edges.0.node.id"] as? String)
        let patched = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(banana)", brand: "Chiquita", barcode: "96385074", dietLabels: [VEGAN]}) { product { name brand barcode dietLabels nutritionPer100 { energyKcal } } userErrors { code } } }"#,
            token: admin)
        #expect(patched["data.updateProduct.product.name"] as? String == "Bananas")
        #expect(patched["data.updateProduct.product.brand"] as? String == "Chiquita")
        #expect(patched["data.updateProduct.product.barcode"] as? String == "0000096385074")
        #expect(patched["data.updateProduct.product.nutritionPer100.energyKcal"] as? Double == 89)
        let badCheck = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(banana)", barcode: "96385075"}) { userErrors { code } } }"#, token: admin)
        #expect(badCheck["data.updateProduct.userErrors.0.code"] as? String == "INVALID_CHECK_DIGIT")
        let user = try await api.signUp("nosy@example.com")
        #expect(
            try await api.run(#"mutation { updateProduct(input: {productId: "\#(banana)", brand: "x"}) { product { id } } }"#, token: user, expecting: ["FORBIDDEN"]).errorCodes
                == ["FORBIDDEN"])
        let dairy = try await api.run(#"{ category(slug: "dairy") { name children { slug } path } }"#)
        let children = (dairy["data.category.children"] as? [[String: Any]])?.compactMap { $0["slug"] as? String } ?? []
        #expect(Set(children) == ["milk-cream", "cheese", "yogurt", "eggs", "butter-spreads"])
    }

    @Test func administratorsFindUsersAndSeeRepresentedChains() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let administrator = try #require(
            try await api.run(#"mutation { login(input: {email: "admin@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
        let found = try await api.run(#"{ users(first: 5, query: "chain@") { totalCount edges { node { email representedChain { name } } } } }"#, token: administrator)
        #expect(found["data.users.totalCount"] as? Int == 1)
        #expect(found["data.users.edges.0.node.representedChain.name"] as? String == "FreshMart")
        let all = try await api.run("{ users(first: 2) { totalCount pageInfo { hasNextPage } } }", token: administrator)
        #expect(all["data.users.totalCount"] as? Int == 5)
        #expect(all["data.users.pageInfo.hasNextPage"] as? Bool == true)
    }

    @Test func shippingAddressesNeedTheEssentials() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("ship@example.com")
        let missing = try await api.run(
            #"mutation { updateProfile(input: {shippingAddress: {line1: "1 Main St", city: "Hamilton", region: "", postalCode: "L8P 1A1", country: "CA"}}) { userErrors { code } } }"#,
            token: token)
        #expect(missing["data.updateProfile.userErrors.0.code"] as? String == "REQUIRED")
        let saved = try await api.run(
            #"mutation { updateProfile(input: {shippingAddress: {line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "CA"}}) { user { profile { shippingAddress { line1 city region } } } } }"#,
            token: token)
        #expect(saved["data.updateProfile.user.profile.shippingAddress.region"] as? String == "ON")
    }
}

struct NestedListBatchingTests {
    @Test func childListsOfEveryParentLoadInOneStatementPerLevel() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let response = try await api.run(
            """
            { products(first: 14) { edges { node { name latestPrices(first: 2) { edges { node { price { amount } store { name chain { name } } } } }
                priceStatistics(days: 30) { observations } } } }
              retailChains(first: 5) { edges { node { name stores(first: 10) { edges { node { name } } } } } } }
            """)
        let products = try #require(response["data.products.edges"] as? [[String: Any]])
        #expect(products.count == 14)
        let prices = products.compactMap { (($0["node"] as? [String: Any])?["latestPrices"] as? [String: Any])?["edges"] as? [Any] }
        #expect(prices.allSatisfy { $0.count == 2 })
        #expect((response["data.retailChains.edges"] as? [[String: Any]])?.count == 3)
        // products, retail chains | latest prices, statistics, chain stores | price stores with their chains.
        #expect(response.statements == 6)
    }

    /// A price's store is read with its chain: the chain needs no statement, and is the chain a
    /// store shows when read on its own.
    @Test func aPricesStoreIsReadWithItsChain() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let prices = try await api.run(
            "{ products(first: 14) { edges { node { latestPrices(first: 3) { edges { node { store { id chain { id name } } } } } } } } }")
        let withoutChains = try await api.run(
            "{ products(first: 14) { edges { node { latestPrices(first: 3) { edges { node { store { id } } } } } } } }")
        #expect(prices.statements == 3 && withoutChains.statements == 3, "\(prices.statements), \(withoutChains.statements)")
        let stores = try await api.run("{ stores(first: 50) { edges { node { id chain { id name } } } } }")
        var chainOfStore: [String: [String: String]] = [:]
        for edge in try #require(stores["data.stores.edges"] as? [[String: Any]]) {
            let node = try #require(edge["node"] as? [String: Any])
            chainOfStore[try #require(node["id"] as? String)] = node["chain"] as? [String: String]
        }
        var seen = 0
        for product in try #require(prices["data.products.edges"] as? [[String: Any]]) {
            let latest = ((product["node"] as? [String: Any])?["latestPrices"] as? [String: Any])?["edges"] as? [[String: Any]] ?? []
            for price in latest {
                let store = try #require((price["node"] as? [String: Any])?["store"] as? [String: Any])
                let id = try #require(store["id"] as? String)
                #expect(store["chain"] as? [String: String] == chainOfStore[id], "store \(id)")
                seen += 1
            }
        }
        #expect(seen > 0)
    }

    /// A child list read for many parents in one statement (`Page.fetchForParents`) gives each
    /// parent the page its own query gives, forwards and backwards, and the same cursors.
    @Test func everyParentGetsThePageItsOwnQueryGives() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let selection = "edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }"
        func json(_ value: Any?) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }
        func ids(_ page: Any?) -> [String] {
            ((page as? [String: Any])?["edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
        }
        var pages: [String: [String: Any]] = [:]
        for arguments in ["first: 100", "first: 2", "last: 2"] {
            let batch = CatalogTypedTests.clean(
                try await api.run("{ products(first: 14) { edges { node { id latestPrices(\(arguments)) { \(selection) } } } } }"))
            let products = try #require(batch["data.products.edges"] as? [[String: Any]])
            #expect(products.count == 14)
            for product in products {
                let node = try #require(product["node"] as? [String: Any])
                let id = try #require(node["id"] as? String)
                let alone = CatalogTypedTests.clean(
                    try await api.run(#"{ node(id: "\#(id)") { ... on Product { latestPrices(\#(arguments)) { \#(selection) } } } }"#))
                #expect(try json(node["latestPrices"]) == json(alone["data.node.latestPrices"]), "\(id) \(arguments)")
                pages[id + arguments] = node["latestPrices"] as? [String: Any]
            }
        }
        // The short pages are the ends of the whole list, and say what lies beyond them.
        var longer = 0
        for id in Set(pages.keys.compactMap { $0.hasSuffix("first: 100") ? String($0.dropLast("first: 100".count)) : nil }) {
            let all = ids(pages[id + "first: 100"])
            #expect(ids(pages[id + "first: 2"]) == Array(all.prefix(2)), "\(id)")
            #expect(ids(pages[id + "last: 2"]) == Array(all.suffix(2)), "\(id)")
            let head = pages[id + "first: 2"]?["pageInfo"] as? [String: Any]
            let tail = pages[id + "last: 2"]?["pageInfo"] as? [String: Any]
            #expect(head?["hasNextPage"] as? Bool == (all.count > 2), "\(id)")
            #expect(tail?["hasPreviousPage"] as? Bool == (all.count > 2), "\(id)")
            if all.count > 2 { longer += 1 }
        }
        #expect(longer > 0, "no product has more than two prices: the pages above prove nothing")
    }
}
