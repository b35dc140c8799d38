import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// The profile stories of issue 23: email change with re-confirmation, a phone number in the
/// seed's format, targets the user sets, weights in stones and pounds, the language of messages.
@Suite struct ProfileStoriesTests {
    static func mail(to recipient: String, in database: PostgresDatabase) async throws -> [(subject: String, body: String)] {
        try await database.query("SELECT subject, body FROM email_outbox WHERE recipient = $1 ORDER BY id", [recipient]).map {
            (try $0.decode(String.self, at: 0), try $0.decode(String.self, at: 1))
        }
    }

    static func code(in body: String) -> String? { body.split(separator: "\n").first { $0.count == 43 }.map(String.init) }

    @Test func aUserChangesTheirEmailAndConfirmsItAtTheNewAddress() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let token = try await api.signUp("old@example.com")
        _ = try await api.signUp("taken@example.com")
        let change = #"mutation($email: String!, $password: String!) { changeEmail(input: {newEmail: $email, currentPassword: $password}) { user { email pendingEmail } userErrors { field code } } }"#
        func ask(_ email: String, _ password: String = "Secret-pass1") async throws -> Response {
            try await api.run(change, token: token, variables: GraphQLObject([("email", .string(email)), ("password", .string(password))]))
        }
        #expect(try await ask("new@example.com", "Wrong-pass1")["data.changeEmail.userErrors.0.code"] as? String == "WRONG_PASSWORD")
        #expect(try await ask("TAKEN@example.com")["data.changeEmail.userErrors.0.code"] as? String == "TAKEN")
        #expect(try await ask("Old@Example.com")["data.changeEmail.userErrors.0.code"] as? String == "INVALID_STATE")
        let bad = try await ask("not an address")
        #expect(bad["data.changeEmail.userErrors.0.field"] as? [String] == ["newEmail"])

        // A first request, replaced by a second: only the second's code works.
        _ = try await ask("first@example.com")
        let asked = try await ask("new@example.com")
        #expect(asked["data.changeEmail.user.email"] as? String == "old@example.com")
        #expect(asked["data.changeEmail.user.pendingEmail"] as? String == "new@example.com")
        let firstCode = try #require(Self.code(in: try await Self.mail(to: "first@example.com", in: database)[0].body))
        let newMail = try await Self.mail(to: "new@example.com", in: database)
        #expect(newMail.map(\.subject) == ["Confirm your new FoodGraph email"])
        let code = try #require(Self.code(in: newMail[0].body))
        // The old address is told at once, and still signs in until the change is confirmed.
        #expect(try await Self.mail(to: "old@example.com", in: database).map(\.subject).contains("Your FoodGraph email is about to change"))
        let stillOld = try await api.run(#"mutation { login(input: {email: "old@example.com", password: "Secret-pass1"}) { token } }"#)
        #expect(stillOld["data.login.token"] is String)

        let confirm = "mutation($code: String!) { confirmEmail(input: {token: $code}) { user { email emailConfirmed pendingEmail } userErrors { code } } }"
        let stale = try await api.run(confirm, variables: GraphQLObject([("code", .string(firstCode))]))
        #expect(stale["data.confirmEmail.userErrors.0.code"] as? String == "INVALID_TOKEN")
        let confirmed = try await api.run(confirm, variables: GraphQLObject([("code", .string(code))]))
        #expect(confirmed["data.confirmEmail.user.email"] as? String == "new@example.com")
        #expect(confirmed["data.confirmEmail.user.emailConfirmed"] as? Bool == true)
        #expect(confirmed["data.confirmEmail.user.pendingEmail"] is NSNull)
        #expect(try await Self.mail(to: "old@example.com", in: database).last?.subject == "Your FoodGraph email has changed")
        let again = try await api.run(confirm, variables: GraphQLObject([("code", .string(code))]))
        #expect(again["data.confirmEmail.userErrors.0.code"] as? String == "INVALID_TOKEN")
        // The new address signs in; the old one no longer does.
        let newLogin = try await api.run(#"mutation { login(input: {email: "new@example.com", password: "Secret-pass1"}) { token } }"#)
        #expect(newLogin["data.login.token"] is String)
        let oldLogin = try await api.run(#"mutation { login(input: {email: "old@example.com", password: "Secret-pass1"}) { token userErrors { code } } }"#)
        #expect(oldLogin["data.login.userErrors.0.code"] as? String == "INVALID_CREDENTIALS")
    }

    @Test func aUserSetsAPhoneNumberInTheSeedsFormat() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("phone@example.com")
        let accepted = [
            "905-555-0100": "905-555-0100", "(905) 555-0100": "905-555-0100", "+1 905.555.0100": "905-555-0100",
            "9055550100": "905-555-0100", "905 555 0100 ext 12": "905-555-0100 12", "905-555-0100 12345": "905-555-0100 12345",
            "1-905-555-0100 x7": "905-555-0100 7",
        ]
        for (typed, stored) in accepted {
            let response = try await api.run(
                "mutation($phone: String!) { updateProfile(input: {phone: $phone}) { user { profile { phone } } userErrors { code } } }",
                token: token, variables: GraphQLObject([("phone", .string(typed))]))
            #expect(response["data.updateProfile.user.profile.phone"] as? String == stored, "\(typed)")
            #expect(stored.count <= 18)
        }
        for typed in ["555-0100", "105-555-0100", "905-155-0100", "905-555-0100 123456", "+44 20 7946 0958", "905-555-01OO", "905\u{0}555-0100", ""] {
            let response = try await api.run(
                "mutation($phone: String!) { updateProfile(input: {phone: $phone}) { user { id } userErrors { field code } } }",
                token: token, variables: GraphQLObject([("phone", .string(typed))]))
            #expect(response["data.updateProfile.userErrors.0.code"] as? String == "INVALID_FORMAT", "\(typed)")
            #expect(response["data.updateProfile.userErrors.0.field"] as? [String] == ["phone"])
        }
        let cleared = try await api.run("mutation { updateProfile(input: {phone: null}) { user { profile { phone } } } }", token: token)
        #expect(cleared["data.updateProfile.user.profile.phone"] is NSNull)
    }

    @Test func aUserSetsTheirOwnTargetsAndClearsThemBackToComputed() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("targets@example.com")
        let targets = "nutritionTargets { energyKcal proteinG fatG carbohydratesG fibreG userSet } profile { customTargets { energyKcal proteinG carbohydratesG fatG } } diaryDay { targets { energyKcal proteinG userSet } }"
        // Custom targets before the body data: kept, applied once targets can be computed.
        let early = try await api.run(
            "mutation { updateProfile(input: {customTargets: {energyKcal: 2000}}) { user { \(targets) } userErrors { code } } }", token: token)
        #expect(early["data.updateProfile.user.nutritionTargets"] is NSNull)
        #expect(early["data.updateProfile.user.profile.customTargets.energyKcal"] as? Double == 2000)
        _ = try await api.run(
            "mutation { updateProfile(input: {customTargets: null, gender: MALE, birthDate: \"1996-01-01\", heightCm: 180, weightKg: 80, activityLevel: MODERATE}) { userErrors { code } } }",
            token: token)
        let computed = try await api.run("{ me { \(targets) } }", token: token)
        let computedEnergy = try #require(computed["data.me.nutritionTargets.energyKcal"] as? Double)
        let computedProtein = try #require(computed["data.me.nutritionTargets.proteinG"] as? Double)
        #expect(computed["data.me.nutritionTargets.userSet"] as? [String] == [])

        let set = try await api.run(
            "mutation { updateProfile(input: {customTargets: {energyKcal: 2000, proteinG: 150}}) { user { \(targets) } userErrors { code } } }",
            token: token)
        #expect(set["data.updateProfile.user.nutritionTargets.energyKcal"] as? Double == 2000)
        #expect(set["data.updateProfile.user.nutritionTargets.proteinG"] as? Double == 150)
        #expect(set["data.updateProfile.user.nutritionTargets.fatG"] as? Double == 66.7)  // 30 % of 2000 kcal / 9
        #expect(set["data.updateProfile.user.nutritionTargets.carbohydratesG"] as? Double == 225)  // 45 % / 4
        #expect(set["data.updateProfile.user.nutritionTargets.userSet"] as? [String] == ["ENERGY_KCAL", "PROTEIN_G"])
        // The diary's day counts against the user's own targets.
        #expect(set["data.updateProfile.user.diaryDay.targets.energyKcal"] as? Double == 2000)
        #expect(set["data.updateProfile.user.diaryDay.targets.userSet"] as? [String] == ["ENERGY_KCAL", "PROTEIN_G"])

        let oneCleared = try await api.run(
            "mutation { updateProfile(input: {customTargets: {proteinG: null}}) { user { \(targets) } } }", token: token)
        #expect(oneCleared["data.updateProfile.user.nutritionTargets.proteinG"] as? Double == 125)  // 25 % of 2000 / 4
        #expect(oneCleared["data.updateProfile.user.profile.customTargets.proteinG"] is NSNull)
        let allCleared = try await api.run("mutation { updateProfile(input: {customTargets: null}) { user { \(targets) } } }", token: token)
        #expect(allCleared["data.updateProfile.user.nutritionTargets.energyKcal"] as? Double == computedEnergy)
        #expect(allCleared["data.updateProfile.user.nutritionTargets.proteinG"] as? Double == computedProtein)
        #expect(allCleared["data.updateProfile.user.nutritionTargets.userSet"] as? [String] == [])

        let outOfRange = try await api.run(
            "mutation { updateProfile(input: {customTargets: {energyKcal: 200, fatG: 9000}}) { user { id } userErrors { field code } } }",
            token: token)
        let errors = try #require(outOfRange["data.updateProfile.userErrors"] as? [[String: Any]])
        #expect(errors.compactMap { $0["field"] as? [String] } == [["customTargets", "energyKcal"], ["customTargets", "fatG"]])
        #expect(errors.allSatisfy { $0["code"] as? String == "OUT_OF_RANGE" })
    }

    @Test func weightsShowInStonesAndPoundsWhenTheUserPrefersThem() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("stones@example.com")
        let set = try await api.run(
            "mutation { updateProfile(input: {weightKg: 70, weightUnit: STONES_POUNDS}) { user { profile { weightUnit weightDisplay } } userErrors { code } } }",
            token: token)
        #expect(set["data.updateProfile.user.profile.weightUnit"] as? String == "STONES_POUNDS")
        #expect(set["data.updateProfile.user.profile.weightDisplay"] as? String == "11 st 0 lb")  // 154 lb
        let logged = try await api.run("mutation { logWeight(input: {kilograms: 80}) { entry { weightDisplay } userErrors { code } } }", token: token)
        #expect(logged["data.logWeight.entry.weightDisplay"] as? String == "12 st 8 lb")  // 176 lb
        let pounds = try await api.run(
            "mutation { updateProfile(input: {weightUnit: POUNDS}) { user { profile { weightDisplay } weightEntries { edges { node { weightDisplay } } } } } }",
            token: token)
        #expect(pounds["data.updateProfile.user.profile.weightDisplay"] as? String == "176 lb")
        #expect(pounds["data.updateProfile.user.weightEntries.edges.0.node.weightDisplay"] as? String == "176 lb")
        // Cleared, the unit system decides again.
        let metric = try await api.run(
            "mutation { updateProfile(input: {weightUnit: null}) { user { profile { weightUnit weightDisplay unitSystem } } } }", token: token)
        #expect(metric["data.updateProfile.user.profile.weightUnit"] is NSNull)
        #expect(metric["data.updateProfile.user.profile.weightDisplay"] as? String == "80.0 kg")
        #expect(ProfilePreferences.display(weightKg: 63.5, unit: .stonesPounds) == "10 st 0 lb")
        #expect(ProfilePreferences.display(weightKg: 95.25, unit: .stonesPounds) == "15 st 0 lb")
    }

    @Test func aUserChoosesTheLanguageOfTheirMessages() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("locale@example.com")
        #expect(try await api.run("{ supportedLocales }")["data.supportedLocales"] as? [String] == ["en"])
        #expect(try await api.run("{ me { profile { locale } } }", token: token)["data.me.profile.locale"] as? String == "en")
        let french = try await api.run(#"mutation { updateProfile(input: {locale: "fr"}) { userErrors { field code } } }"#, token: token)
        #expect(french["data.updateProfile.userErrors.0.code"] as? String == "INVALID_FORMAT")
        let cleared = try await api.run("mutation { updateProfile(input: {locale: null}) { userErrors { field code } } }", token: token)
        #expect(cleared["data.updateProfile.userErrors.0.code"] as? String == "REQUIRED")
        let english = try await api.run(#"mutation { updateProfile(input: {locale: "en"}) { user { profile { locale } } userErrors { code } } }"#, token: token)
        #expect(english["data.updateProfile.user.profile.locale"] as? String == "en")
    }

    /// The catalogue is ready for another language: every table has every message, with the same
    /// placeholders as English's.
    @Test func everyLocaleHasEveryMessageWithItsPlaceholders() throws {
        func placeholders(_ text: String) -> Set<String> { Set(["{code}", "{address}"].filter { text.contains($0) }) }
        #expect(Set(Messages.catalog.keys) == Set(Messages.supportedLocales))
        let english = try #require(Messages.catalog["en"])
        for (locale, table) in Messages.catalog {
            for id in Messages.ID.allCases {
                let message = try #require(table[id], "\(locale) lacks \(id)")
                #expect(placeholders(message.body) == placeholders(english[id]!.body), "\(locale).\(id)")
            }
        }
        #expect(Messages.email(.confirmEmail, locale: "xx", code: "CODE").body.contains("CODE"))
    }
}
