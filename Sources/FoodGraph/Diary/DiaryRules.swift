import Foundation

/// The diary's input rules, pure so they are tested without a database. Every number a client
/// sends has a range (stated in the schema's descriptions); a value outside it is a user error
/// `OUT_OF_RANGE` naming the field, never a database error.
enum DiaryRules {
    /// A quantity in its unit. The database keeps hundredths, so 0.01 is the smallest.
    static let quantity = 0.01...10_000.0
    /// Grams in one serving or one piece of a custom food.
    static let unitGrams = 0.1...5_000.0
    /// The weight of a whole portion: at least the smallest storable weight, at most 100 kg.
    static let portionGrams = 0.01...100_000.0
    /// A nutrient value: per 100 g of a custom food, or for a whole entry when overridden.
    static let nutrient = 0.0...100_000.0
    /// Energy per 100 g in kilojoules (the kcal range × 4.184).
    static let energyKj = 0.0...418_400.0
    static let foodName = 1...200
    static let weightKg = 20.0...450.0
    static let poundsPerKilogram = WeightEntryRecord.poundsPerKilogram

    /// The food of a new entry: its name, values per 100 g, and grams per serving and per piece.
    struct Food: Sendable {
        var productID: Int64?
        var name: String
        var per100: Nutrition
        var servingGrams: Double?
        var pieceGrams: Double?
    }

    static func quantity(_ value: Double, field: [String] = ["quantity"]) -> UserError? {
        quantity.contains(value)
            ? nil : UserError(field: field, message: "Enter a quantity from 0.01 to 10000.", code: .outOfRange)
    }

    /// Grams of the portion, or the user errors that prevent computing it: the quantity's range,
    /// a unit the food has no measure for, and the portion's own range.
    static func grams(quantity: Double, unit: DiaryQuantityUnit, food: Food) -> Result<Double, Problems> {
        if let problem = self.quantity(quantity) { return .failure(Problems([problem])) }
        switch unit {
        case .gram, .millilitre:
            return grams(quantity: quantity, gramsPerUnit: 1)
        case .serving:
            guard let serving = food.servingGrams, serving > 0 else {
                return .failure(Problems([UserError("unit", "This food has no serving size; log it in grams.", code: .invalidFormat)]))
            }
            return grams(quantity: quantity, gramsPerUnit: serving)
        case .piece:
            guard let piece = food.pieceGrams, piece > 0 else {
                return .failure(Problems([UserError("unit", "This food has no piece weight; log it in grams.", code: .invalidFormat)]))
            }
            return grams(quantity: quantity, gramsPerUnit: piece)
        }
    }

    /// Grams of `quantity` units weighing `gramsPerUnit` each, with the quantity's and the
    /// portion's ranges checked.
    static func grams(quantity: Double, gramsPerUnit: Double) -> Result<Double, Problems> {
        if let problem = self.quantity(quantity) { return .failure(Problems([problem])) }
        let grams = quantity * gramsPerUnit
        guard portionGrams.contains(grams) else {
            return .failure(
                Problems([UserError("quantity", "A portion weighs from 0.01 g to 100 kg; this one would weigh \(grams) g.", code: .outOfRange)]))
        }
        return .success(grams)
    }

    /// The custom food of `DiaryFoodInput`, or every problem with it.
    static func customFood(_ input: CustomFoodInput) -> Result<Food, Problems> {
        let path = ["food", "customFood"]
        var errors: [UserError] = []
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            errors.append(UserError(field: path + ["name"], message: "Name the food in 1 to 200 characters.", code: .required))
        } else if !foodName.contains(name.count) {
            errors.append(UserError(field: path + ["name"], message: "Name the food in 1 to 200 characters.", code: .tooLong))
        }
        for (field, value) in [("servingGrams", input.servingGrams), ("pieceGrams", input.pieceGrams)] {
            if let value, !unitGrams.contains(value) {
                errors.append(UserError(field: path + [field], message: "Enter from 0.1 to 5000 grams.", code: .outOfRange))
            }
        }
        let nutritionPath = path + ["nutrition"]
        let values = input.nutrition.values
        for key in NutrientKey.allCases {
            if let value = values[key], !nutrient.contains(value) {
                errors.append(
                    UserError(field: nutritionPath + [key.fieldName], message: "Enter from 0 to 100000 per 100 g.", code: .outOfRange))
            }
        }
        if let kilojoules = input.nutrition.energyKj, !energyKj.contains(kilojoules) {
            errors.append(UserError(field: nutritionPath + ["energyKj"], message: "Enter from 0 to 418400 kJ per 100 g.", code: .outOfRange))
        }
        let energy = values[.energyKcal] ?? input.nutrition.energyKj.map { ($0 / 4.184 * 10).rounded() / 10 }
        if energy == nil {
            errors.append(UserError(field: nutritionPath + ["energyKcal"], message: "Give the energy in kcal or kJ.", code: .required))
        }
        guard errors.isEmpty else { return .failure(Problems(errors)) }
        var per100 = Nutrition.zero
        per100.energyKcal = energy ?? 0
        for key in NutrientKey.allCases where key != .energyKcal { per100[key] = values[key] }
        return .success(Food(productID: nil, name: name, per100: per100, servingGrams: input.servingGrams, pieceGrams: input.pieceGrams))
    }

    /// Overrides as changes (a value sets, nil removes), or the problems with their values.
    static func overrides(_ overrides: [NutrientOverrideInput]?) -> Result<[NutrientKey: Double?], Problems> {
        var changes: [NutrientKey: Double?] = [:]
        var errors: [UserError] = []
        for (index, override) in (overrides ?? []).enumerated() {
            if let value = override.value, !nutrient.contains(value) {
                errors.append(
                    UserError(
                        field: ["overrides", String(index), "value"],
                        message: "\(override.nutrient.rawValue) must be from 0 to 100000 for the whole entry.", code: .outOfRange))
            }
            changes[override.nutrient] = .some(override.value)
        }
        return errors.isEmpty ? .success(changes) : .failure(Problems(errors))
    }

    /// The weight in kilograms from `kilograms` or `pounds` (exactly one of them).
    static func weight(kilograms: Double?, pounds: Double?) -> Result<Double, Problems> {
        guard (kilograms == nil) != (pounds == nil) else {
            return .failure(Problems([UserError(field: nil, message: "Give the weight in kilograms or in pounds.", code: .required)]))
        }
        let weight = kilograms ?? (pounds ?? 0) / poundsPerKilogram
        guard weightKg.contains(weight) else {
            return .failure(
                Problems([UserError(kilograms != nil ? "kilograms" : "pounds", "Enter a weight from 20 to 450 kg (44.1 to 992 lb).", code: .outOfRange)]))
        }
        return .success(weight)
    }

    /// User errors gathered by a rule.
    struct Problems: Error {
        var errors: [UserError]
        init(_ errors: [UserError]) { self.errors = errors }
    }
}
