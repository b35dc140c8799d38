import GraphQLEngine

// The Accounts mutations' inputs (`updateProfile`'s is in ProfileUpdate.swift). Emails, names and
// passwords are plain strings here: their rules report every problem at once, as user errors.

struct RegisterInput: Decodable, Sendable {
    var email: String
    var password: String
    var displayName: String?
}

struct LoginInput: Decodable, Sendable {
    var email: String
    var password: String
}

struct ConfirmEmailInput: Decodable, Sendable {
    var token: String
}

/// `@oneOf`: a session by ID, or every other session.
struct RevokeSessionsInput: Decodable, Sendable {
    var sessionId: NodeID<SessionRecord>?
    var allOthers: Bool?
}

struct RequestPasswordResetInput: Decodable, Sendable {
    var email: String
}

struct ResetPasswordInput: Decodable, Sendable {
    var token: String
    var newPassword: String
}

struct ChangePasswordInput: Decodable, Sendable {
    var currentPassword: String
    var newPassword: String
}

struct UploadAvatarInput: Decodable, Sendable {
    var image: Base64Bytes
}

struct SetStorePreferenceInput: Decodable, Sendable {
    var storeId: NodeID<StoreRecord>
    /// Nil (left out or null) clears the mark.
    var preference: StorePreference?
}

struct GrantRoleInput: Decodable, Sendable {
    var userId: NodeID<UserRecord>
    var role: Role
    var chainId: NodeID<RetailChainRecord>?
}

struct RevokeRoleInput: Decodable, Sendable {
    var userId: NodeID<UserRecord>
    var role: Role
}

struct SetAccountDisabledInput: Decodable, Sendable {
    var userId: NodeID<UserRecord>
    var disabled: Bool
}
