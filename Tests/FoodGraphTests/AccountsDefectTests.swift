import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// The Accounts defects of issue #21, each fixed at its root.
struct AccountsDefectTests {
    // MARK: #21.6 budgets and currencies

    @Test func budgetPresetsKeepTheirCurrencyAndCustomAmountsTakeTheProfiles() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("budget@example.com")
        let budget = "user { profile { currency weeklyBudget { amount currency } } } userErrors { field code }"
        let preset = try await api.run(#"mutation { updateProfile(input: {weeklyBudget: {preset: USD_100}}) { \#(budget) } }"#, token: token)
        AccountsTestSupport.expectNoErrors(preset)
        #expect(preset["data.updateProfile.user.profile.currency"] as? String == "CAD")
        #expect(preset["data.updateProfile.user.profile.weeklyBudget.amount"] as? String == "100.00")
        #expect(preset["data.updateProfile.user.profile.weeklyBudget.currency"] as? String == "USD")
        // Changing the profile's currency leaves the preset's alone.
        let euros = try await api.run(#"mutation { updateProfile(input: {currency: "EUR"}) { \#(budget) } }"#, token: token)
        AccountsTestSupport.expectNoErrors(euros)
        #expect(euros["data.updateProfile.user.profile.weeklyBudget.currency"] as? String == "USD")
        // A custom amount is in the profile's currency: the one set in the same update, if any.
        let custom = try await api.run(
            #"mutation { updateProfile(input: {currency: "GBP", weeklyBudget: {customAmount: "80.5"}}) { \#(budget) } }"#, token: token)
        AccountsTestSupport.expectNoErrors(custom)
        #expect(custom["data.updateProfile.user.profile.weeklyBudget.amount"] as? String == "80.50")
        #expect(custom["data.updateProfile.user.profile.weeklyBudget.currency"] as? String == "GBP")
        let cleared = try await api.run(#"mutation { updateProfile(input: {weeklyBudget: null}) { \#(budget) } }"#, token: token)
        AccountsTestSupport.expectNoErrors(cleared)
        #expect(cleared["data.updateProfile.user.profile.weeklyBudget"] is NSNull)
    }

    @Test func currenciesAreISO4217Codes() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("money@example.com")
        for code in ["XYZ", "usd", "XXX", "XTS", "DOLLARS", "CA"] {
            let response = try await api.run(
                #"mutation { updateProfile(input: {currency: "\#(code)"}) { user { id } userErrors { field code } } }"#, token: token)
            AccountsTestSupport.expectNoErrors(response)
            #expect(response["data.updateProfile.userErrors.0.field"] as? [String] == ["currency"], "\(code)")
            #expect(response["data.updateProfile.userErrors.0.code"] as? String == "INVALID_FORMAT", "\(code)")
        }
        let huge = try await api.run(
            #"mutation { updateProfile(input: {weeklyBudget: {customAmount: "123456789012"}}) { userErrors { code } } }"#, token: token)
        AccountsTestSupport.expectNoErrors(huge)
        #expect(huge["data.updateProfile.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        for code in ["JPY", "CHF", "XOF"] {
            let response = try await api.run(
                #"mutation { updateProfile(input: {currency: "\#(code)"}) { user { profile { currency } } userErrors { code } } }"#, token: token)
            AccountsTestSupport.expectNoErrors(response)
            #expect(response["data.updateProfile.user.profile.currency"] as? String == code)
        }
    }

    // MARK: #21.11 a session's last use is written at most once a minute

    @Test func readsDoNotWriteTheSessionMoreThanOnceAMinute() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("reader@example.com")
        let database = api.database.database
        // xmin changes with every UPDATE of the row, even one that writes the same values.
        func version() async throws -> String { try await database.query("SELECT xmin::text FROM sessions")[0].decode(String.self, at: 0) }
        let signedIn = try await version()
        var statements: [Int] = []
        for _ in 0..<5 {
            let response = try await api.run("{ me { id } }", token: token)
            AccountsTestSupport.expectNoErrors(response)
            statements.append(response.statements)
        }
        #expect(try await version() == signedIn)
        // The session, a read; `me { id }` needs no statement of its own.
        #expect(statements == [1, 1, 1, 1, 1])
        // Used again more than a minute after its recorded last use: written once.
        _ = try await database.query("UPDATE sessions SET last_used_at = now() - interval '2 minutes'")
        let aged = try await version()
        let due = try await api.run("{ me { id } }", token: token)
        AccountsTestSupport.expectNoErrors(due)
        #expect(due.statements == 2)
        let touched = try await version()
        #expect(touched != aged)
        let lag = try await database.query("SELECT extract(epoch FROM now() - last_used_at)::float8 FROM sessions")[0].decode(Double.self, at: 0)
        #expect(lag < 30)
        let next = try await api.run("{ me { id } }", token: token)
        #expect(next.statements == 1)
        #expect(try await version() == touched)
    }

    // MARK: #21.21 / #21.23 emails: control characters, normalisation

    @Test func controlCharactersInAnEmailOrNameAreUserErrors() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let email = "nul\u{0}@example.com"
        let variables = GraphQLObject([("email", .string(email)), ("name", .string("Ana\u{0}"))])
        let register = try await api.run(
            """
            mutation ($email: String!) { register(input: {email: $email, password: "Secret-pass1"}) { user { id } userErrors { field code } } }
            """, variables: variables)
        AccountsTestSupport.expectNoErrors(register)
        #expect(register["data.register.userErrors.0.field"] as? [String] == ["email"])
        #expect(register["data.register.userErrors.0.code"] as? String == "INVALID_FORMAT")
        let login = try await api.run(
            "mutation ($email: String!) { login(input: {email: $email, password: \"Secret-pass1\"}) { token userErrors { field code } } }",
            variables: variables)
        AccountsTestSupport.expectNoErrors(login)
        #expect(login["data.login.userErrors.0.field"] as? [String] == ["email"])
        let reset = try await api.run(
            "mutation ($email: String!) { requestPasswordReset(input: {email: $email}) { accepted } }", variables: variables)
        AccountsTestSupport.expectNoErrors(reset)
        #expect(reset["data.requestPasswordReset.accepted"] as? Bool == true)
        let name = try await api.run(
            """
            mutation ($name: String) { register(input: {email: "named@example.com", password: "Secret-pass1", displayName: $name}) { user { id } userErrors { field code } } }
            """, variables: variables)
        AccountsTestSupport.expectNoErrors(name)
        #expect(name["data.register.userErrors.0.field"] as? [String] == ["displayName"])
        #expect(name["data.register.userErrors.0.code"] as? String == "INVALID_FORMAT")
        let token = try await api.signUp("clean@example.com")
        let profile = try await api.run(
            "mutation ($name: String) { updateProfile(input: {displayName: $name}) { user { id } userErrors { field code } } }",
            token: token, variables: variables)
        AccountsTestSupport.expectNoErrors(profile)
        #expect(profile["data.updateProfile.userErrors.0.field"] as? [String] == ["displayName"])
        #expect(try await AccountsTestSupport.count("users", in: api.database.database) == 1)
    }

    @Test func emailsAreNormalisedBeforeUniquenessAndSignIn() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        func register(_ email: String) async throws -> Response {
            try await api.run(
                "mutation ($email: String!) { register(input: {email: $email, password: \"Secret-pass1\"}) { user { email } userErrors { code } } }",
                variables: GraphQLObject([("email", .string(email))]))
        }
        // Precomposed é (NFC) first, then e + combining acute (NFD): one address.
        let composed = try await register("jos\u{E9}@example.com")
        AccountsTestSupport.expectNoErrors(composed)
        #expect(composed["data.register.user.email"] as? String == "jos\u{E9}@example.com")
        let decomposed = try await register("jose\u{301}@example.com")
        AccountsTestSupport.expectNoErrors(decomposed)
        #expect(decomposed["data.register.userErrors.0.code"] as? String == "TAKEN")
        // Fullwidth letters are their ASCII letters (NFKC), and case does not matter.
        let plain = try await register("wendy@example.com")
        AccountsTestSupport.expectNoErrors(plain)
        let fullwidth = try await register("\u{FF57}endy@EXAMPLE.com")
        AccountsTestSupport.expectNoErrors(fullwidth)
        #expect(fullwidth["data.register.userErrors.0.code"] as? String == "TAKEN")
        // Signing in with another form of the address finds the account.
        let login = try await api.run(
            "mutation ($email: String!) { login(input: {email: $email, password: \"Secret-pass1\"}) { token user { email } userErrors { code } } }",
            variables: GraphQLObject([("email", .string("JOSE\u{301}@Example.com"))]))
        AccountsTestSupport.expectNoErrors(login)
        #expect(login["data.login.token"] as? String != nil)
        #expect(login["data.login.user.email"] as? String == "jos\u{E9}@example.com")
        #expect(try await AccountsTestSupport.count("users", in: api.database.database) == 2)
    }

    // MARK: #21.22 changePassword is throttled like sign-in

    @Test func wrongCurrentPasswordsAreThrottled() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("change@example.com")
        func change(_ current: String) -> String {
            #"mutation { changePassword(input: {currentPassword: "\#(current)", newPassword: "Brand-new1!"}) { success userErrors { code } } }"#
        }
        for _ in 0..<AccountPolicy().failuresPerAccount {
            let wrong = try await api.run(change("Wrong-pass1"), token: token)
            AccountsTestSupport.expectNoErrors(wrong)
            #expect(wrong["data.changePassword.userErrors.0.code"] as? String == "WRONG_PASSWORD")
        }
        // Now even the right one is refused until the window passes: nothing more is checked.
        let limited = try await api.run(change("Secret-pass1"), token: token, expecting: ["RATE_LIMITED"])
        #expect(limited.errorCodes == ["RATE_LIMITED"])
        let hash = try await api.database.database.query("SELECT password_hash FROM users")[0].decode(String.self, at: 0)
        #expect(PasswordHasher.standard.verify("Secret-pass1", against: hash))
    }

    @Test func theRightCurrentPasswordClearsTheCount() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("again@example.com")
        func change(_ current: String, _ new: String) -> String {
            #"mutation { changePassword(input: {currentPassword: "\#(current)", newPassword: "\#(new)"}) { success userErrors { code } } }"#
        }
        for _ in 0..<(AccountPolicy().failuresPerAccount - 1) {
            _ = try await api.run(change("Wrong-pass1", "Brand-new1!"), token: token)
        }
        let changed = try await api.run(change("Secret-pass1", "Brand-new1!"), token: token)
        AccountsTestSupport.expectNoErrors(changed)
        #expect(changed["data.changePassword.success"] as? Bool == true)
        let wrong = try await api.run(change("Wrong-pass1", "Brand-new2!"), token: token)
        AccountsTestSupport.expectNoErrors(wrong)
        #expect(wrong["data.changePassword.userErrors.0.code"] as? String == "WRONG_PASSWORD")
    }

    // MARK: #21.19 throttling holds under concurrency

    @Test func concurrentWrongPasswordsAreCheckedAtMostTheLimit() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        _ = try await api.signUp("burst@example.com")
        let guess = #"mutation { login(input: {email: "burst@example.com", password: "Wrong-pass1"}) { token userErrors { code } } }"#
        let responses = try await withThrowingTaskGroup(of: Response.self) { group in
            for _ in 0..<12 { group.addTask { try await api.run(guess, expecting: ["RATE_LIMITED"]) } }
            return try await group.reduce(into: [Response]()) { $0.append($1) }
        }
        let checked = responses.filter { $0["data.login.userErrors.0.code"] as? String == "INVALID_CREDENTIALS" }
        let refused = responses.filter { $0.errorCodes == ["RATE_LIMITED"] }
        #expect(checked.count == AccountPolicy().failuresPerAccount)
        #expect(refused.count == 12 - AccountPolicy().failuresPerAccount)
        let counted = try await api.database.database.query("SELECT count(*) FROM login_failures WHERE throttle_key LIKE 'account:%'")[0]
            .decode(Int.self, at: 0)
        #expect(counted == AccountPolicy().failuresPerAccount)
    }

    /// A successful sign-in from an address takes its reserved count back: people behind one
    /// address signing in to their own accounts never reach the address's limit.
    @Test func successfulSignInsDoNotCountAgainstTheAddress() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        _ = try await api.signUp("office@example.com")
        let client = ClientInfo(address: "203.0.113.50")
        for _ in 0..<(AccountPolicy().failuresPerAddress + 2) {
            let login = try await AccountsTestSupport.run(
                api, #"mutation { login(input: {email: "office@example.com", password: "Secret-pass1"}) { token userErrors { code } } }"#,
                client: client)
            AccountsTestSupport.expectNoErrors(login)
            #expect(login["data.login.token"] as? String != nil)
        }
        let counted = try await api.database.database.query("SELECT count(*) FROM login_failures")[0].decode(Int.self, at: 0)
        #expect(counted == 0)
    }
}

extension AccountsTestSupport {
    /// `TestAPI.run` from a given client (address, user agent).
    static func run(_ api: TestAPI, _ query: String, token: String? = nil, client: ClientInfo) async throws -> Response {
        let context = try await api.application.makeContext(bearerToken: token, client: client)
        let document = try parse(query)
        let result = await execute(
            api.application.executable,
            ExecutionRequest(document: document, variables: GraphQLObject(), context: context, scheduler: context.scheduler))
        let json = try JSONSerialization.jsonObject(with: Data(result.jsonBytes())) as? [String: Any] ?? [:]
        return Response(json: json, statements: context.statistics.snapshot.statementCount)
    }
}
