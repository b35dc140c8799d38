import GraphQLEngine

// The Accounts mutations' payloads.

/// Every payload that returns the account changed: `user` and `userErrors`.
struct UserPayload: MutationPayload {
    static let graphQLTypeName = "RegisterPayload"
    static let graphQLTypeNames = [
        "RegisterPayload", "ConfirmEmailPayload", "UpdateProfilePayload", "UploadAvatarPayload", "ChooseGalleryAvatarPayload",
        "DeleteAvatarPayload", "SetStorePreferencePayload", "AcceptPoliciesPayload", "ChangeEmailPayload",
        "GrantRolePayload", "RevokeRolePayload", "SetAccountDisabledPayload",
    ]

    var user: UserRecord?
    var userErrors: [UserError] = []

    init(user: UserRecord?) {
        self.user = user
    }

    init(failing errors: [UserError]) {
        user = nil
        userErrors = errors
    }
}

struct LoginPayload: MutationPayload {
    static let graphQLTypeName = "LoginPayload"
    var token: String?
    var session: SessionRecord?
    var user: UserRecord?
    var userErrors: [UserError] = []

    init(token: String, session: SessionRecord, user: UserRecord?) {
        self.token = token
        self.session = session
        self.user = user
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}

struct LogoutPayload: MutationPayload {
    static let graphQLTypeName = "LogoutPayload"
    var success: Bool
    var userErrors: [UserError] { [] }

    init(success: Bool) {
        self.success = success
    }

    init?(failing errors: [UserError]) { nil }
}

struct ResendConfirmationEmailPayload: MutationPayload {
    static let graphQLTypeName = "ResendConfirmationEmailPayload"
    var sent: Bool
    var userErrors: [UserError] { [] }

    init(sent: Bool) {
        self.sent = sent
    }

    init?(failing errors: [UserError]) { nil }
}

struct RequestPasswordResetPayload: MutationPayload {
    static let graphQLTypeName = "RequestPasswordResetPayload"
    var accepted: Bool { true }
    var userErrors: [UserError] { [] }

    init() {}

    init?(failing errors: [UserError]) { nil }
}

/// `resetPassword` and `changePassword`: whether the password changed.
struct PasswordPayload: MutationPayload {
    static let graphQLTypeName = "ResetPasswordPayload"
    static let graphQLTypeNames = ["ResetPasswordPayload", "ChangePasswordPayload"]
    var success: Bool
    var userErrors: [UserError] = []

    init(success: Bool) {
        self.success = success
    }

    init(failing errors: [UserError]) {
        success = false
        userErrors = errors
    }
}

struct RevokeSessionsPayload: MutationPayload {
    static let graphQLTypeName = "RevokeSessionsPayload"
    var revokedCount: Int
    var userErrors: [UserError] = []

    init(revokedCount: Int) {
        self.revokedCount = revokedCount
    }

    init(failing errors: [UserError]) {
        revokedCount = 0
        userErrors = errors
    }
}
