import Foundation
import Testing

@testable import FoodGraph

/// Sign-in with Google or Facebook (Scan&Cook US-002), against a local OpenID provider.
@Suite struct ProviderSignInTests {
    @Test func aNewPersonSignsUpWithGoogleAndSignsInAgainToTheSameAccount() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let first = try await world.googleToken(subject: "g-100", email: "New.Cook@Example.com")
        let signedUp = try await world.signIn(.google, token: first.token, nonce: first.nonce)
        let session = try #require(signedUp["data.signInWithProvider.token"] as? String)
        let userID = try #require(signedUp["data.signInWithProvider.user.id"] as? String)
        #expect(signedUp["data.signInWithProvider.user.emailConfirmed"] as? Bool == true)
        #expect(signedUp["data.signInWithProvider.user.linkedProviders.0.provider"] as? String == "GOOGLE")
        // The session works, and the account has the profile's defaults and no password.
        let me = try await world.api.run("{ me { id profile { activityLevel } } }", token: session)
        #expect(me["data.me.id"] as? String == userID)
        #expect(me["data.me.profile.activityLevel"] as? String == "SEDENTARY")
        #expect(try await world.count("SELECT count(*)::int FROM users WHERE password_hash IS NULL") == 1)
        let login = try await world.api.run(#"mutation { login(input: {email: "new.cook@example.com", password: ""}) { token userErrors { code } } }"#)
        #expect(login["data.login.userErrors.0.code"] as? String == "INVALID_CREDENTIALS")

        let again = try await world.googleToken(subject: "g-100", email: "new.cook@example.com")
        let signedIn = try await world.signIn(.google, token: again.token, nonce: again.nonce)
        #expect(signedIn["data.signInWithProvider.user.id"] as? String == userID)
        #expect(try await world.count("SELECT count(*)::int FROM users") == 1)
    }

    @Test func aVerifiedGoogleAddressSignsInToTheAccountWithThatAddress() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let password = try await world.api.signUp("ann@example.com")
        let me = try await world.api.run("{ me { id } }", token: password)
        let google = try await world.googleToken(subject: "g-ann", email: "ANN@example.com", verified: true)
        let signedIn = try await world.signIn(.google, token: google.token, nonce: google.nonce)
        #expect(signedIn["data.signInWithProvider.user.id"] as? String == me["data.me.id"] as? String)
        #expect(signedIn["data.signInWithProvider.user.linkedProviders.0.email"] as? String == "ANN@example.com")
        #expect(try await world.count("SELECT count(*)::int FROM user_identities") == 1)
    }

    @Test func anUnverifiedAddressNeverTakesOverAnAccount() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        _ = try await world.api.signUp("bob@example.com")
        let google = try await world.googleToken(subject: "g-bob", email: "bob@example.com", verified: false)
        let refused = try await world.signIn(.google, token: google.token, nonce: google.nonce)
        #expect(refused["data.signInWithProvider.token"] is NSNull)
        #expect(refused["data.signInWithProvider.userErrors.0.code"] as? String == "TAKEN")
        // Facebook's addresses are never taken as verified, whatever the token says.
        let nonce = try await world.nonce()
        let facebook = try await world.provider.token(
            tenant: "facebook", audience: ProviderSignIn.facebookClientID, subject: "f-bob", email: "bob@example.com", emailVerified: true,
            nonce: nonce)
        let alsoRefused = try await world.signIn(.facebook, token: facebook, nonce: nonce)
        #expect(alsoRefused["data.signInWithProvider.userErrors.0.code"] as? String == "TAKEN")
        #expect(try await world.count("SELECT count(*)::int FROM user_identities") == 0)
        #expect(try await world.count("SELECT count(*)::int FROM users") == 1)
    }

    @Test func aFacebookSignUpKeepsItsAddressUnconfirmedAndSendsTheConfirmation() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let facebook = try await world.facebookToken(subject: "f-200", email: "fb.cook@example.com")
        let signedUp = try await world.signIn(.facebook, token: facebook.token, nonce: facebook.nonce)
        #expect(signedUp["data.signInWithProvider.token"] is String)
        #expect(signedUp["data.signInWithProvider.user.emailConfirmed"] as? Bool == false)
        #expect(signedUp["data.signInWithProvider.user.linkedProviders.0.provider"] as? String == "FACEBOOK")
        #expect(try await world.count("SELECT count(*)::int FROM email_outbox WHERE recipient = 'fb.cook@example.com'") == 1)
    }

    enum BadToken: String, CaseIterable, Sendable {
        case wrongAudience, wrongIssuer, expired, issuedInTheFuture, signedByAnotherKey, tamperedClaims, otherProvidersToken
    }

    @Test(arguments: BadToken.allCases) func aTokenFailingACheckIsRefused(_ bad: BadToken) async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let nonce = try await world.nonce()
        let provider = world.provider
        let token: String
        switch bad {
        case .wrongAudience:
            token = try await provider.token(audience: "someone-else.apps.googleusercontent.com", subject: "g-1", email: "a@example.com", nonce: nonce)
        case .wrongIssuer:
            token = try await provider.token(subject: "g-1", email: "a@example.com", nonce: nonce, issuer: "https://accounts.example.net")
        case .expired:
            // Past the 60 s leeway.
            token = try await provider.token(subject: "g-1", email: "a@example.com", nonce: nonce, expiresIn: -90, issuedAgo: 3700)
        case .issuedInTheFuture:
            token = try await provider.token(subject: "g-1", email: "a@example.com", nonce: nonce, issuedAgo: -300)
        case .signedByAnotherKey:
            // The published key's id, another key's signature.
            let forger = try TestOpenIDProvider.newKey(id: "forger")
            token = try await provider.token(
                subject: "g-1", email: "a@example.com", nonce: nonce, signedWith: forger, keyID: provider.currentKey.id)
        case .tamperedClaims:
            let genuine = try await provider.token(subject: "g-1", email: "a@example.com", nonce: nonce)
            let parts = genuine.split(separator: ".").map(String.init)
            let payload = try #require(Base64URL.decode(parts[1]))
            var claims = try #require(JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
            claims["sub"] = "g-victim"
            let forged = Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: claims)))
            token = [parts[0], forged, parts[2]].joined(separator: ".")
        case .otherProvidersToken:
            token = try await provider.token(tenant: "facebook", audience: ProviderSignIn.facebookClientID, subject: "f-1", nonce: nonce)
        }
        let refused = try await world.signIn(.google, token: token, nonce: nonce)
        #expect(refused["data.signInWithProvider.token"] is NSNull, "\(bad)")
        #expect(refused["data.signInWithProvider.userErrors.0.code"] as? String == "INVALID_TOKEN", "\(bad)")
        #expect(refused["data.signInWithProvider.userErrors.0.field.0"] as? String == "idToken", "\(bad)")
        #expect(try await world.count("SELECT count(*)::int FROM users") == 0)
        // The same nonce with a good token still works: a refused token does not burn it.
        let good = try await provider.token(subject: "g-1", email: "a@example.com", emailVerified: true, nonce: nonce)
        let accepted = try await world.signIn(.google, token: good, nonce: nonce)
        #expect(accepted["data.signInWithProvider.token"] is String, "\(bad)")
    }

    @Test func aTokenSignsInOnceForItsOwnServerIssuedNonce() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let first = try await world.googleToken(subject: "g-3", email: "c@example.com")
        #expect(try await world.signIn(.google, token: first.token, nonce: first.nonce)["data.signInWithProvider.token"] is String)
        // Replayed: the nonce is used up.
        let replay = try await world.signIn(.google, token: first.token, nonce: first.nonce)
        #expect(replay["data.signInWithProvider.userErrors.0.code"] as? String == "INVALID_TOKEN")
        #expect(replay["data.signInWithProvider.userErrors.0.field.0"] as? String == "nonce")
        // A token for another nonce than the one sent.
        let issued = try await world.nonce()
        let other = try await world.provider.token(subject: "g-3", email: "c@example.com", nonce: "a-nonce-of-someone-else-1234")
        let mismatch = try await world.signIn(.google, token: other, nonce: issued)
        #expect(mismatch["data.signInWithProvider.userErrors.0.field.0"] as? String == "idToken")
        // A made-up nonce the token agrees with, never issued here.
        let madeUp = "made-up-by-the-client-0123456789"
        let unissued = try await world.provider.token(subject: "g-3", email: "c@example.com", nonce: madeUp)
        let refused = try await world.signIn(.google, token: unissued, nonce: madeUp)
        #expect(refused["data.signInWithProvider.userErrors.0.field.0"] as? String == "nonce")
        #expect(try await world.count("SELECT count(*)::int FROM sessions") == 1)
    }

    @Test func aRotatedKeyIsFetchedWhenATokenNamesIt() async throws {
        let world = try await ProviderSignIn.make(minimumKeyRefreshInterval: .milliseconds(200))
        defer { Task { await world.close() } }
        let first = try await world.googleToken(subject: "g-4", email: "d@example.com")
        #expect(try await world.signIn(.google, token: first.token, nonce: first.nonce)["data.signInWithProvider.token"] is String)
        #expect(world.provider.keyRequests == 1)
        try world.provider.publish(try TestOpenIDProvider.newKey(id: "key-2"))
        try await Task.sleep(for: .milliseconds(250))
        let rotated = try await world.googleToken(subject: "g-4", email: "d@example.com")
        #expect(try await world.signIn(.google, token: rotated.token, nonce: rotated.nonce)["data.signInWithProvider.token"] is String)
        #expect(world.provider.keyRequests == 2)
        // The new key is cached now: no further fetch.
        let cached = try await world.googleToken(subject: "g-4", email: "d@example.com")
        #expect(try await world.signIn(.google, token: cached.token, nonce: cached.nonce)["data.signInWithProvider.token"] is String)
        #expect(world.provider.keyRequests == 2)
    }

    @Test func madeUpKeyIDsDoNotMakeTheServerAskTheProviderAgain() async throws {
        let world = try await ProviderSignIn.make(minimumKeyRefreshInterval: .seconds(60))
        defer { Task { await world.close() } }
        let first = try await world.googleToken(subject: "g-5", email: "e@example.com")
        #expect(try await world.signIn(.google, token: first.token, nonce: first.nonce)["data.signInWithProvider.token"] is String)
        for attempt in 0..<15 {
            let nonce = try await world.nonce()
            let bogus = try await world.provider.token(subject: "g-5", email: "e@example.com", nonce: nonce, keyID: "bogus-\(attempt)")
            let refused = try await world.signIn(.google, token: bogus, nonce: nonce)
            #expect(refused["data.signInWithProvider.userErrors.0.code"] as? String == "INVALID_TOKEN")
        }
        #expect(world.provider.keyRequests == 1)
        #expect(await world.settings.keyFetchCount(.google) == 1)
    }

    @Test func linkingAndUnlinkingNeverLeaveAnAccountWithoutAWayIn() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let google = try await world.googleToken(subject: "g-6", email: "f@example.com")
        let session = try #require(try await world.signIn(.google, token: google.token, nonce: google.nonce)["data.signInWithProvider.token"] as? String)
        // Google is the only way in: no password, no other provider.
        let onlyWay = try await world.unlink(.google, session: session)
        #expect(onlyWay["data.unlinkProvider.userErrors.0.code"] as? String == "LAST_SIGN_IN_METHOD")
        let notLinked = try await world.unlink(.facebook, session: session)
        #expect(notLinked["data.unlinkProvider.userErrors.0.code"] as? String == "NOT_FOUND")
        // With Facebook linked, Google can go; then Facebook is the last way in.
        let facebook = try await world.facebookToken(subject: "f-6", email: nil)
        let linked = try await world.link(.facebook, token: facebook.token, nonce: facebook.nonce, session: session)
        #expect((linked["data.linkProvider.user.linkedProviders"] as? [Any])?.count == 2)
        let unlinked = try await world.unlink(.google, session: session)
        #expect((unlinked["data.unlinkProvider.user.linkedProviders"] as? [[String: Any]])?.map { $0["provider"] as? String } == ["FACEBOOK"])
        let last = try await world.unlink(.facebook, session: session)
        #expect(last["data.unlinkProvider.userErrors.0.code"] as? String == "LAST_SIGN_IN_METHOD")
        // An account with a password can drop its only provider.
        let password = try await world.api.signUp("g@example.com")
        let other = try await world.googleToken(subject: "g-7", email: "someone@example.org")
        _ = try await world.link(.google, token: other.token, nonce: other.nonce, session: password)
        let dropped = try await world.unlink(.google, session: password)
        #expect((dropped["data.unlinkProvider.userErrors"] as? [Any])?.isEmpty == true)
    }

    @Test func anIdentityLinksToOneAccountOnly() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let owner = try await world.googleToken(subject: "g-8", email: "h@example.com")
        _ = try await world.signIn(.google, token: owner.token, nonce: owner.nonce)
        let session = try await world.api.signUp("i@example.com")
        let taken = try await world.googleToken(subject: "g-8", email: "h@example.com")
        let refused = try await world.link(.google, token: taken.token, nonce: taken.nonce, session: session)
        #expect(refused["data.linkProvider.userErrors.0.code"] as? String == "TAKEN")
        // One Google identity per account.
        let mine = try await world.googleToken(subject: "g-9", email: "i@example.com")
        _ = try await world.link(.google, token: mine.token, nonce: mine.nonce, session: session)
        let second = try await world.googleToken(subject: "g-10", email: "i2@example.com")
        let alsoRefused = try await world.link(.google, token: second.token, nonce: second.nonce, session: session)
        #expect(alsoRefused["data.linkProvider.userErrors.0.code"] as? String == "TAKEN")
        #expect(try await world.count("SELECT count(*)::int FROM user_identities WHERE subject = 'g-8'") == 1)
    }

    @Test func aDisabledAccountCannotSignInWithAProvider() async throws {
        let world = try await ProviderSignIn.make()
        defer { Task { await world.close() } }
        let first = try await world.googleToken(subject: "g-11", email: "j@example.com")
        _ = try await world.signIn(.google, token: first.token, nonce: first.nonce)
        _ = try await world.api.database.database.query("UPDATE users SET disabled_at = now() WHERE email = 'j@example.com'")
        let again = try await world.googleToken(subject: "g-11", email: "j@example.com")
        let refused = try await world.signIn(.google, token: again.token, nonce: again.nonce)
        #expect(refused["data.signInWithProvider.token"] is NSNull)
        #expect(refused["data.signInWithProvider.userErrors.0.code"] as? String == "INVALID_STATE")
        #expect(try await world.count("SELECT count(*)::int FROM sessions") == 1)
    }

    @Test func aProviderWithoutAClientIDIsRefused() async throws {
        let world = try await ProviderSignIn.make(providers: [.google])
        defer { Task { await world.close() } }
        let facebook = try await world.facebookToken(subject: "f-12", email: "k@example.com")
        let refused = try await world.signIn(.facebook, token: facebook.token, nonce: facebook.nonce)
        #expect(refused["data.signInWithProvider.userErrors.0.code"] as? String == "PROVIDER_NOT_CONFIGURED")
        #expect(refused["data.signInWithProvider.userErrors.0.field.0"] as? String == "provider")
    }

    @Test func refusedTokensFromOneAddressAreThrottled() async throws {
        let world = try await ProviderSignIn.make(failuresPerAddress: 3)
        defer { Task { await world.close() } }
        let client = ClientInfo(address: "203.0.113.7")
        for _ in 0..<3 {
            let nonce = try await world.nonce()
            let bad = try await world.provider.token(audience: "another-app", subject: "g-13", nonce: nonce)
            let refused = try await world.signIn(.google, token: bad, nonce: nonce, client: client)
            #expect(refused["data.signInWithProvider.userErrors.0.code"] as? String == "INVALID_TOKEN")
        }
        let good = try await world.googleToken(subject: "g-13", email: "l@example.com")
        let throttled = try await world.signIn(.google, token: good.token, nonce: good.nonce, client: client)
        #expect(throttled.errorCodes == ["RATE_LIMITED"])
    }
}
