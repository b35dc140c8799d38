import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// A page of products and a product by barcode read only the columns their selected fields need
/// (`ProductColumns`); what they answer is what the same products answer read whole.
struct CatalogColumnsTests {
    /// Selections on `Product`, from a list of names to fields that need every column, written
    /// with fragments, aliases and directives.
    static let selections = [
        "id name brand barcode stock inStock status category { name } chain { name } revisionOf { id }",
        "id nutritionPer100 { basis energyKcal energyKj fatG saturatedFatG carbohydratesG proteinG sodiumMg ironMg }",
        "id nutritionPer100 { energyKcal micronutrients { name amount unit } }",
        "id nutritionPer100 { dailyValues { nutrient amount percent } }",
        "id nutritionPerServing { energyKcal } servingSize { value unit } packageSize { value unit } servingDescription",
        "id allergens dietLabels shelfLifeDays storage catalogPrice { amount currency } salePrice { amount } onSale",
        "id ...Labels",
        "id nutritionPer100 { energyKcal } labels: allergens @include(if: true) storage @skip(if: false)",
        "name latestPrices(first: 2) { edges { node { price { amount currency } } } } priceStatistics { median { amount } }",
    ]

    static func canonical(_ value: Any?) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    @Test func aPageAnswersEachSelectionAsTheWholeProductsDo() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        for selection in Self.selections {
            let fragment = selection.contains("...Labels") ? "fragment Labels on Product { allergens dietLabels catalogPrice { amount currency } }" : ""
            let page = try await api.run("{ products(first: 25) { edges { node { id \(selection) } } } } \(fragment)")
            let nodes = try #require((page["data.products.edges"] as? [[String: Any]])?.compactMap { $0["node"] as? [String: Any] })
            #expect(nodes.count == 25)
            for node in nodes {
                let id = try #require(node["id"] as? String)
                let whole = try await api.run(#"{ node(id: "\#(id)") { ... on Product { id \#(selection) } } } \#(fragment)"#)
                #expect(try Self.canonical(node) == Self.canonical(whole["data.node"]), "\(selection)")
            }
        }
    }

    @Test func aProductByBarcodeAnswersAsTheWholeProductDoes() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let products = try await api.run("{ products(first: 20) { edges { node { id barcode } } } }")
        let nodes = try #require((products["data.products.edges"] as? [[String: Any]])?.compactMap { $0["node"] as? [String: Any] })
        var checked = 0
        for node in nodes {
            guard let barcode = node["barcode"] as? String, let id = node["id"] as? String else { continue }
            checked += 1
            for selection in [Self.selections[0], Self.selections[1], Self.selections[5]] {
                let byBarcode = try await api.run(#"{ productByBarcode(barcode: "\#(barcode)") { id \#(selection) } }"#)
                let whole = try await api.run(#"{ node(id: "\#(id)") { ... on Product { id \#(selection) } } }"#)
                #expect(try Self.canonical(byBarcode["data.productByBarcode"]) == Self.canonical(whole["data.node"]), "\(selection)")
            }
        }
        #expect(checked >= 5)
    }

    @Test func aPageOfNamesLeavesOutEveryOtherColumnAndANewFieldReadsThemAll() {
        #expect(ProductColumns.all.select == ProductRecord.columns)
        let summary = ProductColumns.summary.select
        for column in ["p.energy_kcal", "p.allergens", "p.micronutrients", "p.catalog_price", "p.serving_unit"] {
            #expect(!summary.contains(column))
        }
        #expect(ProductColumns.nutrition.select.contains("p.energy_kcal") && !ProductColumns.nutrition.select.contains("p.micronutrients"))
        // Every level selects the same number of columns, so that positions hold.
        for level in [ProductColumns.summary, .nutrition] {
            #expect(level.select.components(separatedBy: ", ").count == ProductRecord.columnList.count)
        }
    }
}
