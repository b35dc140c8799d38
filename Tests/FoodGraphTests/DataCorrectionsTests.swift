import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Administrators correct or delete a user's data on the user's request, each action in the
/// audit log (who, when, what, why) that administrators read (issue #23, "Staff").
@Suite struct DataCorrectionsTests {
    struct World {
        let api: TestAPI
        let admin: String
        let user: String
        let userID: String

        static func make() async throws -> World {
            let api = try await TestAPI.make()
            _ = try await DemoData.loadIfEmpty(into: api.database.database)
            let admin = try #require(
                try await api.run(#"mutation { login(input: {email: "admin@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                    "data.login.token"] as? String)
            let user = try await api.signUp("asks@example.com")
            let userID = try #require(try await api.run("{ me { id } }", token: user)["data.me.id"] as? String)
            return World(api: api, admin: admin, user: user, userID: userID)
        }

        func run(_ query: String, token: String?, _ variables: [String: GraphQLValue] = [:], expecting: Set<String> = []) async throws -> Response {
            try await api.run(query, token: token, variables: GraphQLObject(variables.map { ($0.key, $0.value) }), expecting: expecting)
        }

        func auditLog(of userID: String? = nil) async throws -> [[String: Any]] {
            let response = try await run(
                "query($user: ID) { auditLog(userId: $user, first: 20) { edges { node { action actor { email } subjectUser { id } reason details createdAt } } } }",
                token: admin, ["user": userID.map(GraphQLValue.string) ?? .null])
            return ((response["data.auditLog.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
        }
    }

    @Test func anAdministratorCorrectsAProfileOnRequestAndTheLogSaysWhoWhenWhatAndWhy() async throws {
        let world = try await World.make()
        defer { Task { await world.api.close() } }
        let corrected = try await world.run(
            """
            mutation($user: ID!) { correctUserProfile(input: {userId: $user, reason: "Asked by email on 2026-11-20: wrong birth date",
              profile: {birthDate: "1980-02-03", displayName: null}}) { user { profile { birthDate displayName } } userErrors { field code } } }
            """, token: world.admin, ["user": .string(world.userID)])
        #expect(corrected["data.correctUserProfile.user.profile.birthDate"] as? String == "1980-02-03")
        #expect(try await world.run("{ me { profile { birthDate } } }", token: world.user)["data.me.profile.birthDate"] as? String == "1980-02-03")
        let entry = try #require(try await world.auditLog(of: world.userID).first)
        #expect(entry["action"] as? String == "PROFILE_CORRECTED")
        #expect(JSONTree.value(entry, at: "actor.email") as? String == "admin@demo.foodgraph.local")
        #expect(JSONTree.value(entry, at: "subjectUser.id") as? String == world.userID)
        #expect(entry["reason"] as? String == "Asked by email on 2026-11-20: wrong birth date")
        #expect(entry["details"] as? [String] == ["displayName", "birthDate"])
        #expect(entry["createdAt"] is String)

        // Invalid corrections are the profile's own user errors, under `profile`, and log nothing.
        let refused = try await world.run(
            #"mutation($user: ID!) { correctUserProfile(input: {userId: $user, reason: "x", profile: {heightCm: 900}}) { userErrors { field code } } }"#,
            token: world.admin, ["user": .string(world.userID)])
        #expect(JSONTree.value(refused.json, at: "data.correctUserProfile.userErrors.0.field") as? [String] == ["profile", "heightCm"])
        let noReason = try await world.run(
            #"mutation($user: ID!) { correctUserProfile(input: {userId: $user, reason: "  ", profile: {heightCm: 170}}) { userErrors { field code } } }"#,
            token: world.admin, ["user": .string(world.userID)])
        #expect(noReason["data.correctUserProfile.userErrors.0.code"] as? String == "REQUIRED")
        #expect(try await world.auditLog(of: world.userID).count == 1)
    }

    @Test func anAdministratorDeletesSomeOfAUsersRecordsAndNeverAnotherUsers() async throws {
        let world = try await World.make()
        defer { Task { await world.api.close() } }
        let other = try await world.api.signUp("other@example.com")
        let log = """
            mutation { a: addDiaryEntry(input: {food: {customFood: {name: "Soup", nutrition: {fatG: 1, carbohydratesG: 5, proteinG: 2, energyKcal: 40}}},
              meal: DINNER, quantity: 300, unit: GRAM}) { entry { id } } b: logWeight(input: {kilograms: 70}) { entry { id } } }
            """
        let mine = try await world.run(log, token: world.user)
        let theirs = try await world.run(log, token: other)
        let entry = try #require(mine["data.a.entry.id"] as? String)
        let weight = try #require(mine["data.b.entry.id"] as? String)
        let otherEntry = try #require(theirs["data.a.entry.id"] as? String)

        let mixed = try await world.run(
            "mutation($user: ID!, $ids: [ID!]!) { deleteUserRecords(input: {userId: $user, reason: \"Request 41\", recordIds: $ids}) { deletedRecordIds userErrors { field code } } }",
            token: world.admin, ["user": .string(world.userID), "ids": .list([.string(entry), .string(otherEntry)])])
        #expect(JSONTree.value(mixed.json, at: "data.deleteUserRecords.userErrors.0.field") as? [String] == ["recordIds", "1"])
        #expect(mixed["data.deleteUserRecords.userErrors.0.code"] as? String == "NOT_FOUND")
        // Nothing went: the user's entry is still there.
        #expect(try await world.run(#"{ me { diaryEntries(from: "2000-01-01", to: "2100-01-01") { edges { node { id } } } } }"#, token: world.user)[
            "data.me.diaryEntries.edges.0.node.id"] as? String == entry)

        let deleted = try await world.run(
            "mutation($user: ID!, $ids: [ID!]!) { deleteUserRecords(input: {userId: $user, reason: \"Request 41\", recordIds: $ids}) { deletedRecordIds userErrors { code } } }",
            token: world.admin, ["user": .string(world.userID), "ids": .list([.string(entry), .string(weight)])])
        #expect(deleted["data.deleteUserRecords.deletedRecordIds"] as? [String] == [entry, weight])
        let left = try await world.run(
            #"{ me { diaryEntries(from: "2000-01-01", to: "2100-01-01") { edges { node { id } } } weightEntries { edges { node { id } } } } }"#,
            token: world.user)
        #expect((left["data.me.diaryEntries.edges"] as? [Any])?.isEmpty == true)
        #expect((left["data.me.weightEntries.edges"] as? [Any])?.isEmpty == true)
        let entryLogged = try #require(try await world.auditLog(of: world.userID).first)
        #expect(entryLogged["action"] as? String == "RECORDS_DELETED")
        #expect(entryLogged["details"] as? [String] == [entry, weight])

        // Another type's ID is refused by its shape.
        let product = try await world.run(
            #"mutation($user: ID!) { deleteUserRecords(input: {userId: $user, reason: "r", recordIds: ["UHJvZHVjdDox"]}) { userErrors { field code } } }"#,
            token: world.admin, ["user": .string(world.userID)])
        #expect(product["data.deleteUserRecords.userErrors.0.code"] as? String == "INVALID_FORMAT")
    }

    @Test func anAdministratorDeletesAnAccountOnRequestAndTheEntryStaysWithoutTheUser() async throws {
        let world = try await World.make()
        defer { Task { await world.api.close() } }
        let deleted = try await world.run(
            #"mutation($user: ID!) { deleteUserAccount(input: {userId: $user, reason: "Phoned support on 2026-11-23"}) { deleted userErrors { code } } }"#,
            token: world.admin, ["user": .string(world.userID)])
        #expect(deleted["data.deleteUserAccount.deleted"] as? Bool == true)
        await #expect(throws: DomainError.self) { _ = try await world.run("{ me { id } }", token: world.user) }
        let entry = try #require(try await world.auditLog().first)
        #expect(entry["action"] as? String == "ACCOUNT_DELETED")
        #expect(entry["subjectUser"] is NSNull)
        #expect(entry["reason"] as? String == "Phoned support on 2026-11-23")
        let database = world.api.database.database
        let mailed = try await database.query("SELECT count(*)::int8 FROM email_outbox WHERE recipient = 'asks@example.com'", [])[0].decode(Int.self, at: 0)
        #expect(mailed == 1)
        let adminID = try #require(try await world.run("{ me { id } }", token: world.admin)["data.me.id"] as? String)
        let own = try await world.run(
            "mutation($user: ID!) { deleteUserAccount(input: {userId: $user, reason: \"r\"}) { deleted userErrors { code } } }",
            token: world.admin, ["user": .string(adminID)])
        #expect(own["data.deleteUserAccount.userErrors.0.code"] as? String == "INVALID_STATE")
    }

    @Test func roleChangesAndDisablingAreLoggedAndOnlyAdministratorsReadTheLog() async throws {
        let world = try await World.make()
        defer { Task { await world.api.close() } }
        _ = try await world.run(
            """
            mutation($user: ID!) { a: grantRole(input: {userId: $user, role: SUPPORT}) { userErrors { code } }
              b: revokeRole(input: {userId: $user, role: SUPPORT}) { userErrors { code } }
              c: setAccountDisabled(input: {userId: $user, disabled: true}) { userErrors { code } }
              d: setAccountDisabled(input: {userId: $user, disabled: false}) { userErrors { code } } }
            """, token: world.admin, ["user": .string(world.userID)])
        let entries = try await world.auditLog(of: world.userID)
        #expect(entries.compactMap { $0["action"] as? String } == ["ACCOUNT_ENABLED", "ACCOUNT_DISABLED", "ROLE_REVOKED", "ROLE_GRANTED"])
        #expect(entries.last?["details"] as? [String] == ["SUPPORT"])

        let support = try #require(
            try await world.api.run(#"mutation { login(input: {email: "support@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
        for token in [support, try await world.api.signUp("curious@example.com")] {
            let read = try await world.run("{ auditLog { edges { node { action } } } }", token: token, expecting: ["FORBIDDEN"])
            #expect(read.errorCodes == ["FORBIDDEN"])
            let correct = try await world.run(
                #"mutation($user: ID!) { correctUserProfile(input: {userId: $user, reason: "r", profile: {heightCm: 170}}) { userErrors { code } } }"#,
                token: token, ["user": .string(world.userID)], expecting: ["FORBIDDEN"])
            #expect(correct.errorCodes == ["FORBIDDEN"])
        }
    }
}
