/// Daily energy and nutrient targets from a profile: Mifflin–St Jeor resting energy, times the
/// activity factor, adjusted for the weight goal (7700 kcal per kg), never below a safe floor.
struct NutritionTargets: Sendable, Equatable {
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

    static func activityFactor(_ level: String) -> Double {
        switch level {
        case "light": 1.375
        case "moderate": 1.55
        case "active": 1.725
        case "very_active": 1.9
        default: 1.2
        }
    }

    /// Nil until the profile has sex, age, height and weight.
    init?(gender: String?, ageYears: Int?, heightCm: Double?, weightKg: Double?, activityLevel: String, goal: String, ratePerWeek: Double) {
        guard let gender, let ageYears, let heightCm, let weightKg else { return nil }
        let sexTerm: Double =
            switch gender {
            case "male": 5
            case "female": -161
            default: -78  // midway: no sex-specific constant applies
            }
        let bmr = 10 * weightKg + 6.25 * heightCm - 5 * Double(ageYears) + sexTerm
        let maintenance = bmr * Self.activityFactor(activityLevel)
        let dailyChange = ratePerWeek * Self.kilocaloriesPerKilogram / 7
        var energy =
            switch goal {
            case "lose": maintenance - dailyChange
            case "gain": maintenance + dailyChange
            default: maintenance
            }
        // Below these intakes, nutrient needs cannot be met without supervision.
        energy = max(energy, gender == "male" ? 1500 : 1200)
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
}

/// Body mass index with the WHO adult categories.
struct BodyMassIndex: Sendable, Equatable {
    var value: Double
    var category: String

    init?(heightCm: Double?, weightKg: Double?) {
        guard let heightCm, let weightKg, heightCm > 0 else { return nil }
        let metres = heightCm / 100
        value = (weightKg / (metres * metres) * 10).rounded() / 10
        category =
            switch value {
            case ..<18.5: "UNDERWEIGHT"
            case ..<25: "NORMAL"
            case ..<30: "OVERWEIGHT"
            default: "OBESE"
            }
    }
}

/// Whole years between a birth date and a day, both `YYYY-MM-DD`.
enum Age {
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
