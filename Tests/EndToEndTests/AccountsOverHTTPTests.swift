import Foundation
import Server
import Testing

@testable import FoodGraph

/// Cross-user authorization, session expiry and sign-in throttling through the real server.
struct AccountsOverHTTPTests {
    @Test func registerSignInReadYourselfAndNobodyElse() async throws {
        try await HTTPTestAPI.with { api in
            for email in ["ana@example.com", "bo@example.com"] {
                let registered = try await api.run(
                    #"mutation { register(input: {email: "\#(email)", password: "Secret-pass1"}) { user { email } userErrors { code } } }"#)
                #expect(registered["data.register.user.email"] as? String == email)
            }
            var tokens: [String] = []
            for email in ["ana@example.com", "bo@example.com"] {
                let login = try await api.run(#"mutation { login(input: {email: "\#(email)", password: "Secret-pass1"}) { token } }"#)
                tokens.append(try #require(login["data.login.token"] as? String))
            }
            let me = try await api.run("{ me { id email profile { timeZone } } }", token: tokens[0])
            #expect(me.status == 200)
            #expect(me["data.me.email"] as? String == "ana@example.com")
            let anaID = try #require(me["data.me.id"] as? String)
            // Bo can neither read Ana through node(id:) or nodes(ids:) nor change her profile or sessions.
            let peek = try await api.run(#"{ node(id: "\#(anaID)") { ... on User { email } } }"#, token: tokens[1])
            #expect(peek["data.node"] is NSNull)
            let peekMany = try await api.run(#"{ nodes(ids: ["\#(anaID)"]) { ... on User { email } } }"#, token: tokens[1])
            #expect(peekMany["data.nodes.0"] is NSNull)
            let anaSession = try #require(
                try await api.run("{ me { sessions(first: 1) { edges { node { id } } } } }", token: tokens[0])["data.me.sessions.edges.0.node.id"]
                    as? String)
            let revoke = try await api.run(
                #"mutation { revokeSessions(input: {sessionId: "\#(anaSession)"}) { revokedCount userErrors { code } } }"#, token: tokens[1])
            #expect(revoke["data.revokeSessions.userErrors.0.code"] as? String == "NOT_FOUND")
            let sessionPeek = try await api.run(#"{ node(id: "\#(anaSession)") { id } }"#, token: tokens[1])
            #expect(sessionPeek["data.node"] is NSNull)
            let stillIn = try await api.run("{ me { email } }", token: tokens[0])
            #expect(stillIn["data.me.email"] as? String == "ana@example.com")
            // A bad token is refused for the whole request.
            let bad = try await api.run("{ me { email } }", token: "nonsense", expecting: ["UNAUTHENTICATED"])
            #expect(bad.status == 401)
            #expect(bad.errorCodes == ["UNAUTHENTICATED"])
            let logout = try await api.run("mutation { logout { success } }", token: tokens[0])
            #expect(logout["data.logout.success"] as? Bool == true)
            #expect(try await api.run("{ me { email } }", token: tokens[0], expecting: ["UNAUTHENTICATED"]).status == 401)
        }
    }

    @Test func sessionsSlideOnUseAndEndWhenIdleOrTooOld() async throws {
        let policy = AccountPolicy(sessionIdleTimeoutSeconds: 3600, sessionMaxLifetimeSeconds: 7200)
        // The test moves time by rewriting sessions behind the server's back, which a cached
        // session would hide for its time to live (SessionCacheTests covers the cache).
        try await HTTPTestAPI.with(policy: policy, sessionCacheTimeToLive: .zero) { api in
            let token = try await api.signUp("slide@example.com")
            let sessions = "{ me { sessions(first: 1) { edges { node { userAgent expiresAt } } } } }"
            func expiry() async throws -> Date {
                let text = try #require(try await api.run(sessions, token: token)["data.me.sessions.edges.0.node.expiresAt"] as? String)
                let format = ISO8601DateFormatter()
                format.formatOptions.insert(.withFractionalSeconds)
                return try #require(format.date(from: text))
            }
            // Idle timeout from sign-in: one hour.
            #expect(abs(try await expiry().timeIntervalSinceNow - 3600) < 60)
            // Used 50 minutes after its last use, the session slides: another hour from now.
            _ = try await api.database.database.query(
                "UPDATE sessions SET created_at = created_at - interval '50 minutes', last_used_at = last_used_at - interval '50 minutes', expires_at = expires_at - interval '50 minutes'")
            #expect(abs(try await expiry().timeIntervalSinceNow - 3600) < 60)
            // But never past the maximum lifetime after sign-in (two hours).
            _ = try await api.database.database.query(
                "UPDATE sessions SET created_at = now() - interval '100 minutes', last_used_at = now() - interval '30 minutes'")
            #expect(abs(try await expiry().timeIntervalSinceNow - 1200) < 60)
            _ = try await api.database.database.query("UPDATE sessions SET created_at = now() - interval '121 minutes', last_used_at = now()")
            #expect(try await api.run("{ me { id } }", token: token, expecting: ["UNAUTHENTICATED"]).errorCodes == ["UNAUTHENTICATED"])
            // A fresh session left unused past the idle timeout has ended too.
            let idle = try await api.signUp("idle@example.com")
            _ = try await api.database.database.query(
                "UPDATE sessions SET last_used_at = now() - interval '61 minutes' WHERE user_id = (SELECT id FROM users WHERE email = 'idle@example.com')")
            #expect(try await api.run("{ me { id } }", token: idle, expecting: ["UNAUTHENTICATED"]).status == 401)
        }
    }

    @Test func theSessionRemembersTheClientsUserAgent() async throws {
        try await HTTPTestAPI.with { api in
            _ = try await api.run(#"mutation { register(input: {email: "ua@example.com", password: "Secret-pass1"}) { userErrors { code } } }"#)
            let login = try await api.run(
                #"mutation { login(input: {email: "ua@example.com", password: "Secret-pass1"}) { token session { userAgent } } }"#,
                headers: [.userAgent: "NutriBud/2.1 (iOS 19)"])
            #expect(login["data.login.session.userAgent"] as? String == "NutriBud/2.1 (iOS 19)")
        }
    }

    @Test func oneAddressTryingManyAccountsIsThrottled() async throws {
        let policy = AccountPolicy(failuresPerAccount: 5, failuresPerAddress: 8)
        try await HTTPTestAPI.with(policy: policy) { api in
            let token = try await api.signUp("victim@example.com")
            #expect(!token.isEmpty)
            // Eight different accounts, one guess each: under every account's limit, at the address's.
            for index in 0..<8 {
                let guess = try await api.run(
                    #"mutation { login(input: {email: "user\#(index)@example.com", password: "Summer-2026!"}) { userErrors { code } } }"#)
                #expect(guess["data.login.userErrors.0.code"] as? String == "INVALID_CREDENTIALS")
            }
            // Now even the right password for another account is refused from this address…
            let refused = try await api.run(#"mutation { login(input: {email: "victim@example.com", password: "Secret-pass1"}) { token } }"#, expecting: ["RATE_LIMITED"])
            #expect(refused.errorCodes == ["RATE_LIMITED"])
            let retry = ((refused.json["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["retryAfterSeconds"] as? Int
            #expect((1...900).contains(retry ?? 0))
            #expect(refused["data.login.token"] == nil)
        }
    }

    @Test func forwardedAddressesCountOnlyBehindATrustedProxy() async throws {
        let policy = AccountPolicy(failuresPerAccount: 50, failuresPerAddress: 2)
        let guess = #"mutation { login(input: {email: "who@example.com", password: "Wrong-pass1"}) { userErrors { code } } }"#
        // Trusted: each forwarded client has its own count, so a third address is still allowed.
        try await HTTPTestAPI.with(policy: policy, configuration: ServerConfiguration(trustForwardedFor: true)) { api in
            for client in ["203.0.113.1", "203.0.113.1", "203.0.113.2"] {
                let response = try await api.run(guess, headers: [.init("X-Forwarded-For")!: "198.51.100.7, \(client)"])
                #expect(response.errorCodes.isEmpty)
            }
            let third = try await api.run(guess, headers: [.init("X-Forwarded-For")!: "203.0.113.1"], expecting: ["RATE_LIMITED"])
            #expect(third.errorCodes == ["RATE_LIMITED"])
        }
        // Untrusted: the header is ignored and every request is the socket's peer.
        try await HTTPTestAPI.with(policy: policy) { api in
            for client in ["203.0.113.1", "203.0.113.2"] {
                _ = try await api.run(guess, headers: [.init("X-Forwarded-For")!: client])
            }
            let third = try await api.run(guess, headers: [.init("X-Forwarded-For")!: "203.0.113.3"], expecting: ["RATE_LIMITED"])
            #expect(third.errorCodes == ["RATE_LIMITED"])
        }
    }
}
