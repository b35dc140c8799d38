import Foundation
import GraphQLEngine
import Postgres

/// Accounts: registration, sign-in with bearer-token sessions, the viewer and their profile.
enum AccountResolvers {
    static func bind(_ resolvers: inout Resolvers) {
        resolvers.field("Query", "me") { call in
            guard let viewer = try call.requestContext.viewer else { return .null }
            return try call.requestContext.loaders.users.load(viewer.userID)
        }
        resolvers.mutation("register") { context, input in try await register(input, context) }
        resolvers.mutation("login") { context, input in try await login(input, context) }
        resolvers.mutation("logout") { context, _ in
            let viewer = try context.requireViewer()
            try await Sessions.revoke(viewer.sessionID, in: context.database)
            return Payload(["success": true])
        }
        resolvers.mutation("confirmEmail") { context, input in try await AccountMutations.confirmEmail(input, context) }
        resolvers.mutation("resendConfirmationEmail") { context, _ in try await AccountMutations.resendConfirmation(context) }
        resolvers.mutation("requestPasswordReset") { context, input in try await AccountMutations.requestPasswordReset(input, context) }
        resolvers.mutation("resetPassword") { context, input in try await AccountMutations.resetPassword(input, context) }
        resolvers.mutation("changePassword") { context, input in try await AccountMutations.changePassword(input, context) }
        resolvers.mutation("revokeSessions") { context, input in try await AccountMutations.revokeSessions(input, context) }
        resolvers.mutation("updateProfile") { context, input in try await AccountMutations.updateProfile(input, context) }
        resolvers.mutation("grantRole") { context, input in try await AccountMutations.grantRole(input, context, grant: true) }
        resolvers.mutation("revokeRole") { context, input in try await AccountMutations.grantRole(input, context, grant: false) }
        resolvers.mutation("setAccountDisabled") { context, input in try await AccountMutations.setAccountDisabled(input, context) }
        for type in [
            "RegisterPayload", "LoginPayload", "LogoutPayload", "UserError", "ConfirmEmailPayload", "ResendConfirmationEmailPayload",
            "RequestPasswordResetPayload", "ResetPasswordPayload", "ChangePasswordPayload", "RevokeSessionsPayload",
            "UpdateProfilePayload", "GrantRolePayload", "RevokeRolePayload", "SetAccountDisabledPayload", "SessionConnection",
            "SessionEdge", "NutritionTargets", "BodyMassIndex", "DietaryRestrictions",
        ] {
            resolvers.readFields(of: type)
        }
        resolvers.field("User", "sessions") { call in
            guard let user = call.source(as: UserRecord.self) else { return .null }
            let context = try call.requestContext
            guard context.viewer?.userID == user.id else { throw DomainError.forbidden("Only the account's owner can see its sessions.") }
            let page = try Page(call.arguments)
            return .run {
                try await page.fetch(
                    select: "s.id, s.user_id, s.created_at, s.last_used_at, s.expires_at, s.user_agent",
                    from: "SELECT * FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()", as: "s",
                    keys: [.init(expression: "s.last_used_at", type: "timestamptz"), .init(expression: "s.id", type: "bigint")],
                    descending: true, parameters: [user.id], in: context.database, decode: SessionRecord.init)
            }
        }
        resolvers.field("User", "nutritionTargets") { call in
            try profile(of: call).map { profile in .value((profile as? ProfileRecord)?.targets.map(payload)) }
        }
        resolvers.field("User", "bmi") { call in
            try profile(of: call).map { profile in
                guard let profile = profile as? ProfileRecord, let bmi = BodyMassIndex(heightCm: profile.heightCm, weightKg: profile.weightKg)
                else { return .null }
                return .value(Payload(["value": bmi.value, "category": bmi.category]))
            }
        }
        resolvers.field("Profile", "age", on: ProfileRecord.self) { $0.age }
        resolvers.mutation("uploadAvatar") { context, input in try await ProfilePreferences.uploadAvatar(input, context) }
        resolvers.mutation("setStorePreference") { context, input in try await ProfilePreferences.setStorePreference(input, context) }
        for type in ["UploadAvatarPayload", "SetStorePreferencePayload", "NotificationSettings"] { resolvers.readFields(of: type) }
        resolvers.field("Profile", "avatarUrl", on: ProfileRecord.self) { profile in
            profile.avatarImageID.map { "/images/" + GlobalID(typeName: "Image", key: $0).description }
        }
        resolvers.field("Profile", "heightDisplay", on: ProfileRecord.self) {
            ProfilePreferences.display(heightCm: $0.heightCm, unitSystem: $0.unitSystem)
        }
        resolvers.field("Profile", "weightDisplay", on: ProfileRecord.self) {
            ProfilePreferences.display(weightKg: $0.weightKg, unitSystem: $0.unitSystem)
        }
        resolvers.field("Profile", "location", on: ProfileRecord.self) { profile in
            guard let latitude = profile.latitude, let longitude = profile.longitude else { return nil }
            return GeoPoint(latitude: latitude, longitude: longitude)
        }
        resolvers.field("Profile", "accessibleRadiusKm", on: ProfileRecord.self) { $0.accessibleRadiusKm }
        resolvers.field("Profile", "shippingAddress", on: ProfileRecord.self) { profile in profile.shippingAddress.map { Payload($0) } }
        resolvers.field("User", "representedChain") { call in
            guard let user = call.source(as: UserRecord.self), let chainID = user.representedChainID else { return .null }
            return try call.requestContext.loaders.chains.load(chainID)
        }
        resolvers.readFields(of: "UserConnection")
        resolvers.readFields(of: "UserEdge")
        resolvers.field("Query", "users") { call in
            let context = try call.requestContext
            let page = try Page(call.arguments)
            let query = call.arguments.values.string("query").map { "%" + $0.replacingOccurrences(of: "%", with: "\\%") + "%" }
            return .run {
                try await page.fetch(
                    select: UserRecord.columns,
                    from: """
                        SELECT users.* FROM users LEFT JOIN profiles p ON p.user_id = users.id
                        WHERE $1::text IS NULL OR users.email_key ILIKE $1 OR p.username_key ILIKE $1 OR p.display_name ILIKE $1
                        """, as: "u", keys: [.init(expression: "u.created_at", type: "timestamptz"), .init(expression: "u.id", type: "bigint")],
                    descending: true, parameters: [query], in: context.database, decode: UserRecord.init)
            }
        }
        resolvers.field("Profile", "weeklyBudget", on: ProfileRecord.self) { money($0.weeklyBudget, $0.currency) }
        resolvers.field("Profile", "notifications", on: ProfileRecord.self) { profile in
            Payload(Dictionary(uniqueKeysWithValues: ProfileRecord.notificationNames.map { ($0, profile.notifications[$0] ?? true) }))
        }
        for (field, preference) in [("preferredStores", "preferred"), ("ignoredStores", "ignored")] {
            resolvers.field("Profile", field) { call in
                guard let profile = call.source(as: ProfileRecord.self) else { return .null }
                let context = try call.requestContext
                return .run { try await ProfilePreferences.stores(of: profile.userID, preference: preference, in: context.database) }
            }
        }
        resolvers.field("Profile", "restrictions", on: ProfileRecord.self) { profile in
            Payload([
                "allergies": profile.allergies, "illnesses": profile.illnesses, "pregnant": profile.pregnant,
                "dislikedFoods": profile.dislikedFoods,
            ])
        }

        resolvers.field("User", "id", on: UserRecord.self) { $0.globalID }
        resolvers.field("User", "email") { call in
            guard let user = call.source(as: UserRecord.self) else { return .null }
            try requireSelfOrSupport(user, call)
            return .value(user.email)
        }
        resolvers.field("User", "emailConfirmed", on: UserRecord.self) { $0.emailConfirmedAt != nil }
        resolvers.field("User", "roles", on: UserRecord.self) { user in ([Role.user] + user.roles).map(\.graphQLName) }
        resolvers.field("User", "disabled", on: UserRecord.self) { $0.disabledAt != nil }
        resolvers.field("User", "createdAt", on: UserRecord.self) { $0.createdAt }
        resolvers.field("User", "profile") { call in
            guard let user = call.source(as: UserRecord.self) else { return .null }
            try requireSelfOrSupport(user, call)
            return try call.requestContext.loaders.profiles.load(user.id)
        }

        resolvers.field("Profile", "displayName", on: ProfileRecord.self) { $0.displayName }
        resolvers.field("Profile", "username", on: ProfileRecord.self) { $0.username }
        resolvers.field("Profile", "gender", on: ProfileRecord.self) { $0.gender?.uppercased() }
        resolvers.field("Profile", "birthDate", on: ProfileRecord.self) { $0.birthDate }
        resolvers.field("Profile", "heightCm", on: ProfileRecord.self) { $0.heightCm }
        resolvers.field("Profile", "weightKg", on: ProfileRecord.self) { $0.weightKg }
        resolvers.field("Profile", "activityLevel", on: ProfileRecord.self) { $0.activityLevel.uppercased() }
        resolvers.field("Profile", "goal", on: ProfileRecord.self) { $0.goal.uppercased() }
        resolvers.field("Profile", "goalRateKgPerWeek", on: ProfileRecord.self) { $0.goalRateKgPerWeek }
        resolvers.field("Profile", "dietType", on: ProfileRecord.self) { $0.dietType.uppercased() }
        resolvers.field("Profile", "unitSystem", on: ProfileRecord.self) { $0.unitSystem.uppercased() }
        resolvers.field("Profile", "timeZone", on: ProfileRecord.self) { $0.timeZone }
        resolvers.field("Profile", "currency", on: ProfileRecord.self) { $0.currency.trimmingCharacters(in: .whitespaces) }

        resolvers.field("Session", "id", on: SessionRecord.self) { GlobalID(typeName: "Session", key: $0.id).description }
        resolvers.field("Session", "createdAt", on: SessionRecord.self) { $0.createdAt }
        resolvers.field("Session", "lastUsedAt", on: SessionRecord.self) { $0.lastUsedAt }
        resolvers.field("Session", "expiresAt", on: SessionRecord.self) { $0.expiresAt }
        resolvers.field("Session", "userAgent", on: SessionRecord.self) { $0.userAgent }
        resolvers.field("Session", "current") { call in
            guard let session = call.source(as: SessionRecord.self) else { return .null }
            return .value(try call.requestContext.viewer?.sessionID == session.id)
        }
    }

    private static func profile(of call: FieldCall) throws -> Resolution {
        guard let user = call.source(as: UserRecord.self) else { return .null }
        try requireSelfOrSupport(user, call)
        return try call.requestContext.loaders.profiles.load(user.id)
    }

    static func payload(_ targets: NutritionTargets) -> Payload {
        Payload([
            "basalMetabolicRateKcal": targets.basalMetabolicRateKcal, "maintenanceKcal": targets.maintenanceKcal,
            "energyKcal": targets.energyKcal, "proteinG": targets.proteinG, "fatG": targets.fatG,
            "carbohydratesG": targets.carbohydratesG, "fibreG": targets.fibreG, "sugarsG": targets.sugarsG,
            "sodiumMg": targets.sodiumMg,
        ])
    }

    /// A user's private fields are theirs (and support's) only.

    static func requireSelfOrSupport(_ user: UserRecord, _ call: FieldCall) throws {
        if user.isRequesterThemself { return }
        let userID = user.id
        let viewer = try call.requestContext.requireViewer()
        guard viewer.userID == userID || viewer.holds(.support) else {
            throw DomainError.forbidden("Only the account's owner can see this.")
        }
    }

    static func register(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let email = (input.string("email") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password = input.string("password") ?? ""
        var errors: [UserError] = []
        if !EmailRules.isValid(email) {
            errors.append(UserError("email", "Enter an email address like name@example.com.", code: .invalidFormat))
        }
        errors += PasswordPolicy.problems(password)
        let displayName = input.string("displayName")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let displayName, displayName.count > 100 {
            errors.append(UserError("displayName", "Use at most 100 characters.", code: .tooLong))
        }
        guard errors.isEmpty else { return .userErrors(errors, ["user": Optional<UserRecord>.none as any Sendable]) }
        let hash = PasswordHasher.standard.hash(password)
        do {
            let userID = try await context.database.withTransaction { transaction in
                let rows = try await transaction.query(
                    "INSERT INTO users (email, email_key, password_hash) VALUES ($1, lower($1), $2) RETURNING id",
                    [email, hash])
                let id = try rows[0].decode(Int64.self, at: 0)
                _ = try await transaction.query(
                    "INSERT INTO profiles (user_id, display_name) VALUES ($1, $2)", [id, displayName?.isEmpty == false ? displayName : nil])
                try await AccountTokens.issue(.confirmEmail, userID: id, email: email, in: transaction)
                return id
            }
            var user = try await UserRecord.load([userID], from: context.database)[userID]
            user?.isRequesterThemself = true
            return .userErrors([], ["user": user])
        } catch let error as PostgresError where error.isUniqueViolation {
            return .userErrors([UserError("email", "An account with this email already exists.", code: .taken)])
        }
    }

    static func login(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let email = (input.string("email") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password = input.string("password") ?? ""
        let policy = context.policy
        let accountKey = LoginThrottle.Key.account(email, policy)
        let keys = [accountKey] + (context.client.address.map { [LoginThrottle.Key.address($0, policy)] } ?? [])
        if let retryAfter = try await LoginThrottle.retryAfter(for: keys, policy: policy, in: context.database) {
            throw DomainError(
                .rateLimited, "Too many failed sign-ins; try again in \(retryAfter) seconds.", retryAfterSeconds: retryAfter)
        }
        let rows = try await context.database.query(
            "SELECT id, password_hash, disabled_at IS NOT NULL FROM users WHERE email_key = lower($1)", [email])
        let invalid = Payload.userErrors([UserError(field: nil, message: "The email or password is wrong.", code: .invalidCredentials)])
        guard let row = rows.first else {
            // Hash anyway so that timing does not reveal whether the address is registered.
            _ = PasswordHasher.standard.verify(password, against: dummyHash)
            try await LoginThrottle.recordFailure(for: keys, policy: policy, in: context.database)
            return invalid
        }
        let userID = try row.decode(Int64.self, at: 0)
        guard PasswordHasher.standard.verify(password, against: try row.decode(String.self, at: 1)) else {
            try await LoginThrottle.recordFailure(for: keys, policy: policy, in: context.database)
            return invalid
        }
        try await LoginThrottle.reset(accountKey, in: context.database)
        if try row.decode(Bool.self, at: 2) {
            return .userErrors([UserError(field: nil, message: "This account is disabled.", code: .invalidState)])
        }
        let created = try await Sessions.create(
            for: userID, userAgent: context.client.userAgent, policy: policy, in: context.database)
        var user = try await UserRecord.load([userID], from: context.database)[userID]
        user?.isRequesterThemself = true
        return .userErrors([], ["token": created.token, "session": created.session, "user": user])
    }

    private static let dummyHash = PasswordHasher.standard.hash("not a real password")
}

/// The product's email rule: `x@x.x`, one `@`, a dotted domain, no spaces, 6 to 256 characters.
enum EmailRules {
    static func isValid(_ email: String) -> Bool {
        guard (6...256).contains(email.count), !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix(".")
        else { return false }
        return true
    }
}
