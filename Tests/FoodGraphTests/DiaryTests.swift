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
