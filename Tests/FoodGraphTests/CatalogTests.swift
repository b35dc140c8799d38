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

    static func names(_ response: Response, _ path: String = "data.products.edges") -> [String] {
        ((response[path] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
    }

    @Test func keysetPagesForwardsBackwardsAndAtTheEdges() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let all = Self.names(try await api.run("{ products(first: 100) { edges { node { name } } } }"))
        #expect(all.count == 14)
        #expect(all == all.sorted())
        // Forwards in pages of 5: 5 + 5 + 4, with exact hasNextPage.
        var cursor: String?
        var seen: [String] = []
        for expectedCount in [5, 5, 4] {
            let after = cursor.map { #", after: "\#($0)""# } ?? ""
            let page = try await api.run(
                "{ products(first: 5\(after)) { totalCount edges { node { name } } pageInfo { hasNextPage hasPreviousPage endCursor } } }")
            let names = Self.names(page)
            #expect(names.count == expectedCount)
            #expect(page["data.products.totalCount"] as? Int == 14)
            #expect(page["data.products.pageInfo.hasNextPage"] as? Bool == (seen.count + names.count < 14))
            #expect(page["data.products.pageInfo.hasPreviousPage"] as? Bool == !seen.isEmpty)
            seen += names
            cursor = page["data.products.pageInfo.endCursor"] as? String
        }
        #expect(seen == all)
        // An exact last page: nothing after it.
        let empty = try await api.run(#"{ products(first: 5, after: "\#(cursor ?? "")") { edges { node { name } } pageInfo { hasNextPage startCursor } } }"#)
        #expect(Self.names(empty).isEmpty)
        #expect(empty["data.products.pageInfo.hasNextPage"] as? Bool == false)
        #expect(empty["data.products.pageInfo.startCursor"] is NSNull)
        // Backwards: the last three, then the three before them, in forward order.
        let last = try await api.run("{ products(last: 3) { edges { node { name } } pageInfo { hasPreviousPage startCursor } } }")
        #expect(Self.names(last) == Array(all.suffix(3)))
        #expect(last["data.products.pageInfo.hasPreviousPage"] as? Bool == true)
        let start = try #require(last["data.products.pageInfo.startCursor"] as? String)
        let before = try await api.run(#"{ products(last: 3, before: "\#(start)") { edges { node { name } } } }"#)
        #expect(Self.names(before) == Array(all.dropLast(3).suffix(3)))
        // No match at all.
        let none = try await api.run(#"{ products(first: 5, query: "zzzzqqq") { totalCount edges { node { name } } pageInfo { hasNextPage } } }"#)
        #expect(none["data.products.totalCount"] as? Int == 0)
        #expect(Self.names(none).isEmpty)
        // Bad arguments.
        #expect(try await api.run("{ products(first: 1000) { totalCount } }").errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run("{ products(first: 1, last: 1) { totalCount } }").errorCodes == ["BAD_USER_INPUT"])
        #expect(try await api.run(#"{ products(first: 1, after: "bm9wZQ") { totalCount } }"#).errorCodes == ["BAD_USER_INPUT"])
    }

    @Test func otherOrdersPageToo() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let byPrice = Self.names(try await api.run("{ products(first: 100, orderBy: PRICE_ASCENDING) { edges { node { name } } } }"))
        var paged: [String] = []
        var cursor = ""
        while true {
            let page = try await api.run(
                #"{ products(first: 4, orderBy: PRICE_ASCENDING\#(cursor)) { edges { node { name } } pageInfo { hasNextPage endCursor } } }"#)
            paged += Self.names(page)
            guard page["data.products.pageInfo.hasNextPage"] as? Bool == true, let end = page["data.products.pageInfo.endCursor"] as? String
            else { break }
            cursor = #", after: "\#(end)""#
        }
        #expect(paged == byPrice)
        #expect(byPrice.first == "Banana")  // the cheapest, 0.29
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
