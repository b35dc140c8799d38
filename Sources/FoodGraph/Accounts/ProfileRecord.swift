import Foundation
import GraphQLEngine
import Postgres

/// A user's personal data and preferences (schema type `Profile`).
struct ProfileRecord: ObjectValue {
    static let graphQLTypeName = "Profile"

    var userID: Int64
    var displayName: String?
    var username: String?
    var gender: Gender?
    var birthDate: LocalDate?
    var heightCm: Double?
    var weightKg: Double?
    var activityLevel: ActivityLevel = .sedentary
    var goal: WeightGoal = .hold
    var goalRateKgPerWeek: Double = 0
    var dietType: DietType = .ordinary
    var units: UnitSystem = .metric
    var timeZone = "UTC"
    var currency = "CAD"
    var restrictions = DietaryRestrictions()
    /// Today in the profile's time zone.
    var today = LocalDate(daysSinceEpoch: 0)
    /// The uploaded avatar's unguessable token, if one was uploaded.
    var avatarToken: String?
    /// The gallery avatar picked, if one was.
    var galleryAvatar: AvatarGallery.Avatar?
    var location: GeoPoint?
    var accessibleRadiusKm: Double?
    var weeklyBudget: Money?
    var notifications = NotificationSettings()
    var shippingAddress: Address?
    /// `AAA-EEE-NNNN`, with ` XXXXX` for an extension.
    var phone: String?
    /// Nil: as the unit system writes weights.
    var weightUnit: WeightUnit?
    /// The language of the user's emails and messages (`Messages.supportedLocales`).
    var locale = Messages.defaultLocale
    var customTargets = CustomTargets()

    init(userID: Int64) {
        self.userID = userID
    }

    /// The unit system by its database name (`"metric"`), for the Diary area's weight display.
    var unitSystem: String { units.databaseName }

    var age: Int? { Age.years(born: birthDate, on: today) }

    /// Computed from the body, then the user's own targets over them.
    var targets: NutritionTargets? {
        NutritionTargets(
            gender: gender, ageYears: age, heightCm: heightCm, weightKg: weightKg, activityLevel: activityLevel, goal: goal,
            ratePerWeek: goalRateKgPerWeek)?.applying(customTargets)
    }

    var bodyMassIndex: BodyMassIndex? { BodyMassIndex(heightCm: heightCm, weightKg: weightKg) }

    /// Where the avatar is served: `/images/<token>` for an uploaded one (unguessable, new with each
    /// upload), `/images/gallery-<name>` for a gallery one; nil for the default.
    var avatarURL: String? { avatarToken.map { "/images/" + $0 } ?? galleryAvatar?.url }

    var heightDisplay: String? { ProfilePreferences.display(heightCm: heightCm, unitSystem: units) }
    var weightDisplay: String? { weightKg.map(weightDisplay(kilograms:)) }

    /// A weight as this user reads weights: their weight unit, or their unit system's.
    func weightDisplay(kilograms: Double) -> String {
        ProfilePreferences.display(weightKg: kilograms, unit: weightUnit ?? (units == .metric ? .kilograms : .pounds))
    }

    /// Profiles by user id (the request loaders' batch).
    static func load(_ userIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ProfileRecord] {
        try await ProfileStore.load(userIDs, in: database)
    }
}

/// Schema type `DietaryRestrictions`.
struct DietaryRestrictions: ObjectValue, Equatable {
    static let graphQLTypeName = "DietaryRestrictions"
    var allergies: [String] = []
    var illnesses: [String] = []
    var pregnant = false
    var dislikedFoods: [String] = []
}

/// Schema type `NotificationSettings`: which notifications the user wants; every kind is on
/// unless switched off. Stored as a JSON object of the switched kinds, by field name.
struct NotificationSettings: ObjectValue, Equatable {
    static let graphQLTypeName = "NotificationSettings"
    var expiringFood = true
    var budgetExceeded = true
    var cheaperAlternative = true
    var orderStatus = true
    var friendRequests = true
    var upcomingRecurringOrder = true
    var scanReady = true
    var groupInvitations = true
    var supportIssueAnswered = true

    static let names = [
        "expiringFood", "budgetExceeded", "cheaperAlternative", "orderStatus", "friendRequests", "upcomingRecurringOrder", "scanReady",
        "groupInvitations", "supportIssueAnswered",
    ]

    init() {}

    /// From the stored JSON; kinds not in it are on.
    init(stored: [String: Bool]) {
        expiringFood = stored["expiringFood"] ?? true
        budgetExceeded = stored["budgetExceeded"] ?? true
        cheaperAlternative = stored["cheaperAlternative"] ?? true
        orderStatus = stored["orderStatus"] ?? true
        friendRequests = stored["friendRequests"] ?? true
        upcomingRecurringOrder = stored["upcomingRecurringOrder"] ?? true
        scanReady = stored["scanReady"] ?? true
        groupInvitations = stored["groupInvitations"] ?? true
        supportIssueAnswered = stored["supportIssueAnswered"] ?? true
    }
}

/// Schema type `Address`: a shipping address, stored as JSON with these field names.
struct Address: ObjectValue, Codable, Equatable {
    static let graphQLTypeName = "Address"
    var recipient: String?
    var line1: String
    var line2: String?
    var city: String
    var region: String
    var postalCode: String
    var country: String
    var phone: String?
}
