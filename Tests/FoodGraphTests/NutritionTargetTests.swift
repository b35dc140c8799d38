import Testing

@testable import FoodGraph

/// Worked examples of the calorie and macro targets (Mifflin–St Jeor), BMI and age.
struct NutritionTargetTests {
    @Test func aModeratelyActiveManHoldingWeight() throws {
        // BMR = 10·80 + 6.25·180 − 5·30 + 5 = 1780; × 1.55 = 2759 kcal.
        let targets = try #require(
            NutritionTargets(
                gender: "male", ageYears: 30, heightCm: 180, weightKg: 80, activityLevel: "moderate", goal: "hold", ratePerWeek: 0))
        #expect(targets.basalMetabolicRateKcal == 1780)
        #expect(targets.maintenanceKcal == 2759)
        #expect(targets.energyKcal == 2759)
        #expect(targets.proteinG == 172.4)  // 25 % of energy / 4 kcal per g
        #expect(targets.fatG == 92)  // 30 % / 9
        #expect(targets.carbohydratesG == 310.4)  // 45 % / 4
        #expect(targets.fibreG == 38.6)  // 14 g per 1000 kcal
        #expect(targets.sugarsG == 69)  // at most 10 % / 4
    }

    @Test func aLosingGoalNeverGoesBelowTheFloor() throws {
        // BMR = 600 + 1031.25 − 125 − 161 = 1345.25; × 1.2 = 1614.3; − 0.5 kg × 7700 / 7 = 1064.3 → floor 1200.
        let targets = try #require(
            NutritionTargets(
                gender: "female", ageYears: 25, heightCm: 165, weightKg: 60, activityLevel: "sedentary", goal: "lose",
                ratePerWeek: 0.5))
        #expect(targets.basalMetabolicRateKcal == 1345.3)
        #expect(targets.maintenanceKcal == 1614.3)
        #expect(targets.energyKcal == 1200)
    }

    @Test func gainingAddsTheWeeklySurplus() throws {
        let targets = try #require(
            NutritionTargets(
                gender: "male", ageYears: 30, heightCm: 180, weightKg: 80, activityLevel: "moderate", goal: "gain", ratePerWeek: 0.25))
        #expect(targets.energyKcal == 3034)  // 2759 + 0.25 × 7700 / 7
    }

    @Test func missingDataGivesNoTargets() {
        #expect(
            NutritionTargets(gender: nil, ageYears: 30, heightCm: 180, weightKg: 80, activityLevel: "light", goal: "hold", ratePerWeek: 0)
                == nil)
    }

    @Test func bodyMassIndexCategories() {
        let bmi = BodyMassIndex(heightCm: 180, weightKg: 80)
        #expect(bmi?.value == 24.7)  // 80 / 1.8²
        #expect(bmi?.category == "NORMAL")
        #expect(BodyMassIndex(heightCm: 170, weightKg: 50)?.category == "UNDERWEIGHT")
        #expect(BodyMassIndex(heightCm: 170, weightKg: 80)?.category == "OVERWEIGHT")
        #expect(BodyMassIndex(heightCm: 170, weightKg: 100)?.category == "OBESE")
        #expect(BodyMassIndex(heightCm: nil, weightKg: 100) == nil)
    }

    @Test func ageCountsWholeYears() {
        #expect(Age.years(born: "1990-06-15", on: "2026-06-14") == 35)
        #expect(Age.years(born: "1990-06-15", on: "2026-06-15") == 36)
        #expect(Age.years(born: nil, on: "2026-06-15") == nil)
    }
}

