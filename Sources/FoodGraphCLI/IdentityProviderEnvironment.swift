import FoodGraph
import Foundation

/// Sign-in with Google or Facebook, from the environment: a provider is on when its client id is
/// set (`FOODGRAPH_GOOGLE_CLIENT_ID`, `FOODGRAPH_FACEBOOK_CLIENT_ID`). `…_ISSUER` and `…_JWKS_URL`
/// replace the public issuer and key set (tests, a self-hosted OpenID provider).
enum IdentityProviderEnvironment {
    static func settings() throws -> IdentityProviderSettings {
        var configurations: [IdentityProvider: IdentityProviderConfiguration] = [:]
        for (provider, prefix) in [(IdentityProvider.google, "FOODGRAPH_GOOGLE"), (.facebook, "FOODGRAPH_FACEBOOK")] {
            let issuer = Environment.string(prefix + "_ISSUER")
            let keysURL = Environment.string(prefix + "_JWKS_URL")
            guard let clientID = Environment.string(prefix + "_CLIENT_ID") else {
                if issuer != nil || keysURL != nil {
                    throw StartupError("\(prefix)_ISSUER or \(prefix)_JWKS_URL is set but not \(prefix)_CLIENT_ID, which turns the provider on.")
                }
                continue
            }
            for (name, value) in [("_ISSUER", issuer), ("_JWKS_URL", keysURL)] {
                guard let value else { continue }
                guard let url = URL(string: value), ["https", "http"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                    throw StartupError("\(prefix)\(name) must be an http(s) address, not \"\(value)\".")
                }
            }
            configurations[provider] = IdentityProviderConfiguration(clientID: clientID, issuer: issuer, keysURL: keysURL)
        }
        return IdentityProviderSettings(configurations)
    }
}
