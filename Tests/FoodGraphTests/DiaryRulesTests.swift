import Foundation
import Testing

@testable import FoodGraph

/// The diary's pure rules: date window, quantities, custom foods, overrides and weights.
struct DiaryRulesTests {
    static func date(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

    @Test func theDateWindowRunsFromTheRetentionHorizonToTomorrow() {
        let window = DiaryDateWindow(userToday: Self.date("2026-03-10"), utcToday: Self.date("2026-03-10"))
        #expect(window.earliest == Self.date("2021-03-10"))
        #expect(window.latest == Self.date("2026-03-11"))
        #expect(window.problem(with: Self.date("2026-03-11"), field: ["date"]) == nil)
        #expect(window.problem(with: Self.date("2021-03-10"), field: ["date"]) == nil)
        #expect(window.problem(with: Self.date("2026-03-12"), field: ["date"])?.code == .dateInFuture)
        #expect(window.problem(with: Self.date("9999-12-31"), field: ["date"])?.code == .dateInFuture)
        #expect(window.problem(with: Self.date("2021-03-09"), field: ["date"])?.code == .outOfRange)
        #expect(window.problem(with: Self.date("0001-01-01"), field: ["x"])?.field == ["x"])
        // Behind UTC: the purge's calendar (UTC) sets the horizon, the user's sets tomorrow.
        let behind = DiaryDateWindow(userToday: Self.date("2026-03-09"), utcToday: Self.date("2026-03-10"))
        #expect(behind.earliest == Self.date("2021-03-10"))
        #expect(behind.latest == Self.date("2026-03-10"))
        // 29 February five years back is the 28th, as PostgreSQL's interval arithmetic has it.
        #expect(DiaryDateWindow(userToday: Self.date("2024-02-29"), utcToday: Self.date("2024-02-29")).earliest == Self.date("2019-02-28"))
    }

    @Test func portionsHaveRangesForQuantityAndWeight() throws {
        let food = DiaryRules.Food(productID: nil, name: "Soup", per100: .zero, servingGrams: 250, pieceGrams: nil)
        #expect(try DiaryRules.grams(quantity: 2, unit: .serving, food: food).get() == 500)
        #expect(try DiaryRules.grams(quantity: 0.01, unit: .gram, food: food).get() == 0.01)
        for quantity in [Double.leastNonzeroMagnitude, 0, -1, 0.009, 10_000.01, 1e300, Double.infinity, Double.nan] {
            #expect(DiaryRules.grams(quantity: quantity, unit: .gram, food: food).problems.map(\.field) == [["quantity"]], "\(quantity)")
        }
        #expect(DiaryRules.grams(quantity: 1, unit: .piece, food: food).problems.map(\.code) == [.invalidFormat])
        // 10000 servings of 250 g: 2.5 t.
        #expect(DiaryRules.grams(quantity: 10_000, unit: .serving, food: food).problems.map(\.code) == [.outOfRange])
        #expect(DiaryRules.grams(quantity: 0.01, gramsPerUnit: 0.1).problems.map(\.field) == [["quantity"]])
    }

    @Test func customFoodsNameEveryValueOutOfRange() throws {
        func custom(_ values: [NutrientKey: Double], kj: Double? = nil, serving: Double? = nil, name: String = "Soup") -> CustomFoodInput {
            CustomFoodInput(
                name: name, nutrition: CustomFoodNutritionInput(energyKj: kj, values: values), servingGrams: serving, pieceGrams: nil)
        }
        let base: [NutrientKey: Double] = [.energyKcal: 100, .fatG: 1, .carbohydratesG: 10, .proteinG: 5]
        #expect(try DiaryRules.customFood(custom(base)).get().per100.energyKcal == 100)
        var bad = base
        bad[.sodiumMg] = -1
        bad[.fatG] = 1e300
        #expect(
            DiaryRules.customFood(custom(bad, serving: 0)).problems.map(\.field) == [
                ["food", "customFood", "servingGrams"], ["food", "customFood", "nutrition", "fatG"],
                ["food", "customFood", "nutrition", "sodiumMg"],
            ])
        var kilojoules = base
        kilojoules[.energyKcal] = nil
        #expect(try DiaryRules.customFood(custom(kilojoules, kj: 418.4)).get().per100.energyKcal == 100)
        #expect(DiaryRules.customFood(custom(kilojoules)).problems.map(\.code) == [.required])
        #expect(DiaryRules.customFood(custom(base, name: "  ")).problems.map(\.code) == [.required])
        #expect(DiaryRules.customFood(custom(base, name: String(repeating: "a", count: 201))).problems.map(\.code) == [.tooLong])
    }

    @Test func overridesAndWeights() throws {
        let overrides = [NutrientOverrideInput(nutrient: .fatG, value: 3), NutrientOverrideInput(nutrient: .ironMg, value: 1e308)]
        #expect(DiaryRules.overrides(overrides).problems.map(\.field) == [["overrides", "1", "value"]])
        let removal: [NutrientKey: Double?] = [.fatG: Double?.none]
        #expect(try DiaryRules.overrides([NutrientOverrideInput(nutrient: .fatG, value: nil)]).get() == removal)
        #expect(try DiaryRules.weight(kilograms: 80, pounds: nil).get() == 80)
        let pounds = try DiaryRules.weight(kilograms: nil, pounds: 176).get()
        #expect(abs(pounds - 79.83) < 0.01)
        #expect(DiaryRules.weight(kilograms: .leastNonzeroMagnitude, pounds: nil).problems.map(\.field) == [["kilograms"]])
        #expect(DiaryRules.weight(kilograms: nil, pounds: 1000).problems.map(\.field) == [["pounds"]])
        #expect(DiaryRules.weight(kilograms: 80, pounds: 170).problems.map(\.code) == [.required])
        #expect(DiaryRules.weight(kilograms: nil, pounds: nil).problems.map(\.code) == [.required])
    }
}
