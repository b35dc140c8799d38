import Foundation
import Postgres

/// The SQL of profiles: `profiles`, the avatar `images`, and `profile_stores` (store marks).
enum ProfileStore {
    static func load(_ userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: ProfileRecord] {
        let rows = try await database.query(
            """
            SELECT user_id, display_name, username, gender, birth_date::text, height_cm::float8, weight_kg::float8,
                   activity_level, goal, goal_rate_kg_per_week::float8, diet_type, unit_system, time_zone, currency,
                   allergies, illnesses, pregnant, disliked_foods, (now() AT TIME ZONE time_zone)::date::text,
                   avatar_image_id, latitude, longitude, accessible_radius_km::float8, weekly_budget::text,
                   coalesce(weekly_budget_currency, currency), notification_settings::text, shipping_address::text,
                   gallery_avatar, (SELECT token FROM images i WHERE i.id = avatar_image_id),
                   phone, weight_unit, locale, target_energy_kcal::float8, target_protein_g::float8, target_carbohydrates_g::float8,
                   target_fat_g::float8
            FROM profiles WHERE user_id = ANY($1)
            """, [PostgresArray(userIDs)])
        var profiles: [Int64: ProfileRecord] = [:]
        profiles.reserveCapacity(rows.count)
        for row in rows {
            let profile = try profile(row)
            profiles[profile.userID] = profile
        }
        return profiles
    }

    /// The enabled account with this username (compared case-insensitively), for the friend
    /// lookup (Rivals); nil when there is none.
    static func userID(username: String, in database: some PostgresQuerying) async throws -> Int64? {
        try await database.query(
            """
            SELECT p.user_id FROM profiles p JOIN users u ON u.id = p.user_id
            WHERE p.username_key = lower($1) AND u.disabled_at IS NULL
            """, [username]
        ).first?.decode(Int64.self, at: 0)
    }

    private static func profile(_ row: PostgresRow) throws -> ProfileRecord {
        var profile = ProfileRecord(userID: try row.decode(Int64.self, at: 0))
        profile.displayName = try row.decode(String?.self, at: 1)
        profile.username = try row.decode(String?.self, at: 2)
        profile.gender = try row.decode(String?.self, at: 3).map { try stored(Gender.self, $0) }
        profile.birthDate = try row.decode(String?.self, at: 4).flatMap(LocalDate.init(iso8601:))
        profile.heightCm = try row.decode(Double?.self, at: 5)
        profile.weightKg = try row.decode(Double?.self, at: 6)
        profile.activityLevel = try stored(ActivityLevel.self, try row.decode(String.self, at: 7))
        profile.goal = try stored(WeightGoal.self, try row.decode(String.self, at: 8))
        profile.goalRateKgPerWeek = try row.decode(Double.self, at: 9)
        profile.dietType = try stored(DietType.self, try row.decode(String.self, at: 10))
        profile.units = try stored(UnitSystem.self, try row.decode(String.self, at: 11))
        profile.timeZone = try row.decode(String.self, at: 12)
        profile.currency = try row.decode(String.self, at: 13).withoutPadding
        profile.restrictions = DietaryRestrictions(
            allergies: try row.decode([String].self, at: 14), illnesses: try row.decode([String].self, at: 15),
            pregnant: try row.decode(Bool.self, at: 16), dislikedFoods: try row.decode([String].self, at: 17))
        profile.today = LocalDate(iso8601: try row.decode(String.self, at: 18)) ?? LocalDate(Date(), in: .gmt)
        if let latitude = try row.decode(Double?.self, at: 20), let longitude = try row.decode(Double?.self, at: 21) {
            profile.location = GeoPoint(latitude: latitude, longitude: longitude)
        }
        profile.accessibleRadiusKm = try row.decode(Double?.self, at: 22)
        profile.weeklyBudget = Money(try row.decode(String?.self, at: 23), try row.decode(String.self, at: 24))
        let settings = try row.decode(String.self, at: 25)
        profile.notifications = NotificationSettings(
            stored: (try? JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Bool]) ?? [:])
        profile.shippingAddress = try row.decode(String?.self, at: 26).flatMap { try? JSONDecoder().decode(Address.self, from: Data($0.utf8)) }
        profile.galleryAvatar = try row.decode(String?.self, at: 27).flatMap(AvatarGallery.avatar(named:))
        profile.avatarToken = try row.decode(String?.self, at: 28)
        profile.phone = try row.decode(String?.self, at: 29)
        profile.weightUnit = try row.decode(String?.self, at: 30).map { try stored(WeightUnit.self, $0) }
        profile.locale = try row.decode(String.self, at: 31)
        profile.customTargets = CustomTargets(
            energyKcal: try row.decode(Double?.self, at: 32), proteinG: try row.decode(Double?.self, at: 33),
            carbohydratesG: try row.decode(Double?.self, at: 34), fatG: try row.decode(Double?.self, at: 35))
        return profile
    }

    private static func stored<Value: StoredEnum>(_ type: Value.Type, _ name: String) throws -> Value {
        guard let value = Value(databaseName: name) else {
            throw DomainError(.serviceUnavailable, "The stored \(Value.graphQLTypeName) \"\(name)\" is not one this server knows.")
        }
        return value
    }

    /// The locale of a user's messages (nil when the user has no profile).
    static func locale(of userID: Int64, in database: some PostgresQuerying) async throws -> String? {
        try await database.query("SELECT locale FROM profiles WHERE user_id = $1", [userID]).first?.decode(String.self, at: 0)
    }

    static func insert(userID: Int64, displayName: String?, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("INSERT INTO profiles (user_id, display_name) VALUES ($1, $2)", [userID, displayName])
    }

    /// Applies a validated patch in one statement; a taken username is a unique violation.
    /// Whether the user has a kind of notification on (`NotificationSettings` field name): on
    /// unless switched off.
    static func notificationEnabled(_ settingName: String, for userID: Int64, in database: some PostgresQuerying) async throws -> Bool {
        try await database.query(
            "SELECT coalesce((notification_settings ->> $2)::boolean, true) FROM profiles WHERE user_id = $1", [userID, settingName]
        ).first?.decode(Bool.self, at: 0) ?? false
    }

    static func update(_ userID: Int64, with changes: [ProfileChange], in transaction: PostgresTransaction) async throws {
        guard !changes.isEmpty else { return }
        var parameters: [any PostgresEncodable] = [userID]
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        // Column names are fixed here; every value is a parameter.
        var assignments: [String] = []
        for change in changes {
            switch change {
            case .displayName(let name): assignments.append("display_name = \(parameter(name))")
            case .username(let name?): assignments.append("username = \(parameter(name)), username_key = lower(\(parameter(name)))")
            case .username(nil): assignments.append("username = NULL, username_key = NULL")
            case .gender(let gender): assignments.append("gender = \(parameter(gender?.databaseName))")
            case .birthDate(let date): assignments.append("birth_date = \(parameter(date?.description))::date")
            case .heightCm(let value): assignments.append("height_cm = \(parameter(value))")
            case .weightKg(let value): assignments.append("weight_kg = \(parameter(value))")
            case .activityLevel(let level): assignments.append("activity_level = \(parameter(level.databaseName))")
            case .goal(let goal): assignments.append("goal = \(parameter(goal.databaseName))")
            case .goalRateKgPerWeek(let rate): assignments.append("goal_rate_kg_per_week = \(parameter(rate))")
            case .dietType(let type): assignments.append("diet_type = \(parameter(type.databaseName))")
            case .allergies(let items): assignments.append("allergies = \(parameter(PostgresArray(items)))")
            case .illnesses(let items): assignments.append("illnesses = \(parameter(PostgresArray(items)))")
            case .dislikedFoods(let items): assignments.append("disliked_foods = \(parameter(PostgresArray(items)))")
            case .pregnant(let pregnant): assignments.append("pregnant = \(parameter(pregnant))")
            case .unitSystem(let units): assignments.append("unit_system = \(parameter(units.databaseName))")
            case .timeZone(let zone): assignments.append("time_zone = \(parameter(zone))")
            case .currency(let code): assignments.append("currency = \(parameter(code))")
            case .weeklyBudget(let amount, let currency?):
                assignments.append("weekly_budget = \(parameter(amount))::numeric, weekly_budget_currency = \(parameter(currency))")
            case .weeklyBudget(let amount, nil):
                // In the profile's currency: `currency` here is the value before this statement.
                assignments.append("weekly_budget = \(parameter(amount))::numeric, weekly_budget_currency = currency")
            case .clearWeeklyBudget: assignments.append("weekly_budget = NULL, weekly_budget_currency = NULL")
            case .location(let point?):
                assignments.append("latitude = \(parameter(point.latitude)), longitude = \(parameter(point.longitude))")
            case .location(nil): assignments.append("latitude = NULL, longitude = NULL")
            case .accessibleRadiusKm(let radius): assignments.append("accessible_radius_km = \(parameter(radius))")
            case .shippingAddress(let address?):
                let json = String(decoding: try JSONEncoder.sorted.encode(address), as: UTF8.self)
                assignments.append("shipping_address = \(parameter(PostgresJSON(json)))::jsonb")
            case .shippingAddress(nil): assignments.append("shipping_address = NULL")
            case .phone(let phone): assignments.append("phone = \(parameter(phone))")
            case .weightUnit(let unit): assignments.append("weight_unit = \(parameter(unit?.databaseName))")
            case .locale(let locale): assignments.append("locale = \(parameter(locale))")
            case .customTarget(let nutrient, let value): assignments.append("\(nutrient.column) = \(parameter(value))")
            case .notifications(let switched, let reset):
                let json = String(decoding: try JSONEncoder.sorted.encode(switched), as: UTF8.self)
                assignments.append(
                    "notification_settings = (notification_settings - \(parameter(PostgresArray(reset)))::text[]) || \(parameter(PostgresJSON(json)))::jsonb")
            }
        }
        _ = try await transaction.query(
            "UPDATE profiles SET \(assignments.joined(separator: ", ")), updated_at = now() WHERE user_id = $1", parameters)
    }

    /// Stores an uploaded avatar (already decoded and encoded again) at a new unguessable token
    /// and makes it the profile's; the previous avatar, uploaded or picked, goes.
    /// The bytes are encrypted with the data key when one is configured (`DataEncryption`).
    static func setAvatar(_ image: StoredImage, of userID: Int64, in transaction: PostgresTransaction) async throws {
        let token = ImageToken.make()
        let sealed = try DataEncryption.seal(image.bytes, context: "image:" + token)
        let rows = try await transaction.query(
            """
            INSERT INTO images (owner_id, token, content_type, width, height, bytes, sha256, key_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            RETURNING id
            """,
            [userID, token, image.format.rawValue, image.width, image.height, sealed.bytes, Crypto.sha256(image.bytes), sealed.keyID])
        let imageID = try rows[0].decode(Int64.self, at: 0)
        _ = try await transaction.query(
            "UPDATE profiles SET avatar_image_id = $2, gallery_avatar = NULL, updated_at = now() WHERE user_id = $1", [userID, imageID])
        try await deleteUnusedImages(of: userID, in: transaction)
    }

    /// Makes a gallery avatar the profile's; an uploaded one is deleted.
    static func chooseGalleryAvatar(_ name: String, of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "UPDATE profiles SET avatar_image_id = NULL, gallery_avatar = $2, updated_at = now() WHERE user_id = $1", [userID, name])
        try await deleteUnusedImages(of: userID, in: transaction)
    }

    /// Back to the default avatar: none uploaded, none picked. False when there was none.
    static func deleteAvatar(of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        let rows = try await transaction.query(
            """
            UPDATE profiles SET avatar_image_id = NULL, gallery_avatar = NULL, updated_at = now()
            WHERE user_id = $1 AND (avatar_image_id IS NOT NULL OR gallery_avatar IS NOT NULL) RETURNING user_id
            """, [userID])
        try await deleteUnusedImages(of: userID, in: transaction)
        return !rows.isEmpty
    }

    /// A user's images that no profile shows any more (an avatar replaced or deleted).
    private static func deleteUnusedImages(of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            DELETE FROM images WHERE owner_id = $1
              AND id NOT IN (SELECT avatar_image_id FROM profiles WHERE avatar_image_id IS NOT NULL)
            """, [userID])
    }

    /// An image's type and bytes (decrypted), by its token.
    static func image(token: String, in database: some PostgresQuerying) async throws -> (contentType: String, bytes: [UInt8])? {
        guard let row = try await database.query("SELECT content_type, bytes, key_id FROM images WHERE token = $1", [token]).first
        else { return nil }
        let bytes = try DataEncryption.open(
            try row.decode([UInt8].self, at: 1), keyID: try row.decode(String?.self, at: 2), context: "image:" + token)
        return (try row.decode(String.self, at: 0), bytes)
    }

    /// A user's images with their bytes decrypted, for the personal-data export.
    static func images(of userID: Int64, in database: some PostgresQuerying) async throws -> [(
        token: String, contentType: String, width: Int, height: Int, createdAt: Date, bytes: [UInt8]
    )] {
        try await database.query(
            "SELECT token, content_type, width, height, created_at, bytes, key_id FROM images WHERE owner_id = $1 ORDER BY id", [userID]
        ).map { row in
            let token = try row.decode(String.self, at: 0)
            return (
                token, try row.decode(String.self, at: 1), try row.decode(Int.self, at: 2), try row.decode(Int.self, at: 3),
                try row.decode(Date.self, at: 4),
                try DataEncryption.open(try row.decode([UInt8].self, at: 5), keyID: try row.decode(String?.self, at: 6), context: "image:" + token)
            )
        }
    }

    /// Seals up to `limit` images not under the current data key (in clear, or under an older key)
    /// with it; returns how many. Rows another server is re-encrypting are skipped.
    static func reencryptImages(limit: Int, in database: PostgresDatabase) async throws -> Int {
        let keyring = try DataEncryption.keyring
        guard let current = keyring.current else { return 0 }
        return try await database.withTransaction { transaction in
            let rows = try await transaction.query(
                "SELECT id, token, bytes, key_id FROM images WHERE key_id IS DISTINCT FROM $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED",
                [current.id, limit])
            for row in rows {
                let token = try row.decode(String.self, at: 1)
                let plain = try DataEncryption.open(
                    try row.decode([UInt8].self, at: 2), keyID: try row.decode(String?.self, at: 3), context: "image:" + token, keyring: keyring)
                let sealed = try DataEncryption.seal(plain, context: "image:" + token, keyring: keyring)
                _ = try await transaction.query(
                    "UPDATE images SET bytes = $2, key_id = $3 WHERE id = $1", [try row.decode(Int64.self, at: 0), sealed.bytes, sealed.keyID])
            }
            return rows.count
        }
    }

    /// The stores each user marked, by mark: ids only (the stores themselves come from the catalog).
    static func storeMarks(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: StoreMarks] {
        let rows = try await database.query(
            "SELECT user_id, store_id, preference FROM profile_stores WHERE user_id = ANY($1) ORDER BY user_id, store_id",
            [PostgresArray(userIDs)])
        var marks: [Int64: StoreMarks] = [:]
        for userID in userIDs { marks[userID] = StoreMarks() }
        for row in rows {
            let userID = try row.decode(Int64.self, at: 0)
            let storeID = try row.decode(Int64.self, at: 1)
            switch StorePreference(databaseName: try row.decode(String.self, at: 2)) {
            case .preferred?: marks[userID, default: StoreMarks()].preferred.append(storeID)
            case .ignored?: marks[userID, default: StoreMarks()].ignored.append(storeID)
            case nil: continue
            }
        }
        return marks
    }

    /// Marks a store; an unknown store is a foreign-key violation.
    static func markStore(_ storeID: Int64, _ preference: StorePreference, of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            INSERT INTO profile_stores (user_id, store_id, preference) VALUES ($1, $2, $3)
            ON CONFLICT (user_id, store_id) DO UPDATE SET preference = excluded.preference
            """, [userID, storeID, preference.databaseName])
    }

    static func unmarkStore(_ storeID: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM profile_stores WHERE user_id = $1 AND store_id = $2", [userID, storeID])
    }
}

/// The stores a user marked preferred or ignored, by id.
struct StoreMarks: Sendable {
    var preferred: [Int64] = []
    var ignored: [Int64] = []

    func stores(_ preference: StorePreference) -> [Int64] { preference == .preferred ? preferred : ignored }
}

extension JSONEncoder {
    /// Keys sorted, so equal values store equal text.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
