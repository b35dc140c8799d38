import GraphQLEngine

// The Accounts mutations' inputs (`updateProfile`'s is in ProfileUpdate.swift). Emails, names and
// passwords are plain strings here: their rules report every problem at once, as user errors.

struct RegisterInput: Decodable, Sendable {
    var email: String
    var password: String
    var displayName: String?
    /// The policy versions the user accepted in the app (`PolicyDocuments.current`).
    var termsOfServiceVersion: String?
    var privacyPolicyVersion: String?
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

struct ChangeEmailInput: Decodable, Sendable {
    var newEmail: String
    var currentPassword: String
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

/// A gallery avatar by name: one of `AvatarGallery.all`.
struct ChooseGalleryAvatarInput: Decodable, Sendable {
    var name: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        guard decoder.isBindingCheck || AvatarGallery.avatar(named: name) != nil else {
            var error = InputError(decoder, "There is no gallery avatar \"\(name.prefix(40))\"; pick one of avatarGallery's names.", code: .notFound)
            error.path.append("name")
            throw error
        }
    }

    private enum CodingKeys: String, CodingKey { case name }
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
