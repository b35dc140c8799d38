import Foundation
import Server
import Testing

@testable import FoodGraph

/// The catalog through the real server: paging with its signed cursors, a refused cursor, and a
/// mutation's user errors in a 200 response without errors.
struct CatalogOverHTTPTests {
    @Test func pagesWithItsCursorsAndRefusesOthers() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let first = try await api.run(#"{ products(first: 3, filter: {category: "eggs"}) { totalCount edges { node { name } } pageInfo { endCursor } } }"#)
            #expect(first.status == 200)
            #expect(first.json["errors"] == nil)
            let cursor = try #require(first["data.products.pageInfo.endCursor"] as? String)
            let next = try await api.run(
                #"{ products(first: 3, filter: {category: "eggs"}, after: "\#(cursor)") { edges { node { name } } pageInfo { hasPreviousPage } } }"#)
            #expect(next.json["errors"] == nil)
            #expect(next["data.products.pageInfo.hasPreviousPage"] as? Bool == true)
            let firstNames = (first["data.products.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
            let nextNames = (next["data.products.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
            #expect(Set(firstNames ?? []).isDisjoint(with: nextNames ?? []))
            #expect((nextNames ?? []).count == 3)
            // The same cursor for another order, and for the stores.
            let otherOrder = try await api.run(#"{ products(first: 3, orderBy: PRICE_DESCENDING, after: "\#(cursor)") { totalCount } }"#, expecting: ["BAD_USER_INPUT"])
            #expect(otherOrder.errorCodes == ["BAD_USER_INPUT"])
            let otherList = try await api.run(#"{ stores(first: 3, after: "\#(cursor)") { edges { cursor } } }"#, expecting: ["BAD_USER_INPUT"])
            #expect(otherList.errorCodes == ["BAD_USER_INPUT"])
        }
    }

    @Test func aRefusedInputIsAUserErrorAndNothingElse() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let login = try await api.run(#"mutation { login(input: {email: "chain@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)
            let token = try #require(login["data.login.token"] as? String)
            let store = try #require(
                try await api.run("{ stores(first: 1, chainId: \"\(GlobalID(typeName: "RetailChain", key: 1))\") { edges { node { id } } } }")[
                    "data.stores.edges.0.node.id"] as? String)
            let refused = try await api.run(
                #"mutation { updateStore(input: {storeId: "\#(store)", address: {line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "Canada"}}) { store { name address { city } } userErrors { field code } } }"#,
                token: token)
            #expect(refused.status == 200)
            #expect(refused.json["errors"] == nil)
            #expect(refused["data.updateStore.store"] is NSNull)
            #expect(refused["data.updateStore.userErrors.0.field"] as? [String] == ["address", "country"])
            #expect(refused["data.updateStore.userErrors.0.code"] as? String == "TOO_LONG")
            let moved = try await api.run(
                #"mutation { updateStore(input: {storeId: "\#(store)", location: {latitude: 43.26, longitude: -79.87}}) { store { location { latitude } } userErrors { code } } }"#,
                token: token)
            #expect(moved.json["errors"] == nil)
            #expect(moved["data.updateStore.store.location.latitude"] as? Double == 43.26)
        }
    }
}
