import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

struct DiaryTests {
    @Test func loggingAProductAddsToTheDay() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("di@example.com")
        let banana = try #require(
            try await api.run(#"{ products(first: 1, query: "banana") { edges { node { id } } } }"#)["data.products.edges.0.node.id"]
                as? String)
        let added = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "\#(banana)"}, date: "2026-03-01", meal: BREAKFAST, quantity: 150, unit: GRAM}) { entry { foodName grams nutrition { energyKcal proteinG } } day { date totals { energyKcal } macroSplit { carbohydratesPercent } meals { meal entries { foodName } } } userErrors { code } } }"#,
            token: token)
        #expect(added["data.addDiaryEntry.entry.nutrition.energyKcal"] as? Double == 133.5)
        #expect(added["data.addDiaryEntry.day.date"] as? String == "2026-03-01")
        #expect(added["data.addDiaryEntry.day.meals.0.entries.0.foodName"] as? String == "Banana")
        let day = try await api.run(#"{ me { diaryDay(date: "2026-03-01") { totals { energyKcal } } } }"#, token: token)
        #expect(day["data.me.diaryDay.totals.energyKcal"] as? Double == 133.5)
        let other = try await api.run(#"{ me { diaryDay(date: "2026-03-02") { totals { energyKcal } meals { entries { id } } } } }"#, token: token)
        #expect(other["data.me.diaryDay.totals.energyKcal"] as? Double == 0)
    }

    @Test func badInputIsAUserErrorAndNothingIsWritten() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("di@example.com")
        let response = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "UHJvZHVjdDo5OTk5"}, meal: LUNCH, quantity: 100, unit: GRAM}) { entry { id } userErrors { code } } }"#,
            token: token)
        #expect(response["data.addDiaryEntry.userErrors.0.code"] as? String == "NOT_FOUND")
        let count = try await api.database.database.query("SELECT count(*) FROM diary_entries")[0].decode(Int.self, at: 0)
        #expect(count == 0)
        let anonymous = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "x"}, meal: LUNCH, quantity: 1, unit: GRAM}) { entry { id } } }"#)
        #expect(anonymous.errorCodes == ["UNAUTHENTICATED"])
    }
}

struct DiaryMoreTests {
    @Test func theDefaultDayIsTheUsersOwnToday() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("kiri@example.com")
        // UTC+14: when it is evening in UTC it is already tomorrow here.
        _ = try await api.run(#"mutation { updateProfile(input: {timeZone: "Pacific/Kiritimati"}) { userErrors { code } } }"#, token: token)
        let banana = try #require(
            try await api.run(#"{ products(first: 1, query: "banana") { edges { node { id } } } }"#)["data.products.edges.0.node.id"]
                as? String)
        let added = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "\#(banana)"}, meal: SNACK, quantity: 100, unit: GRAM}) { entry { date } day { isToday } } }"#,
            token: token)
        let expected = try await api.database.database.query(
            "SELECT (now() AT TIME ZONE 'Pacific/Kiritimati')::date::text")[0].decode(String.self, at: 0)
        #expect(added["data.addDiaryEntry.entry.date"] as? String == expected)
        #expect(added["data.addDiaryEntry.day.isToday"] as? Bool == true)
    }

    @Test func entriesListDeleteAndOwnership() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let ana = try await api.signUp("ana@example.com")
        let bo = try await api.signUp("bo@example.com")
        let products = try await api.run("{ products(first: 3) { edges { node { id } } } }")
        for index in 0..<3 {
            let id = try #require(products["data.products.edges.\(index).node.id"] as? String)
            _ = try await api.run(
                #"mutation { addDiaryEntry(input: {food: {productId: "\#(id)"}, date: "2026-01-0\#(index + 1)", meal: LUNCH, quantity: 50, unit: GRAM}) { entry { id } } }"#,
                token: ana)
        }
        let month = try await api.run(
            #"{ me { diaryEntries(from: "2026-01-01", to: "2026-01-31", first: 10) { edges { node { id date product { name category { name } } } } } } }"#,
            token: ana)
        let edges = try #require(month["data.me.diaryEntries.edges"] as? [[String: Any]])
        #expect(edges.count == 3)
        // One statement per level: the session, `me`, the entries, their products, the categories.
        #expect(month.statements == 5)
        let entryID = try #require((edges[0]["node"] as? [String: Any])?["id"] as? String)
        let stolen = try await api.run(#"mutation { deleteDiaryEntry(input: {entryId: "\#(entryID)"}) { deletedEntryId userErrors { code } } }"#, token: bo)
        #expect(stolen["data.deleteDiaryEntry.userErrors.0.code"] as? String == "NOT_FOUND")
        let peek = try await api.run(#"{ node(id: "\#(entryID)") { id } }"#, token: bo)
        #expect(peek["data.node"] is NSNull)
        let deleted = try await api.run(#"mutation { deleteDiaryEntry(input: {entryId: "\#(entryID)"}) { deletedEntryId day { totals { energyKcal } } } }"#, token: ana)
        #expect(deleted["data.deleteDiaryEntry.deletedEntryId"] as? String == entryID)
        #expect(deleted["data.deleteDiaryEntry.day.totals.energyKcal"] as? Double == 0)
    }

    @Test func weightsAreOnePerDayAndUpdateTheProfile() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("w@example.com")
        _ = try await api.run(#"mutation { logWeight(input: {date: "2026-02-01", kilograms: 81.5}) { entry { id } } }"#, token: token)
        let again = try await api.run(
            #"mutation { logWeight(input: {date: "2026-02-01", pounds: 176}) { entry { weightKg weightDisplay } user { profile { weightKg } } userErrors { code } } }"#,
            token: token)
        #expect(again["data.logWeight.entry.weightKg"] as? Double == 79.83)
        #expect(again["data.logWeight.entry.weightDisplay"] as? String == "79.8 kg")
        #expect(again["data.logWeight.user.profile.weightKg"] as? Double == 79.83)
        let list = try await api.run("{ me { weightEntries(first: 10) { edges { node { date weightKg } } } } }", token: token)
        #expect((list["data.me.weightEntries.edges"] as? [Any])?.count == 1)
        let bad = try await api.run(#"mutation { logWeight(input: {kilograms: 5}) { userErrors { field code } } }"#, token: token)
        #expect(bad["data.logWeight.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        let both = try await api.run(#"mutation { logWeight(input: {kilograms: 70, pounds: 150}) { userErrors { code } } }"#, token: token)
        #expect(both["data.logWeight.userErrors.0.code"] as? String == "REQUIRED")
    }
}
