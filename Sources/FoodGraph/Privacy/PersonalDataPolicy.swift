import GraphQLEngine

/// Who sees a user's personal data: the one rule, per role. docs/security.md states the same table
/// in words; `PersonalDataVisibilityTests` checks it over every `User` field and every `Node` type.
///
/// - A user sees all of their own data.
/// - Support staff see a user's data only through the support issues that user opened (their name,
///   their contact, and what they attached), never through `User` (the support area's
///   `SupportIssue.requester`, `supportQueue`, `node(id:)`).
/// - Order handlers see a submitted order's items, its delivery address and its contact (the
///   address's recipient and phone), through `Order` (the kitchen's `orderQueue`, `node(id:)`),
///   never through `User`: not the profile, diary or pantry, nor the order's payments.
/// - Administrators see what their work needs: every account and profile, diary and weights
///   (to correct or delete data on request), but not another user's sessions or data exports.
/// - Everyone else (anonymous requests, other users, chain representatives) sees nothing personal.
///
/// Areas that add such narrow paths (a support issue's requester, an order's delivery contact, a
/// rival group's member names) return their own small types, never a `User`: a `User` is visible
/// to its owner and administrators only, whichever way it is reached (`me`, `node(id:)`, `users`,
/// a payload).
enum PersonalDataPolicy {
    /// The kinds of personal data, by what they reveal.
    enum Category: String, CaseIterable, Sendable {
        /// That the account exists, and its state: ID, roles, represented chain, disabled, created.
        case account
        /// How to reach the person: email address (also pending), display name, username, phone.
        case contact
        /// The profile: body, diet, restrictions, preferences, location, shipping address, avatar.
        case profile
        /// What they eat and weigh: diary, weights, timelines, targets, BMI.
        case health
        /// Where they are signed in (devices, user agents, times).
        case sessions
        /// Their personal-data exports (the whole of their data, once downloadable).
        case exports
        /// Which terms and privacy policy they accepted, and when.
        case consents
        /// What the service told them: expiring food, orders, friend requests, budgets.
        case notifications
        /// What they buy and spend: receipts, purchases, spending objectives and analytics.
        case spending
        /// Their friends, friend requests, blocks and rival groups (Rivals): the owner's alone.
        case social
        /// Their support issues and experience reports.
        case support
    }

    /// Who asks, relative to the user whose data it is. A viewer holding several roles is every
    /// audience of those roles at once, and gets the widest grant among them.
    enum Audience: String, CaseIterable, Sendable {
        case anonymous
        case owner
        case otherUser
        case support
        case orderHandler
        case chainRepresentative
        case administrator
    }

    /// What an audience gets of a category.
    enum Grant: Equatable, Sendable {
        /// Everything, through every path (`User` and `node(id:)` included).
        case full
        /// Nothing.
        case none
        /// Only what a support issue the user opened carries (the support area's own types).
        case throughSupportIssues
        /// Only what an order needs (the orders area's own types).
        case throughOrders
    }

    /// The rule, per role and category.
    static func grant(_ audience: Audience, _ category: Category) -> Grant {
        switch audience {
        case .owner:
            return .full
        case .administrator:
            switch category {
            case .account, .contact, .profile, .health, .consents, .spending, .support: return .full
            // Sessions are ended by disabling the account, not read; an export, the
            // notifications and the friends and groups are their owner's.
            case .sessions, .exports, .notifications, .social: return .none
            }
        case .support:
            switch category {
            case .contact, .support: return .throughSupportIssues
            default: return .none
            }
        case .orderHandler:
            switch category {
            case .contact, .profile: return .throughOrders  // the delivery contact and address only
            default: return .none
            }
        case .anonymous, .otherUser, .chainRepresentative:
            return .none
        }
    }

    /// The audiences a viewer belongs to for a user's data.
    static func audiences(of viewer: Viewer?, forUser userID: Int64) -> Set<Audience> {
        guard let viewer else { return [.anonymous] }
        if viewer.userID == userID { return [.owner] }
        var audiences: Set<Audience> = [.otherUser]
        for role in viewer.roles {
            switch role {
            case .user: break
            case .support: audiences.insert(.support)
            case .orderHandler: audiences.insert(.orderHandler)
            case .chainRepresentative: audiences.insert(.chainRepresentative)
            case .administrator: audiences.insert(.administrator)
            }
        }
        return audiences
    }

    /// Whether the viewer sees a category of a user's data directly (through `User`, `node(id:)`).
    static func allows(_ category: Category, ofUser userID: Int64, to viewer: Viewer?) -> Bool {
        audiences(of: viewer, forUser: userID).contains { grant($0, category) == .full }
    }

    static func allows(_ category: Category, ofUser userID: Int64, _ context: RequestContext) -> Bool {
        allows(category, ofUser: userID, to: context.viewer)
    }

    /// Whether the viewer sees a category of this account: the user a `register` or `login`
    /// payload returns is its requester's own, though the request carries no session yet.
    static func allows(_ category: Category, of user: UserRecord, _ context: RequestContext) -> Bool {
        user.isRequesterThemself || allows(category, ofUser: user.id, context)
    }

    /// `UNAUTHENTICATED` for anonymous requests, `FORBIDDEN` for a signed-in viewer the rule
    /// does not let see this category of this user's data.
    static func require(_ category: Category, of user: UserRecord, _ context: RequestContext) throws {
        if allows(category, of: user, context) { return }
        _ = try context.requireViewer()
        throw DomainError.forbidden("Only the account's owner and administrators can see this.")
    }
}

/// Every field of the schema's `User` type (from every area that extends it), with the kind of
/// personal data it reveals. A `User` field is bound with one of these (the `ObjectBinder`
/// methods below), so the policy is applied on every path to it; a test checks that the
/// schema's `User` fields and these cases are the same set.
enum UserField: String, CaseIterable, Sendable {
    // Accounts
    case id, email, pendingEmail, emailConfirmed, roles, representedChain, disabled, createdAt
    case profile, nutritionTargets, bmi, sessions, linkedProviders
    // Privacy
    case consents, pendingConsents, dataExports
    // Diary
    case diaryDay, diaryEntries, weightEntries, nutritionTimeline, weightTimeline
    // Recipes
    case favoriteRecipes, recipes
    // Notifications
    case notifications, unreadNotificationCount
    // Meals
    case activeDietPlan, dietPlanHistory, mealAdvice, mealPlanOptions, mealPlan, mealPlans, mealBudgetWeeks
    // Spending
    case receipts, purchases, spendingObjectives, spendingSuggestions, spending, spendingComparison, lastSpendingChange
    // Rivals
    case friends, friendRequests, groups, rivalGroupInvitations, blockedUsers
    // Kitchen
    case pantry, expiringSoon, pantryAmount, pantryMovements, kitchenSettings, draftOrder, orders, recurringOrder
    // Scans
    case recentScans
    // Support
    case supportIssues

    /// Whether its answer reads the account's row rather than only the user's id: `me` reads the
    /// row only when a selected field does. Every case is listed, so a new field must say.
    var readsAccountRow: Bool {
        switch self {
        case .email, .emailConfirmed, .roles, .representedChain, .disabled, .createdAt: true
        case .id, .pendingEmail, .profile, .nutritionTargets, .bmi, .sessions, .linkedProviders, .consents, .pendingConsents,
            .dataExports, .diaryDay, .diaryEntries, .weightEntries, .nutritionTimeline, .weightTimeline, .favoriteRecipes,
            .recipes, .notifications, .unreadNotificationCount, .activeDietPlan, .dietPlanHistory, .mealAdvice,
            .mealPlanOptions, .mealPlan, .mealPlans, .mealBudgetWeeks, .receipts, .purchases, .spendingObjectives,
            .spendingSuggestions, .spending, .spendingComparison, .lastSpendingChange, .friends, .friendRequests, .groups,
            .rivalGroupInvitations, .blockedUsers, .pantry, .expiringSoon, .pantryAmount, .pantryMovements,
            .kitchenSettings, .draftOrder, .orders, .recurringOrder, .recentScans, .supportIssues:
            false
        }
    }

    var category: PersonalDataPolicy.Category {
        switch self {
        case .id, .emailConfirmed, .roles, .representedChain, .disabled, .createdAt: .account
        case .email, .pendingEmail: .contact
        case .profile, .favoriteRecipes, .recipes, .pantry, .expiringSoon, .pantryAmount, .pantryMovements, .kitchenSettings,
            .draftOrder, .orders, .recurringOrder: .profile
        case .nutritionTargets, .bmi, .diaryDay, .diaryEntries, .weightEntries, .nutritionTimeline,
            .weightTimeline, .activeDietPlan, .dietPlanHistory, .mealAdvice, .mealPlanOptions, .mealPlan, .mealPlans, .mealBudgetWeeks,
            .recentScans:
            .health
        case .sessions, .linkedProviders: .sessions
        case .consents, .pendingConsents: .consents
        case .notifications, .unreadNotificationCount: .notifications
        case .dataExports: .exports
        case .receipts, .purchases, .spendingObjectives, .spendingSuggestions, .spending, .spendingComparison, .lastSpendingChange: .spending
        case .friends, .friendRequests, .groups, .rivalGroupInvitations, .blockedUsers: .social
        case .supportIssues: .support
        }
    }
}

extension ObjectBinder where Source == UserRecord, Context == RequestContext {
    /// A `User` field read from the account, for whom the policy lets see its category.
    mutating func field<Value: OutputValue>(_ field: UserField, _ read: @escaping @Sendable (UserRecord) throws -> Value) {
        self.field(field.rawValue, resolve: { user, context -> Resolved<Value> in
            try PersonalDataPolicy.require(field.category, of: user, context)
            return .value(try read(user))
        })
    }

    /// A `User` field that needs the request's context, for whom the policy lets see its category.
    mutating func field<Value: OutputValue>(
        _ field: UserField, resolve: @escaping @Sendable (UserRecord, RequestContext) throws -> Resolved<Value>
    ) {
        self.field(field.rawValue, resolve: { user, context -> Resolved<Value> in
            try PersonalDataPolicy.require(field.category, of: user, context)
            return try resolve(user, context)
        })
    }

    /// A `User` field with arguments, for whom the policy lets see its category.
    mutating func field<Value: OutputValue, Arguments: Decodable & Sendable>(
        _ field: UserField, arguments: Arguments.Type,
        resolve: @escaping @Sendable (UserRecord, Arguments, RequestContext) throws -> Resolved<Value>
    ) {
        self.field(field.rawValue, arguments: arguments) { user, arguments, context -> Resolved<Value> in
            try PersonalDataPolicy.require(field.category, of: user, context)
            return try resolve(user, arguments, context)
        }
    }

    /// A `User` field with arguments that also looks at how it is selected, for whom the policy
    /// lets see its category.
    mutating func field<Value: OutputValue, Arguments: Decodable & Sendable>(
        _ field: UserField, arguments: Arguments.Type,
        resolve: @escaping @Sendable (UserRecord, Arguments, RequestContext, ResolveInfo) throws -> Resolved<Value>
    ) {
        self.field(field.rawValue, arguments: arguments) { user, arguments, context, info -> Resolved<Value> in
            try PersonalDataPolicy.require(field.category, of: user, context)
            return try resolve(user, arguments, context, info)
        }
    }
}
