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
        func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        basalMetabolicRateKcal = round1(bmr)
        maintenanceKcal = round1(maintenance)
        energyKcal = round1(energy)
        // 25 % of energy from protein, 30 % from fat, 45 % from carbohydrates; at most 10 % from sugars.
        proteinG = round1(energy * 0.25 / 4)
        fatG = round1(energy * 0.30 / 9)
        carbohydratesG = round1(energy * 0.45 / 4)
        fibreG = round1(energy / 1000 * 14)
        sugarsG = round1(energy * 0.10 / 4)
        sodiumMg = 2300
    }

    /// The same from the database's names (`"male"`, `"very_active"`, `"lose"`).
    init?(gender: String?, ageYears: Int?, heightCm: Double?, weightKg: Double?, activityLevel: String, goal: String, ratePerWeek: Double) {
        self.init(
            gender: gender.map { Gender(databaseName: $0) ?? .other }, ageYears: ageYears, heightCm: heightCm, weightKg: weightKg,
            activityLevel: ActivityLevel(databaseName: activityLevel) ?? .sedentary, goal: WeightGoal(databaseName: goal) ?? .hold,
            ratePerWeek: ratePerWeek)
    }
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
