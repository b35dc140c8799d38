import GraphQLEngine

/// Daily energy and nutrient targets from a profile: Mifflin–St Jeor resting energy, times the
/// activity factor, adjusted for the weight goal (7700 kcal per kg), never below a safe floor.
/// The schema's `NutritionTargets` (also `DiaryDay.targets`).
struct NutritionTargets: ObjectValue, Equatable {
    static let graphQLTypeName = "NutritionTargets"

    var basalMetabolicRateKcal: Double
    var maintenanceKcal: Double
    var energyKcal: Double
    var proteinG: Double
    var fatG: Double
    var carbohydratesG: Double
    var fibreG: Double
    var sugarsG: Double
    var sodiumMg: Double
    /// The targets the user set (`Profile.customTargets`) rather than computed.
    var userSet: [TargetNutrient] = []

    static let kilocaloriesPerKilogram = 7700.0

    /// Nil until the profile has sex, age, height and weight.
    init?(
        gender: Gender?, ageYears: Int?, heightCm: Double?, weightKg: Double?, activityLevel: ActivityLevel, goal: WeightGoal,
        ratePerWeek: Double
    ) {
        guard let gender, let ageYears, let heightCm, let weightKg else { return nil }
        let sexTerm: Double =
            switch gender {
            case .male: 5
            case .female: -161
            case .other: -78  // midway: no sex-specific constant applies
            }
        let bmr = 10 * weightKg + 6.25 * heightCm - 5 * Double(ageYears) + sexTerm
        let maintenance = bmr * activityLevel.factor
        let dailyChange = ratePerWeek * Self.kilocaloriesPerKilogram / 7
        var energy =
            switch goal {
            case .lose: maintenance - dailyChange
            case .gain: maintenance + dailyChange
            case .hold: maintenance
            }
        // Below these intakes, nutrient needs cannot be met without supervision.
        energy = max(energy, gender == .male ? 1500 : 1200)
        basalMetabolicRateKcal = Self.round1(bmr)
        maintenanceKcal = Self.round1(maintenance)
        energyKcal = 0
        proteinG = 0
        fatG = 0
        carbohydratesG = 0
        fibreG = 0
        sugarsG = 0
        sodiumMg = 2300
        split(energy)
    }

    private static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// The energy target, and the nutrients that follow from it: 25 % of energy from protein, 30 %
    /// from fat, 45 % from carbohydrates; at most 10 % from sugars; 14 g of fibre per 1000 kcal.
    private mutating func split(_ energy: Double) {
        energyKcal = Self.round1(energy)
        proteinG = Self.round1(energy * 0.25 / 4)
        fatG = Self.round1(energy * 0.30 / 9)
        carbohydratesG = Self.round1(energy * 0.45 / 4)
        fibreG = Self.round1(energy / 1000 * 14)
        sugarsG = Self.round1(energy * 0.10 / 4)
    }

    /// The user's own targets over the computed ones (NutriBud: "as documented by the user"): a
    /// user-set energy target moves the macro, fibre and sugar targets with it (unless the user set
    /// those too); a cleared one is computed again.
    func applying(_ custom: CustomTargets) -> NutritionTargets {
        var targets = self
        if let energy = custom.energyKcal { targets.split(energy) }
        if let protein = custom.proteinG { targets.proteinG = protein }
        if let carbohydrates = custom.carbohydratesG { targets.carbohydratesG = carbohydrates }
        if let fat = custom.fatG { targets.fatG = fat }
        targets.userSet = custom.set
        return targets
    }

    /// The same from the database's names (`"male"`, `"very_active"`, `"lose"`).
    init?(gender: String?, ageYears: Int?, heightCm: Double?, weightKg: Double?, activityLevel: String, goal: String, ratePerWeek: Double) {
        self.init(
            gender: gender.map { Gender(databaseName: $0) ?? .other }, ageYears: ageYears, heightCm: heightCm, weightKg: weightKg,
            activityLevel: ActivityLevel(databaseName: activityLevel) ?? .sedentary, goal: WeightGoal(databaseName: goal) ?? .hold,
            ratePerWeek: ratePerWeek)
    }
}

/// The nutrients a user may set their own daily target for (schema enum `TargetNutrient`).
enum TargetNutrient: String, GraphQLEnum {
    static let graphQLTypeName = "TargetNutrient"
    case energyKcal = "ENERGY_KCAL"
    case proteinG = "PROTEIN_G"
    case carbohydratesG = "CARBOHYDRATES_G"
    case fatG = "FAT_G"

    /// The field of `CustomTargetsInput` (and of `CustomTargets`).
    var inputField: String {
        switch self {
        case .energyKcal: "energyKcal"
        case .proteinG: "proteinG"
        case .carbohydratesG: "carbohydratesG"
        case .fatG: "fatG"
        }
    }

    /// The column of `profiles` that keeps the user's target.
    var column: String {
        switch self {
        case .energyKcal: "target_energy_kcal"
        case .proteinG: "target_protein_g"
        case .carbohydratesG: "target_carbohydrates_g"
        case .fatG: "target_fat_g"
        }
    }
}

/// The daily targets the user set themself (schema type `CustomTargets`); nil: computed.
struct CustomTargets: ObjectValue, Equatable {
    static let graphQLTypeName = "CustomTargets"
    var energyKcal: Double?
    var proteinG: Double?
    var carbohydratesG: Double?
    var fatG: Double?

    var set: [TargetNutrient] {
        [(TargetNutrient.energyKcal, energyKcal), (.proteinG, proteinG), (.carbohydratesG, carbohydratesG), (.fatG, fatG)]
            .filter { $0.1 != nil }.map(\.0)
    }

    /// The bounds `updateProfile` accepts, per nutrient.
    static let bounds: [TargetNutrient: ClosedRange<Double>] = [
        .energyKcal: 800...6000, .proteinG: 10...500, .carbohydratesG: 10...1000, .fatG: 10...400,
    ]
}

/// Body mass index with the WHO adult categories (schema type `BodyMassIndex`).
struct BodyMassIndex: ObjectValue, Equatable {
    static let graphQLTypeName = "BodyMassIndex"
    var value: Double
    var classification: BmiCategory

    /// The category's schema name.
    var category: String { classification.rawValue }

    init?(heightCm: Double?, weightKg: Double?) {
        guard let heightCm, let weightKg, heightCm > 0 else { return nil }
        let metres = heightCm / 100
        value = (weightKg / (metres * metres) * 10).rounded() / 10
        classification =
            switch value {
            case ..<18.5: .underweight
            case ..<25: .normal
            case ..<30: .overweight
            default: .obese
            }
    }
}

/// Whole years between a birth date and a day.
enum Age {
    static func years(born: LocalDate?, on today: LocalDate) -> Int? {
        guard let born else { return nil }
        let (b, t) = (born.components, today.components)
        var years = t.year - b.year
        if (t.month, t.day) < (b.month, b.day) { years -= 1 }
        return years
    }

    /// The same for dates written `YYYY-MM-DD`.
    static func years(born: String?, on today: String) -> Int? {
        guard let born else { return nil }
        let b = born.split(separator: "-").compactMap { Int($0) }
        let t = today.split(separator: "-").compactMap { Int($0) }
        guard b.count == 3, t.count == 3 else { return nil }
        var years = t[0] - b[0]
        if (t[1], t[2]) < (b[1], b[2]) { years -= 1 }
        return years
    }
}
