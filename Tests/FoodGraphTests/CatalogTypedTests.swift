import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// The catalog on typed bindings: its defects #21.1, .3, .4, .24, .25, .26 fixed at the root, one
/// transaction per mutation, payloads with user errors, and every node type fetchable.
struct CatalogTypedTests {
    static func login(_ api: TestAPI, _ name: String) async throws -> String {
        try #require(
            try await api.run(#"mutation { login(input: {email: "\#(name)@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
    }

    /// A response without errors.
    static func clean(_ response: Response, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Response {
        #expect(response.json["errors"] == nil, "\(response.json["errors"] ?? "")", sourceLocation: sourceLocation)
        return response
    }

    static func userErrors(_ response: Response, _ mutation: String) -> [(field: [String], code: String)] {
        ((response["data.\(mutation).userErrors"] as? [[String: Any]]) ?? []).map {
            (($0["field"] as? [String]) ?? [], ($0["code"] as? String) ?? "")
        }
    }

    static func expectUserError(
        _ response: Response, _ mutation: String, field: [String], code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        _ = clean(response, sourceLocation: sourceLocation)
        let errors = userErrors(response, mutation)
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.first?.field == field, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.first?.code == code, "\(errors)", sourceLocation: sourceLocation)
    }

    static func productID(_ api: TestAPI, _ query: String) async throws -> String {
        try #require(
            try await api.run(#"{ products(first: 1, query: "\#(query)") { edges { node { id } } } }"#)["data.products.edges.0.node.id"]
                as? String)
    }

    // MARK: #21.1 every filter applies

    struct Item: Equatable {
        var id: String
        var price: Double?
        var onSale: Bool
        var dietLabels: Set<String>
        var allergens: Set<String>
    }

    /// Every product of a search, all pages.
    static func all(_ api: TestAPI, _ arguments: String) async throws -> [Item] {
        var items: [Item] = []
        var after = ""
        while true {
            let page = clean(
                try await api.run(
                    """
                    { products(first: 100\(after)\(arguments.isEmpty ? "" : ", " + arguments)) { totalCount
                      edges { node { id onSale dietLabels allergens catalogPrice { amount } salePrice { amount } } }
                      pageInfo { hasNextPage endCursor } } }
                    """))
            for edge in (page["data.products.edges"] as? [[String: Any]]) ?? [] {
                let node = edge["node"] as? [String: Any] ?? [:]
                let amount = { (name: String) in ((node[name] as? [String: Any])?["amount"] as? String).flatMap(Double.init) }
                items.append(
                    Item(
                        id: node["id"] as? String ?? "", price: amount("salePrice") ?? amount("catalogPrice"), onSale: node["onSale"] as? Bool ?? false,
                        dietLabels: Set(node["dietLabels"] as? [String] ?? []), allergens: Set(node["allergens"] as? [String] ?? [])))
            }
            #expect(page["data.products.totalCount"] as? Int == items.count || page["data.products.pageInfo.hasNextPage"] as? Bool == true)
            guard page["data.products.pageInfo.hasNextPage"] as? Bool == true, let end = page["data.products.pageInfo.endCursor"] as? String
            else { break }
            after = #", after: "\#(end)""#
        }
        return items
    }

    @Test func everyFilterAppliesAloneAndWithQueryCategoryAndEachOrder() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        // A quarter of the priced products on sale, at 80 %.
        _ = try await api.database.database.query(
            "UPDATE products SET sale_price = round(catalog_price * 0.8, 2) WHERE id % 4 = 0 AND catalog_price IS NOT NULL")
        let filters: [(String, (Item) -> Bool)] = [
            (#"minPrice: "4.00""#, { ($0.price ?? -1) >= 4 }),
            (#"maxPrice: "4.00""#, { $0.price.map { $0 <= 4 } ?? false }),
            (#"minPrice: "2.50", maxPrice: "6""#, { $0.price.map { $0 >= 2.5 && $0 <= 6 } ?? false }),
            ("onSale: true", { $0.onSale }),
            ("onSale: false", { !$0.onSale }),
            ("dietLabels: [VEGAN, GLUTEN_FREE]", { $0.dietLabels.isSuperset(of: ["VEGAN", "GLUTEN_FREE"]) }),
            ("allergenFree: [MILK, WHEAT]", { $0.allergens.isDisjoint(with: ["MILK", "WHEAT"]) }),
        ]
        for base in ["", #"query: "cheese""#, #"query: "beans""#, #"filter: {category: "dairy"}"#] {
            for order in ["NAME", "RELEVANCE", "PRICE_ASCENDING", "PRICE_DESCENDING"] {
                let unfiltered = try await Self.all(api, [base, "orderBy: \(order)"].filter { !$0.isEmpty }.joined(separator: ", "))
                #expect(unfiltered.count > 3, "\(base) \(order)")
                for (filter, keeps) in filters {
                    let arguments: String
                    if base.hasPrefix("filter:") {
                        arguments = #"filter: {category: "dairy", \#(filter)}, orderBy: \#(order)"#
                    } else {
                        arguments = [base, "filter: {\(filter)}", "orderBy: \(order)"].filter { !$0.isEmpty }.joined(separator: ", ")
                    }
                    let filtered = try await Self.all(api, arguments)
                    // The same order, the products the filter keeps, and nothing else.
                    #expect(filtered.map(\.id) == unfiltered.filter(keeps).map(\.id), "\(arguments)")
                    if base.isEmpty { #expect(!filtered.isEmpty && filtered.count < unfiltered.count, "\(arguments)") }
                }
            }
        }
    }

    // MARK: #21.3 stores near a point carry their distance

    @Test func storesNearAPointCarryTheirDistanceNearestFirst() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let (latitude, longitude) = (43.2557, -79.8711)
        let near = Self.clean(
            try await api.run(
                "{ stores(first: 10, near: {latitude: \(latitude), longitude: \(longitude), radiusKm: 8}) { edges { distanceKm node { name location { latitude longitude } } } } }"
            ))
        let edges = try #require(near["data.stores.edges"] as? [[String: Any]])
        #expect(edges.count >= 3)
        var distances: [Double] = []
        for edge in edges {
            let location = try #require((edge["node"] as? [String: Any])?["location"] as? [String: Any])
            let expected = Self.haversine(latitude, longitude, try #require(location["latitude"] as? Double), try #require(location["longitude"] as? Double))
            let distance = try #require(edge["distanceKm"] as? Double, "distanceKm is null")
            #expect(abs(distance - expected) <= 0.051, "\(edge)")
            #expect(distance <= 8)
            distances.append(distance)
        }
        #expect(distances == distances.sorted())
        // Without `near`, no distance.
        let plain = Self.clean(try await api.run("{ stores(first: 2) { edges { distanceKm } } }"))
        #expect((plain["data.stores.edges"] as? [[String: Any]])?.allSatisfy { $0["distanceKm"] is NSNull } == true)
    }

    static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = sin((lat2 - lat1) * radians / 2)
        let dLon = sin((lon2 - lon1) * radians / 2)
        let a = dLat * dLat + cos(lat1 * radians) * cos(lat2 * radians) * dLon * dLon
        return 12742 * asin(sqrt(a))
    }

    // MARK: #21.4 categories are the top level

    @Test func categoriesAreTheTopLevelWithTheirChildren() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let response = Self.clean(try await api.run("{ categories { slug path parent { slug } children { slug parent { slug } } } }"))
        let categories = try #require(response["data.categories"] as? [[String: Any]])
        let top = try await api.database.database.query("SELECT slug FROM categories WHERE parent_id IS NULL ORDER BY name, id")
            .map { try $0.decode(String.self, at: 0) }
        #expect(categories.compactMap { $0["slug"] as? String } == top)
        #expect(categories.allSatisfy { $0["parent"] is NSNull && ($0["path"] as? [String])?.count == 1 })
        let dairy = try #require(categories.first { $0["slug"] as? String == "dairy" })
        let children = (dairy["children"] as? [[String: Any]])?.compactMap { $0["slug"] as? String } ?? []
        #expect(Set(children) == ["milk-cream", "cheese", "yogurt", "eggs", "butter-spreads"])
        #expect(!categories.contains { $0["slug"] as? String == "cheese" })
    }

    // MARK: #21.26 cursors belong to their list and order, and are signed

    @Test func cursorsOfAnotherListOrOrderOrTamperedAreRefused() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        // A store's cursor in `products`.
        let storeCursor = try #require(
            Self.clean(try await api.run("{ stores(first: 2) { pageInfo { endCursor } } }"))["data.stores.pageInfo.endCursor"] as? String)
        #expect(try await api.run(#"{ products(first: 2, after: "\#(storeCursor)") { edges { node { name } } } }"#, expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        // A relevance cursor with the NAME order, and the other way round.
        let relevance = try #require(
            Self.clean(try await api.run(#"{ products(first: 2, query: "cheese") { pageInfo { endCursor } } }"#))["data.products.pageInfo.endCursor"]
                as? String)
        #expect(
            try await api.run(#"{ products(first: 2, query: "cheese", orderBy: NAME, after: "\#(relevance)") { edges { node { name } } } }"#, expecting: ["BAD_USER_INPUT"])
                .errorCodes == ["BAD_USER_INPUT"])
        let byName = try #require(
            Self.clean(try await api.run("{ products(first: 2) { pageInfo { endCursor } } }"))["data.products.pageInfo.endCursor"] as? String)
        #expect(
            try await api.run(#"{ products(first: 2, orderBy: PRICE_ASCENDING, before: "\#(byName)") { edges { node { name } } } }"#, expecting: ["BAD_USER_INPUT"])
                .errorCodes == ["BAD_USER_INPUT"])
        // The same cursor in its own list and order pages on.
        let next = Self.clean(try await api.run(#"{ products(first: 2, after: "\#(byName)") { edges { node { name } } } }"#))
        #expect((next["data.products.edges"] as? [Any])?.count == 2)
        // A cursor whose sort key was changed.
        let first = Self.clean(try await api.run("{ products(first: 1) { edges { cursor node { name } } } }"))
        let cursor = try #require(first["data.products.edges.0.cursor"] as? String)
        // The name order's key is the name in lower case (the index's expression).
        let name = try #require(first["data.products.edges.0.node.name"] as? String).lowercased()
        let bytes = try #require(Base64URL.decode(cursor))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(name))
        let tampered = Base64URL.encode(Array(String(text.replacingOccurrences(of: name, with: "A")).utf8))
        #expect(try await api.run(#"{ products(first: 2, after: "\#(tampered)") { edges { node { name } } } }"#, expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        // A child list's cursor: another product's latest prices page on; the stores of a chain do not.
        let prices = Self.clean(try await api.run("{ products(first: 2) { edges { node { latestPrices(first: 1) { pageInfo { endCursor } } } } } }"))
        let priceCursor = try #require(prices["data.products.edges.0.node.latestPrices.pageInfo.endCursor"] as? String)
        let second = Self.clean(
            try await api.run(#"{ products(first: 2) { edges { node { latestPrices(first: 1, after: "\#(priceCursor)") { edges { cursor } } } } } }"#))
        #expect((second["data.products.edges.0.node.latestPrices.edges"] as? [Any])?.count == 1)
        #expect(
            try await api.run(#"{ retailChains(first: 1) { edges { node { stores(first: 1, after: "\#(priceCursor)") { edges { cursor } } } } } }"#, expecting: ["BAD_USER_INPUT"])
                .errorCodes.contains("BAD_USER_INPUT"))
    }

    // MARK: #21.25 numbers and dates have ranges

    @Test func numbersAndDatesOutOfTheirRangeAreRefusedWithACode() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let admin = try await Self.login(api, "admin")
        let nutrition = "nutrition: {energyKcal: 450, fatG: 15, carbohydratesG: 65, proteinG: 10}"
        let shelf = try await api.run(
            #"mutation { createProduct(input: {name: "Shelf Test", category: "pantry", \#(nutrition), shelfLifeDays: -5}) { product { id } userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(shelf, "createProduct", field: ["shelfLifeDays"], code: "OUT_OF_RANGE")
        #expect(shelf["data.createProduct.product"] is NSNull)
        let fat = try await api.run(
            #"mutation { createProduct(input: {name: "Fat Test", category: "pantry", nutrition: {energyKcal: 450, fatG: 150, carbohydratesG: 65, proteinG: 10}}) { userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(fat, "createProduct", field: ["nutrition", "fatG"], code: "OUT_OF_RANGE")
        let size = try await api.run(
            #"mutation { createProduct(input: {name: "Size Test", category: "pantry", \#(nutrition), packageSize: {value: 0, unit: GRAM}}) { userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(size, "createProduct", field: ["packageSize", "value"], code: "OUT_OF_RANGE")
        #expect(try await api.database.database.query("SELECT 1 FROM products WHERE name LIKE '% Test'").isEmpty)

        #expect(try await api.run(#"{ products(first: 1, filter: {maxPrice: -1}) { totalCount } }"#, expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run(#"{ products(first: 1, filter: {minPrice: 2147483648}) { totalCount } }"#, expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run(#"{ products(first: 1, filter: {minPrice: "5", maxPrice: "4"}) { totalCount } }"#, expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run("{ products(first: 1) { edges { node { priceStatistics(days: 400) { days } } } } }", expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run("{ stores(first: 1, near: {latitude: 43, longitude: -79, radiusKm: 0}) { edges { cursor } } }", expecting: ["BAD_USER_INPUT"]).errorCodes == ["BAD_USER_INPUT"])

        let product = try await Self.productID(api, "bananas")
        let store = try #require(
            try await api.run("{ stores(first: 1) { edges { node { id } } } }")["data.stores.edges.0.node.id"] as? String)
        let before = try await api.database.database.query("SELECT count(*) FROM price_observations")[0].decode(Int.self, at: 0)
        let future = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(store)", price: "1.99", observedAt: "9999-12-31T00:00:00Z"}) { priceObservation { id } userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(future, "recordPrice", field: ["observedAt"], code: "OUT_OF_RANGE")
        let ancient = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(store)", price: "1.99", observedAt: "1970-01-01T00:00:00Z"}) { userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(ancient, "recordPrice", field: ["observedAt"], code: "OUT_OF_RANGE")
        let huge = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(store)", price: "100000"}) { userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(huge, "recordPrice", field: ["price"], code: "OUT_OF_RANGE")
        #expect(try await api.database.database.query("SELECT count(*) FROM price_observations")[0].decode(Int.self, at: 0) == before)
        let recent = Self.clean(
            try await api.run(
                #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(store)", price: "1.99", observedAt: "2020-06-01T12:00:00Z"}) { priceObservation { observedAt } userErrors { code } } }"#,
                token: admin))
        #expect(recent["data.recordPrice.priceObservation.observedAt"] as? String == "2020-06-01T12:00:00Z")

        let stock = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(product)", stock: 2000000}) { userErrors { field code } } }"#, token: admin)
        Self.expectUserError(stock, "updateProductOffer", field: ["stock"], code: "OUT_OF_RANGE")
    }

    // MARK: #21.24 texts have bounds and no control characters

    @Test func textsOutOfTheirBoundsOrWithControlCharactersAreRefusedNamingTheField() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let admin = try await Self.login(api, "admin")
        let chain = try #require(
            try await api.run("{ retailChains(first: 1) { edges { node { id } } } }")["data.retailChains.edges.0.node.id"] as? String)
        let address = #"{line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "CA"}"#
        let location = "{latitude: 43.25, longitude: -79.87}"
        func createStore(name: String = "Test Store", address given: String? = nil) async throws -> Response {
            try await api.run(
                #"mutation { createStore(input: {chainId: "\#(chain)", name: "\#(name)", address: \#(given ?? address), location: \#(location)}) { store { id name } userErrors { field code } } }"#,
                token: admin)
        }
        Self.expectUserError(try await createStore(name: String(repeating: "x", count: 121)), "createStore", field: ["name"], code: "TOO_LONG")
        Self.expectUserError(try await createStore(name: "   "), "createStore", field: ["name"], code: "REQUIRED")
        Self.expectUserError(try await createStore(name: #"Bad\u0000Name"#), "createStore", field: ["name"], code: "INVALID_FORMAT")
        Self.expectUserError(
            try await createStore(address: address.replacingOccurrences(of: "1 Main St", with: #"1 Main\u0000St"#)), "createStore",
            field: ["address", "line1"], code: "INVALID_FORMAT")
        Self.expectUserError(
            try await createStore(address: address.replacingOccurrences(of: "Hamilton", with: String(repeating: "H", count: 101))), "createStore",
            field: ["address", "city"], code: "TOO_LONG")
        Self.expectUserError(
            try await createStore(address: address.replacingOccurrences(of: #""CA""#, with: #""CAN""#)), "createStore",
            field: ["address", "country"], code: "TOO_LONG")
        #expect(try await api.database.database.query("SELECT 1 FROM stores WHERE name LIKE '%Test Store%'").isEmpty)
        let made = Self.clean(try await createStore(name: "  Test Store  "))
        #expect(made["data.createStore.store.name"] as? String == "Test Store")

        let nutrition = "nutrition: {energyKcal: 450, fatG: 15, carbohydratesG: 65, proteinG: 10}"
        let brand = try await api.run(
            #"mutation { createProduct(input: {name: "Brand Test", brand: "\#(String(repeating: "b", count: 101))", category: "pantry", \#(nutrition)}) { userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(brand, "createProduct", field: ["brand"], code: "TOO_LONG")
        let serving = try await api.run(
            #"mutation { createProduct(input: {name: "Serving Test", servingDescription: "1 cup\u0007", category: "pantry", \#(nutrition)}) { userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(serving, "createProduct", field: ["servingDescription"], code: "INVALID_FORMAT")

        let user = try await api.signUp("texts@example.com")
        let submitted = Self.clean(
            try await api.run(
                #"mutation { submitProduct(input: {name: "Note Test", category: "pantry", \#(nutrition)}) { product { id } } }"#, token: user))
        let pending = try #require(submitted["data.submitProduct.product.id"] as? String)
        let note = try await api.run(
            #"mutation { reviewProduct(input: {productId: "\#(pending)", decision: APPROVE, note: "\#(String(repeating: "n", count: 1001))"}) { product { status } userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(note, "reviewProduct", field: ["note"], code: "TOO_LONG")
        let approved = Self.clean(
            try await api.run(
                #"mutation { reviewProduct(input: {productId: "\#(pending)", decision: APPROVE, note: "Checked the label.\nLooks right."}) { product { status } userErrors { code } } }"#,
                token: admin))
        #expect(approved["data.reviewProduct.product.status"] as? String == "ACTIVE")
    }

    // MARK: one transaction per mutation

    @Test func aRefusalAfterAWriteLeavesNothingBehind() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        // FreshMart's representative, on FreshMart's offer (its only one: the product's summary is it).
        let representative = try await Self.login(api, "chain")
        let product = try await Self.productID(api, "bananas")
        let key = try #require(GlobalID(parsing: product)).key
        let stockBefore = try await api.database.database.query("SELECT stock FROM products WHERE id = $1", [key])[0].decode(Int.self, at: 0)
        // The offer with stock 77 and a sale price above the chain's price: refused, nothing written.
        let refused = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(product)", stock: 77, salePrice: "999.00"}) { product { stock } userErrors { field code } } }"#,
            token: representative)
        Self.expectUserError(refused, "updateProductOffer", field: ["salePrice"], code: "OUT_OF_RANGE")
        let row = try await api.database.database.query("SELECT stock, sale_price::text FROM products WHERE id = $1", [key])[0]
        #expect(try row.decode(Int.self, at: 0) == stockBefore)
        #expect(try row.decode(String?.self, at: 1) == nil)
        // A sale below the catalog price goes through, with the stock.
        let accepted = Self.clean(
            try await api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(product)", stock: 77, salePrice: "1.00"}) { product { stock onSale salePrice { amount } } userErrors { code } } }"#,
                token: representative))
        #expect(accepted["data.updateProductOffer.product.stock"] as? Int == 77)
        #expect(accepted["data.updateProductOffer.product.onSale"] as? Bool == true)
        // Lowering the catalog price below the sale price is refused the same way.
        let catalog = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(product)", stock: 5, catalogPrice: "0.50"}) { userErrors { field code } } }"#,
            token: representative)
        Self.expectUserError(catalog, "updateProductOffer", field: ["catalogPrice"], code: "OUT_OF_RANGE")
        #expect(try await api.database.database.query("SELECT stock FROM products WHERE id = $1", [key])[0].decode(Int.self, at: 0) == 77)
        // A null sale price ends the sale.
        let ended = Self.clean(
            try await api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(product)", salePrice: null}) { product { onSale stock } } }"#, token: representative))
        #expect(ended["data.updateProductOffer.product.onSale"] as? Bool == false)
        #expect(ended["data.updateProductOffer.product.stock"] as? Int == 77)
        // A null catalog price withdraws the chain's offer (its only one: the product has no price); stock cannot be cleared.
        let unpriced = Self.clean(
            try await api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(product)", catalogPrice: null}) { product { catalogPrice { amount } } } }"#,
                token: representative))
        #expect(unpriced["data.updateProductOffer.product.catalogPrice"] is NSNull)
        let noStock = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(product)", stock: null}) { userErrors { field code } } }"#, token: representative)
        Self.expectUserError(noStock, "updateProductOffer", field: ["stock"], code: "REQUIRED")
    }

    // MARK: payloads with user errors

    @Test func payloadsWithUserErrorsSelectingTheirRecordHaveNoOtherErrors() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let admin = try await Self.login(api, "admin")
        let created = try await api.run(
            #"mutation { createProduct(input: {name: "Nowhere", category: "no-such-category", nutrition: {energyKcal: 1, fatG: 0, carbohydratesG: 0, proteinG: 0}}) { product { id name category { name } nutritionPer100 { energyKcal } status } userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(created, "createProduct", field: ["category"], code: "NOT_FOUND")
        #expect(created["data.createProduct.product"] is NSNull)
        let missingStore = GlobalID(typeName: "Store", key: 999_999).description
        let store = try await api.run(
            #"mutation { updateStore(input: {storeId: "\#(missingStore)", name: "x"}) { store { id name chain { name } address { city } } userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(store, "updateStore", field: ["storeId"], code: "NOT_FOUND")
        let product = try await Self.productID(api, "bananas")
        let price = try await api.run(
            #"mutation { recordPrice(input: {productId: "\#(product)", storeId: "\#(missingStore)", price: "1.00"}) { priceObservation { id price { amount } store { name } product { name } } userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(price, "recordPrice", field: ["storeId"], code: "NOT_FOUND")
        // An ID of another type where a product's is expected.
        let wrongType = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(missingStore)", brand: "x"}) { product { id name } userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(wrongType, "updateProduct", field: ["productId"], code: "INVALID_FORMAT")
    }

    // MARK: node(id:)

    @Test func everyCatalogTypeIsFetchableByNode() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let response = Self.clean(
            try await api.run(
                "{ products(first: 1) { edges { node { id category { id } latestPrices(first: 1) { edges { node { id price { amount } store { id chain { id } } } } } } } } }"
            ))
        let product = try #require(response["data.products.edges.0.node.id"] as? String)
        let category = try #require(response["data.products.edges.0.node.category.id"] as? String)
        let price = try #require(response["data.products.edges.0.node.latestPrices.edges.0.node.id"] as? String)
        let amount = try #require(response["data.products.edges.0.node.latestPrices.edges.0.node.price.amount"] as? String)
        let store = try #require(response["data.products.edges.0.node.latestPrices.edges.0.node.store.id"] as? String)
        let chain = try #require(response["data.products.edges.0.node.latestPrices.edges.0.node.store.chain.id"] as? String)
        // Anonymously: prices are public, like products, categories, stores and chains.
        let nodes = Self.clean(
            try await api.run(
                #"""
                { nodes(ids: ["\#(product)", "\#(category)", "\#(price)", "\#(store)", "\#(chain)"]) { id __typename
                  ... on PriceObservation { price { amount } product { id } store { id } } } }
                """#))
        let fetched = try #require(nodes["data.nodes"] as? [[String: Any]])
        #expect(fetched.compactMap { $0["id"] as? String } == [product, category, price, store, chain])
        #expect(fetched.compactMap { $0["__typename"] as? String } == ["Product", "Category", "PriceObservation", "Store", "RetailChain"])
        #expect((fetched[2]["price"] as? [String: Any])?["amount"] as? String == amount)
        #expect((fetched[2]["product"] as? [String: Any])?["id"] as? String == product)
        // Products in moderation: administrators only.
        let user = try await api.signUp("nodes@example.com")
        let submitted = Self.clean(
            try await api.run(
                #"mutation { submitProduct(input: {name: "Node Test", category: "pantry", nutrition: {energyKcal: 1, fatG: 0, carbohydratesG: 0, proteinG: 0}}) { product { id } } }"#,
                token: user))
        let pending = try #require(submitted["data.submitProduct.product.id"] as? String)
        #expect(Self.clean(try await api.run(#"{ node(id: "\#(pending)") { id } }"#, token: user))["data.node"] is NSNull)
        let admin = try await Self.login(api, "admin")
        #expect(Self.clean(try await api.run(#"{ node(id: "\#(pending)") { id } }"#, token: admin))["data.node.id"] as? String == pending)
    }

    // MARK: micronutrients

    @Test func micronutrientsComeFromTheCatalogAndScaleToTheServing() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        _ = try await api.database.database.query(
            #"UPDATE products SET micronutrients = '{"vitamin_d": {"amount": 1.2, "unit": "µg"}, "potassium": {"amount": 150, "unit": "mg"}}' WHERE barcode = '0627137020536'"#)
        let milk = Self.clean(
            try await api.run(
                #"{ productByBarcode(barcode: "0627137020536") { servingSize { value } nutritionPer100 { micronutrients { name amount unit } } nutritionPerServing { micronutrients { name amount } } } }"#
            ))
        let per100 = try #require(milk["data.productByBarcode.nutritionPer100.micronutrients"] as? [[String: Any]])
        #expect(per100.compactMap { $0["name"] as? String } == ["potassium", "vitamin_d"])
        #expect(per100.first?["unit"] as? String == "mg")
        #expect(per100.last?["amount"] as? Double == 1.2)
        let serving = try #require(milk["data.productByBarcode.servingSize.value"] as? Double)
        let perServing = try #require(milk["data.productByBarcode.nutritionPerServing.micronutrients"] as? [[String: Any]])
        #expect(perServing.first?["amount"] as? Double == (150 * serving / 100 * 100).rounded() / 100)
        // Products without any list none.
        let plain = Self.clean(try await api.run(#"{ products(first: 1, query: "bananas") { edges { node { nutritionPer100 { micronutrients { name } } } } } }"#))
        #expect((plain["data.products.edges.0.node.nutritionPer100.micronutrients"] as? [Any])?.isEmpty == true)
    }

    // MARK: patches

    @Test func productPatchesKeepLeftOutFieldsAndClearNulls() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let admin = try await Self.login(api, "admin")
        let product = try await Self.productID(api, "organic bananas")
        let before = Self.clean(
            try await api.run(#"{ node(id: "\#(product)") { ... on Product { name brand shelfLifeDays storage servingSize { value unit } } } }"#))
        #expect(before["data.node.brand"] as? String != nil)
        let patched = Self.clean(
            try await api.run(
                #"mutation { updateProduct(input: {productId: "\#(product)", brand: null, shelfLifeDays: 9, servingSize: {value: 120, unit: GRAM}}) { product { name brand shelfLifeDays storage servingSize { value unit } } userErrors { code } } }"#,
                token: admin))
        #expect(patched["data.updateProduct.product.name"] as? String == before["data.node.name"] as? String)
        #expect(patched["data.updateProduct.product.brand"] is NSNull)
        #expect(patched["data.updateProduct.product.shelfLifeDays"] as? Int == 9)
        #expect(patched["data.updateProduct.product.storage"] as? String == before["data.node.storage"] as? String)
        #expect(patched["data.updateProduct.product.servingSize.value"] as? Double == 120)
        let noName = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(product)", name: null}) { userErrors { field code } } }"#, token: admin)
        Self.expectUserError(noName, "updateProduct", field: ["name"], code: "REQUIRED")
        let piece = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(product)", servingSize: {value: 1, unit: PIECE}}) { userErrors { field code } } }"#,
            token: admin)
        Self.expectUserError(piece, "updateProduct", field: ["servingSize"], code: "INVALID_FORMAT")
    }
}
