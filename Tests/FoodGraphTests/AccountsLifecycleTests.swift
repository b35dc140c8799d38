import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// The Accounts area on the typed layer: one transaction per mutation, typed payloads, node(id:)
/// of sessions, and no N+1 for profiles' store lists.
struct AccountsLifecycleTests {
    /// A failing write after the first ones leaves nothing of the mutation: the confirmation email
    /// (register's third write) fails, so neither the account, its profile nor its token remain.
    @Test func aRegistrationWhoseLastWriteFailsLeavesNothing() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        try await AccountsTestSupport.failEveryInsert(into: "email_outbox", in: api.database.database)
        let response = try await api.run(
            #"mutation { register(input: {email: "half@example.com", password: "Secret-pass1"}) { user { id } userErrors { code } } }"#, expecting: ["INTERNAL_SERVER_ERROR"])
        #expect(response.errorCodes == ["INTERNAL_SERVER_ERROR"])
        for table in ["users", "profiles", "account_tokens", "email_outbox"] {
            #expect(try await AccountsTestSupport.count(table, in: api.database.database) == 0, "\(table) keeps a row")
        }
    }

    /// Disabling writes the account, then ends its sessions; when the second step fails, the
    /// account is not disabled either.
    @Test func aDisablingWhoseSessionStepFailsLeavesTheAccountEnabled() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let admin = try await AccountsTestSupport.administrator(api)
        let user = try await api.signUp("target@example.com")
        let userID = try #require(try await api.run("{ me { id } }", token: user)["data.me.id"] as? String)
        try await AccountsTestSupport.failEveryUpdate(of: "sessions", in: api.database.database)
        let response = try await api.run(
            #"mutation { setAccountDisabled(input: {userId: "\#(userID)", disabled: true}) { user { disabled } userErrors { code } } }"#,
            token: admin, expecting: ["INTERNAL_SERVER_ERROR"])
        #expect(response.errorCodes == ["INTERNAL_SERVER_ERROR"])
        let disabled = try await api.database.database.query(
            "SELECT count(*) FROM users WHERE email = 'target@example.com' AND disabled_at IS NOT NULL")[0].decode(Int.self, at: 0)
        #expect(disabled == 0)
    }

    /// The old bug: a payload with user errors and a `user { … }` selection added "Cannot return
    /// null for non-nullable field" errors. The typed payload's `user` is a nil `UserRecord?`.
    @Test func userErrorsWithAUserSelectionGiveNoErrors() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let registered = try await api.run(
            #"mutation { register(input: {email: "nope", password: "short"}) { user { id email roles profile { displayName } } userErrors { field code } } }"#)
        AccountsTestSupport.expectNoErrors(registered)
        #expect(registered["data.register.user"] is NSNull)
        #expect((registered["data.register.userErrors"] as? [Any])?.isEmpty == false)
        let token = try await api.signUp("patch@example.com")
        let updated = try await api.run(
            #"mutation { updateProfile(input: {heightCm: 5}) { user { id email profile { heightCm } } userErrors { field code } } }"#,
            token: token)
        AccountsTestSupport.expectNoErrors(updated)
        #expect(updated["data.updateProfile.user"] is NSNull)
        #expect(updated["data.updateProfile.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        let confirmed = try await api.run(#"mutation { confirmEmail(input: {token: "nonsense"}) { user { id email } userErrors { code } } }"#)
        AccountsTestSupport.expectNoErrors(confirmed)
        #expect(confirmed["data.confirmEmail.user"] is NSNull)
        #expect(confirmed["data.confirmEmail.userErrors.0.code"] as? String == "INVALID_TOKEN")
        let login = try await api.run(
            #"mutation { login(input: {email: "patch@example.com", password: "Wrong-pass1"}) { token session { id } user { id email } userErrors { code } } }"#)
        AccountsTestSupport.expectNoErrors(login)
        #expect(login["data.login.user"] is NSNull)
        #expect(login["data.login.session"] is NSNull)
    }

    /// An ID of another type in a typed input is a user error naming the field, not an error.
    @Test func anotherTypesIDIsAUserErrorNamingTheField() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("ids@example.com")
        let userID = try #require(try await api.run("{ me { id } }", token: token)["data.me.id"] as? String)
        let response = try await api.run(
            #"mutation { revokeSessions(input: {sessionId: "\#(userID)"}) { revokedCount userErrors { field code } } }"#, token: token)
        AccountsTestSupport.expectNoErrors(response)
        #expect(response["data.revokeSessions.userErrors.0.field"] as? [String] == ["sessionId"])
        #expect(response["data.revokeSessions.userErrors.0.code"] as? String == "INVALID_FORMAT")
    }

    @Test func aSessionIsFetchableByNodeIDByItsOwnerOnly() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await api.signUp("ana@example.com")
        let bo = try await api.signUp("bo@example.com")
        let listed = try await api.run("{ me { sessions(first: 1) { edges { node { id userAgent } } } } }", token: ana)
        AccountsTestSupport.expectNoErrors(listed)
        let sessionID = try #require(listed["data.me.sessions.edges.0.node.id"] as? String)
        let own = try await api.run(#"{ node(id: "\#(sessionID)") { id ... on Session { current expiresAt } } }"#, token: ana)
        AccountsTestSupport.expectNoErrors(own)
        #expect(own["data.node.id"] as? String == sessionID)
        #expect(own["data.node.current"] as? Bool == true)
        let many = try await api.run(#"{ nodes(ids: ["\#(sessionID)", "\#(sessionID)"]) { id } }"#, token: ana)
        AccountsTestSupport.expectNoErrors(many)
        #expect((many["data.nodes"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [sessionID, sessionID])
        let other = try await api.run(#"{ node(id: "\#(sessionID)") { id } }"#, token: bo)
        AccountsTestSupport.expectNoErrors(other)
        #expect(other["data.node"] is NSNull)
        let anonymous = try await api.run(#"{ node(id: "\#(sessionID)") { id } }"#)
        AccountsTestSupport.expectNoErrors(anonymous)
        #expect(anonymous["data.node"] is NSNull)
        // An ended session is gone too.
        _ = try await api.run(#"mutation { revokeSessions(input: {sessionId: "\#(sessionID)"}) { revokedCount } }"#, token: ana)
        let second = try await api.signUp("ana@example.com")
        let ended = try await api.run(#"{ node(id: "\#(sessionID)") { id } }"#, token: second)
        AccountsTestSupport.expectNoErrors(ended)
        #expect(ended["data.node"] is NSNull)
    }

    /// The Diary area's day shows the targets the profile derives, through the same typed object.
    @Test func theDiaryDayShowsTheProfilesTargets() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("targets@example.com")
        let updated = try await api.run(
            #"mutation { updateProfile(input: {gender: FEMALE, birthDate: "1996-01-01", heightCm: 165, weightKg: 60, activityLevel: LIGHT, goal: LOSE, goalRateKgPerWeek: 0.25}) { user { nutritionTargets { energyKcal proteinG } bmi { value category } profile { unitSystem weightDisplay } } userErrors { code } } }"#,
            token: token)
        AccountsTestSupport.expectNoErrors(updated)
        let energy = try #require(updated["data.updateProfile.user.nutritionTargets.energyKcal"] as? Double)
        #expect(updated["data.updateProfile.user.bmi.category"] as? String == "NORMAL")
        #expect(updated["data.updateProfile.user.profile.unitSystem"] as? String == "METRIC")
        #expect(updated["data.updateProfile.user.profile.weightDisplay"] as? String == "60.0 kg")
        let day = try await api.run(#"{ me { diaryDay(date: "2026-03-01") { targets { energyKcal proteinG } } } }"#, token: token)
        AccountsTestSupport.expectNoErrors(day)
        #expect(day["data.me.diaryDay.targets.energyKcal"] as? Double == energy)
    }

    /// An administrator lists users with their profiles' store lists: one statement per level, however many users.
    @Test func storeListsOfManyProfilesLoadInOneStatementPerLevel() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let stores = try await api.run("{ stores(first: 3) { edges { node { id name } } } }")
        let storeIDs = (stores["data.stores.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["id"] as? String } ?? []
        #expect(storeIDs.count == 3)
        for (index, email) in ["s1@example.com", "s2@example.com", "s3@example.com"].enumerated() {
            let token = try await api.signUp(email)
            for (offset, storeID) in storeIDs.enumerated() {
                let mark = offset == index ? "IGNORED" : "PREFERRED"
                let marked = try await api.run(
                    #"mutation { setStorePreference(input: {storeId: "\#(storeID)", preference: \#(mark)}) { userErrors { code } } }"#,
                    token: token)
                #expect((marked["data.setStorePreference.userErrors"] as? [Any])?.isEmpty == true)
            }
        }
        let administrator = try #require(
            try await api.run(#"mutation { login(input: {email: "admin@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
        let listed = try await api.run(
            #"{ users(first: 10, query: "@example.com") { edges { node { email profile { preferredStores { name } ignoredStores { id } } } } } }"#,
            token: administrator)
        AccountsTestSupport.expectNoErrors(listed)
        let users = try #require(listed["data.users.edges"] as? [[String: Any]])
        #expect(users.count == 3)
        for user in users {
            let profile = (user["node"] as? [String: Any])?["profile"] as? [String: Any]
            let preferred = (profile?["preferredStores"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(preferred.count == 2)
            #expect(preferred == preferred.sorted())
            #expect((profile?["ignoredStores"] as? [Any])?.count == 1)
        }
        // Session | users page | profiles | store marks | stores.
        #expect(listed.statements == 5)
    }
}

enum AccountsTestSupport {
    static func expectNoErrors(_ response: Response, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(response.json["errors"] == nil, "unexpected errors: \(response.json["errors"] ?? "")", sourceLocation: sourceLocation)
    }

    static func count(_ table: String, in database: PostgresDatabase) async throws -> Int {
        try await database.query("SELECT count(*) FROM \(table)")[0].decode(Int.self, at: 0)
    }

    /// Signs up an account and makes it an administrator; returns its token.
    static func administrator(_ api: TestAPI, email: String = "root@example.com") async throws -> String {
        let token = try await api.signUp(email)
        _ = try await api.database.database.query(
            "INSERT INTO user_roles (user_id, role) SELECT id, 'administrator' FROM users WHERE email = $1", [email])
        return token
    }

    static func failEveryInsert(into table: String, in database: PostgresDatabase) async throws {
        try await installFailure(on: table, event: "INSERT", in: database)
    }

    static func failEveryUpdate(of table: String, in database: PostgresDatabase) async throws {
        try await installFailure(on: table, event: "UPDATE", in: database)
    }

    /// A trigger that makes every `event` on `table` fail, as a broken step would.
    private static func installFailure(on table: String, event: String, in database: PostgresDatabase) async throws {
        _ = try await database.query(
            """
            CREATE OR REPLACE FUNCTION test_injected_failure() RETURNS trigger LANGUAGE plpgsql
            AS $$ BEGIN RAISE EXCEPTION 'injected failure on %', TG_TABLE_NAME; END $$
            """)
        _ = try await database.query(
            "CREATE TRIGGER test_fail_\(event.lowercased())_\(table) BEFORE \(event) ON \(table) FOR EACH ROW EXECUTE FUNCTION test_injected_failure()")
    }
}
