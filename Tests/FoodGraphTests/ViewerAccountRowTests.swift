import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// `me` reads the account's row only when a field asked for needs it (`UserField.readsAccountRow`).
struct ViewerAccountRowTests {
    @Test func aDiaryDayThroughMeSendsNoStatementForTheAccount() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("row@example.com")
        let banana = try #require(
            try await api.run(#"{ products(first: 1, query: "bananas") { edges { node { id } } } }"#)["data.products.edges.0.node.id"]
                as? String)
        _ = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "\#(banana)"}, date: "2026-03-01", meal: BREAKFAST, quantity: 150, unit: GRAM}) { userErrors { code } } }"#,
            token: token)
        let day = #"diaryDay(date: "2026-03-01") { date isToday meals { meal entries { foodName grams } } totals { energyKcal } }"#

        let alone = try await api.run("{ me { __typename id \(day) nutritionTargets { energyKcal } } }", token: token)
        AccountsTestSupport.expectNoErrors(alone)
        // The session, then the profile and the day's entries: no statement for the account.
        #expect(alone.statements == 3)
        let withRow = try await api.run("{ me { __typename id email \(day) nutritionTargets { energyKcal } } }", token: token)
        AccountsTestSupport.expectNoErrors(withRow)
        #expect(withRow.statements == 4)
        #expect(withRow["data.me.email"] as? String == "row@example.com")

        let aloneMe = try #require(alone["data.me"] as? [String: Any])
        var rowMe = try #require(withRow["data.me"] as? [String: Any])
        rowMe["email"] = nil
        #expect(NSDictionary(dictionary: aloneMe) == NSDictionary(dictionary: rowMe))
        #expect(alone["data.me.diaryDay.totals.energyKcal"] as? Double == 133.5)
    }

    @Test func aFieldOfTheRowInAFragmentOrBehindADirectiveStillReadsIt() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("frag@example.com")
        let fragment = try await api.run(
            "{ me { id ...Account } } fragment Account on User { emailConfirmed roles createdAt }", token: token)
        AccountsTestSupport.expectNoErrors(fragment)
        #expect(fragment.statements == 2)
        #expect(fragment["data.me.roles"] as? [String] == ["USER"])
        #expect(fragment["data.me.emailConfirmed"] as? Bool == false)
        #expect((fragment["data.me.createdAt"] as? String)?.hasPrefix("20") == true)

        let skipped = try await api.run(
            "query ($skip: Boolean!) { me { id email @skip(if: $skip) } }", token: token,
            variables: GraphQLObject([("skip", .boolean(true))]))
        #expect(skipped.statements == 1)
        let included = try await api.run(
            "query ($skip: Boolean!) { me { id email @skip(if: $skip) } }", token: token,
            variables: GraphQLObject([("skip", .boolean(false))]))
        #expect(included.statements == 2)
        #expect(included["data.me.email"] as? String == "frag@example.com")
        #expect(included["data.me.id"] as? String == skipped["data.me.id"] as? String)
    }

    @Test func anonymousMeIsStillNull() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let response = try await api.run("{ me { id } }")
        #expect(response["data.me"] is NSNull)
        #expect(response.statements == 0)
    }
}
