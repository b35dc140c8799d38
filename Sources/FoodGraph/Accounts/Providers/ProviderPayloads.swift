import Foundation
import GraphQLEngine

/// `providerSignInNonce`'s answer.
struct ProviderSignInNoncePayload: MutationPayload {
    static let graphQLTypeName = "ProviderSignInNoncePayload"
    var nonce: String
    var expiresAt: Date
    var userErrors: [UserError] { [] }

    init(nonce: String, expiresAt: Date) {
        self.nonce = nonce
        self.expiresAt = expiresAt
    }

    init?(failing errors: [UserError]) { nil }
}

/// `linkProvider` and `unlinkProvider`: the account with its linked providers.
struct ProviderLinkPayload: MutationPayload {
    static let graphQLTypeName = "LinkProviderPayload"
    static let graphQLTypeNames = ["LinkProviderPayload", "UnlinkProviderPayload"]
    var user: UserRecord?
    var userErrors: [UserError] = []

    init(user: UserRecord?) {
        self.user = user
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}

/// A provider identity linked to an account (schema type `LinkedProvider`).
struct LinkedProvider: ObjectValue {
    static let graphQLTypeName = "LinkedProvider"
    var provider: IdentityProvider
    /// The address the provider shared when it was linked.
    var email: String?
    var linkedAt: Date
}
