import GraphQLEngine

/// The nutrients an entry stores, by schema enum name (`NutrientKey`) and column. The order is the
/// columns' order in `diary_entries` and in `Nutrition`.
enum NutrientKey: String, CaseIterable, Sendable, GraphQLEnum {
    case energyKcal = "ENERGY_KCAL"
    case fatG = "FAT_G"
    case saturatedFatG = "SATURATED_FAT_G"
    case transFatG = "TRANS_FAT_G"
    case cholesterolMg = "CHOLESTEROL_MG"
    case carbohydratesG = "CARBOHYDRATES_G"
    case fibreG = "FIBRE_G"
    case sugarsG = "SUGARS_G"
    case sodiumMg = "SODIUM_MG"
    case proteinG = "PROTEIN_G"
    case vitaminAUg = "VITAMIN_A_UG"
    case vitaminCMg = "VITAMIN_C_MG"
    case calciumMg = "CALCIUM_MG"
    case ironMg = "IRON_MG"

    static let graphQLTypeName = "NutrientKey"

    var column: String { rawValue.lowercased() }

    /// The field name in `Nutrition` and `NutritionInput`: `PROTEIN_G` → `proteinG`.
    var fieldName: String {
        let words = rawValue.lowercased().split(separator: "_")
        return String(words[0]) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Energy, fat, carbohydrates and protein are always known; the others may be unknown.
    var isRequired: Bool { [.energyKcal, .fatG, .carbohydratesG, .proteinG].contains(self) }
}

extension Nutrition {
    subscript(key: NutrientKey) -> Double? {
        get {
            switch key {
            case .energyKcal: energyKcal
            case .fatG: fatG
            case .saturatedFatG: saturatedFatG
            case .transFatG: transFatG
            case .cholesterolMg: cholesterolMg
            case .carbohydratesG: carbohydratesG
            case .fibreG: fibreG
            case .sugarsG: sugarsG
            case .sodiumMg: sodiumMg
            case .proteinG: proteinG
            case .vitaminAUg: vitaminAUg
            case .vitaminCMg: vitaminCMg
            case .calciumMg: calciumMg
            case .ironMg: ironMg
            }
        }
        set {
            switch key {
            case .energyKcal: energyKcal = newValue ?? 0
            case .fatG: fatG = newValue ?? 0
            case .saturatedFatG: saturatedFatG = newValue
            case .transFatG: transFatG = newValue
            case .cholesterolMg: cholesterolMg = newValue
            case .carbohydratesG: carbohydratesG = newValue ?? 0
            case .fibreG: fibreG = newValue
            case .sugarsG: sugarsG = newValue
            case .sodiumMg: sodiumMg = newValue
            case .proteinG: proteinG = newValue ?? 0
            case .vitaminAUg: vitaminAUg = newValue
            case .vitaminCMg: vitaminCMg = newValue
            case .calciumMg: calciumMg = newValue
            case .ironMg: ironMg = newValue
            }
        }
    }

    static let zero = Nutrition(
        basis: nil, energyKcal: 0, fatG: 0, saturatedFatG: nil, transFatG: nil, cholesterolMg: nil, carbohydratesG: 0, fibreG: nil,
        sugarsG: nil, sodiumMg: nil, proteinG: 0, vitaminAUg: nil, vitaminCMg: nil, calciumMg: nil, ironMg: nil)
}
