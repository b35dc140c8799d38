import Foundation
import Testing

@testable import FoodGraph

/// Registration, sign-in and authorization through the real server, socket and database.
struct AccountTests {
    @Test func registerLoginAndMe() async throws {
        try await HTTPTestAPI.with { api in
            let registered = try await api.run(
                #"mutation { register(input: {email: "Ana@Example.com", password: "Secret-pass1", displayName: "Ana"}) { user { email emailConfirmed roles profile { displayName } } userErrors { code } } }"#)
            #expect(registered["data.register.user.email"] as? String == "Ana@Example.com")
            #expect(registered["data.register.user.roles"] as? [String] == ["USER"])
            #expect(registered["data.register.user.profile.displayName"] as? String == "Ana")
            let token = try await api.signUp("ana@example.com")  // same address, other case: taken, then logs in
            let me = try await api.run("{ me { email profile { timeZone dietType } } }", token: token)
            #expect(me["data.me.email"] as? String == "Ana@Example.com")
            #expect(me["data.me.profile.dietType"] as? String == "ORDINARY")
            let anonymous = try await api.run("{ me { email } }")
            #expect(anonymous["data.me"] is NSNull)
        }
    }

    @Test func registrationReportsEveryProblem() async throws {
        try await HTTPTestAPI.with { api in
            let response = try await api.run(
                #"mutation { register(input: {email: "not-an-email", password: "short"}) { user { id } userErrors { field code } } }"#)
            let codes = (response["data.register.userErrors"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
            #expect(
                codes == [
                    "INVALID_FORMAT", "TOO_SHORT", "PASSWORD_NEEDS_UPPERCASE", "PASSWORD_NEEDS_DIGIT", "PASSWORD_NEEDS_SPECIAL_CHARACTER",
                ])
            _ = try await api.signUp("taken@example.com")
            let again = try await api.run(
                #"mutation { register(input: {email: "TAKEN@example.com", password: "Secret-pass1"}) { userErrors { field code } } }"#)
            #expect(again["data.register.userErrors.0.code"] as? String == "TAKEN")
        }
    }

    @Test func wrongPasswordsAndBadTokens() async throws {
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("bo@example.com")
            let wrong = try await api.run(
                #"mutation { login(input: {email: "bo@example.com", password: "Wrong-pass1"}) { token userErrors { code } } }"#)
            #expect(wrong["data.login.token"] is NSNull)
            #expect(wrong["data.login.userErrors.0.code"] as? String == "INVALID_CREDENTIALS")
            let unknown = try await api.run(
                #"mutation { login(input: {email: "nobody@example.com", password: "Wrong-pass1"}) { userErrors { code } } }"#)
            #expect(unknown["data.login.userErrors.0.code"] as? String == "INVALID_CREDENTIALS")
            #expect(try await api.run("{ me { id } }", token: token + "x", expecting: ["UNAUTHENTICATED"]).status == 401)
            _ = try await api.run("mutation { logout { success } }", token: token)
            #expect(try await api.run("{ me { id } }", token: token, expecting: ["UNAUTHENTICATED"]).status == 401)
        }
    }

    @Test func tokensAreStoredHashedAndPasswordsWithScrypt() async throws {
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("cy@example.com")
            let rows = try await api.database.database.query("SELECT encode(token_hash, 'hex'), (SELECT password_hash FROM users) FROM sessions")
            let storedHash = try rows[0].decode(String.self, at: 0)
            #expect(storedHash != token && storedHash.count == 64)
            #expect(try rows[0].decode(String.self, at: 1).hasPrefix("scrypt$"))
        }
    }

    @Test func usersSeeOnlyThemselvesAndRolesAreEnforced() async throws {
        try await HTTPTestAPI.with { api in
            let ana = try await api.signUp("ana@example.com")
            let bo = try await api.signUp("bo@example.com")
            let anaID = try #require(try await api.run("{ me { id } }", token: ana)["data.me.id"] as? String)
            let peek = try await api.run(#"{ node(id: "\#(anaID)") { id ... on User { email } } }"#, token: bo)
            #expect(peek["data.node"] is NSNull)
            let own = try await api.run(#"{ node(id: "\#(anaID)") { ... on User { email } } }"#, token: ana)
            #expect(own["data.node.email"] as? String == "ana@example.com")
            let users = try await api.run("{ users(first: 5) { totalCount } }", token: bo, expecting: ["FORBIDDEN"])
            #expect(users.errorCodes == ["FORBIDDEN"])
            let malformed = try await api.run(#"{ node(id: "nonsense") { id } }"#, token: bo, expecting: ["BAD_USER_INPUT"])
            #expect(malformed.errorCodes == ["BAD_USER_INPUT"])
        }
    }
}
