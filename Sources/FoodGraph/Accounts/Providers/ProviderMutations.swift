import Foundation
import GraphQLEngine
import Postgres

/// Sign-in with Google or Facebook: `providerSignInNonce`, `signInWithProvider`, `linkProvider`,
/// `unlinkProvider`. The ID token is verified and its nonce used up before the transaction opens
/// (network and a write that must stick even when the sign-in is refused); the account is found,
/// linked or created inside it.
enum ProviderMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("providerSignInNonce", access: .anyone, issueNonce)
        binder.mutation("signInWithProvider", input: ProviderTokenInput.self, access: .anyone, prepare: checkToken, signIn)
        binder.mutation("linkProvider", input: ProviderTokenInput.self, access: .signedIn, prepare: checkLinkToken, link)
        binder.mutation("unlinkProvider", input: UnlinkProviderInput.self, access: .signedIn, unlink)
    }

    @Sendable static func issueNonce(_ scope: MutationScope) async throws -> ProviderSignInNoncePayload {
        let issued = try await ProviderNonceStore.issue(
            lifetimeSeconds: scope.context.policy.identityProviders.nonceLifetimeSeconds, in: scope.transaction)
        return ProviderSignInNoncePayload(nonce: issued.nonce, expiresAt: issued.expiresAt)
    }

    // MARK: - Checking the token

    /// The provider configured, the attempt counted against the client address (as password
    /// guesses are), the token verified, then its nonce used up: a token signs in once.
    static func verify(_ input: ProviderTokenInput, _ context: RequestContext) async throws -> Result<VerifiedIdentity, UserError> {
        let settings = context.policy.identityProviders
        guard let configured = settings.provider(input.provider) else {
            return .failure(
                UserError("provider", "Sign-in with \(input.provider.displayName) is not set up on this server.", code: .providerNotConfigured))
        }
        let keys = context.client.address.map { [LoginThrottle.Key.address($0, context.policy)] } ?? []
        let attempt = keys.isEmpty ? nil : try await LoginThrottle.reserve(keys, policy: context.policy, in: context.database)
        let identity: VerifiedIdentity
        do {
            identity = try await IDTokenVerifier(
                provider: input.provider, configured: configured, leewaySeconds: settings.clockSkewLeewaySeconds
            ).verify(input.idToken, nonce: input.nonce)
        } catch let rejection as IDTokenRejection {
            return .failure(UserError("idToken", rejection.message, code: .invalidToken))
        }
        guard try await ProviderNonceStore.consume(input.nonce, in: context.database) else {
            return .failure(
                UserError("nonce", "This nonce is unknown, expired or already used; ask for a new one (providerSignInNonce).", code: .invalidToken))
        }
        if let attempt { try await LoginThrottle.succeeded(attempt, in: context.database) }
        return .success(identity)
    }

    @Sendable static func checkToken(_ input: ProviderTokenInput, _ context: RequestContext) async throws -> Preparation<VerifiedIdentity, LoginPayload> {
        switch try await verify(input, context) {
        case .success(let identity): .proceed(identity)
        case .failure(let error): .answer(LoginPayload(failing: [error]))
        }
    }

    @Sendable static func checkLinkToken(
        _ input: ProviderTokenInput, _ context: RequestContext
    ) async throws -> Preparation<(userID: Int64, identity: VerifiedIdentity), ProviderLinkPayload> {
        let viewer = try context.requireViewer()
        switch try await verify(input, context) {
        case .success(let identity): return .proceed((viewer.userID, identity))
        case .failure(let error): return .answer(ProviderLinkPayload(failing: [error]))
        }
    }

    // MARK: - Signing in

    /// The account the identity signs in to: the one it is linked to; else the account with the
    /// provider's address when the provider vouches for it (then linked); else a new account
    /// without a password.
    @Sendable static func signIn(_ identity: VerifiedIdentity, _ scope: MutationScope) async throws -> LoginPayload {
        let name = identity.provider.displayName
        var userID = try await IdentityStore.owner(of: identity.provider, subject: identity.subject, in: scope.transaction)
        if userID == nil {
            guard let shared = identity.email, let email = EmailAddress(shared) else {
                return LoginPayload(failing: [
                    UserError("idToken", "\(name) did not share an email address; allow it and try again.", code: .required)
                ])
            }
            if let existing = try await UserStore.credentials(forKey: email.key, in: scope.transaction) {
                guard identity.emailVerified else {
                    return LoginPayload(failing: [
                        UserError(
                            "idToken",
                            "An account with this email already exists. Sign in to it and link \(name) with linkProvider.",
                            code: .taken)
                    ])
                }
                do {
                    try await IdentityStore.link(identity, to: existing.userID, in: scope.transaction)
                } catch let error as PostgresError where error.isUniqueViolation {
                    return LoginPayload(failing: [
                        UserError("idToken", "The account with this email is linked to another \(name) account.", code: .taken)
                    ])
                }
                userID = existing.userID
            } else {
                userID = try await createAccount(email, identity, scope)
            }
        }
        guard let userID, let account = try await UserStore.credentials(of: userID, in: scope.transaction) else {
            throw DomainError(.serviceUnavailable, "The account disappeared meanwhile; try again.")
        }
        if account.isDisabled {
            return LoginPayload(failing: [UserError(field: nil, message: "This account is disabled.", code: .invalidState)])
        }
        let context = scope.context
        let created = try await SessionStore.create(for: userID, userAgent: context.client.userAgent, policy: context.policy, in: scope.transaction)
        var user = try await UserStore.load(userID, in: scope.transaction)
        user?.isRequesterThemself = true
        return LoginPayload(token: created.token, session: created.session, user: user)
    }

    /// A new account with the profile's defaults and no password. An address the provider does
    /// not vouch for stays unconfirmed and gets the usual confirmation email.
    private static func createAccount(_ email: EmailAddress, _ identity: VerifiedIdentity, _ scope: MutationScope) async throws -> Int64 {
        let userID = try await UserStore.insertWithoutPassword(email, confirmed: identity.emailVerified, in: scope.transaction)
        try await ProfileStore.insert(userID: userID, displayName: nil, in: scope.transaction)
        try await IdentityStore.link(identity, to: userID, in: scope.transaction)
        if !identity.emailVerified {
            try await AccountTokens.issue(.confirmEmail, userID: userID, email: email.address, in: scope.transaction)
        }
        return userID
    }

    // MARK: - Linking and unlinking

    @Sendable static func link(_ request: (userID: Int64, identity: VerifiedIdentity), _ scope: MutationScope) async throws -> ProviderLinkPayload {
        let name = request.identity.provider.displayName
        switch try await IdentityStore.owner(of: request.identity.provider, subject: request.identity.subject, in: scope.transaction) {
        case request.userID?:
            break  // already linked: nothing to do
        case .some:
            return ProviderLinkPayload(failing: [UserError("idToken", "This \(name) account is linked to another account.", code: .taken)])
        case nil:
            do {
                try await IdentityStore.link(request.identity, to: request.userID, in: scope.transaction)
            } catch let error as PostgresError where error.isUniqueViolation {
                return ProviderLinkPayload(failing: [
                    UserError("provider", "Your account is linked to another \(name) account; unlink it first.", code: .taken)
                ])
            }
        }
        return ProviderLinkPayload(user: try await UserStore.load(request.userID, in: scope.transaction))
    }

    /// Refused when it would leave the account without a way in: no password and no other provider.
    @Sendable static func unlink(_ input: UnlinkProviderInput, _ scope: MutationScope) async throws -> ProviderLinkPayload {
        let viewer = try scope.requireViewer()
        // The account's row locked, so two unlinks at once cannot each leave the other's provider as the last way in.
        guard try await UserStore.lock(viewer.userID, in: scope.transaction) != nil else { throw DomainError.unauthenticated }
        let linked = try await IdentityStore.linked([viewer.userID], in: scope.transaction)[viewer.userID] ?? []
        guard linked.contains(where: { $0.provider == input.provider }) else {
            return ProviderLinkPayload(failing: [
                UserError("provider", "Your account is not linked to \(input.provider.displayName).", code: .notFound)
            ])
        }
        let hasPassword = try await UserStore.hasPassword(viewer.userID, in: scope.transaction)
        guard linked.count > 1 || hasPassword else {
            return ProviderLinkPayload(failing: [
                UserError(
                    "provider",
                    "This is your only way to sign in: set a password (requestPasswordReset) or link another provider first.",
                    code: .lastSignInMethod)
            ])
        }
        _ = try await IdentityStore.unlink(input.provider, of: viewer.userID, in: scope.transaction)
        return ProviderLinkPayload(user: try await UserStore.load(viewer.userID, in: scope.transaction))
    }
}
