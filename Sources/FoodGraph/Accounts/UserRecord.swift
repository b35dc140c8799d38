import Foundation
import GraphQLEngine
import Postgres

/// A user row with its roles.
struct UserRecord: IdentifiedRecord, GraphQLTypeNamed {
    var id: Int64
    var email: String
    var emailConfirmedAt: Date?
    var disabledAt: Date?
    var createdAt: Date
    var roles: [Role]
    var representedChainID: Int64?
    /// Set on the user a `register` or `login` payload returns: the requester just proved to be
    /// this user, though the request carries no session yet.
    var isRequesterThemself = false

    var graphQLTypeName: String { "User" }
    var globalID: String { GlobalID(typeName: "User", key: id).description }

    static let selectSQL = """
        SELECT u.id, u.email, u.email_confirmed_at, u.disabled_at, u.created_at,
               ARRAY(SELECT role FROM user_roles r WHERE r.user_id = u.id ORDER BY role) AS roles,
               (SELECT chain_id FROM user_roles r WHERE r.user_id = u.id AND r.role = 'chain_representative') AS chain_id
        FROM users u
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        email = try row.decode(String.self, at: 1)
        emailConfirmedAt = try row.decode(Date?.self, at: 2)
        disabledAt = try row.decode(Date?.self, at: 3)
        createdAt = try row.decode(Date.self, at: 4)
        roles = try row.decode([String].self, at: 5).compactMap(Role.init(rawValue:))
        representedChainID = try row.decode(Int64?.self, at: 6)
    }

    /// `selectSQL`'s columns for a row source aliased `u`.
    static let columns = """
        u.id, u.email, u.email_confirmed_at, u.disabled_at, u.created_at,
        ARRAY(SELECT role FROM user_roles r WHERE r.user_id = u.id ORDER BY role) AS roles,
        (SELECT chain_id FROM user_roles r WHERE r.user_id = u.id AND r.role = 'chain_representative') AS chain_id
        """

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: UserRecord] {
        try await load(selectSQL + " WHERE u.id = ANY($1)", ids: ids, from: database)
    }
}

/// The profile columns the API exposes so far.
struct ProfileRecord: Sendable {
    var userID: Int64
    var displayName: String?
    var username: String?
    var gender: String?
    var birthDate: String?
    var heightCm: Double?
    var weightKg: Double?
    var activityLevel: String
    var goal: String
    var goalRateKgPerWeek: Double
    var dietType: String
    var unitSystem: String
    var timeZone: String
    var currency: String
    var allergies: [String] = []
    var illnesses: [String] = []
    var pregnant = false
    var dislikedFoods: [String] = []
    /// Today in the profile's time zone, `YYYY-MM-DD`.
    var today: String = ""
    var avatarImageID: Int64?
    var latitude: Double?
    var longitude: Double?
    var accessibleRadiusKm: Double?
    var weeklyBudget: String?
    var notifications: [String: Bool] = [:]
    var shippingAddress: [String: String]?

    static let notificationNames = [
        "expiringFood", "budgetExceeded", "cheaperAlternative", "orderStatus", "friendRequests", "upcomingRecurringOrder", "scanReady",
    ]

    var age: Int? { Age.years(born: birthDate, on: today) }

    var targets: NutritionTargets? {
        NutritionTargets(
            gender: gender, ageYears: age, heightCm: heightCm, weightKg: weightKg, activityLevel: activityLevel, goal: goal,
            ratePerWeek: goalRateKgPerWeek)
    }

    static func load(_ userIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ProfileRecord] {
        let rows = try await database.query(
            """
            SELECT user_id, display_name, username, gender, birth_date::text, height_cm::float8, weight_kg::float8,
                   activity_level, goal, goal_rate_kg_per_week::float8, diet_type, unit_system, time_zone, currency,
                   allergies, illnesses, pregnant, disliked_foods, (now() AT TIME ZONE time_zone)::date::text,
                   avatar_image_id, latitude, longitude, accessible_radius_km::float8, weekly_budget::text, notification_settings::text,
                   shipping_address::text
            FROM profiles WHERE user_id = ANY($1)
            """, [PostgresArray(userIDs)])
        var profiles: [Int64: ProfileRecord] = [:]
        for row in rows {
            var profile = ProfileRecord(
                userID: try row.decode(Int64.self, at: 0), displayName: try row.decode(String?.self, at: 1),
                username: try row.decode(String?.self, at: 2), gender: try row.decode(String?.self, at: 3),
                birthDate: try row.decode(String?.self, at: 4), heightCm: try row.decode(Double?.self, at: 5),
                weightKg: try row.decode(Double?.self, at: 6), activityLevel: try row.decode(String.self, at: 7),
                goal: try row.decode(String.self, at: 8), goalRateKgPerWeek: try row.decode(Double.self, at: 9),
                dietType: try row.decode(String.self, at: 10), unitSystem: try row.decode(String.self, at: 11),
                timeZone: try row.decode(String.self, at: 12), currency: try row.decode(String.self, at: 13))
            profile.allergies = try row.decode([String].self, at: 14)
            profile.illnesses = try row.decode([String].self, at: 15)
            profile.pregnant = try row.decode(Bool.self, at: 16)
            profile.dislikedFoods = try row.decode([String].self, at: 17)
            profile.today = try row.decode(String.self, at: 18)
            profile.avatarImageID = try row.decode(Int64?.self, at: 19)
            profile.latitude = try row.decode(Double?.self, at: 20)
            profile.longitude = try row.decode(Double?.self, at: 21)
            profile.accessibleRadiusKm = try row.decode(Double?.self, at: 22)
            profile.weeklyBudget = try row.decode(String?.self, at: 23)
            let settings = try row.decode(String.self, at: 24)
            profile.notifications = (try? JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Bool]) ?? [:]
            profile.shippingAddress = try row.decode(String?.self, at: 25).flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
            }
            profiles[profile.userID] = profile
        }
        return profiles
    }
}
