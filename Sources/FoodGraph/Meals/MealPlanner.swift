import Foundation

/// Builds a week of meals: the picks spread over the days, the gaps filled from the candidates,
/// then a local search that moves toward the day's calorie target and inside the weekly budget.
/// Deterministic: the same input gives the same plan. Pure (no I/O): the candidates come in.
enum MealPlanner {
    /// The meal times a weekly plan fills, in a day's order.
    static let meals: [Meal] = [.breakfast, .lunch, .dinner]
    /// Each meal's share of the day's energy (the three meals make the day; snacks are not planned).
    static func share(of meal: Meal) -> Double {
        switch meal {
        case .breakfast: 0.25
        case .lunch: 0.35
        case .dinner, .snack: 0.40
        }
    }
    /// Servings a planned meal may have of its recipe.
    static let portions: [Double] = [1, 1.5, 2]
    /// How far a day's energy may be from the target before the plan says so.
    static let calorieTolerance = 0.10

    struct Candidate: Sendable, Equatable {
        var recipeID: Int64
        var energyKcal: Double
        /// Per serving.
        var cost: Double
    }

    struct Slot: Sendable, Equatable, Hashable {
        var day: Int
        var meal: Meal
    }

    struct Planned: Sendable, Equatable {
        var slot: Slot
        var candidate: Candidate
        var portions: Double
        var picked = false
        var locked = false

        var energyKcal: Double { candidate.energyKcal * portions }
        var cost: Double { candidate.cost * portions }
    }

    struct Input: Sendable {
        var dailyTargetKcal: Double
        var budget: Double
        /// Candidates per meal time, for the gaps.
        var pools: [Meal: [Candidate]]
        /// Picks per meal time (at most 7 each), in the order given.
        var picks: [Meal: [Candidate]]
        /// Meals kept as they are (locked ones when regenerating).
        var locked: [Planned] = []
        /// Spreads the picks over the days.
        var seed: UInt64
    }

    struct Result: Sendable {
        var meals: [Planned]
        var totalCost: Double
        /// Empty when the plan is within the budget and every day within 10 % of the target.
        var shortfalls: [String]
    }

    static func plan(_ input: Input) -> Result {
        let target = max(input.dailyTargetKcal, 1)
        var slots: [Slot: Planned] = [:]
        for meal in input.locked { slots[meal.slot] = meal }
        // Picks: each meal time's picks on distinct free days, spread in an order the seed fixes.
        var random = SplitMix(state: input.seed)
        for meal in meals {
            var days = Array(0..<7).filter { slots[Slot(day: $0, meal: meal)] == nil }
            for index in stride(from: days.count - 1, to: 0, by: -1) {
                days.swapAt(index, Int(random.next() % UInt64(index + 1)))
            }
            for (pick, day) in zip(input.picks[meal] ?? [], days) {
                let slot = Slot(day: day, meal: meal)
                slots[slot] = Planned(slot: slot, candidate: pick, portions: bestPortion(pick, target * share(of: meal)), picked: true)
            }
        }
        // Gaps: the candidate nearest the meal's share, cheap, not yet used, at its best portion.
        var uses: [Int64: Int] = [:]
        for meal in slots.values { uses[meal.candidate.recipeID, default: 0] += 1 }
        let perMealBudget = input.budget / 21
        for day in 0..<7 {
            for meal in meals where slots[Slot(day: day, meal: meal)] == nil {
                guard let pool = input.pools[meal], !pool.isEmpty else { continue }
                let mealTarget = target * share(of: meal)
                var best: (score: Double, planned: Planned)?
                for candidate in pool {
                    for portions in portions {
                        let kcal = candidate.energyKcal * portions
                        let score = abs(kcal - mealTarget) / mealTarget + candidate.cost * portions / max(perMealBudget, 0.01) * 0.5
                            + Double(uses[candidate.recipeID] ?? 0) * 0.6
                        if best == nil || score < best!.score - 1e-12 {
                            best = (score, Planned(slot: Slot(day: day, meal: meal), candidate: candidate, portions: portions))
                        }
                    }
                }
                if let best {
                    slots[best.planned.slot] = best.planned
                    uses[best.planned.candidate.recipeID, default: 0] += 1
                }
            }
        }
        var search = LocalSearch(meals: slots, target: target, budget: input.budget)
        search.improve(pools: input.pools)
        let planned = search.meals.values.sorted { ($0.slot.day, meals.firstIndex(of: $0.slot.meal) ?? 0) < ($1.slot.day, meals.firstIndex(of: $1.slot.meal) ?? 0) }
        return Result(meals: planned, totalCost: search.totalCost, shortfalls: shortfalls(planned, input: input, target: target, total: search.totalCost))
    }

    /// The portion whose energy is nearest the meal's target.
    static func bestPortion(_ candidate: Candidate, _ mealTarget: Double) -> Double {
        portions.min { abs(candidate.energyKcal * $0 - mealTarget) < abs(candidate.energyKcal * $1 - mealTarget) } ?? 1
    }

    /// What the plan could not do, in words: over the budget (by how much, and why), days far
    /// from the target, empty slots.
    static func shortfalls(_ planned: [Planned], input: Input, target: Double, total: Double) -> [String] {
        var notes: [String] = []
        if total > input.budget + 0.005 {
            let fixed = planned.filter { $0.picked || $0.locked }.reduce(0) { $0 + $1.cost }
            var why = "the cheapest recipes that suit your restrictions and the day's calories cost more"
            if fixed > input.budget { why = "your picks and locked meals alone cost \(money(fixed))" }
            notes.append("The week costs \(money(total)), \(money(total - input.budget)) over your budget of \(money(input.budget)): \(why).")
        }
        let filled = Set(planned.map(\.slot))
        let empty = meals.filter { meal in (0..<7).contains { !filled.contains(Slot(day: $0, meal: meal)) } }
        if !empty.isEmpty {
            notes.append("No recipe suits \(empty.map { $0.rawValue.lowercased() }.joined(separator: ", ")) within your restrictions: those meals are empty.")
        }
        var far: [Int] = []
        for day in 0..<7 {
            let kcal = planned.filter { $0.slot.day == day }.reduce(0) { $0 + $1.energyKcal }
            if abs(kcal - target) / target > calorieTolerance { far.append(day + 1) }
        }
        if !far.isEmpty {
            notes.append(
                "Day\(far.count == 1 ? "" : "s") \(far.map(String.init).joined(separator: ", ")) of the week \(far.count == 1 ? "is" : "are") more than 10 % from your \(Int(target.rounded())) kcal target: the recipes within your budget and restrictions do not allow closer."
            )
        }
        return notes
    }

    static func money(_ amount: Double) -> String { String(format: "%.2f", amount) }

    /// Hill climbing over single-slot changes (another candidate or portion; picks keep their
    /// recipe, locked meals stay): the penalty is each day's distance from the target (steeply
    /// beyond 10 %), the amount over budget (steeper still), repeats, and a little of the cost.
    struct LocalSearch {
        var meals: [Slot: Planned]
        let target: Double
        let budget: Double
        var dayKcal = [Double](repeating: 0, count: 7)
        var totalCost = 0.0
        var uses: [Int64: Int] = [:]

        init(meals: [Slot: Planned], target: Double, budget: Double) {
            self.meals = meals
            self.target = target
            self.budget = max(budget, 0.01)
            for meal in meals.values {
                dayKcal[meal.slot.day] += meal.energyKcal
                totalCost += meal.cost
                uses[meal.candidate.recipeID, default: 0] += 1
            }
        }

        func dayPenalty(_ kcal: Double) -> Double {
            let deviation = abs(kcal - target) / target
            return deviation + 20 * max(0, deviation - 0.08)
        }

        func costPenalty(_ total: Double) -> Double { 200 * max(0, total - budget) / budget + 0.05 * total / budget }

        func repeatPenalty(_ count: Int) -> Double { count > 1 ? 0.15 * Double(count - 1) * Double(count - 1) : 0 }

        mutating func improve(pools: [Meal: [Candidate]], maximumSweeps: Int = 40) {
            let order = meals.keys.sorted { ($0.day, MealPlanner.meals.firstIndex(of: $0.meal) ?? 0) < ($1.day, MealPlanner.meals.firstIndex(of: $1.meal) ?? 0) }
            for _ in 0..<maximumSweeps {
                var improved = false
                for slot in order {
                    guard let current = meals[slot], !current.locked else { continue }
                    let options = current.picked ? [current.candidate] : (pools[slot.meal] ?? [])
                    let day = slot.day
                    let baseDay = dayKcal[day] - current.energyKcal
                    let baseCost = totalCost - current.cost
                    let before = dayPenalty(dayKcal[day]) + costPenalty(totalCost)
                    let currentUses = uses[current.candidate.recipeID] ?? 1
                    var best: (gain: Double, candidate: Candidate, portions: Double)?
                    for candidate in options {
                        let sameRecipe = candidate.recipeID == current.candidate.recipeID
                        // The repeats of the two recipes involved, before and after the change.
                        var repeatChange = 0.0
                        if !sameRecipe {
                            let otherUses = uses[candidate.recipeID] ?? 0
                            repeatChange = repeatPenalty(currentUses - 1) + repeatPenalty(otherUses + 1) - repeatPenalty(currentUses)
                                - repeatPenalty(otherUses)
                        }
                        for portions in MealPlanner.portions {
                            if sameRecipe && portions == current.portions { continue }
                            let after = dayPenalty(baseDay + candidate.energyKcal * portions) + costPenalty(baseCost + candidate.cost * portions)
                            let gain = before - after - repeatChange
                            if gain > 1e-9 && (best == nil || gain > best!.gain + 1e-12) { best = (gain, candidate, portions) }
                        }
                    }
                    if let best {
                        uses[current.candidate.recipeID, default: 1] -= 1
                        uses[best.candidate.recipeID, default: 0] += 1
                        dayKcal[day] = baseDay + best.candidate.energyKcal * best.portions
                        totalCost = baseCost + best.candidate.cost * best.portions
                        var changed = current
                        changed.candidate = best.candidate
                        changed.portions = best.portions
                        meals[slot] = changed
                        improved = true
                    }
                }
                if !improved { break }
            }
        }
    }

    /// A small deterministic random generator (SplitMix64).
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
