import Foundation
import Postgres

/// What recipe lists need to know of the viewer, read through the Accounts and Diary areas' Swift
/// APIs (their stores and rules; no SQL of theirs here): the profile (restrictions, diet type,
/// daily target, time zone), the energy the diary holds for today, and the favourite foods.
///
/// The Diary area has no function for "energy eaten today"; this adapter computes it from
/// `DiaryEntryStore.entries(userIDs:on:)` and `DiaryDay.sum`, the functions the diary's own day
/// summary uses.
struct RecipeViewer: Sendable {
    var userID: Int64
    var profile: ProfileRecord?
    var consumedTodayKcal: Double
    var favoriteFoodIDs: [Int64]

    /// A meal's share of the day, for the suitability order.
    static let mealShare = 0.35
    /// The suitability target without a daily target.
    static let defaultTargetKcal = 700.0

    var dailyTargetKcal: Double? { profile?.targets?.energyKcal }

    /// The daily target minus today's diary, to the tenth; nil without a target.
    var caloriesLeftToday: Double? {
        dailyTargetKcal.map { (($0 - consumedTodayKcal) * 10).rounded() / 10 }
    }

    /// What the suitability order aims at: the calories left, at most a meal's share of the day.
    var suitabilityTargetKcal: Double {
        guard let daily = dailyTargetKcal, let left = caloriesLeftToday else { return Self.defaultTargetKcal }
        return min(left, daily * Self.mealShare)
    }

    var restrictions: AppliedRestrictions? { profile.map(AppliedRestrictions.init) }

    /// The profile and the favourite foods at once, then today's diary (its date is the profile's).
    static func load(_ viewer: Viewer, in database: PostgresDatabase) async throws -> RecipeViewer {
        async let favorites = RecipeStore.favoriteFoods(of: [viewer.userID], from: database)
        let profile = try await ProfileRecord.load([viewer.userID], from: database)[viewer.userID]
        var consumed = 0.0
        if let profile, profile.targets != nil {
            let entries = try await DiaryEntryStore.entries(userIDs: [viewer.userID], on: profile.today, in: database)
            consumed = DiaryDay.sum(entries[viewer.userID] ?? []).energyKcal
        }
        return RecipeViewer(
            userID: viewer.userID, profile: profile, consumedTodayKcal: consumed, favoriteFoodIDs: try await favorites[viewer.userID] ?? [])
    }
}

/// A profile's restrictions as recipe filters (documented on `RecipeFilter.respectRestrictions`).
struct AppliedRestrictions: Equatable, Sendable {
    var allergens: Set<Allergen>
    /// Normalised words of foods the user avoids: disliked foods, and allergy names that name no allergen.
    var avoidedFoods: [String]
    /// Nil for `ORDINARY`.
    var dietType: DietType?
    var health: HealthRules

    init(profile: ProfileRecord) {
        let (allergens, others) = FoodClassifier.allergens(fromProfile: profile.restrictions.allergies)
        health = HealthRules(illnesses: profile.restrictions.illnesses, pregnant: profile.restrictions.pregnant)
        self.allergens = allergens.union(health.excludedAllergens)
        avoidedFoods = (profile.restrictions.dislikedFoods + others).map(FoodText.normalized).filter { !$0.isEmpty }
        dietType = profile.dietType == .ordinary ? nil : profile.dietType
    }

    /// `LIKE` patterns for `recipes.foods_text` (normalised words wrapped in spaces): a word that
    /// starts with the avoided food's words (`mushroom` finds `mushrooms`). Normalised text holds
    /// letters, digits and spaces only, so no pattern character can come from the user.
    var avoidedPatterns: [String] { avoidedFoods.map { "% " + $0 + "%" } }
}
