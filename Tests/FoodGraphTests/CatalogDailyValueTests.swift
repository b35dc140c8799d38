import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// #23 (NutriBud §4.2): nutrition as % of Daily Value for the vitamins and minerals that have one,
/// against Health Canada's Daily Values by default, or the FDA's.
struct CatalogDailyValueTests {
    static func percents(_ list: Any?) -> [String: Double] {
        var percents: [String: Double] = [:]
        for value in (list as? [[String: Any]]) ?? [] {
            if let nutrient = value["nutrient"] as? String, let percent = value["percent"] as? Double { percents[nutrient] = percent }
        }
        return percents
    }

    @Test func aProductShowsItsVitaminsAndMineralsAsPercentOfTheDailyValue() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        // 2 % milk: the seed's calcium, iron, vitamin C and sodium, plus vitamin A and further
        // micronutrients in various units (one with no Daily Value, one in a unit that is not a mass).
        _ = try await api.database.database.query(
            #"""
            UPDATE products SET vitamin_a_ug = 55, micronutrients = '{"potassium": {"amount": 150, "unit": "mg"},
              "vitamin_d": {"amount": 1.2, "unit": "µg"}, "magnesium": {"amount": 0.011, "unit": "g"},
              "lactose": {"amount": 4.8, "unit": "g"}, "vitamin_e": {"amount": 3, "unit": "IU"}}'
            WHERE barcode = '0627137020536'
            """#)
        let milk = CatalogTypedTests.clean(
            try await api.run(
                """
                { productByBarcode(barcode: "0627137020536") {
                    nutritionPer100 { calciumMg dailyValues { nutrient amount unit dailyValue percent } fda: dailyValues(standard: FDA) { nutrient dailyValue percent } }
                    nutritionPerServing { dailyValues { nutrient amount percent } } } }
                """))
        let per100 = try #require(milk["data.productByBarcode.nutritionPer100.dailyValues"] as? [[String: Any]])
        // The four every label shows first, then sodium, potassium and the rest in the tables' order.
        #expect(per100.compactMap { $0["nutrient"] as? String } == ["vitamin_a", "vitamin_c", "calcium", "iron", "sodium", "potassium", "vitamin_d", "magnesium"])
        let calcium = try #require(per100.first { $0["nutrient"] as? String == "calcium" })
        #expect(calcium["amount"] as? Double == 120)
        #expect(calcium["unit"] as? String == "mg")
        #expect(calcium["dailyValue"] as? Double == 1300)
        let canada = Self.percents(per100)
        #expect(canada["vitamin_a"] == 6.1)  // 55 / 900 µg
        #expect(canada["vitamin_c"] == 0.2)  // 0.2 / 90 mg
        #expect(canada["calcium"] == 9.2)  // 120 / 1300 mg
        #expect(canada["iron"] == 0.1)  // 0.02 / 18 mg
        #expect(canada["sodium"] == 2)  // 47 / 2300 mg
        #expect(canada["potassium"] == 4.4)  // 150 / 3400 mg (Health Canada)
        #expect(canada["vitamin_d"] == 6)  // 1.2 / 20 µg
        #expect(canada["magnesium"] == 2.6)  // 0.011 g = 11 mg / 420 mg
        let magnesium = try #require(per100.first { $0["nutrient"] as? String == "magnesium" })
        #expect(magnesium["amount"] as? Double == 11)
        // The FDA's differ in potassium only.
        let fda = try #require(milk["data.productByBarcode.nutritionPer100.fda"] as? [[String: Any]])
        #expect(Self.percents(fda)["potassium"] == 3.2)  // 150 / 4700 mg
        #expect(fda.first { $0["nutrient"] as? String == "potassium" }?["dailyValue"] as? Double == 4700)
        #expect(Self.percents(fda).filter { $0.key != "potassium" } == canada.filter { $0.key != "potassium" })
        // Per serving (250 ml): 300 mg of calcium.
        #expect(Self.percents(milk["data.productByBarcode.nutritionPerServing.dailyValues"])["calcium"] == 23.1)
        // Unknown amounts are left out: a product without micronutrients or vitamin A lists the rest.
        let bananas = CatalogTypedTests.clean(try await api.run(#"{ products(first: 1, query: "bananas") { edges { node { nutritionPer100 { dailyValues { nutrient } } } } } }"#))
        let nutrients = (bananas["data.products.edges.0.node.nutritionPer100.dailyValues"] as? [[String: Any]])?.compactMap { $0["nutrient"] as? String }
        #expect(nutrients == ["vitamin_c", "calcium", "iron", "sodium"])
    }

    @Test func aDaysTotalsShowThePercentOfTheDailyValueEaten() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let user = try await api.signUp("dv@example.com")
        let milk = try #require(
            CatalogTypedTests.clean(try await api.run(#"{ productByBarcode(barcode: "0627137020536") { id } }"#))["data.productByBarcode.id"] as? String)
        _ = CatalogTypedTests.clean(
            try await api.run(
                #"mutation { addDiaryEntry(input: {food: {productId: "\#(milk)"}, meal: BREAKFAST, quantity: 500, unit: MILLILITRE}) { userErrors { field code } } }"#,
                token: user))
        let day = CatalogTypedTests.clean(try await api.run("{ me { diaryDay { totals { dailyValues { nutrient percent } } } } }", token: user))
        // 500 ml: 600 mg of calcium, 46.2 % of 1300 mg.
        #expect(Self.percents(day["data.me.diaryDay.totals.dailyValues"])["calcium"] == 46.2)
    }

    @Test func dailyValuesFollowTheCitedTables() {
        let nutrition = Nutrition(
            basis: .per100G, energyKcal: 0, fatG: 0, saturatedFatG: nil, transFatG: nil, cholesterolMg: nil, carbohydratesG: 0, fibreG: nil,
            sugarsG: nil, sodiumMg: 2300, proteinG: 0, vitaminAUg: 900, vitaminCMg: 90, calciumMg: 1300, ironMg: 18,
            micronutrients: [
                Micronutrient(name: "Vitamin B12", amount: 2.4, unit: "mcg"), Micronutrient(name: "thiamine", amount: 0.6, unit: "mg"),
                Micronutrient(name: "zinc", amount: 11_000, unit: "ug"), Micronutrient(name: "iodide", amount: 0.15, unit: "mg"),
            ])
        let values = DailyValues.of(nutrition, standard: .healthCanada)
        #expect(values.map(\.nutrient) == ["vitamin_a", "vitamin_c", "calcium", "iron", "sodium", "thiamin", "vitamin_b12", "iodine", "zinc"])
        #expect(values.first { $0.nutrient == "thiamin" }?.percent == 50)
        #expect(values.filter { $0.nutrient != "thiamin" }.allSatisfy { $0.percent == 100 }, "\(values)")
        #expect(values.first { $0.nutrient == "iodine" }?.unit == "µg")
        #expect(DailyValues.references.count == Set(DailyValues.references.map(\.nutrient)).count)
        #expect(DailyValues.references.filter { $0.healthCanada != $0.fda }.map(\.nutrient) == ["potassium"])
    }
}
