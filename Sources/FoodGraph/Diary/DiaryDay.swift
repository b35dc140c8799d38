import GraphQLEngine

/// One local date of a user's diary (schema type `DiaryDay`): entries by meal with totals and the
/// macro split. `targets` and `remaining` come from the user's profile (Accounts), through its loader.
struct DiaryDay: Sendable, ObjectValue {
    static let graphQLTypeName = "DiaryDay"

    var userID: Int64
    var date: LocalDate
    /// Nil when the day was read without the user's profile: the `isToday` field then reads it.
    var isToday: Bool?
    /// In the order they were logged.
    var entries: [DiaryEntryRecord]

    var meals: [MealSummary] {
        Meal.allCases.map { meal in
            let mealEntries = entries.filter { $0.meal == meal }
            return MealSummary(meal: meal, entries: mealEntries, totals: Self.sum(mealEntries))
        }
    }

    var totals: Nutrition { Self.sum(entries) }

    /// Shares of energy from protein (4 kcal/g), fat (9) and carbohydrates (4), in percent.
    var macroSplit: MacroSplit {
        let totals = totals
        let protein = totals.proteinG * 4
        let fat = totals.fatG * 9
        let carbohydrates = totals.carbohydratesG * 4
        let energy = protein + fat + carbohydrates
        func percent(_ part: Double) -> Double { energy > 0 ? (part / energy * 1000).rounded() / 10 : 0 }
        return MacroSplit(proteinPercent: percent(protein), fatPercent: percent(fat), carbohydratesPercent: percent(carbohydrates))
    }

    /// Target minus consumed for energy and the macronutrients, to the tenth.
    func remaining(against targets: NutritionTargets) -> NutrientBalance {
        let totals = totals
        func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        return NutrientBalance(
            energyKcal: round(targets.energyKcal - totals.energyKcal), proteinG: round(targets.proteinG - totals.proteinG),
            fatG: round(targets.fatG - totals.fatG), carbohydratesG: round(targets.carbohydratesG - totals.carbohydratesG))
    }

    /// Sums to the hundredth; a nutrient no entry knows stays unknown (energy and macros are 0).
    static func sum(_ entries: [DiaryEntryRecord]) -> Nutrition {
        func total(_ value: (Nutrition) -> Double?) -> Double? {
            var sum = 0.0
            var known = false
            for entry in entries {
                if let value = value(entry.nutrition) {
                    sum += value
                    known = true
                }
            }
            return known ? (sum * 100).rounded() / 100 : nil
        }
        return Nutrition(
            basis: nil, energyKcal: total(\.energyKcal) ?? 0, fatG: total(\.fatG) ?? 0, saturatedFatG: total(\.saturatedFatG),
            transFatG: total(\.transFatG), cholesterolMg: total(\.cholesterolMg), carbohydratesG: total(\.carbohydratesG) ?? 0,
            fibreG: total(\.fibreG), sugarsG: total(\.sugarsG), sodiumMg: total(\.sodiumMg), proteinG: total(\.proteinG) ?? 0,
            vitaminAUg: total(\.vitaminAUg), vitaminCMg: total(\.vitaminCMg), calciumMg: total(\.calciumMg), ironMg: total(\.ironMg))
    }
}

/// One meal of a day (schema type `MealSummary`).
struct MealSummary: Sendable, ObjectValue {
    static let graphQLTypeName = "MealSummary"
    var meal: Meal
    var entries: [DiaryEntryRecord]
    var totals: Nutrition
}

/// Shares of energy, in percent (schema type `MacroSplit`).
struct MacroSplit: Sendable, ObjectValue {
    static let graphQLTypeName = "MacroSplit"
    var proteinPercent: Double
    var fatPercent: Double
    var carbohydratesPercent: Double
}

/// Target minus consumed (schema type `NutrientBalance`).
struct NutrientBalance: Sendable, ObjectValue {
    static let graphQLTypeName = "NutrientBalance"
    var energyKcal: Double
    var proteinG: Double
    var fatG: Double
    var carbohydratesG: Double
}
