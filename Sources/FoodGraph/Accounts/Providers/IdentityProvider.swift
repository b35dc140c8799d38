import GraphQLEngine

/// The schema's `IdentityProvider`: who vouches for a person signing in without a password.
public enum IdentityProvider: String, StoredEnum, CaseIterable, Sendable {
    public static let graphQLTypeName = "IdentityProvider"
    case google = "GOOGLE"
    case facebook = "FACEBOOK"

    /// The issuers the provider's tokens carry (`iss`). Google uses both forms.
    var defaultIssuers: [String] {
        switch self {
        case .google: ["https://accounts.google.com", "accounts.google.com"]
        case .facebook: ["https://www.facebook.com"]
        }
    }

    /// Where the provider publishes its signing keys.
    var defaultKeysURL: String {
        switch self {
        case .google: "https://www.googleapis.com/oauth2/v3/certs"
        case .facebook: "https://limited.facebook.com/.well-known/oauth/openid/jwks/"
        }
    }

    /// Whether the provider's `email` may link to an existing account. Google states it with
    /// `email_verified`; Facebook Limited Login tokens carry no such claim, and Facebook accounts
    /// can be opened with an address nobody confirmed, so a Facebook address never links an account
    /// (docs/security.md).
    var vouchesForEmail: Bool { self == .google }

    var displayName: String {
        switch self {
        case .google: "Google"
        case .facebook: "Facebook"
        }
    }
}
