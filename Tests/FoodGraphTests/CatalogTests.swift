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

    @Test func searchToleratesTyposAndFilters() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let typo = try await api.run(#"{ products(first: 5, query: "bananna") { totalCount edges { node { name } } } }"#)
        #expect(typo["data.products.edges.0.node.name"] as? String == "Banana")
        let dairy = try await api.run(
            #"{ products(first: 10, filter: {category: "dairy"}) { totalCount edges { node { name category { slug } } } } }"#)
        let names = (dairy["data.products.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
        #expect(names == ["2% Milk", "Aged Cheddar", "Almond Milk Unsweetened", "Greek Yogurt Plain"])
        #expect(dairy["data.products.totalCount"] as? Int == 4)
    }

    @Test func pagesWithCursors() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let first = try await api.run("{ products(first: 3) { edges { node { name } } pageInfo { hasNextPage endCursor } } }")
        #expect(first["data.products.pageInfo.hasNextPage"] as? Bool == true)
        let cursor = try #require(first["data.products.pageInfo.endCursor"] as? String)
        let second = try await api.run(
            #"{ products(first: 3, after: "\#(cursor)") { edges { node { name } } pageInfo { hasPreviousPage } } }"#)
        #expect(second["data.products.pageInfo.hasPreviousPage"] as? Bool == true)
        #expect(second["data.products.edges.0.node.name"] as? String != first["data.products.edges.0.node.name"] as? String)
        let tooMany = try await api.run("{ products(first: 1000) { totalCount } }")
        #expect(tooMany.errorCodes == ["BAD_USER_INPUT"])
    }

    @Test func barcodeLookupNormalisesUPC() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let milk = try await api.run(#"{ productByBarcode(barcode: "068700011009") { name nutritionPer100 { basis energyKcal energyKj } } }"#)
        #expect(milk["data.productByBarcode.name"] as? String == "2% Milk")
        #expect(milk["data.productByBarcode.nutritionPer100.basis"] as? String == "PER_100_ML")
        #expect(milk["data.productByBarcode.nutritionPer100.energyKj"] as? Double == 209.2)
        let bad = try await api.run(#"{ productByBarcode(barcode: "12ab") { name } }"#)
        #expect(bad.errorCodes == ["BAD_USER_INPUT"])
    }

    @Test func categoriesOfAPageLoadInOneBatch() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let response = try await api.run("{ products(first: 14) { edges { node { name category { name parent { name } } } } } }")
        #expect((response["data.products.edges"] as? [Any])?.count == 14)
        // The page, its categories, their parents: three statements however many products.
        #expect(response.statements == 3)
    }
}
