import Foundation
import Testing

@testable import FoodGraph

/// The Meals area's pure rules: unit aggregation, package rounding, the diff, the planner.
@Suite struct MealRulesTests {
    static func product(_ id: Int64, _ name: String, package: Quantity?) -> ProductFacts {
        ProductFacts(
            id: id, name: name, nutrition: Nutrition(basis: nil, energyKcal: 100, fatG: 1, carbohydratesG: 10, proteinG: 5),
            packageSize: package)
    }

    static func use(_ quantity: Double, _ unit: IngredientUnit, _ food: String, product: ProductFacts? = nil, scale: Double = 1) -> GroceryAggregation.Use {
        GroceryAggregation.Use(
            ingredient: IngredientFacts(quantity: quantity, quantityMax: nil, unit: unit, pieceName: nil, food: food, product: product),
            scale: scale, categoryID: nil)
    }

    static func list(_ uses: [GroceryAggregation.Use], prices: [Int64: PackagePrice] = [:]) -> GroceryList {
        GroceryAggregation.list(uses, products: [:], categoryNames: [:], prices: prices, checked: [], budget: 75, budgetCurrency: "USD")
    }

    @Test func gramsAndACupOfFlourAddUpInGrams() {
        // 1 cup = 236.59 ml; flour weighs 0.53 g/ml spooned and levelled: 125.4 g.
        let unlinked = Self.list([Self.use(200, .gram, "flour"), Self.use(1, .cup, "flour")])
        #expect(unlinked.items.count == 1)
        #expect(unlinked.items.first?.unit == .gram)
        #expect(abs((unlinked.items.first?.neededQuantity ?? 0) - 325.4) < 0.1)
        // Linked to a 1 kg bag: one bag, priced.
        let flour = Self.product(1, "All Purpose Flour", package: Quantity(value: 1000, unit: .gram))
        let linked = Self.list(
            [Self.use(200, .gram, "flour", product: flour), Self.use(1, .cup, "flour", product: flour)],
            prices: [1: PackagePrice(amount: Decimal(string: "4.29")!, currency: "CAD", source: .catalog)])
        #expect(linked.items.map(\.key) == ["p:1"])
        #expect(abs((linked.items.first?.neededQuantity ?? 0) - 325.4) < 0.1)
        #expect(linked.items.first?.packages == 1)
        #expect(linked.items.first?.quantity == 1000)
        #expect(linked.items.first?.cost == Decimal(string: "4.29"))
        #expect(linked.total == Decimal(string: "4.29"))
    }

    @Test func eggsAreCountedAndBoughtByTheDozen() {
        let unlinked = Self.list([Self.use(3, .count, "eggs"), Self.use(2, .count, "egg")])
        #expect(unlinked.items.count == 1)
        #expect(unlinked.items.first?.unit == .piece)
        #expect(unlinked.items.first?.neededQuantity == 5)
        let dozen = Self.product(2, "Large White Eggs", package: Quantity(value: 12, unit: .piece))
        let price = [Int64(2): PackagePrice(amount: Decimal(string: "3.50")!, currency: "CAD", source: .averageObserved)]
        let five = Self.list([Self.use(3, .count, "eggs", product: dozen), Self.use(2, .count, "eggs", product: dozen)], prices: price)
        #expect(five.items.first?.neededQuantity == 5)
        #expect(five.items.first?.packages == 1)
        #expect(five.items.first?.quantity == 12)
        // Portions scale: 3 eggs for 2 servings eaten as 4 servings, plus 8 more: 14, two dozen.
        let fourteen = Self.list([Self.use(3, .count, "eggs", product: dozen, scale: 2), Self.use(8, .count, "eggs", product: dozen)], prices: price)
        #expect(fourteen.items.first?.neededQuantity == 14)
        #expect(fourteen.items.first?.packages == 2)
        #expect(fourteen.items.first?.cost == Decimal(string: "7.00"))
        #expect(fourteen.items.first?.priceSource == .averageObserved)
    }

    @Test func packagesAreRoundedUpButNotForARoundingHair() {
        #expect(GroceryAggregation.packages(needed: 1000, packageSize: 1000) == 1)
        #expect(GroceryAggregation.packages(needed: 1000.0000001, packageSize: 1000) == 1)
        #expect(GroceryAggregation.packages(needed: 1001, packageSize: 1000) == 2)
        #expect(GroceryAggregation.packages(needed: 0.5, packageSize: 1000) == 1)
        #expect(GroceryAggregation.packages(needed: 0, packageSize: 1000) == 0)
        // Volumes against a millilitre package: a cup and 500 ml of milk in a 1 L carton.
        let milk = Self.product(3, "2% Milk", package: Quantity(value: 1000, unit: .millilitre))
        let list = Self.list([Self.use(1, .cup, "milk", product: milk), Self.use(500, .millilitre, "milk", product: milk)])
        #expect(list.items.first?.unit == .millilitre)
        #expect(abs((list.items.first?.neededQuantity ?? 0) - 736.6) < 0.1)
        #expect(list.items.first?.packages == 1)
        #expect(list.unpriced == ["milk"])
    }

    @Test func whatThePantryHoldsIsConvertedAndTakenOffBeforeRoundingToPackages() {
        let flour = Self.product(1, "All Purpose Flour", package: Quantity(value: 1000, unit: .gram))
        let milk = Self.product(3, "2% Milk", package: Quantity(value: 1000, unit: .millilitre))
        let dozen = Self.product(2, "Large White Eggs", package: Quantity(value: 12, unit: .piece))
        let prices: [Int64: PackagePrice] = [
            1: PackagePrice(amount: 4, currency: "USD", source: .catalog), 2: PackagePrice(amount: 3, currency: "USD", source: .catalog),
            3: PackagePrice(amount: 2, currency: "USD", source: .catalog),
        ]
        // 1500 g of flour (two bags), 1500 ml of milk (two cartons), 14 eggs (two dozen).
        let uses = [
            Self.use(1500, .gram, "flour", product: flour), Self.use(1500, .millilitre, "milk", product: milk),
            Self.use(14, .count, "eggs", product: dozen),
        ]
        func list(_ pantry: [Int64: [QuantityUnit: Double]]?) -> GroceryList {
            GroceryAggregation.list(uses, products: [:], categoryNames: [:], prices: prices, checked: [], budget: 75, budgetCurrency: "USD", pantry: pantry)
        }
        let without = list(nil)
        #expect(without.subtractsPantry == false)
        #expect(without.items.map(\.packages) == [2, 2, 2])
        #expect(without.total == 18)
        // One bag of flour held as a piece (a piece is a package), 600 g of milk (1 g = 1 ml), 3 eggs.
        let with = list([1: [.piece: 1], 3: [.gram: 600], 2: [.piece: 3]])
        #expect(with.subtractsPantry)
        let byKey = Dictionary(uniqueKeysWithValues: with.items.map { ($0.key, $0) })
        #expect(byKey["p:1"]?.inPantry == 1000)
        #expect(byKey["p:1"]?.packages == 1)
        #expect(byKey["p:3"]?.inPantry == 600)
        #expect(byKey["p:3"]?.packages == 1)
        #expect(byKey["p:2"]?.inPantry == 3)
        #expect(byKey["p:2"]?.packages == 1)
        #expect(with.total == 9)
        // Held beyond the need: nothing to buy, nothing unpriced, the need still shown.
        let covered = list([1: [.gram: 5000], 3: [.millilitre: 1500], 2: [.piece: 20]])
        #expect(covered.items.allSatisfy { $0.packages == 0 && $0.quantity == 0 && $0.cost == 0 })
        #expect(covered.items.map(\.inPantry).sorted() == [14, 1500, 1500])
        #expect(covered.total == 0 && covered.unpriced.isEmpty)
        // The diff sees a change of what the pantry holds.
        #expect(GroceryListDiff(from: without, to: with).changed.count == 3)
    }

    @Test func theDiffOfTwoListsNamesAddedRemovedAndChangedItems() {
        let before = Self.list([Self.use(200, .gram, "flour"), Self.use(3, .count, "eggs")])
        let after = Self.list([Self.use(300, .gram, "flour"), Self.use(1, .count, "lemon")])
        let diff = GroceryListDiff(from: before, to: after)
        #expect(diff.added.map(\.name) == ["lemon"])
        #expect(diff.removed.map(\.name) == ["eggs"])
        #expect(diff.changed.map { $0.item.neededQuantity } == [300])
        #expect(diff.changed.map { $0.previous.neededQuantity } == [200])
    }

    @Test func thePlannerKeepsWithinBudgetAndNearTheTargetWhenTheRecipesAllow() {
        var random = MealPlanner.SplitMix(state: 1)
        for round in 0..<40 {
            var pools: [Meal: [MealPlanner.Candidate]] = [:]
            var id: Int64 = 0
            for meal in MealPlanner.meals {
                pools[meal] = (0..<40).map { _ in
                    id += 1
                    return MealPlanner.Candidate(
                        recipeID: id, energyKcal: Double(150 + random.next() % 700), cost: Double(50 + random.next() % 600) / 100)
                }
            }
            let budget = [75.0, 100, 125, 150][round % 4]
            let result = MealPlanner.plan(MealPlanner.Input(dailyTargetKcal: 2000, budget: budget, pools: pools, picks: [:], seed: UInt64(round)))
            #expect(result.meals.count == 21)
            #expect(result.totalCost <= budget + 0.005, "round \(round): \(result.totalCost) > \(budget)")
            for day in 0..<7 {
                let kcal = result.meals.filter { $0.slot.day == day }.reduce(0) { $0 + $1.energyKcal }
                #expect(abs(kcal - 2000) / 2000 <= 0.10, "round \(round) day \(day): \(kcal)")
            }
            #expect(result.shortfalls.isEmpty)
        }
        // Only expensive recipes: over budget, and it says by how much and why.
        let dear = Dictionary(uniqueKeysWithValues: MealPlanner.meals.enumerated().map { index, meal in
            (meal, [MealPlanner.Candidate(recipeID: Int64(index + 1), energyKcal: 650, cost: 9)])
        })
        let over = MealPlanner.plan(MealPlanner.Input(dailyTargetKcal: 2000, budget: 75, pools: dear, picks: [:], seed: 0))
        #expect(over.totalCost > 75)
        #expect(over.shortfalls.first?.contains("over your budget of 75.00") == true, "\(over.shortfalls)")
    }

    @Test func theCatalogueHasThreePlansForEveryGoalAndDietType() {
        for goal in [WeightGoal.lose, .hold, .gain] {
            for dietType in [DietType.ordinary, .vegetarian, .vegan, .separate, .raw, .lowCarb, .lowFat, .mono] {
                let plans = DietPlanCatalogue.plans(goal: goal, dietType: dietType)
                #expect(plans.count == 3)
                for plan in plans {
                    #expect(plan.proteinPercent + plan.fatPercent + plan.carbohydratesPercent == 100)
                    #expect(plan.dailyKcal(maintenance: 1000) >= 1200)
                }
            }
        }
        #expect(Set(DietPlanCatalogue.all.map(\.key)).count == 72)
    }
}
