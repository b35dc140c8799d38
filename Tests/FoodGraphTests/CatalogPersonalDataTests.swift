import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// #23 (PIPEDA): the catalog's part of a user's data export and account deletion
/// (`CatalogPersonalData`), for the privacy area's `exportMyData` and `deleteMyAccount`.
struct CatalogPersonalDataTests {
    static func list(_ export: [String: GraphQLValue], _ key: String) -> [GraphQLObject] {
        guard case .list(let items)? = export[key] else { return [] }
        return items.compactMap { if case .object(let object) = $0 { object } else { nil } }
    }

    static func string(_ object: GraphQLObject, _ name: String) -> String? {
        if case .string(let text)? = object[name] { text } else { nil }
    }

    static func userID(_ api: TestAPI, token: String?) async throws -> Int64 {
        let me = try await api.run("{ me { id } }", token: token)
        let id = try #require(me["data.me.id"] as? String)
        return try #require(GlobalID(parsing: id)).key
    }

    /// Every catalog column holding this user's id.
    static func rowsNaming(_ userID: Int64, in database: PostgresDatabase) async throws -> [String] {
        var found: [String] = []
        for (table, column) in CatalogPersonalData.columns {
            let count = try await database.query("SELECT count(*) FROM \(table) WHERE \(column) = $1", [userID])[0].decode(Int.self, at: 0)
            if count > 0 { found.append("\(table).\(column): \(count)") }
        }
        return found
    }

    @Test func aUsersCatalogDataIsExportedThenAnonymisedKeepingCommunityPrices() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let database = api.database.database
        let nutrition = CatalogChainProductTests.nutrition
        let image = TestPNG.base64(width: 200, height: 200)

        // A user submits two products (one approved, one still waiting) and records a price.
        let user = staff.token(.user)
        var submitted: [String] = []
        for name in ["Export Approved", "Export Waiting"] {
            let made = CatalogTypedTests.clean(
                try await api.run(
                    #"mutation { submitProduct(input: {name: "\#(name)", category: "pantry", image: "\#(image)", \#(nutrition)}) { product { id } } }"#,
                    token: user))
            submitted.append(try #require(made["data.submitProduct.product.id"] as? String))
        }
        _ = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { reviewProduct(input: {productId: "\#(submitted[0])", decision: APPROVE, note: "ok"}) { product { id } } }"#,
                token: staff.token(.administrator)))
        let banana = try await CatalogTypedTests.productID(api, "bananas")
        let price = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { recordPrice(input: {productId: "\#(banana)", storeId: "\#(staff.ownStore)", price: "0.33"}) { priceObservation { id } } }"#,
                token: user))
        let priceID = try #require(price["data.recordPrice.priceObservation.id"] as? String)

        // A representative's chain work: an offer, a chain product with an image, a pending change.
        let representative = staff.token(.ownRepresentative)
        _ = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(banana)", stock: 12}) { product { id } } }"#, token: representative))
        let chainProduct = try await staff.ownChainProduct("Export Chain Product")
        _ = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { updateProduct(input: {productId: "\#(chainProduct)", brand: "Pending", image: "\#(image)"}) { product { id } } }"#,
                token: representative))

        // The user's export lists every catalog row tied to them.
        let userID = try await Self.userID(api, token: user)
        let export = try await CatalogPersonalData.export(userID: userID, in: database)
        let products = Self.list(export, "submittedProducts")
        #expect(products.compactMap { Self.string($0, "id") } == submitted)
        #expect(products.compactMap { Self.string($0, "status") } == ["ACTIVE", "PENDING"])
        #expect(Self.string(products[0], "reviewNote") == "ok")
        let prices = Self.list(export, "priceObservations")
        #expect(prices.compactMap { Self.string($0, "id") } == [priceID])
        #expect(prices.first.flatMap { Self.string($0, "price") } == "0.33")
        #expect(prices.first.flatMap { Self.string($0, "source") } == "USER")
        #expect(Self.list(export, "productImages").count == 2)
        #expect(Self.list(export, "chainOffers").isEmpty && Self.list(export, "reviewedProducts").isEmpty)
        // The representative's lists their offer and their pending change; the administrator's their review.
        let representativeID = try await Self.userID(api, token: representative)
        let representativeExport = try await CatalogPersonalData.export(userID: representativeID, in: database)
        #expect(Self.list(representativeExport, "chainOffers").compactMap { Self.string($0, "chainName") } == ["FreshMart"])
        #expect(Self.list(representativeExport, "submittedProducts").count == 1)
        let administratorID = try await Self.userID(api, token: staff.token(.administrator))
        let reviews = Self.list(try await CatalogPersonalData.export(userID: administratorID, in: database), "reviewedProducts")
        #expect(reviews.compactMap { Self.string($0, "id") } == [submitted[0]])

        // Anonymised, in one transaction with the account's deletion: no catalog row names them.
        for id in [userID, representativeID, administratorID] {
            #expect(try await !Self.rowsNaming(id, in: database).isEmpty)
            try await database.withTransaction { transaction in try await CatalogPersonalData.anonymise(userID: id, in: transaction) }
            #expect(try await Self.rowsNaming(id, in: database) == [], "\(id)")
        }
        // Kept without the user: the community price, the approved product, the chain's product and its pending change.
        #expect(try await api.database.database.query("SELECT reported_by FROM price_observations WHERE id = $1", [try CatalogAccessMatrixTests.key(priceID)])[0].decode(Int64?.self, at: 0) == nil)
        #expect(try await CatalogAccessMatrixTests.status(api, submitted[0]) == "active")
        #expect(try await CatalogAccessMatrixTests.status(api, chainProduct) == "active")
        #expect(try await !api.database.database.query("SELECT 1 FROM products WHERE revision_of IS NOT NULL").isEmpty)
        // Gone: the user's submission that never reached the catalog, with its image.
        #expect(try await api.database.database.query("SELECT 1 FROM products WHERE id = $1", [try CatalogAccessMatrixTests.key(submitted[1])]).isEmpty)
        #expect(try await api.database.database.query("SELECT count(*) FROM product_images")[0].decode(Int.self, at: 0) == 2)
        // And the account itself can then go: nothing in the catalog refers to it.
        _ = try await database.query("DELETE FROM users WHERE id = $1", [userID])
        #expect(Self.list(try await CatalogPersonalData.export(userID: userID, in: database), "priceObservations").isEmpty)
    }

    /// The catalog's list of user columns is complete: every column of a catalog table that
    /// references `users`.
    @Test func everyCatalogColumnReferencingAUserIsListed() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let references = try await api.database.database.query(
            """
            SELECT c.conrelid::regclass::text, a.attname FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
            WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
              AND c.conrelid::regclass::text IN ('products', 'price_observations', 'chain_offers', 'product_images', 'retail_chains', 'stores', 'categories')
            ORDER BY 1, 2
            """
        ).map { "\(try $0.decode(String.self, at: 0)).\(try $0.decode(String.self, at: 1))" }
        #expect(references == CatalogPersonalData.columns.map { "\($0.table).\($0.column)" }.sorted())
    }
}
