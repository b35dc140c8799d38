import Foundation
import Testing

@testable import FoodGraph

/// Every account flow through the real server, socket and database.
struct AccountFlowTests {
    @Test func profileUpdatesArePatchesWithDerivedTargets() async throws {
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("pat@example.com")
            let updated = try await api.run(
                #"mutation { updateProfile(input: {gender: MALE, birthDate: "1990-01-01", heightCm: 180, weightKg: 80, activityLevel: MODERATE, timeZone: "Asia/Tokyo", restrictions: {allergies: ["peanuts"], pregnant: false}, weeklyBudget: {preset: USD_100}}) { user { profile { gender age timeZone restrictions { allergies } } bmi { value category } nutritionTargets { energyKcal proteinG } } userErrors { field code } } }"#,
                token: token)
            #expect(updated["data.updateProfile.userErrors"] as? [Any] != nil)
            #expect((updated["data.updateProfile.userErrors"] as? [Any])?.isEmpty == true)
            #expect(updated["data.updateProfile.user.profile.gender"] as? String == "MALE")
            #expect(updated["data.updateProfile.user.profile.restrictions.allergies"] as? [String] == ["peanuts"])
            #expect(updated["data.updateProfile.user.bmi.category"] as? String == "NORMAL")
            #expect((updated["data.updateProfile.user.nutritionTargets.energyKcal"] as? Double ?? 0) > 2000)
            // A patch: only the display name changes; null clears the height.
            let patched = try await api.run(
                #"mutation { updateProfile(input: {displayName: "Pat", heightCm: null}) { user { profile { displayName heightCm gender timeZone } bmi { value } } } }"#,
                token: token)
            #expect(patched["data.updateProfile.user.profile.gender"] as? String == "MALE")
            #expect(patched["data.updateProfile.user.profile.timeZone"] as? String == "Asia/Tokyo")
            #expect(patched["data.updateProfile.user.profile.heightCm"] is NSNull)
            #expect(patched["data.updateProfile.user.bmi"] is NSNull)
        }
    }

    @Test func invalidProfileFieldsAreAllReportedAndNothingIsWritten() async throws {
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("val@example.com")
            let response = try await api.run(
                #"mutation { updateProfile(input: {displayName: "Ok", heightCm: 20, birthDate: "2999-01-01", timeZone: "Mars/Base", currency: "dollars", weeklyBudget: {customAmount: "59.99"}}) { user { id } userErrors { field code } } }"#,
                token: token)
            let codes = (response["data.updateProfile.userErrors"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
            #expect(codes == ["OUT_OF_RANGE", "DATE_IN_FUTURE", "INVALID_FORMAT", "INVALID_FORMAT", "BUDGET_TOO_LOW"])
            let name = try await api.run("{ me { profile { displayName } } }", token: token)
            #expect(name["data.me.profile.displayName"] is NSNull)
        }
    }

    @Test func passwordResetIsSingleUseAndRevokesSessions() async throws {
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("reset@example.com")
            let unknown = try await api.run(#"mutation { requestPasswordReset(input: {email: "nobody@example.com"}) { accepted } }"#)
            let known = try await api.run(#"mutation { requestPasswordReset(input: {email: "reset@example.com"}) { accepted } }"#)
            #expect(unknown["data.requestPasswordReset.accepted"] as? Bool == true)
            #expect(known["data.requestPasswordReset.accepted"] as? Bool == true)
            let body = try await api.database.database.query(
                "SELECT body FROM email_outbox WHERE subject LIKE 'Reset%' ORDER BY id DESC LIMIT 1")[0].decode(String.self, at: 0)
            let code = try #require(body.split(separator: "\n").first { $0.count == 43 }.map(String.init))
            let reset = try await api.run(
                #"mutation { resetPassword(input: {token: "\#(code)", newPassword: "Brand-new1"}) { success userErrors { code } } }"#)
            #expect(reset["data.resetPassword.success"] as? Bool == true)
            let again = try await api.run(
                #"mutation { resetPassword(input: {token: "\#(code)", newPassword: "Brand-new2"}) { success userErrors { code } } }"#)
            #expect(again["data.resetPassword.userErrors.0.code"] as? String == "INVALID_TOKEN")
            #expect(try await api.run("{ me { id } }", token: token, expecting: ["UNAUTHENTICATED"]).status == 401)
            let login = try await api.run(
                #"mutation { login(input: {email: "reset@example.com", password: "Brand-new1"}) { token } }"#)
            #expect(login["data.login.token"] as? String != nil)
        }
    }

    @Test func emailConfirmation() async throws {
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("confirm@example.com")
            let body = try await api.database.database.query(
                "SELECT body FROM email_outbox WHERE recipient = 'confirm@example.com' AND subject LIKE 'Confirm%'")[0].decode(String.self, at: 0)
            let code = try #require(body.split(separator: "\n").first { $0.count == 43 }.map(String.init))
            let confirmed = try await api.run(#"mutation { confirmEmail(input: {token: "\#(code)"}) { user { emailConfirmed } userErrors { code } } }"#)
            #expect(confirmed["data.confirmEmail.user.emailConfirmed"] as? Bool == true)
            let resent = try await api.run("mutation { resendConfirmationEmail { sent } }", token: token)
            #expect(resent["data.resendConfirmationEmail.sent"] as? Bool == false)
        }
    }

    @Test func sessionsAreListedAndRevoked() async throws {
        try await HTTPTestAPI.with { api in
            let first = try await api.signUp("multi@example.com")
            let second = try #require(
                try await api.run(#"mutation { login(input: {email: "multi@example.com", password: "Secret-pass1"}) { token } }"#)["data.login.token"]
                    as? String)
            let list = try await api.run("{ me { sessions(first: 10) { edges { node { id current } } } } }", token: second)
            #expect((list["data.me.sessions.edges"] as? [Any])?.count == 2)
            let revoked = try await api.run("mutation { revokeSessions(input: {allOthers: true}) { revokedCount } }", token: second)
            #expect(revoked["data.revokeSessions.revokedCount"] as? Int == 1)
            #expect(try await api.run("{ me { id } }", token: first, expecting: ["UNAUTHENTICATED"]).status == 401)
            let still = try await api.run("{ me { sessions(first: 10) { edges { node { current } } } } }", token: second)
            #expect((still["data.me.sessions.edges"] as? [Any])?.count == 1)
        }
    }

    @Test func repeatedFailedSignInsAreRateLimited() async throws {
        try await HTTPTestAPI.with { api in
            _ = try await api.signUp("brute@example.com")
            for _ in 0..<AccountPolicy().failuresPerAccount {
                _ = try await api.run(#"mutation { login(input: {email: "brute@example.com", password: "Wrong-pass1"}) { token } }"#)
            }
            let limited = try await api.run(#"mutation { login(input: {email: "brute@example.com", password: "Secret-pass1"}) { token } }"#, expecting: ["RATE_LIMITED"])
            #expect(limited.errorCodes == ["RATE_LIMITED"])
            let retry = ((limited.json["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["retryAfterSeconds"] as? Int
            #expect((retry ?? 0) > 0)
        }
    }

    @Test func administratorsGrantRolesAndDisableAccounts() async throws {
        try await HTTPTestAPI.with { api in
            let admin = try await api.signUp("root@example.com")
            let rows = try await api.database.database.query("SELECT id FROM users WHERE email = 'root@example.com'")
            _ = try await api.database.database.query(
                "INSERT INTO user_roles (user_id, role) VALUES ($1, 'administrator')", [try rows[0].decode(Int64.self, at: 0)])
            let userToken = try await api.signUp("plain@example.com")
            let userID = try #require(try await api.run("{ me { id } }", token: userToken)["data.me.id"] as? String)
            let denied = try await api.run(#"mutation { grantRole(input: {userId: "\#(userID)", role: SUPPORT}) { user { roles } } }"#, token: userToken, expecting: ["FORBIDDEN"])
            #expect(denied.errorCodes == ["FORBIDDEN"])
            let granted = try await api.run(#"mutation { grantRole(input: {userId: "\#(userID)", role: SUPPORT}) { user { roles } } }"#, token: admin)
            #expect(granted["data.grantRole.user.roles"] as? [String] == ["USER", "SUPPORT"])
            let disabled = try await api.run(
                #"mutation { setAccountDisabled(input: {userId: "\#(userID)", disabled: true}) { user { disabled } } }"#, token: admin)
            #expect(disabled["data.setAccountDisabled.user.disabled"] as? Bool == true)
            #expect(try await api.run("{ me { id } }", token: userToken, expecting: ["UNAUTHENTICATED"]).status == 401)
        }
    }
}

struct ProfileExtrasTests {
    /// A PNG header of the given size, and nothing else (refused: the server decodes the whole image).
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        return bytes
    }

    @Test func avatarsAreCheckedByTheirBytesAndServedBack() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let token = try await api.signUp("avatar@example.com")
            func upload(_ bytes: [UInt8]) async throws -> APIResponse {
                try await api.run(
                    #"mutation { uploadAvatar(input: {image: "\#(Data(bytes).base64EncodedString())"}) { user { profile { avatarUrl } } userErrors { code } } }"#,
                    token: token)
            }
            #expect(try await upload(Self.png(width: 300, height: 200))["data.uploadAvatar.userErrors.0.code"] as? String == "INVALID_IMAGE_DIMENSIONS")
            #expect(try await upload(Array("GIF89a not supported".utf8))["data.uploadAvatar.userErrors.0.code"] as? String == "UNSUPPORTED_IMAGE_TYPE")
            let bad = try await api.run(#"mutation { uploadAvatar(input: {image: "@@@"}) { userErrors { code } } }"#, token: token, expecting: ["GRAPHQL_VALIDATION_FAILED"])
            #expect(bad.json["errors"] != nil)  // not base64: the scalar refuses it
            // A header alone is not an image (issue 21.27).
            #expect(try await upload(Self.png(width: 200, height: 200))["data.uploadAvatar.userErrors.0.code"] as? String == "UNSUPPORTED_IMAGE_TYPE")
            let pixels = [UInt8](repeating: 0x7F, count: 200 * 200 * 4)
            let png = try #require(ImageCodec.encode(ImageCodec.Decoded(format: .png, width: 200, height: 200, rgba: pixels)))
            let good = try await upload(png)
            let url = try #require(good["data.uploadAvatar.user.profile.avatarUrl"] as? String)
            #expect(url.hasPrefix("/images/"))
            let image = try await api.client.execute(uri: url, method: .get)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/png")
            #expect(image.headers[.xContentTypeOptions] == "nosniff")
            guard case .success(let decoded) = ImageCodec.decode(Array(image.body.readableBytesView)) else {
                Issue.record("the served avatar does not decode")
                return
            }
            #expect(decoded.rgba == pixels)
            #expect(try await api.get("/images/SW1hZ2U6OTk5OTk=").status == 404)
            #expect(try await api.get("/images/SW1hZ2U6MQ").status == 404)  // Image:1, the first image's old address
        }
    }

    @Test func storePreferencesLocationsNotificationsAndDisplays() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let token = try await api.signUp("prefs@example.com")
            let store = try #require(try await api.run("{ stores(first: 1) { edges { node { id name } } } }")["data.stores.edges.0.node.id"] as? String)
            _ = try await api.run(#"mutation { setStorePreference(input: {storeId: "\#(store)", preference: PREFERRED}) { userErrors { code } } }"#, token: token)
            let updated = try await api.run(
                #"mutation { updateProfile(input: {heightCm: 180, weightKg: 80, unitSystem: IMPERIAL, location: {latitude: 43.25, longitude: -79.87}, accessibleRadiusKm: 10, notifications: {scanReady: false}}) { user { profile { heightDisplay weightDisplay location { latitude } accessibleRadiusKm notifications { scanReady orderStatus } preferredStores { id } ignoredStores { id } } } userErrors { code } } }"#,
                token: token)
            #expect(updated["data.updateProfile.user.profile.heightDisplay"] as? String == "5 ft 11 in")
            #expect(updated["data.updateProfile.user.profile.weightDisplay"] as? String == "176 lb")
            #expect(updated["data.updateProfile.user.profile.location.latitude"] as? Double == 43.25)
            #expect(updated["data.updateProfile.user.profile.notifications.scanReady"] as? Bool == false)
            #expect(updated["data.updateProfile.user.profile.notifications.orderStatus"] as? Bool == true)
            #expect((updated["data.updateProfile.user.profile.preferredStores"] as? [[String: Any]])?.first?["id"] as? String == store)
            _ = try await api.run(#"mutation { setStorePreference(input: {storeId: "\#(store)", preference: null}) { userErrors { code } } }"#, token: token)
            let cleared = try await api.run("{ me { profile { preferredStores { id } } } }", token: token)
            #expect((cleared["data.me.profile.preferredStores"] as? [Any])?.isEmpty == true)
        }
    }
}
