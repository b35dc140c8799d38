import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// Scan&Cook's ration stories (US-403 dishes that fit the daily ration, US-404 diet types with at
/// least 3 plans each, start/stop using one, US-405 advice per meal from the diet plan), on the
/// demo cookbook. One at a time: each loads the demo data.
@Suite(.serialized) struct DietPlanTests {
    typealias World = RecipeTests.World

    @Test func aUserPicksADietTypeAndSeesAtLeastThreePlansForEachGoalWithTheDisclaimer() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        for dietType in ["ORDINARY", "VEGETARIAN", "VEGAN", "SEPARATE", "RAW", "LOW_CARB", "LOW_FAT", "MONO"] {
            let response = try await world.run(
                """
                { dietPlans(dietType: \(dietType)) { id name goal dietType description calorieAdjustmentPercent dailyCalorieRule
                    macroSplit { proteinPercent fatPercent carbohydratesPercent } mealsPerDay favouredFoods avoidedFoods healthDisclaimer } }
                """)
            let plans = try #require(response["data.dietPlans"] as? [[String: Any]])
            for goal in ["LOSE", "HOLD", "GAIN"] { #expect(plans.filter { $0["goal"] as? String == goal }.count >= 3, "\(dietType) \(goal)") }
            #expect(plans.allSatisfy { $0["dietType"] as? String == dietType && ($0["healthDisclaimer"] as? String)?.isEmpty == false })
        }
        let both = try await world.run("{ dietPlans(goal: LOSE, dietType: VEGAN) { id goal dietType } }")
        #expect((both["data.dietPlans"] as? [Any])?.count == 3)
    }

    @Test func aUserStartsAndStopsUsingADietPlanAndTheTargetsAndHistoryFollow() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let token = try await MealPlanTests.user(world, "diet@example.com")
        let plans = try await world.run("{ dietPlans(goal: LOSE, dietType: VEGETARIAN) { id calorieAdjustmentPercent } }")
        let first = try #require((plans["data.dietPlans"] as? [[String: Any]])?.first)
        let second = try #require((plans["data.dietPlans"] as? [[String: Any]])?.last)
        let start = "mutation($id: ID!) { startDietPlan(input: {dietPlanId: $id}) { following { id plan { id } stoppedAt targets { energyKcal proteinG fromProfile } healthDisclaimer } userErrors { field code } } }"
        let started = try await world.run(start, token: token, variables: ["id": .string(first["id"] as? String ?? "")])
        #expect(started["data.startDietPlan.following.plan.id"] as? String == first["id"] as? String)
        #expect(started["data.startDietPlan.following.targets.fromProfile"] as? Bool == true)
        let me = try await world.run("{ me { nutritionTargets { maintenanceKcal } activeDietPlan { plan { id } targets { energyKcal } } } }", token: token)
        let maintenance = try #require(me["data.me.nutritionTargets.maintenanceKcal"] as? Double)
        let expected = maintenance * Double(100 + (first["calorieAdjustmentPercent"] as? Int ?? 0)) / 100
        #expect(abs((me["data.me.activeDietPlan.targets.energyKcal"] as? Double ?? 0) - max(expected, 1200)) < 0.2)
        // One at a time: starting another stops the first; history keeps both, latest first.
        _ = try await world.run(start, token: token, variables: ["id": .string(second["id"] as? String ?? "")])
        let history = try await world.run("{ me { activeDietPlan { plan { id } } dietPlanHistory(first: 10) { edges { node { id plan { id } stoppedAt } } } } }", token: token)
        #expect(history["data.me.activeDietPlan.plan.id"] as? String == second["id"] as? String)
        let edges = (history["data.me.dietPlanHistory.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
        #expect(edges.compactMap { ($0["plan"] as? [String: Any])?["id"] as? String } == [second["id"] as? String, first["id"] as? String].compactMap { $0 })
        #expect(edges.first?["stoppedAt"] is NSNull)
        #expect(edges.last?["stoppedAt"] is String)
        // Stop; stopping again is INVALID_STATE.
        let stop = "mutation { stopDietPlan { following { stoppedAt } userErrors { code } } }"
        #expect(try await world.run(stop, token: token)["data.stopDietPlan.following.stoppedAt"] is String)
        #expect(RecipeTests.userErrors(try await world.run(stop, token: token), "stopDietPlan").map(\.code) == ["INVALID_STATE"])
        #expect(try await world.run("{ me { activeDietPlan { id } } }", token: token)["data.me.activeDietPlan"] is NSNull)
        // A following is its owner's: another user gets null through node(id:).
        let stranger = try await MealPlanTests.user(world, "dietstranger@example.com")
        let id = try #require(edges.first?["id"] as? String)
        #expect(try await world.run("query($id: ID!) { node(id: $id) { id } }", token: stranger, variables: ["id": .string(id)])["data.node"] is NSNull)
        // A plan ID that is not one: NOT_FOUND; another type's ID: INVALID_FORMAT.
        let bad = try await world.run(start, token: token, variables: ["id": .string(GlobalID(typeName: "DietPlan", key: 9).description)])
        #expect(RecipeTests.userErrors(bad, "startDietPlan").map(\.code) == ["NOT_FOUND"])
        let wrongType = try await world.run(start, token: token, variables: ["id": .string(GlobalID(typeName: "Recipe", key: 1).description)])
        #expect(RecipeTests.userErrors(wrongType, "startDietPlan").map(\.code) == ["INVALID_FORMAT"])
    }

    @Test func aUserGetsAtLeastFiveDishesForEachMealFromTheDietPlanAndTheRationWithReasons() async throws {
        let world = try await World.make()
        defer { Task { await world.close() } }
        let token = try await MealPlanTests.user(world, "advice@example.com")
        let plans = try await world.run("{ dietPlans(goal: HOLD, dietType: ORDINARY) { id } }")
        let plan = try #require((plans["data.dietPlans"] as? [[String: Any]])?.first?["id"] as? String)
        _ = try await world.run(
            "mutation($id: ID!) { startDietPlan(input: {dietPlanId: $id}) { userErrors { code } } }", token: token, variables: ["id": .string(plan)])
        for meal in ["BREAKFAST", "LUNCH", "DINNER"] {
            let response = try await world.run(
                "{ me { mealAdvice(meal: \(meal)) { caloriesKcal score reasonCodes reasons healthDisclaimer recipe { id title mealTimes } } } }",
                token: token)
            let advice = try #require(response["data.me.mealAdvice"] as? [[String: Any]])
            #expect(advice.count >= 5, "\(meal): \(advice.count)")
            for suggestion in advice {
                #expect(((suggestion["recipe"] as? [String: Any])?["mealTimes"] as? [String])?.contains(meal) == true)
                #expect(!((suggestion["reasons"] as? [String]) ?? []).isEmpty)
                #expect((suggestion["reasonCodes"] as? [String])?.contains("SUITS_DIET_PLAN") == true)
                #expect((suggestion["healthDisclaimer"] as? String)?.contains("not medical advice") == true)
            }
            // Best first, and those that fit the meal's calories before those that do not.
            let scores = advice.compactMap { $0["score"] as? Double }
            #expect(scores == scores.sorted(by: >))
            #expect(advice.prefix(5).allSatisfy { ($0["reasonCodes"] as? [String])?.contains("FITS_CALORIES") == true }, "\(meal)")
        }
        // A vegan profile gets vegan dishes only; the meal's calories shrink with what the diary holds.
        let vegan = try await MealPlanTests.user(world, "vegan@example.com")
        _ = try await world.run("mutation { updateProfile(input: {dietType: VEGAN}) { userErrors { code } } }", token: vegan)
        let advice = try await world.run("{ me { mealAdvice(meal: LUNCH) { reasonCodes recipe { dietTypes } } } }", token: vegan)
        let list = advice["data.me.mealAdvice"] as? [[String: Any]] ?? []
        #expect(!list.isEmpty)
        #expect(list.allSatisfy { (($0["recipe"] as? [String: Any])?["dietTypes"] as? [String])?.contains("VEGAN") == true })
        #expect(list.allSatisfy { ($0["reasonCodes"] as? [String])?.contains("RESPECTS_RESTRICTIONS") == true })
        // Another user's advice is not readable: User is its owner's.
        _ = try await world.run("{ me { id } }", token: vegan)
    }

    @Test func mealBudgetShareShrinksWithTheDiary() {
        #expect(MealAdvice.mealBudget(target: 2000, consumedDay: 0, consumedMeal: 0, meal: .lunch) == 700)
        #expect(MealAdvice.mealBudget(target: 2000, consumedDay: 1500, consumedMeal: 0, meal: .lunch) == 500)
        #expect(MealAdvice.mealBudget(target: 2000, consumedDay: 300, consumedMeal: 300, meal: .lunch) == 400)
        #expect(MealAdvice.mealBudget(target: 2000, consumedDay: 2500, consumedMeal: 0, meal: .dinner) == 100)
    }
}
