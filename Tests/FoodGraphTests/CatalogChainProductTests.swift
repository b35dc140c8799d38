import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// #23 (staff): chain representatives manage their own chain's description, contact details and
/// products (create with an image, change, withdraw), moderated by administrators as users'
/// submissions are; never another chain's. Product images are served at unguessable addresses.
struct CatalogChainProductTests {
    static let nutrition = "nutrition: {energyKcal: 420, fatG: 12, carbohydratesG: 62, proteinG: 9}"

    static func visible(_ api: TestAPI, _ product: String, token: String?) async throws -> Bool {
        let response = CatalogTypedTests.clean(try await api.run(#"{ node(id: "\#(product)") { id } }"#, token: token))
        return response["data.node.id"] as? String == product
    }

    static func token(ofImageURL url: String?) throws -> String {
        let url = try #require(url)
        #expect(url.hasPrefix("/images/"))
        return String(url.dropFirst("/images/".count))
    }

    @Test func aRepresentativeAddsTheirChainsProductWithAnImageAndAnAdministratorApprovesIt() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let png = TestPNG.make(width: 320, height: 240)
        let created = CatalogTypedTests.clean(
            try await api.run(
                """
                mutation($image: Base64!) { createProduct(input: {name: "FreshMart Maple Granola", category: "breakfast-cereals", barcode: "96385074",
                  catalogPrice: "5.49", image: $image, \(Self.nutrition)}) {
                  product { id status imageUrl chain { name } offers { chain { name } price { amount } } } userErrors { field code } } }
                """, token: staff.token(.ownRepresentative), variables: GraphQLObject([("image", .string(Data(png).base64EncodedString()))])))
        #expect(created["data.createProduct.product.status"] as? String == "PENDING")
        #expect(created["data.createProduct.product.chain.name"] as? String == "FreshMart")
        #expect(created["data.createProduct.product.offers.0.price.amount"] as? String == "5.49")
        let product = try #require(created["data.createProduct.product.id"] as? String)
        // The image is served from its random address, as uploaded, with the type read from its bytes.
        let token = try Self.token(ofImageURL: created["data.createProduct.product.imageUrl"] as? String)
        #expect(token.count == 43)
        let served = try #require(try await api.application.image(id: token))
        #expect(served.contentType == "image/png")
        #expect(served.bytes == png)

        // In moderation: its chain's representatives and administrators see it; nobody else does.
        #expect(try await Self.visible(api, product, token: staff.token(.ownRepresentative)))
        #expect(try await Self.visible(api, product, token: staff.token(.administrator)))
        for caller in [CatalogCaller.anonymous, .user, .support, .orderHandler, .otherRepresentative] {
            #expect(try await Self.visible(api, product, token: staff.token(caller)) == false, "\(caller)")
        }
        #expect(!CatalogTests.names(try await api.run(#"{ products(first: 20, query: "freshmart maple granola") { edges { node { name } } } }"#)).contains("FreshMart Maple Granola"))
        let chainProducts = #"{ node(id: "\#(staff.ownChain)") { ... on RetailChain { products(first: 10) { totalCount edges { node { id status } } } } } }"#
        let ownList = CatalogTypedTests.clean(try await api.run(chainProducts, token: staff.token(.ownRepresentative)))
        #expect((ownList["data.node.products.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["id"] as? String } == [product])
        let publicList = CatalogTypedTests.clean(try await api.run(chainProducts, token: staff.token(.otherRepresentative)))
        #expect(publicList["data.node.products.totalCount"] as? Int == 0)

        // An administrator approves it: in the catalog, with FreshMart's price, for everyone.
        let pending = CatalogTypedTests.clean(
            try await api.run("{ pendingProducts(first: 10) { edges { node { id chain { name } } } } }", token: staff.token(.administrator)))
        #expect((pending["data.pendingProducts.edges"] as? [[String: Any]])?.contains { ($0["node"] as? [String: Any])?["id"] as? String == product } == true)
        _ = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { reviewProduct(input: {productId: "\#(product)", decision: APPROVE}) { product { status } } }"#,
                token: staff.token(.administrator)))
        let found = CatalogTypedTests.clean(
            try await api.run(#"{ productByBarcode(barcode: "96385074") { id status catalogPrice { amount } imageUrl } }"#))
        #expect(found["data.productByBarcode.id"] as? String == product)
        #expect((found["data.productByBarcode.catalogPrice"] as? [String: Any])?["amount"] as? String == "5.49")
        #expect(try Self.token(ofImageURL: found["data.productByBarcode.imageUrl"] as? String) == token)
        #expect(try await Self.visible(api, product, token: nil))
    }

    @Test func aRepresentativesChangeToTheirActiveProductWaitsForModeration() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let product = try await staff.ownChainProduct("House Oats", barcode: "4006381333931")
        let representative = staff.token(.ownRepresentative)
        let change = """
            mutation($id: ID!, $image: Base64) { updateProduct(input: {productId: $id, name: "House Rolled Oats", image: $image}) {
              product { id name status imageUrl revisionOf { id name } } userErrors { field code } } }
            """
        let image = TestPNG.base64(width: 200, height: 200, rgb: (10, 120, 30))
        let first = CatalogTypedTests.clean(
            try await api.run(change, token: representative, variables: GraphQLObject([("id", .string(product)), ("image", .string(image))])))
        let revision = try #require(first["data.updateProduct.product.id"] as? String)
        #expect(revision != product)
        #expect(first["data.updateProduct.product.status"] as? String == "PENDING")
        #expect(first["data.updateProduct.product.revisionOf.id"] as? String == product)
        #expect(first["data.updateProduct.product.revisionOf.name"] as? String == "House Oats")
        // A second change adds to the same revision; the product stays as it was meanwhile.
        let second = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { updateProduct(input: {productId: "\#(product)", brand: "FreshMart"}) { product { id name brand } } }"#,
                token: representative))
        #expect(second["data.updateProduct.product.id"] as? String == revision)
        #expect(second["data.updateProduct.product.name"] as? String == "House Rolled Oats")
        let publicView = CatalogTypedTests.clean(try await api.run(#"{ node(id: "\#(product)") { ... on Product { name brand imageUrl } } }"#))
        #expect(publicView["data.node.name"] as? String == "House Oats")
        #expect(publicView["data.node.imageUrl"] is NSNull)
        #expect(try await Self.visible(api, revision, token: nil) == false)
        #expect(try await Self.visible(api, revision, token: staff.token(.otherRepresentative)) == false)

        // An administrator approves it: the product takes the change and the image, the revision goes.
        let approved = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { reviewProduct(input: {productId: "\#(revision)", decision: APPROVE, note: "Matches the label."}) { product { id name brand status imageUrl } userErrors { code } } }"#,
                token: staff.token(.administrator)))
        #expect(approved["data.reviewProduct.product.id"] as? String == product)
        #expect(approved["data.reviewProduct.product.name"] as? String == "House Rolled Oats")
        #expect(approved["data.reviewProduct.product.brand"] as? String == "FreshMart")
        #expect(approved["data.reviewProduct.product.status"] as? String == "ACTIVE")
        let token = try Self.token(ofImageURL: approved["data.reviewProduct.product.imageUrl"] as? String)
        #expect(try await api.application.image(id: token)?.bytes == TestPNG.make(width: 200, height: 200, rgb: (10, 120, 30)))
        #expect(try await api.database.database.query("SELECT 1 FROM products WHERE revision_of IS NOT NULL").isEmpty)
        let byBarcode = CatalogTypedTests.clean(try await api.run(#"{ productByBarcode(barcode: "4006381333931") { id name } }"#))
        #expect(byBarcode["data.productByBarcode.name"] as? String == "House Rolled Oats")

        // A rejected change leaves the product as it is; the rejected change cannot be edited.
        let third = CatalogTypedTests.clean(
            try await api.run(#"mutation { updateProduct(input: {productId: "\#(product)", name: "Oats!!"}) { product { id } } }"#, token: representative))
        let rejected = try #require(third["data.updateProduct.product.id"] as? String)
        let refusal = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { reviewProduct(input: {productId: "\#(rejected)", decision: REJECT, note: "Not the label's name."}) { product { status revisionOf { id } } } }"#,
                token: staff.token(.administrator)))
        #expect(refusal["data.reviewProduct.product.status"] as? String == "REJECTED")
        let again = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(rejected)", name: "Oats?"}) { product { id } userErrors { field code } } }"#, token: representative)
        CatalogTypedTests.expectUserError(again, "updateProduct", field: ["productId"], code: "INVALID_STATE")
        #expect(try await CatalogAccessMatrixTests.status(api, product) == "active")
        let name = try await api.database.database.query("SELECT name FROM products WHERE id = $1", [try CatalogAccessMatrixTests.key(product)])
        #expect(try name[0].decode(String.self, at: 0) == "House Rolled Oats")
    }

    @Test func representativesWithdrawTheirProductsAndCancelTheirPendingChanges() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let product = try await staff.ownChainProduct("House Rice", barcode: "0012345678905")
        let representative = staff.token(.ownRepresentative)
        let change = CatalogTypedTests.clean(
            try await api.run(#"mutation { updateProduct(input: {productId: "\#(product)", brand: "X"}) { product { id } } }"#, token: representative))
        let revision = try #require(change["data.updateProduct.product.id"] as? String)
        // Withdrawing the change cancels it and gives back the product.
        let cancelled = CatalogTypedTests.clean(
            try await api.run(#"mutation { withdrawProduct(input: {productId: "\#(revision)"}) { product { id status } } }"#, token: representative))
        #expect(cancelled["data.withdrawProduct.product.id"] as? String == product)
        #expect(cancelled["data.withdrawProduct.product.status"] as? String == "ACTIVE")
        #expect(try await api.database.database.query("SELECT 1 FROM products WHERE revision_of IS NOT NULL").isEmpty)
        // Withdrawing the product takes it out of the catalog, by search, barcode and node alike.
        let withdrawn = CatalogTypedTests.clean(
            try await api.run(#"mutation { withdrawProduct(input: {productId: "\#(product)"}) { product { status } } }"#, token: representative))
        #expect(withdrawn["data.withdrawProduct.product.status"] as? String == "WITHDRAWN")
        #expect(!CatalogTests.names(try await api.run(#"{ products(first: 20, query: "house rice") { edges { node { name } } } }"#)).contains("House Rice"))
        #expect(CatalogTypedTests.clean(try await api.run(#"{ productByBarcode(barcode: "0012345678905") { id } }"#))["data.productByBarcode"] is NSNull)
        #expect(try await Self.visible(api, product, token: staff.token(.user)) == false)
        #expect(try await Self.visible(api, product, token: representative))
        let twice = try await api.run(
            #"mutation { withdrawProduct(input: {productId: "\#(product)"}) { product { id } userErrors { field code } } }"#, token: representative)
        CatalogTypedTests.expectUserError(twice, "withdrawProduct", field: ["productId"], code: "INVALID_STATE")
        // No changes to a withdrawn product, and no offers of it by other chains.
        let edit = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(product)", brand: "Y"}) { product { id } userErrors { field code } } }"#, token: representative)
        CatalogTypedTests.expectUserError(edit, "updateProduct", field: ["productId"], code: "INVALID_STATE")
        let offer = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(product)", catalogPrice: "1.00"}) { userErrors { field code } } }"#,
            token: staff.token(.otherRepresentative))
        CatalogTypedTests.expectUserError(offer, "updateProductOffer", field: ["productId"], code: "NOT_FOUND")
        // The catalog's own products (no chain) are not a representative's to withdraw.
        let banana = try await CatalogTypedTests.productID(api, "bananas")
        let foreign = try await api.run(
            #"mutation { withdrawProduct(input: {productId: "\#(banana)"}) { product { id } } }"#, token: representative, expecting: ["FORBIDDEN"])
        #expect(foreign.errorCodes == ["FORBIDDEN"])
    }

    @Test func representativesKeepTheirChainsDescriptionAndContactDetails() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let representative = staff.token(.ownRepresentative)
        let set = CatalogTypedTests.clean(
            try await api.run(
                #"""
                mutation { updateRetailChain(input: {chainId: "\#(staff.ownChain)", description: "  Fresh food,\nclose to home.  ",
                  website: "https://www.freshmart.example/about", contactEmail: "help@freshmart.example", contactPhone: "+1 (905) 555-0100"}) {
                  retailChain { description website contactEmail contactPhone } userErrors { field code } } }
                """#, token: representative))
        #expect(set["data.updateRetailChain.retailChain.description"] as? String == "Fresh food,\nclose to home.")
        #expect(set["data.updateRetailChain.retailChain.contactPhone"] as? String == "+1 (905) 555-0100")
        // A patch: left out stays, null clears.
        let patched = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { updateRetailChain(input: {chainId: "\#(staff.ownChain)", contactPhone: null}) { retailChain { website contactPhone } } }"#,
                token: representative))
        #expect(patched["data.updateRetailChain.retailChain.website"] as? String == "https://www.freshmart.example/about")
        #expect(patched["data.updateRetailChain.retailChain.contactPhone"] is NSNull)
        for (field, value, code) in [
            ("website", "javascript:alert(1)", "INVALID_FORMAT"), ("website", "https://" + String(repeating: "a", count: 300) + ".example", "TOO_LONG"),
            ("contactEmail", "not-an-email", "INVALID_FORMAT"), ("contactPhone", "call us", "INVALID_FORMAT"),
            ("description", String(repeating: "d", count: 2001), "TOO_LONG"), ("description", "Bad\u{0000}", "INVALID_FORMAT"),
        ] {
            let refused = try await api.run(
                "mutation($value: String) { updateRetailChain(input: {chainId: \"\(staff.ownChain)\", \(field): $value}) { retailChain { id } userErrors { field code } } }",
                token: representative, variables: GraphQLObject([("value", .string(value))]))
            CatalogTypedTests.expectUserError(refused, "updateRetailChain", field: [field], code: code)
        }
        let other = try await api.run(
            #"mutation { updateRetailChain(input: {chainId: "\#(staff.otherChain)", description: "Mine"}) { retailChain { id } } }"#,
            token: representative, expecting: ["FORBIDDEN"])
        #expect(other.errorCodes == ["FORBIDDEN"])
    }

    @Test func productImagesAreCheckedAndServedAtUnguessableAddresses() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let admin = staff.token(.administrator)
        let product = try await staff.ownChainProduct("Image Beans")
        let upload = """
            mutation($id: ID!, $image: Base64) { updateProduct(input: {productId: $id, image: $image}) { product { imageUrl } userErrors { field code } } }
            """
        func attempt(_ bytes: [UInt8]?) async throws -> Response {
            try await api.run(
                upload, token: admin,
                variables: GraphQLObject([("id", .string(product)), ("image", bytes.map { .string(Data($0).base64EncodedString()) } ?? .null)]))
        }
        // Not an image, too small, too large: refused with the uploads' codes, nothing stored.
        CatalogTypedTests.expectUserError(
            try await attempt(Array("<html><script>alert(1)</script></html>".utf8)), "updateProduct", field: ["image"], code: "UNSUPPORTED_IMAGE_TYPE")
        CatalogTypedTests.expectUserError(
            try await attempt(TestPNG.make(width: 100, height: 100)), "updateProduct", field: ["image"], code: "INVALID_IMAGE_DIMENSIONS")
        CatalogTypedTests.expectUserError(
            try await attempt(TestPNG.make(width: 900, height: 900)), "updateProduct", field: ["image"], code: "TOO_LONG")
        #expect(try await api.database.database.query("SELECT 1 FROM product_images").isEmpty)
        // Two uploads: two random addresses; the replaced one is gone.
        let first = try Self.token(ofImageURL: CatalogTypedTests.clean(try await attempt(TestPNG.make(width: 200, height: 300)))["data.updateProduct.product.imageUrl"] as? String)
        let second = try Self.token(ofImageURL: CatalogTypedTests.clean(try await attempt(TestPNG.make(width: 300, height: 200)))["data.updateProduct.product.imageUrl"] as? String)
        #expect(first != second)
        #expect(try await api.application.image(id: first) == nil)
        #expect(try await api.application.image(id: second) != nil)
        // The address names neither the product nor a number: nothing to walk.
        let key = try CatalogAccessMatrixTests.key(product)
        #expect(second.count == 43 && !second.contains(String(key)))
        for guess in [String(key), GlobalID(typeName: "Image", key: key).description, GlobalID(typeName: "Product", key: key).description] {
            #expect(try await api.application.image(id: guess) == nil, "\(guess)")
        }
        // Null removes it.
        #expect(CatalogTypedTests.clean(try await attempt(nil))["data.updateProduct.product.imageUrl"] is NSNull)
        #expect(try await api.application.image(id: second) == nil)
    }

    @Test func pricesInNewProductsBelongToAChain() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let user = try await api.run(
            #"mutation { submitProduct(input: {name: "Priced", category: "pantry", catalogPrice: "2.00", \#(Self.nutrition)}) { product { id } userErrors { field code } } }"#,
            token: staff.token(.user))
        CatalogTypedTests.expectUserError(user, "submitProduct", field: ["catalogPrice"], code: "INVALID_STATE")
        let admin = try await api.run(
            #"mutation { createProduct(input: {name: "Priced", category: "pantry", catalogPrice: "2.00", \#(Self.nutrition)}) { product { id } userErrors { field code } } }"#,
            token: staff.token(.administrator))
        CatalogTypedTests.expectUserError(admin, "createProduct", field: ["chainId"], code: "REQUIRED")
        let named = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { createProduct(input: {name: "Priced", category: "pantry", chainId: "\#(staff.otherChain)", catalogPrice: "2.00", \#(Self.nutrition)}) { product { status chain { name } catalogPrice { amount } } } }"#,
                token: staff.token(.administrator)))
        #expect(named["data.createProduct.product.status"] as? String == "ACTIVE")
        #expect(named["data.createProduct.product.chain.name"] as? String == "Harbour Grocers")
        #expect((named["data.createProduct.product.catalogPrice"] as? [String: Any])?["amount"] as? String == "2.00")
    }
}
