import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// #21.8: offers belong to chains. Each representative sets their own chain's price, sale and
/// stock; the catalog lists every chain's offer, and the product's own fields summarise them.
struct CatalogChainOfferTests {
    @Test func aRepresentativeSetsOnlyTheirOwnChainsOfferAndTheCatalogShowsEachChains() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let banana = try await CatalogTypedTests.productID(api, "bananas")
        let before = try await CatalogAccessMatrixTests.offers(api, banana)
        let freshMart = try #require(before["FreshMart"])

        // Harbour's representative starts Harbour's offer (their chain is the default) ...
        let harbour = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(banana)", catalogPrice: "0.29", salePrice: "0.25", stock: 40}) { product { offers { chain { name } price { amount } salePrice { amount } onSale pricePaid { amount } stock inStock updatedAt } } userErrors { field code } } }"#,
                token: staff.token(.otherRepresentative)))
        #expect((harbour["data.updateProductOffer.userErrors"] as? [Any])?.isEmpty == true)
        let after = try await CatalogAccessMatrixTests.offers(api, banana)
        #expect(after.count == before.count + 1)
        #expect(after["Harbour Grocers"]?.price == "0.29")
        #expect(after["Harbour Grocers"]?.sale == "0.25")
        #expect(after["Harbour Grocers"]?.stock == 40)
        // ... and FreshMart's is untouched.
        #expect(after["FreshMart"]?.price == freshMart.price)
        #expect(after["FreshMart"]?.stock == freshMart.stock)
        // Offers come cheapest paid first.
        let offers = try #require(harbour["data.updateProductOffer.product.offers"] as? [[String: Any]])
        #expect((offers.first?["chain"] as? [String: Any])?["name"] as? String == "Harbour Grocers")
        #expect((offers.first?["pricePaid"] as? [String: Any])?["amount"] as? String == "0.25")
        #expect(offers.first?["onSale"] as? Bool == true)

        // Harbour's representative cannot touch FreshMart's offer, naming it or not.
        let foreign = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(banana)", chainId: "\#(staff.ownChain)", stock: 0}) { product { id } } }"#,
            token: staff.token(.otherRepresentative), expecting: ["FORBIDDEN"])
        #expect(foreign.errorCodes == ["FORBIDDEN"])
        #expect(try await CatalogAccessMatrixTests.offers(api, banana)["FreshMart"]?.stock == freshMart.stock)

        // FreshMart's representative ends FreshMart's offer: Harbour's stays.
        _ = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(banana)", catalogPrice: null}) { product { id } } }"#,
                token: staff.token(.ownRepresentative)))
        let last = try await CatalogAccessMatrixTests.offers(api, banana)
        #expect(last["FreshMart"] == nil)
        #expect(last["Harbour Grocers"]?.price == "0.29")

        // An administrator must say which chain's offer they set.
        let unnamed = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(banana)", stock: 3}) { userErrors { field code } } }"#,
            token: staff.token(.administrator))
        CatalogTypedTests.expectUserError(unnamed, "updateProductOffer", field: ["chainId"], code: "REQUIRED")
        // A chain without an offer starts one with its price.
        let noPrice = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(banana)", stock: 3}) { userErrors { field code } } }"#,
            token: staff.token(.ownRepresentative))
        CatalogTypedTests.expectUserError(noPrice, "updateProductOffer", field: ["catalogPrice"], code: "REQUIRED")
    }

    @Test func theProductsPriceSaleAndStockSummariseTheChainsOffers() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let product = try await staff.ownChainProduct("Summary oats")
        func summary() async throws -> (price: String?, sale: String?, onSale: Bool?, stock: Int?, inStock: Bool?) {
            let response = CatalogTypedTests.clean(
                try await api.run(#"{ node(id: "\#(product)") { ... on Product { catalogPrice { amount } salePrice { amount } onSale stock inStock } } }"#))
            return (
                (response["data.node.catalogPrice"] as? [String: Any])?["amount"] as? String,
                (response["data.node.salePrice"] as? [String: Any])?["amount"] as? String, response["data.node.onSale"] as? Bool,
                response["data.node.stock"] as? Int, response["data.node.inStock"] as? Bool
            )
        }
        // No offer: no price, nothing in stock.
        var now = try await summary()
        #expect(now.price == nil && now.sale == nil && now.onSale == false && now.stock == 0 && now.inStock == false)
        func offer(_ caller: CatalogCaller, _ fields: String) async throws {
            let response = CatalogTypedTests.clean(
                try await api.run(
                    #"mutation { updateProductOffer(input: {productId: "\#(product)", \#(fields)}) { userErrors { field code } } }"#,
                    token: staff.token(caller)))
            #expect((response["data.updateProductOffer.userErrors"] as? [Any])?.isEmpty == true, "\(response.json)")
        }
        try await offer(.ownRepresentative, #"catalogPrice: "3.00", stock: 10"#)
        try await offer(.otherRepresentative, #"catalogPrice: "2.50", stock: 0"#)
        // The cheaper offer is sold out: the best offer is the one in stock; stock is every chain's.
        now = try await summary()
        #expect(now.price == "3.00" && now.stock == 10 && now.inStock == true && now.onSale == false)
        try await offer(.otherRepresentative, #"stock: 5"#)
        now = try await summary()
        #expect(now.price == "2.50" && now.stock == 15)
        // A sale makes FreshMart's the lowest price paid.
        try await offer(.ownRepresentative, #"salePrice: "2.25""#)
        now = try await summary()
        #expect(now.price == "3.00" && now.sale == "2.25" && now.onSale == true)
        // Filters and orders read the same summary.
        let onSale = CatalogTypedTests.clean(
            try await api.run(#"{ products(first: 5, query: "summary oats", filter: {onSale: true, maxPrice: "2.30"}) { edges { node { id } } } }"#))
        #expect((onSale["data.products.edges.0.node"] as? [String: Any])?["id"] as? String == product)
        // A sale at or above the chain's price is refused, and nothing is written.
        let refused = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(product)", stock: 99, catalogPrice: "2.00"}) { userErrors { field code } } }"#,
            token: staff.token(.ownRepresentative))
        CatalogTypedTests.expectUserError(refused, "updateProductOffer", field: ["catalogPrice"], code: "OUT_OF_RANGE")
        #expect(try await CatalogAccessMatrixTests.offers(api, product)["FreshMart"]?.stock == 10)
    }

    @Test func concurrentOffersOfOneProductKeepEveryChainInTheSummary() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let product = try await staff.ownChainProduct("Race crackers")
        // Both chains price the product at the same moment, many times over.
        for round in 1...5 {
            async let own = api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(product)", catalogPrice: "4.00", stock: \#(round)}) { userErrors { code } } }"#,
                token: staff.token(.ownRepresentative))
            async let other = api.run(
                #"mutation { updateProductOffer(input: {productId: "\#(product)", catalogPrice: "3.00", stock: \#(round * 10)}) { userErrors { code } } }"#,
                token: staff.token(.otherRepresentative))
            _ = try await (own, other)
            let summary = CatalogTypedTests.clean(try await api.run(#"{ node(id: "\#(product)") { ... on Product { stock catalogPrice { amount } } } }"#))
            #expect(summary["data.node.stock"] as? Int == round * 11)
            #expect((summary["data.node.catalogPrice"] as? [String: Any])?["amount"] as? String == "3.00")
        }
    }
}
