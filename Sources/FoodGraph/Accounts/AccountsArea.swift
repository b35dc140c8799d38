import GraphQLEngine

/// Accounts: registration, sign-in, sessions, profiles, roles.
enum AccountsArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        AccountResolvers.bind(&binder.resolvers)
        LegacyMutations.bind(["register", "login", "logout", "confirmEmail", "resendConfirmationEmail", "requestPasswordReset",
            "resetPassword", "changePassword", "revokeSessions", "updateProfile", "grantRole", "revokeRole", "setAccountDisabled",
            "uploadAvatar", "setStorePreference"], in: &binder)
        NodeResolvers.register(["User", "Session"], in: &binder)
    }
}

extension UserRecord: ObjectValue { static let graphQLTypeName = "User" }
extension SessionRecord: ObjectValue { static let graphQLTypeName = "Session" }
