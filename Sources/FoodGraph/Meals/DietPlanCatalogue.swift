import GraphQLEngine

/// A diet plan of the catalogue (schema type `DietPlan`): for one weight goal and one diet food
/// type, a daily calorie rule relative to the user's maintenance energy, a macro split, the meals
/// a day, and the foods to favour and avoid. The catalogue is code, not data: every plan has a
/// stable key (`dietIndex * 100 + goalIndex * 10 + variant`), which is what a user's following
/// records.
struct DietPlan: ObjectValue, Equatable {
    static let graphQLTypeName = "DietPlan"

    var key: Int64
    var name: String
    var goal: WeightGoal
    var dietType: DietType
    var summary: String
    /// Daily energy: maintenance × (100 + this) %.
    var calorieAdjustmentPercent: Int
    var proteinPercent: Int
    var fatPercent: Int
    var carbohydratesPercent: Int
    var mealsPerDay: Int
    /// Food words (matched as the start of a word in a recipe's ingredients).
    var favouredFoods: [String]
    var avoidedFoods: [String]

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: key) }

    var calorieRule: String {
        switch calorieAdjustmentPercent {
        case 0: "Your maintenance energy (what you burn in a day)."
        case ..<0: "\(-calorieAdjustmentPercent) % below your maintenance energy."
        default: "\(calorieAdjustmentPercent) % above your maintenance energy."
        }
    }

    /// The plan's daily energy for a maintenance energy, never below the safe floor the profile's
    /// targets use (1200 kcal).
    func dailyKcal(maintenance: Double) -> Double {
        max(DietPlanCatalogue.minimumDailyKcal, (maintenance * Double(100 + calorieAdjustmentPercent) / 100 * 10).rounded() / 10)
    }

    func proteinG(_ kcal: Double) -> Double { ((kcal * Double(proteinPercent) / 100 / 4) * 10).rounded() / 10 }
    func fatG(_ kcal: Double) -> Double { ((kcal * Double(fatPercent) / 100 / 9) * 10).rounded() / 10 }
    func carbohydratesG(_ kcal: Double) -> Double { ((kcal * Double(carbohydratesPercent) / 100 / 4) * 10).rounded() / 10 }
}

/// The catalogue: three plans for every diet food type and weight goal (72). Pure.
enum DietPlanCatalogue {
    static let minimumDailyKcal = 1200.0
    /// Without body data in the profile, plans and advice aim at this maintenance energy.
    static let defaultMaintenanceKcal = 2000.0

    private struct Kind {
        var title: String
        var description: String
        var split: (protein: Int, fat: Int, carbohydrates: Int)
        var favoured: [String]
        var avoided: [String]
    }

    private static let kinds: [DietType: Kind] = [
        .ordinary: Kind(
            title: "Balanced", description: "Everyday food in sensible portions: vegetables at every meal, whole grains, lean protein.",
            split: (25, 30, 45), favoured: ["vegetable", "bean", "lentil", "oat", "salmon", "chicken", "yogurt", "apple", "spinach"],
            avoided: ["cola", "soda", "candy"]),
        .vegetarian: Kind(
            title: "Vegetarian", description: "No meat or fish; eggs and dairy welcome, pulses for protein.",
            split: (20, 30, 50), favoured: ["lentil", "chickpea", "bean", "egg", "cheese", "yogurt", "spinach", "tofu"],
            avoided: ["cola", "candy"]),
        .vegan: Kind(
            title: "Vegan", description: "Plants only: pulses, grains, nuts and seeds, vegetables and fruit.",
            split: (18, 30, 52), favoured: ["tofu", "lentil", "bean", "chickpea", "quinoa", "nut", "seed", "spinach"],
            avoided: ["honey", "gelatin"]),
        .separate: Kind(
            title: "Separate nutrition", description: "Protein foods and starches at different meals; vegetables with either.",
            split: (25, 30, 45), favoured: ["salad", "vegetable", "fish", "broccoli", "spinach", "bean"],
            avoided: ["sugar", "candy"]),
        .raw: Kind(
            title: "Raw food", description: "Nothing cooked: fruit, vegetables, nuts, seeds, sprouted grains.",
            split: (12, 35, 53), favoured: ["apple", "banana", "berr", "nut", "seed", "avocado", "salad", "carrot"],
            avoided: ["sugar", "candy"]),
        .lowCarb: Kind(
            title: "Low carb", description: "At most about a quarter of the energy from carbohydrates; protein and healthy fats.",
            split: (30, 50, 20), favoured: ["egg", "chicken", "salmon", "avocado", "cheese", "spinach", "broccoli"],
            avoided: ["sugar", "bread", "pasta", "rice", "potato"]),
        .lowFat: Kind(
            title: "Low fat", description: "At most a fifth of the energy from fat: lean protein, grains, vegetables.",
            split: (25, 15, 60), favoured: ["chicken breast", "bean", "lentil", "oat", "vegetable", "rice", "apple"],
            avoided: ["butter", "cream", "bacon", "sausage"]),
        .mono: Kind(
            title: "Mono", description: "Simple dishes built on one main food, for a short period only.",
            split: (15, 20, 65), favoured: ["rice", "buckwheat", "apple", "oat", "potato", "banana"],
            avoided: ["sugar", "candy"]),
    ]

    private struct Variant {
        var label: String
        var adjustment: Int
        var meals: Int
        var note: String
    }

    private static func variants(_ goal: WeightGoal) -> [Variant] {
        switch goal {
        case .lose:
            [
                Variant(label: "gentle loss", adjustment: -10, meals: 3, note: "About a quarter of a kilogram a week for most people."),
                Variant(label: "steady loss", adjustment: -15, meals: 4, note: "A steady pace with a snack to keep hunger away."),
                Variant(label: "firm loss", adjustment: -20, meals: 5, note: "Five small meals; follow it for a few weeks at a time."),
            ]
        case .hold:
            [
                Variant(label: "three meals", adjustment: 0, meals: 3, note: "Breakfast, lunch and dinner at your maintenance energy."),
                Variant(label: "four meals", adjustment: 0, meals: 4, note: "Three meals and a snack at your maintenance energy."),
                Variant(label: "five small meals", adjustment: 0, meals: 5, note: "Smaller meals through the day at your maintenance energy."),
            ]
        case .gain:
            [
                Variant(label: "lean gain", adjustment: 5, meals: 3, note: "A small surplus for slow, lean gain."),
                Variant(label: "steady gain", adjustment: 10, meals: 4, note: "A moderate surplus with a snack."),
                Variant(label: "firm gain", adjustment: 15, meals: 5, note: "Five meals for a larger surplus."),
            ]
        }
    }

    private static let dietOrder: [DietType] = [.ordinary, .vegetarian, .vegan, .separate, .raw, .lowCarb, .lowFat, .mono]
    private static let goalOrder: [WeightGoal] = [.lose, .hold, .gain]

    /// Every plan, by diet type, then goal, then variant.
    static let all: [DietPlan] = {
        var plans: [DietPlan] = []
        for (dietIndex, dietType) in dietOrder.enumerated() {
            guard let kind = kinds[dietType] else { continue }
            for (goalIndex, goal) in goalOrder.enumerated() {
                for (variantIndex, variant) in variants(goal).enumerated() {
                    // Losing keeps protein up (satiety, muscle); gaining adds it too, from fat.
                    var split = kind.split
                    switch goal {
                    case .lose:
                        split.protein += 5
                        split.carbohydrates -= 5
                    case .gain:
                        split.protein += 5
                        split.fat -= 5
                    case .hold: break
                    }
                    plans.append(
                        DietPlan(
                            key: Int64((dietIndex + 1) * 100 + (goalIndex + 1) * 10 + variantIndex + 1),
                            name: "\(kind.title): \(variant.label)", goal: goal, dietType: dietType,
                            summary: kind.description + " " + variant.note, calorieAdjustmentPercent: variant.adjustment,
                            proteinPercent: split.protein, fatPercent: split.fat, carbohydratesPercent: split.carbohydrates,
                            mealsPerDay: variant.meals, favouredFoods: kind.favoured, avoidedFoods: kind.avoided))
                }
            }
        }
        return plans
    }()

    static let byKey: [Int64: DietPlan] = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    static func plans(goal: WeightGoal?, dietType: DietType?) -> [DietPlan] {
        all.filter { (goal == nil || $0.goal == goal) && (dietType == nil || $0.dietType == dietType) }
    }
}
