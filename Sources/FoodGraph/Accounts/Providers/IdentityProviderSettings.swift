import Foundation

/// How this deployment talks to one provider: its client id (the audience its ID tokens must
/// name), and where its issuer and keys are when they are not the public ones (tests, a
/// self-hosted OpenID provider).
public struct IdentityProviderConfiguration: Sendable {
    public var clientID: String
    /// Replaces the provider's issuers; its keys are then found through
    /// `<issuer>/.well-known/openid-configuration` unless `keysURL` is given too.
    public var issuer: String?
    public var keysURL: String?

    public init(clientID: String, issuer: String? = nil, keysURL: String? = nil) {
        self.clientID = clientID
        self.issuer = issuer
        self.keysURL = keysURL
    }
}

/// Every configured provider with the in-memory cache of its signing keys. One per application:
/// the caches live as long as the server.
public final class IdentityProviderSettings: Sendable {
    /// How far a token's `exp` and `iat` may be off this server's clock.
    public let clockSkewLeewaySeconds: Int
    /// How long a nonce from `providerSignInNonce` stays usable.
    public let nonceLifetimeSeconds: Int
    let providers: [IdentityProvider: ConfiguredProvider]

    /// `minimumKeyRefreshInterval`: a token naming an unknown key fetches the keys again at most
    /// this often, so a flood of made-up key ids cannot hammer the provider.
    public init(
        _ configurations: [IdentityProvider: IdentityProviderConfiguration] = [:], clockSkewLeewaySeconds: Int = 60,
        nonceLifetimeSeconds: Int = 600, minimumKeyRefreshInterval: Duration = .seconds(60)
    ) {
        self.clockSkewLeewaySeconds = clockSkewLeewaySeconds
        self.nonceLifetimeSeconds = nonceLifetimeSeconds
        providers = Dictionary(
            uniqueKeysWithValues: configurations.map { provider, configuration in
                (provider, ConfiguredProvider(provider, configuration: configuration, minimumKeyRefreshInterval: minimumKeyRefreshInterval))
            })
    }

    /// The configured provider, nil when the deployment has no client id for it.
    func provider(_ provider: IdentityProvider) -> ConfiguredProvider? {
        providers[provider]
    }

    /// How many times a provider's keys were fetched (for tests and operators).
    public func keyFetchCount(_ provider: IdentityProvider) async -> Int {
        await providers[provider]?.keys.fetchCount ?? 0
    }
}

/// A provider as configured, with its key cache.
final class ConfiguredProvider: Sendable {
    let clientID: String
    let issuers: [String]
    let keys: ProviderKeyCache

    /// The configuration completed with the provider's public issuers and keys.
    init(_ provider: IdentityProvider, configuration: IdentityProviderConfiguration, minimumKeyRefreshInterval: Duration) {
        clientID = configuration.clientID
        issuers = configuration.issuer.map { [$0] } ?? provider.defaultIssuers
        let source: ProviderKeySource =
            if let keysURL = configuration.keysURL {
                .keys(url: keysURL)
            } else if let issuer = configuration.issuer {
                .discovery(issuer: issuer)
            } else {
                .keys(url: provider.defaultKeysURL)
            }
        keys = ProviderKeyCache(source: source, minimumRefreshInterval: minimumKeyRefreshInterval)
    }
}
