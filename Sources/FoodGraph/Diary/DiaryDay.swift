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
    /// Written out nutrient by nutrient: key paths passed as functions were instantiated and
    /// reference-counted on every call (54 retains and as many releases a diary day).
    static func sum(_ entries: [DiaryEntryRecord]) -> Nutrition {
        var energyKcal = KnownSum(), fatG = KnownSum(), saturatedFatG = KnownSum(), transFatG = KnownSum()
        var cholesterolMg = KnownSum(), carbohydratesG = KnownSum(), fibreG = KnownSum(), sugarsG = KnownSum()
        var sodiumMg = KnownSum(), proteinG = KnownSum(), vitaminAUg = KnownSum(), vitaminCMg = KnownSum()
        var calciumMg = KnownSum(), ironMg = KnownSum()
        for entry in entries {
            let nutrition = entry.nutrition
            energyKcal.add(nutrition.energyKcal)
            fatG.add(nutrition.fatG)
            saturatedFatG.add(nutrition.saturatedFatG)
            transFatG.add(nutrition.transFatG)
            cholesterolMg.add(nutrition.cholesterolMg)
            carbohydratesG.add(nutrition.carbohydratesG)
            fibreG.add(nutrition.fibreG)
            sugarsG.add(nutrition.sugarsG)
            sodiumMg.add(nutrition.sodiumMg)
            proteinG.add(nutrition.proteinG)
            vitaminAUg.add(nutrition.vitaminAUg)
            vitaminCMg.add(nutrition.vitaminCMg)
            calciumMg.add(nutrition.calciumMg)
            ironMg.add(nutrition.ironMg)
        }
        return Nutrition(
            basis: nil, energyKcal: energyKcal.total ?? 0, fatG: fatG.total ?? 0, saturatedFatG: saturatedFatG.total,
            transFatG: transFatG.total, cholesterolMg: cholesterolMg.total, carbohydratesG: carbohydratesG.total ?? 0,
            fibreG: fibreG.total, sugarsG: sugarsG.total, sodiumMg: sodiumMg.total, proteinG: proteinG.total ?? 0,
            vitaminAUg: vitaminAUg.total, vitaminCMg: vitaminCMg.total, calciumMg: calciumMg.total, ironMg: ironMg.total)
    }

    /// A sum that stays unknown until an amount is added.
    private struct KnownSum {
        private var sum = 0.0
        private var isKnown = false

        mutating func add(_ amount: Double?) {
            guard let amount else { return }
            sum += amount
            isKnown = true
        }

        /// To the hundredth; nil when nothing was added.
        var total: Double? { isKnown ? (sum * 100).rounded() / 100 : nil }
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
