import Foundation
import Testing

@testable import FoodGraph

/// #21.20: disabling an account ends its sessions for good, through the real server.
struct AccountsDisablingOverHTTPTests {
    @Test func reEnablingAnAccountDoesNotReviveItsSessions() async throws {
        try await HTTPTestAPI.with { api in
            let admin = try await api.signUp("root@example.com")
            _ = try await api.database.database.query(
                "INSERT INTO user_roles (user_id, role) SELECT id, 'administrator' FROM users WHERE email = 'root@example.com'")
            let phone = try await api.signUp("owner@example.com")
            let laptop = try #require(
                try await api.run(#"mutation { login(input: {email: "owner@example.com", password: "Secret-pass1"}) { token } }"#)[
                    "data.login.token"] as? String)
            let userID = try #require(try await api.run("{ me { id } }", token: phone)["data.me.id"] as? String)
            func setDisabled(_ disabled: Bool) async throws {
                let response = try await api.run(
                    #"mutation { setAccountDisabled(input: {userId: "\#(userID)", disabled: \#(disabled)}) { user { disabled } userErrors { code } } }"#,
                    token: admin)
                #expect(response.json["errors"] == nil)
                #expect(response["data.setAccountDisabled.user.disabled"] as? Bool == disabled)
            }
            try await setDisabled(true)
            let revoked = try await api.database.database.query(
                """
                SELECT count(*) FILTER (WHERE revoked_at IS NULL) FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE u.email = 'owner@example.com'
                """)[0].decode(Int.self, at: 0)
            #expect(revoked == 0)
            try await setDisabled(false)
            for token in [phone, laptop] {
                let again = try await api.run("{ me { id } }", token: token, expecting: ["UNAUTHENTICATED"])
                #expect(again.status == 401)
                #expect(again.errorCodes == ["UNAUTHENTICATED"])
            }
            // The owner signs in afresh; the administrator's own session was untouched.
            let fresh = try await api.run(
                #"mutation { login(input: {email: "owner@example.com", password: "Secret-pass1"}) { token userErrors { code } } }"#)
            #expect(fresh.json["errors"] == nil)
            let token = try #require(fresh["data.login.token"] as? String)
            #expect(try await api.run("{ me { id } }", token: token)["data.me.id"] as? String == userID)
            #expect(try await api.run("{ me { id } }", token: admin).status == 200)
        }
    }
}
