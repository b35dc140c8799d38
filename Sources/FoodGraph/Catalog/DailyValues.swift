import Foundation
import GraphQLEngine

/// One nutrient's amount as a percentage of its Daily Value (schema type `DailyValue`).
struct DailyValue: ObjectValue, Equatable {
    static let graphQLTypeName = "DailyValue"

    /// `vitamin_a`, `vitamin_c`, `calcium`, `iron`, `sodium`, or a micronutrient's name.
    var nutrient: String
    /// The amount, in `unit`.
    var amount: Double
    var unit: String
    /// The reference amount, in `unit`.
    var dailyValue: Double
    /// amount ÷ dailyValue × 100, to 0.1.
    var percent: Double
}

/// The Daily Values of vitamins and minerals, and the % DV of a `Nutrition`: pure rules, tested
/// without a database.
///
/// Health Canada: Food and Drug Regulations (C.R.C., c. 870), the Table of Daily Values
/// incorporated by reference (Part 2, vitamins and mineral nutrients; in force since the 2016
/// nutrition labelling amendments, SOR/2016-305). FDA: 21 CFR 101.9(c)(8)(iv), Reference Daily
/// Intakes for adults and children 4 years and older (final rule of 27 May 2016, 81 FR 33742),
/// with sodium and potassium from 101.9(c)(9). The two agree on every nutrient here but potassium
/// (3400 mg in Canada, 4700 mg in the United States).
enum DailyValues {
    struct Reference: Sendable {
        /// The nutrient's name as `Micronutrient.name` writes it; `aliases` are other spellings.
        var nutrient: String
        var aliases: [String] = []
        var healthCanada: Double
        var fda: Double
        /// `mg` or `µg`.
        var unit: String

        func amount(in standard: DailyValueStandard) -> Double { standard == .fda ? fda : healthCanada }
    }

    /// In the order shown: the four every label carries first, then sodium and potassium, then the
    /// other vitamins and minerals as the tables list them.
    static let references: [Reference] = [
        Reference(nutrient: "vitamin_a", healthCanada: 900, fda: 900, unit: "µg"),
        Reference(nutrient: "vitamin_c", healthCanada: 90, fda: 90, unit: "mg"),
        Reference(nutrient: "calcium", healthCanada: 1300, fda: 1300, unit: "mg"),
        Reference(nutrient: "iron", healthCanada: 18, fda: 18, unit: "mg"),
        Reference(nutrient: "sodium", healthCanada: 2300, fda: 2300, unit: "mg"),
        Reference(nutrient: "potassium", healthCanada: 3400, fda: 4700, unit: "mg"),
        Reference(nutrient: "vitamin_d", healthCanada: 20, fda: 20, unit: "µg"),
        Reference(nutrient: "vitamin_e", healthCanada: 15, fda: 15, unit: "mg"),
        Reference(nutrient: "vitamin_k", healthCanada: 120, fda: 120, unit: "µg"),
        Reference(nutrient: "thiamin", aliases: ["thiamine", "vitamin_b1"], healthCanada: 1.2, fda: 1.2, unit: "mg"),
        Reference(nutrient: "riboflavin", aliases: ["vitamin_b2"], healthCanada: 1.3, fda: 1.3, unit: "mg"),
        Reference(nutrient: "niacin", aliases: ["vitamin_b3"], healthCanada: 16, fda: 16, unit: "mg"),
        Reference(nutrient: "vitamin_b6", healthCanada: 1.7, fda: 1.7, unit: "mg"),
        Reference(nutrient: "folate", aliases: ["folic_acid", "vitamin_b9"], healthCanada: 400, fda: 400, unit: "µg"),
        Reference(nutrient: "vitamin_b12", healthCanada: 2.4, fda: 2.4, unit: "µg"),
        Reference(nutrient: "biotin", aliases: ["vitamin_b7"], healthCanada: 30, fda: 30, unit: "µg"),
        Reference(nutrient: "pantothenic_acid", aliases: ["pantothenate", "vitamin_b5"], healthCanada: 5, fda: 5, unit: "mg"),
        Reference(nutrient: "choline", healthCanada: 550, fda: 550, unit: "mg"),
        Reference(nutrient: "phosphorus", healthCanada: 1250, fda: 1250, unit: "mg"),
        Reference(nutrient: "iodine", aliases: ["iodide"], healthCanada: 150, fda: 150, unit: "µg"),
        Reference(nutrient: "magnesium", healthCanada: 420, fda: 420, unit: "mg"),
        Reference(nutrient: "zinc", healthCanada: 11, fda: 11, unit: "mg"),
        Reference(nutrient: "selenium", healthCanada: 55, fda: 55, unit: "µg"),
        Reference(nutrient: "copper", healthCanada: 0.9, fda: 0.9, unit: "mg"),
        Reference(nutrient: "manganese", healthCanada: 2.3, fda: 2.3, unit: "mg"),
        Reference(nutrient: "chromium", healthCanada: 35, fda: 35, unit: "µg"),
        Reference(nutrient: "molybdenum", healthCanada: 45, fda: 45, unit: "µg"),
        Reference(nutrient: "chloride", healthCanada: 2300, fda: 2300, unit: "mg"),
    ]

    /// The % DV of every vitamin and mineral of `nutrition` that has a Daily Value and a known
    /// amount, in the order of `references`. Micronutrients in another unit (`g`, `mcg`, `ug`)
    /// are converted; one whose unit is not a mass is left out.
    static func of(_ nutrition: Nutrition, standard: DailyValueStandard) -> [DailyValue] {
        var amounts: [String: (amount: Double, unit: String)] = [:]
        if let value = nutrition.vitaminAUg { amounts["vitamin_a"] = (value, "µg") }
        if let value = nutrition.vitaminCMg { amounts["vitamin_c"] = (value, "mg") }
        if let value = nutrition.calciumMg { amounts["calcium"] = (value, "mg") }
        if let value = nutrition.ironMg { amounts["iron"] = (value, "mg") }
        if let value = nutrition.sodiumMg { amounts["sodium"] = (value, "mg") }
        for micronutrient in nutrition.micronutrients {
            let name = micronutrient.name.lowercased().replacingOccurrences(of: " ", with: "_")
            guard let reference = references.first(where: { $0.nutrient == name || $0.aliases.contains(name) }),
                amounts[reference.nutrient] == nil
            else { continue }
            amounts[reference.nutrient] = (micronutrient.amount, micronutrient.unit)
        }
        return references.compactMap { reference in
            guard let (amount, unit) = amounts[reference.nutrient], let converted = convert(amount, from: unit, to: reference.unit)
            else { return nil }
            let dailyValue = reference.amount(in: standard)
            return DailyValue(
                nutrient: reference.nutrient, amount: converted, unit: reference.unit, dailyValue: dailyValue,
                percent: (converted / dailyValue * 1000).rounded() / 10)
        }
    }

    /// Micrograms in one of a mass unit; nil for any other unit.
    static func micrograms(in unit: String) -> Double? {
        switch unit.trimmingCharacters(in: .whitespaces).lowercased() {
        case "g": 1_000_000
        case "mg": 1000
        // The micro sign (U+00B5) and the Greek mu (U+03BC), and their ASCII stand-ins.
        case "µg", "μg", "ug", "mcg": 1
        default: nil
        }
    }

    static func convert(_ amount: Double, from unit: String, to target: String) -> Double? {
        guard let from = micrograms(in: unit), let to = micrograms(in: target) else { return nil }
        return from == to ? amount : amount * from / to
    }
}

extension Nutrition {
    /// The % DV of the vitamins and minerals that have one (see `DailyValues`).
    func dailyValues(standard: DailyValueStandard) -> [DailyValue] { DailyValues.of(self, standard: standard) }
}
