import GraphQLEngine

// The provider mutations' inputs. Their bounds are the schema's (AccountsSchema.swift).

/// `signInWithProvider` and `linkProvider`: an ID token from the provider and the nonce it was
/// requested with.
struct ProviderTokenInput: Decodable, Sendable {
    static let maximumTokenLength = 8192
    static let nonceLength = 16...128

    var provider: IdentityProvider
    var idToken: String
    var nonce: String

    private enum CodingKeys: String, CodingKey { case provider, idToken, nonce }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        provider = try input.decode(IdentityProvider.self, forKey: .provider)
        idToken = try input.decode(String.self, forKey: .idToken)
        nonce = try input.decode(String.self, forKey: .nonce)
        if decoder.isBindingCheck { return }
        if idToken.utf8.count > Self.maximumTokenLength {
            throw InputError(try input.superDecoder(forKey: .idToken), "An ID token has at most 8192 characters.", code: .tooLong)
        }
        if !Self.nonceLength.contains(nonce.utf8.count) {
            throw InputError(
                try input.superDecoder(forKey: .nonce), "A nonce has 16 to 128 characters (use providerSignInNonce's).", code: .outOfRange)
        }
    }
}

struct UnlinkProviderInput: Decodable, Sendable {
    var provider: IdentityProvider
}
