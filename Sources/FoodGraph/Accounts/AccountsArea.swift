import GraphQLEngine

/// Accounts: registration, sign-in, sessions, profiles, roles.
enum AccountsArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(Role.self)
        binder.enumeration(Gender.self)
        binder.enumeration(ActivityLevel.self)
        binder.enumeration(WeightGoal.self)
        binder.enumeration(DietType.self)
        binder.enumeration(UnitSystem.self)
        binder.enumeration(BmiCategory.self)
        binder.enumeration(BudgetPreset.self)
        binder.enumeration(StorePreference.self)
        binder.enumeration(WeightUnit.self)
        binder.enumeration(TargetNutrient.self)
        binder.enumeration(IdentityProvider.self)
        binder.query { query in
            query.field("me") { context, info -> Resolved<UserRecord?> in
                guard let viewer = context.viewer else { return .null }
                let readsRow = info.selectedFieldNames().contains { UserField(rawValue: $0)?.readsAccountRow ?? ($0 != "__typename") }
                guard readsRow else { return .value(UserRecord(viewer: viewer)) }
                return Resolved<UserRecord?>(unchecked: context.accounts.users.load(viewer.userID))
            }
            query.field("avatarGallery") { _ in .value(AvatarGallery.all) }
            query.field("supportedLocales") { _ in .value(Messages.supportedLocales) }
            query.field("users", arguments: UsersArguments.self) { arguments, context -> Resolved<Connection<UserRecord>> in
                let page = try Page(arguments.page)
                if let query = arguments.query, InputText.hasForbiddenCharacters(query) {
                    throw DomainError.badUserInput("The query has control characters.")
                }
                return .run { try await UserStore.search(arguments.query, page: page, in: context.database) }
            }
        }
        bindUser(&binder)
        bindProfile(&binder)
        binder.object(SessionRecord.self) { session in
            session.field("id") { GlobalID(typeName: "Session", key: $0.id) }
            session.field("createdAt") { $0.createdAt }
            session.field("lastUsedAt") { $0.lastUsedAt }
            session.field("expiresAt") { $0.expiresAt }
            session.field("userAgent") { $0.userAgent }
            session.field("current", resolve: { session, context in .value(context.viewer?.sessionID == session.id) })
        }
        binder.connection(of: UserRecord.self, totalCount: true)
        binder.connection(of: SessionRecord.self)
        // node(id:): the account's owner and administrators only (PersonalDataPolicy).
        binder.node(UserRecord.self) { key, context -> Resolved<UserRecord?> in
            guard PersonalDataPolicy.allows(.account, ofUser: key, context) else { return .null }
            return Resolved(unchecked: context.accounts.users.load(key))
        }
        // A session is its owner's only (PersonalDataPolicy): another user's session ID is not found.
        binder.node(SessionRecord.self) { key, context -> Resolved<SessionRecord?> in
            guard let viewer = context.viewer else { return .null }
            return Resolved(unchecked: AccountsLoaders(context).sessions(of: viewer.userID).load(key))
        }
        bindResults(&binder)
        AccountMutations.bind(&binder)
        ProviderMutations.bind(&binder)
    }

    /// Every `User` field through `PersonalDataPolicy` (`UserField` names its category).
    private static func bindUser(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.id) { $0.globalID }
            user.field(.email) { EmailAddressOutput($0.email) }
            user.field(.pendingEmail, resolve: { user, context -> Resolved<EmailAddressOutput?> in
                Resolved<String?>(unchecked: context.accounts.pendingEmails.load(user.id)).map { $0.map(EmailAddressOutput.init) }
            })
            user.field(.emailConfirmed) { $0.emailConfirmedAt != nil }
            user.field(.roles) { $0.roles }
            user.field(.representedChain, resolve: { user, context -> Resolved<RetailChainRecord?> in
                guard let chainID = user.representedChainID else { return .null }
                return Resolved<RetailChainRecord?>(unchecked: context.catalog.chains.load(chainID))
            })
            user.field(.disabled) { $0.disabledAt != nil }
            user.field(.createdAt) { $0.createdAt }
            user.field(.profile, resolve: { user, context in profile(user, context) })
            user.field(.nutritionTargets, resolve: { user, context in profile(user, context).map(\.targets) })
            user.field(.bmi, resolve: { user, context in profile(user, context).map(\.bodyMassIndex) })
            user.field(.sessions, arguments: PageArguments.self) { user, arguments, context -> Resolved<Connection<SessionRecord>> in
                let page = try Page(arguments)
                return .run { try await SessionStore.page(of: user.id, page, in: context.database) }
            }
            user.field(.linkedProviders, resolve: { user, context -> Resolved<[LinkedProvider]> in
                let database = context.database
                let loader = context.loader("accounts.linkedProviders") { (userIDs: [Int64]) async throws -> [Int64: [LinkedProvider]] in
                    let linked = try await IdentityStore.linked(userIDs, in: database)
                    return Dictionary(uniqueKeysWithValues: userIDs.map { ($0, linked[$0] ?? []) })
                }
                return Resolved(unchecked: loader.load(user.id))
            })
        }
    }

    /// A user's profile, through the request's loader (the caller has applied the policy).
    @Sendable private static func profile(_ user: UserRecord, _ context: RequestContext) -> Resolved<ProfileRecord> {
        Resolved(unchecked: context.accounts.profiles.load(user.id))
    }

    private static func bindProfile(_ binder: inout SchemaBinder) {
        binder.object(ProfileRecord.self) { profile in
            profile.field("displayName") { $0.displayName }
            profile.field("username") { $0.username }
            profile.field("avatarUrl") { $0.avatarURL }
            profile.field("galleryAvatar") { $0.galleryAvatar }
            profile.field("gender") { $0.gender }
            profile.field("birthDate") { $0.birthDate }
            profile.field("age") { $0.age }
            profile.field("heightCm") { $0.heightCm }
            profile.field("weightKg") { $0.weightKg }
            profile.field("heightDisplay") { $0.heightDisplay }
            profile.field("weightDisplay") { $0.weightDisplay }
            profile.field("activityLevel") { $0.activityLevel }
            profile.field("goal") { $0.goal }
            profile.field("goalRateKgPerWeek") { $0.goalRateKgPerWeek }
            profile.field("dietType") { $0.dietType }
            profile.field("restrictions") { $0.restrictions }
            profile.field("unitSystem") { $0.units }
            profile.field("timeZone") { $0.timeZone }
            profile.field("currency") { $0.currency }
            profile.field("weeklyBudget") { $0.weeklyBudget }
            profile.field("location") { $0.location }
            profile.field("accessibleRadiusKm") { $0.accessibleRadiusKm }
            profile.field("preferredStores", resolve: { profile, context in stores(of: profile.userID, .preferred, context) })
            profile.field("ignoredStores", resolve: { profile, context in stores(of: profile.userID, .ignored, context) })
            profile.field("shippingAddress") { $0.shippingAddress }
            profile.field("notifications") { $0.notifications }
            profile.field("phone") { $0.phone }
            profile.field("weightUnit") { $0.weightUnit }
            profile.field("locale") { $0.locale }
            profile.field("customTargets") { $0.customTargets }
        }
    }

    /// The stores a user marked, by name: the marks in one query for every profile of a level,
    /// then the stores through the catalog's loader.
    private static func stores(of userID: Int64, _ preference: StorePreference, _ context: RequestContext) -> Resolved<[StoreRecord]> {
        let stores = context.catalog.stores
        return Resolved(
            unchecked: AccountsLoaders(context).storeMarks.load(userID).map { marks in
                let ids = (marks as? StoreMarks)?.stores(preference) ?? []
                guard !ids.isEmpty else { return .value([StoreRecord]()) }
                return stores.loadMany(ids).map { loaded in
                    let found = (loaded as? [(any Sendable)?] ?? []).compactMap { $0 as? StoreRecord }
                    return .value(found.sorted { ($0.name, $0.id) < ($1.name, $1.id) })
                }
            })
    }

    /// The plain result objects: their fields read the Swift value alone.
    private static func bindResults(_ binder: inout SchemaBinder) {
        binder.object(AvatarGallery.Avatar.self) { avatar in
            avatar.field("name") { $0.name }
            avatar.field("url") { $0.url }
        }
        binder.object(DietaryRestrictions.self) { restrictions in
            restrictions.field("allergies") { $0.allergies }
            restrictions.field("illnesses") { $0.illnesses }
            restrictions.field("pregnant") { $0.pregnant }
            restrictions.field("dislikedFoods") { $0.dislikedFoods }
        }
        binder.object(Address.self) { address in
            address.field("recipient") { $0.recipient }
            address.field("line1") { $0.line1 }
            address.field("line2") { $0.line2 }
            address.field("city") { $0.city }
            address.field("region") { $0.region }
            address.field("postalCode") { $0.postalCode }
            address.field("country") { $0.country }
            address.field("phone") { $0.phone }
        }
        binder.object(NotificationSettings.self) { settings in
            settings.field("expiringFood") { $0.expiringFood }
            settings.field("budgetExceeded") { $0.budgetExceeded }
            settings.field("cheaperAlternative") { $0.cheaperAlternative }
            settings.field("orderStatus") { $0.orderStatus }
            settings.field("friendRequests") { $0.friendRequests }
            settings.field("upcomingRecurringOrder") { $0.upcomingRecurringOrder }
            settings.field("scanReady") { $0.scanReady }
            settings.field("groupInvitations") { $0.groupInvitations }
            settings.field("supportIssueAnswered") { $0.supportIssueAnswered }
        }
        binder.object(NutritionTargets.self) { targets in
            targets.field("basalMetabolicRateKcal") { $0.basalMetabolicRateKcal }
            targets.field("maintenanceKcal") { $0.maintenanceKcal }
            targets.field("energyKcal") { $0.energyKcal }
            targets.field("proteinG") { $0.proteinG }
            targets.field("fatG") { $0.fatG }
            targets.field("carbohydratesG") { $0.carbohydratesG }
            targets.field("fibreG") { $0.fibreG }
            targets.field("sugarsG") { $0.sugarsG }
            targets.field("sodiumMg") { $0.sodiumMg }
            targets.field("userSet") { $0.userSet }
        }
        binder.object(CustomTargets.self) { targets in
            targets.field("energyKcal") { $0.energyKcal }
            targets.field("proteinG") { $0.proteinG }
            targets.field("carbohydratesG") { $0.carbohydratesG }
            targets.field("fatG") { $0.fatG }
        }
        binder.object(BodyMassIndex.self) { bmi in
            bmi.field("value") { $0.value }
            bmi.field("category") { $0.classification }
        }
        binder.object(UserPayload.self) { payload in
            payload.field("user") { $0.user }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(LoginPayload.self) { payload in
            payload.field("token") { $0.token }
            payload.field("session") { $0.session }
            payload.field("user") { $0.user }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(LogoutPayload.self) { payload in payload.field("success") { $0.success } }
        binder.object(LinkedProvider.self) { linked in
            linked.field("provider") { $0.provider }
            linked.field("email") { $0.email }
            linked.field("linkedAt") { $0.linkedAt }
        }
        binder.object(ProviderSignInNoncePayload.self) { payload in
            payload.field("nonce") { $0.nonce }
            payload.field("expiresAt") { $0.expiresAt }
        }
        binder.object(ProviderLinkPayload.self) { payload in
            payload.field("user") { $0.user }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(ResendConfirmationEmailPayload.self) { payload in payload.field("sent") { $0.sent } }
        binder.object(RequestPasswordResetPayload.self) { payload in payload.field("accepted") { $0.accepted } }
        binder.object(PasswordPayload.self) { payload in
            payload.field("success") { $0.success }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RevokeSessionsPayload.self) { payload in
            payload.field("revokedCount") { $0.revokedCount }
            payload.field("userErrors") { $0.userErrors }
        }
    }
}

/// `Query.users`' arguments.
private struct UsersArguments: Decodable, Sendable {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var query: String?

    var page: PageArguments { PageArguments(first: first, after: after, last: last, before: before) }
}

extension UserRecord: ObjectValue { static let graphQLTypeName = "User" }
extension SessionRecord: ObjectValue { static let graphQLTypeName = "Session" }
