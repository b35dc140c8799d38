import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// #21.8 and #23 (staff): every catalog mutation tried by every role, and by a representative of
/// the chain the target belongs to and of another chain. A refused call leaves the target as it was.
struct CatalogAccessMatrixTests {
    typealias Caller = CatalogCaller

    /// Staff mutations of one chain's things: its representatives and administrators only.
    static let chainStaffOnly: [Caller: AccessOutcome] = [
        .anonymous: .unauthenticated, .user: .forbidden, .support: .forbidden, .orderHandler: .forbidden,
        .ownRepresentative: .allowed, .otherRepresentative: .forbidden, .administrator: .allowed,
    ]

    static func check(
        _ mutation: String, expected: [Caller: AccessOutcome], sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ attempt: (Caller) async throws -> Response
    ) async throws {
        for caller in Caller.allCases {
            let response = try await attempt(caller)
            let outcome = AccessOutcome.of(response, mutation)
            #expect(outcome == expected[caller], "\(mutation) by \(caller): \(outcome), expected \(expected[caller].map(String.init(describing:)) ?? "?")", sourceLocation: sourceLocation)
        }
    }

    static let refusals: Set<String> = ["UNAUTHENTICATED", "FORBIDDEN"]

    @Test func eachRoleMayUseOnlyItsCatalogMutationsAndOnlyOnItsOwnChain() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let nutrition = "nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 20, proteinG: 2}"

        // updateProductOffer on FreshMart's offer of a catalog product.
        let banana = try await CatalogTypedTests.productID(api, "bananas")
        let offerBefore = try await Self.offers(api, banana)
        var price = 1.0
        try await Self.check("updateProductOffer", expected: Self.chainStaffOnly) { caller in
            price += 0.01
            return try await api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(banana)", chainId: "\#(staff.ownChain)", catalogPrice: "\#(String(format: "%.2f", price))", stock: 9}) { product { id } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }
        // Only the two allowed callers changed it: the last price written is the administrator's.
        let offerAfter = try await Self.offers(api, banana)
        #expect(offerAfter["FreshMart"]?.price == String(format: "%.2f", price))
        #expect(offerBefore.count == offerAfter.count)

        // createProduct naming FreshMart.
        var number = 0
        try await Self.check("createProduct", expected: Self.chainStaffOnly) { caller in
            number += 1
            return try await api.run(
                #"mutation { createProduct(input: {name: "Matrix create \#(number)", category: "pantry", chainId: "\#(staff.ownChain)", \#(nutrition)}) { product { id } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }
        let created = try await api.database.database.query("SELECT name, status FROM products WHERE name LIKE 'Matrix create %' ORDER BY id")
            .map { (try $0.decode(String.self, at: 0), try $0.decode(String.self, at: 1)) }
        // The representative's waits for moderation; the administrator's is in the catalog.
        #expect(created.map(\.1) == ["pending", "active"], "\(created)")

        // submitProduct naming FreshMart: only its staff may name a chain.
        try await Self.check("submitProduct", expected: Self.chainStaffOnly) { caller in
            number += 1
            return try await api.run(
                #"mutation { submitProduct(input: {name: "Matrix submit \#(number)", category: "pantry", chainId: "\#(staff.ownChain)", \#(nutrition)}) { product { id } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }
        // submitProduct without a chain: anyone signed in.
        try await Self.check(
            "submitProduct",
            expected: Dictionary(uniqueKeysWithValues: Caller.allCases.map { ($0, $0 == .anonymous ? AccessOutcome.unauthenticated : .allowed) })
        ) { caller in
            number += 1
            return try await api.run(
                #"mutation { submitProduct(input: {name: "Matrix plain \#(number)", category: "pantry", \#(nutrition)}) { product { id } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }

        // updateProduct of an active FreshMart product: a fresh product for each caller.
        try await Self.check("updateProduct", expected: Self.chainStaffOnly) { caller in
            let product = try await staff.ownChainProduct("Matrix update \(caller)")
            let response = try await api.run(
                #"mutation { updateProduct(input: {productId: "\#(product)", brand: "Changed"}) { product { id } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
            // The product itself changes only for an administrator; a representative's change waits.
            let brand = try await Self.brand(api, product)
            #expect(brand == (caller == .administrator ? "Changed" : nil), "\(caller)")
            return response
        }

        // withdrawProduct of an active FreshMart product.
        try await Self.check("withdrawProduct", expected: Self.chainStaffOnly) { caller in
            let product = try await staff.ownChainProduct("Matrix withdraw \(caller)")
            let response = try await api.run(
                #"mutation { withdrawProduct(input: {productId: "\#(product)"}) { product { status } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
            let status = try await Self.status(api, product)
            #expect(status == ([.ownRepresentative, .administrator].contains(caller) ? "withdrawn" : "active"), "\(caller)")
            return response
        }

        // reviewProduct: administrators only, whoever's product it is.
        try await Self.check(
            "reviewProduct",
            expected: Dictionary(uniqueKeysWithValues: Caller.allCases.map {
                ($0, $0 == .anonymous ? AccessOutcome.unauthenticated : $0 == .administrator ? .allowed : .forbidden)
            })
        ) { caller in
            let pending = try await api.run(
                #"mutation { createProduct(input: {name: "Matrix review \#(caller)", category: "pantry", \#(nutrition)}) { product { id } } }"#,
                token: staff.token(.ownRepresentative))
            let product = try #require(pending["data.createProduct.product.id"] as? String)
            return try await api.run(
                #"mutation { reviewProduct(input: {productId: "\#(product)", decision: APPROVE}) { product { status } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }

        // updateRetailChain of FreshMart.
        try await Self.check("updateRetailChain", expected: Self.chainStaffOnly) { caller in
            try await api.run(
                #"mutation { updateRetailChain(input: {chainId: "\#(staff.ownChain)", description: "Set by \#(caller)"}) { retailChain { description } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }
        let description = try await api.run(#"{ node(id: "\#(staff.ownChain)") { ... on RetailChain { description } } }"#)
        #expect(description["data.node.description"] as? String == "Set by administrator")

        // createStore and updateStore in FreshMart.
        let address = #"address: {line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "CA"}, location: {latitude: 43.25, longitude: -79.87}"#
        try await Self.check("createStore", expected: Self.chainStaffOnly) { caller in
            try await api.run(
                #"mutation { createStore(input: {chainId: "\#(staff.ownChain)", name: "Matrix store \#(caller)", \#(address)}) { store { id } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }
        let stores = try await api.database.database.query("SELECT name FROM stores WHERE name LIKE 'Matrix store %' ORDER BY id")
            .map { try $0.decode(String.self, at: 0) }
        #expect(stores == ["Matrix store ownRepresentative", "Matrix store administrator"])
        try await Self.check("updateStore", expected: Self.chainStaffOnly) { caller in
            try await api.run(
                #"mutation { updateStore(input: {storeId: "\#(staff.ownStore)", name: "Renamed by \#(caller)"}) { store { name } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
        }

        // recordPrice at a FreshMart store: anyone signed in; the chain's own staff record CHAIN prices.
        try await Self.check(
            "recordPrice",
            expected: Dictionary(uniqueKeysWithValues: Caller.allCases.map { ($0, $0 == .anonymous ? AccessOutcome.unauthenticated : .allowed) })
        ) { caller in
            let response = try await api.run(
                #"mutation { recordPrice(input: {productId: "\#(banana)", storeId: "\#(staff.ownStore)", price: "0.31"}) { priceObservation { source } userErrors { field code } } }"#,
                token: staff.token(caller), expecting: Self.refusals)
            if caller != .anonymous {
                let source = response["data.recordPrice.priceObservation.source"] as? String
                #expect(source == ([.ownRepresentative, .administrator].contains(caller) ? "CHAIN" : "USER"), "\(caller)")
            }
            return response
        }
    }

    /// Each chain's offer of a product, by chain name: price, sale price, stock.
    static func offers(_ api: TestAPI, _ product: String) async throws -> [String: (price: String, sale: String?, stock: Int)] {
        let response = try await api.run(
            #"{ node(id: "\#(product)") { ... on Product { offers { chain { name } price { amount } salePrice { amount } stock } } } }"#)
        var offers: [String: (price: String, sale: String?, stock: Int)] = [:]
        for offer in (response["data.node.offers"] as? [[String: Any]]) ?? [] {
            let chain = (offer["chain"] as? [String: Any])?["name"] as? String ?? ""
            offers[chain] = (
                ((offer["price"] as? [String: Any])?["amount"] as? String) ?? "",
                (offer["salePrice"] as? [String: Any])?["amount"] as? String, offer["stock"] as? Int ?? -1
            )
        }
        return offers
    }

    static func key(_ id: String) throws -> Int64 { try #require(GlobalID(parsing: id)).key }

    static func brand(_ api: TestAPI, _ product: String) async throws -> String? {
        try await api.database.database.query("SELECT brand FROM products WHERE id = $1", [try key(product)])[0].decode(String?.self, at: 0)
    }

    static func status(_ api: TestAPI, _ product: String) async throws -> String {
        try await api.database.database.query("SELECT status FROM products WHERE id = $1", [try key(product)])[0].decode(String.self, at: 0)
    }
}
