/// Deployment-tunable rules for sessions and sign-in throttling.
public struct AccountPolicy: Sendable {
    /// A session ends after this long without use; every use pushes the end out again.
    public var sessionIdleTimeoutSeconds: Int
    /// …and never later than this long after sign-in, however busy it is.
    public var sessionMaxLifetimeSeconds: Int
    /// Failed sign-ins for one account within `throttleWindowSeconds` before it is refused.
    public var failuresPerAccount: Int
    /// Failed sign-ins from one client address (across accounts), for password spraying.
    public var failuresPerAddress: Int
    public var throttleWindowSeconds: Int
    /// Sign-in with Google or Facebook: the configured providers and their key caches.
    public var identityProviders: IdentityProviderSettings

    public init(
        sessionIdleTimeoutSeconds: Int = 30 * 86_400, sessionMaxLifetimeSeconds: Int = 365 * 86_400, failuresPerAccount: Int = 5,
        failuresPerAddress: Int = 20, throttleWindowSeconds: Int = 15 * 60,
        identityProviders: IdentityProviderSettings = IdentityProviderSettings()
    ) {
        self.identityProviders = identityProviders
        self.sessionIdleTimeoutSeconds = sessionIdleTimeoutSeconds
        self.sessionMaxLifetimeSeconds = max(sessionMaxLifetimeSeconds, sessionIdleTimeoutSeconds)
        self.failuresPerAccount = failuresPerAccount
        self.failuresPerAddress = failuresPerAddress
        self.throttleWindowSeconds = throttleWindowSeconds
    }
}
