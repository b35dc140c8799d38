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
            try await api.run(#"{ products(first: 1, query: "bananas") { edges { node { id } } } }"#)["data.products.edges.0.node.id"]
                as? String)
        let added = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "\#(banana)"}, date: "2026-03-01", meal: BREAKFAST, quantity: 150, unit: GRAM}) { entry { foodName grams nutrition { energyKcal proteinG } } day { date totals { energyKcal } macroSplit { carbohydratesPercent } meals { meal entries { foodName } } } userErrors { code } } }"#,
            token: token)
        #expect(added["data.addDiaryEntry.entry.nutrition.energyKcal"] as? Double == 133.5)
        #expect(added["data.addDiaryEntry.day.date"] as? String == "2026-03-01")
        #expect(added["data.addDiaryEntry.day.meals.0.entries.0.foodName"] as? String == "Bananas")
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
            #"mutation { addDiaryEntry(input: {food: {productId: "x"}, meal: LUNCH, quantity: 1, unit: GRAM}) { entry { id } } }"#, expecting: ["UNAUTHENTICATED"])
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
            try await api.run(#"{ products(first: 1, query: "bananas") { edges { node { id } } } }"#)["data.products.edges.0.node.id"]
                as? String)
        let added = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "\#(banana)"}, meal: SNACK, quantity: 100, unit: GRAM}) { entry { date } day { isToday } } }"#,
            token: token)
        let expected = try await api.database.database.query(
            "SELECT (now() AT TIME ZONE 'Pacific/Kiritimati')::date::text")[0].decode(String.self, at: 0)
        #expect(added["data.addDiaryEntry.entry.date"] as? String == expected)
        #expect(added["data.addDiaryEntry.day.isToday"] as? Bool == true)
    }

    @Test func aDayOfAGivenDateReadsTheProfileOnlyForTheFieldsThatNeedIt() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("kiri@example.com")
        _ = try await api.run(#"mutation { updateProfile(input: {timeZone: "Pacific/Kiritimati"}) { userErrors { code } } }"#, token: token)
        let today = try await api.database.database.query(
            "SELECT (now() AT TIME ZONE 'Pacific/Kiritimati')::date::text")[0].decode(String.self, at: 0)
        // The session, then the entries: nothing asked for needs the profile.
        let totals = try await api.run(#"{ me { diaryDay(date: "\#(today)") { date totals { energyKcal } } } }"#, token: token)
        #expect(totals["data.me.diaryDay.date"] as? String == today)
        #expect(totals.statements == 2)
        // isToday, targets and remaining read the profile, on the entries' level.
        for field in ["isToday", "targets { energyKcal }", "remaining { energyKcal }", "...on DiaryDay { isToday }"] {
            let day = try await api.run(#"{ me { diaryDay(date: "\#(today)") { date \#(field) } } }"#, token: token)
            #expect(day.statements == 3, "\(field)")
        }
        let isToday = try await api.run(#"{ me { diaryDay(date: "\#(today)") { isToday } } }"#, token: token)
        #expect(isToday["data.me.diaryDay.isToday"] as? Bool == true)
        let past = try await api.run(#"{ me { diaryDay(date: "2026-01-01") { isToday } } }"#, token: token)
        #expect(past["data.me.diaryDay.isToday"] as? Bool == false)
    }

    @Test func aDayReadsOnlyTheNutrientsItsSelectionShows() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("nutrients@example.com")
        let products = try await api.run(#"{ products(first: 3, query: "milk") { edges { node { id } } } }"#)
        for index in 0..<3 {
            let id = try #require(products["data.products.edges.\(index).node.id"] as? String)
            _ = try await api.run(
                #"mutation { addDiaryEntry(input: {food: {productId: "\#(id)"}, date: "2026-03-01", meal: LUNCH, quantity: 250, unit: GRAM}) { userErrors { code } } }"#,
                token: token)
        }
        let nutrients = "energyKcal fatG saturatedFatG transFatG cholesterolMg carbohydratesG fibreG sugarsG sodiumMg proteinG vitaminAUg vitaminCMg calciumMg ironMg"
        func day(_ selection: String) async throws -> (day: [String: Any], entries: String) {
            let response = try await api.run(#"{ me { diaryDay(date: "2026-03-01") { \#(selection) } } }"#, token: token)
            let entries = try #require(response.sql.first { $0.contains("FROM diary_entries e") })
            return (try #require(response["data.me.diaryDay"] as? [String: Any]), entries)
        }
        let full = try await day("totals { \(nutrients) } meals { totals { \(nutrients) } entries { nutrition { \(nutrients) } } }")
        #expect(!full.entries.contains("NULL"))
        // Calcium in the totals, sodium in a meal's totals, fibre in an entry's, through a fragment:
        // those three and the four always known; every other optional nutrient is left out.
        let some = try await day(
            "totals { calciumMg kcal: energyKcal } meals { totals { sodiumMg } entries { nutrition { ...on Nutrition { fibreG } } } } macroSplit { proteinPercent }")
        for kept in ["e.calcium_mg", "e.sodium_mg", "e.fibre_g", "e.energy_kcal", "e.fat_g", "e.carbohydrates_g", "e.protein_g"] {
            #expect(some.entries.contains(kept), "\(kept)")
        }
        for left in ["e.iron_mg", "e.sugars_g", "e.vitamin_c_mg", "e.saturated_fat_g"] { #expect(!some.entries.contains(left), "\(left)") }
        let totals = try #require(full.day["totals"] as? [String: Any])
        #expect((some.day["totals"] as? [String: Any])?["calciumMg"] as? Double == totals["calciumMg"] as? Double)
        #expect(totals["calciumMg"] is Double)
        let meals = try #require(full.day["meals"] as? [[String: Any]])
        let someMeals = try #require(some.day["meals"] as? [[String: Any]])
        #expect(someMeals.map { ($0["totals"] as? [String: Any])?["sodiumMg"] as? Double } == meals.map { ($0["totals"] as? [String: Any])?["sodiumMg"] as? Double })
        // Every other field of the day, its meals and its entries: no optional nutrient.
        let none = try await day(
            "date isToday targets { energyKcal } remaining { fatG } macroSplit { fatPercent } meals { meal totals { energyKcal } entries { id date meal product { name } foodName quantity unit grams source overriddenNutrients createdAt nutrition { energyKj basis } } }")
        #expect(none.entries.components(separatedBy: "NULL").count - 1 == 10, "\(none.entries)")
        // A field of Nutrition the day does not know reads every column.
        let micronutrients = try await day("meals { entries { nutrition { micronutrients { name } } } }")
        #expect(!micronutrients.entries.contains("NULL"))
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
        // One statement per level: the session, the entries, their products, the category tree
        // (`me` needs no statement: no field asked for reads the account's row).
        #expect(month.statements == 4)
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

struct DiaryOverrideAndTimelineTests {
    @Test func overridesReplaceOneNutrientAndSurviveQuantityChanges() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("ov@example.com")
        let added = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {customFood: {name: "Granola", nutrition: {energyKcal: 450, fatG: 15, carbohydratesG: 65, proteinG: 10}, servingGrams: 40}}, date: "2026-04-01", meal: BREAKFAST, quantity: 2, unit: SERVING, overrides: [{nutrient: PROTEIN_G, value: 12}]}) { entry { id grams nutrition { energyKcal proteinG } overriddenNutrients } userErrors { field code } } }"#,
            token: token)
        #expect(added["data.addDiaryEntry.entry.grams"] as? Double == 80)
        #expect(added["data.addDiaryEntry.entry.nutrition.energyKcal"] as? Double == 360)  // 450 × 0.8
        #expect(added["data.addDiaryEntry.entry.nutrition.proteinG"] as? Double == 12)  // the override, not 8
        #expect(added["data.addDiaryEntry.entry.overriddenNutrients"] as? [String] == ["PROTEIN_G"])
        let id = try #require(added["data.addDiaryEntry.entry.id"] as? String)
        // Half the amount: computed values follow, the override stays.
        let halved = try await api.run(
            #"mutation { updateDiaryEntry(input: {entryId: "\#(id)", quantity: 1}) { entry { grams nutrition { energyKcal proteinG } overriddenNutrients } } }"#,
            token: token)
        #expect(halved["data.updateDiaryEntry.entry.grams"] as? Double == 40)
        #expect(halved["data.updateDiaryEntry.entry.nutrition.energyKcal"] as? Double == 180)
        #expect(halved["data.updateDiaryEntry.entry.nutrition.proteinG"] as? Double == 12)
        // Clearing the override restores the computed value for the current amount.
        let cleared = try await api.run(
            #"mutation { updateDiaryEntry(input: {entryId: "\#(id)", overrides: [{nutrient: PROTEIN_G, value: null}]}) { entry { nutrition { proteinG } overriddenNutrients } } }"#,
            token: token)
        #expect(cleared["data.updateDiaryEntry.entry.nutrition.proteinG"] as? Double == 4)
        #expect(cleared["data.updateDiaryEntry.entry.overriddenNutrients"] as? [String] == [])
        let again = try await api.run(
            #"mutation { logDiaryEntryAgain(input: {entryId: "\#(id)", date: "2026-04-02", meal: SNACK}) { entry { date meal foodName nutrition { energyKcal } } } }"#,
            token: token)
        #expect(again["data.logDiaryEntryAgain.entry.date"] as? String == "2026-04-02")
        #expect(again["data.logDiaryEntryAgain.entry.meal"] as? String == "SNACK")
        #expect(again["data.logDiaryEntryAgain.entry.nutrition.energyKcal"] as? Double == 180)
    }

    @Test func aServingNeedsAServingSize() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("sv@example.com")
        // A product without a serving size, as users submit them.
        let product = try await api.database.database.query(
            "INSERT INTO products (name, category_id, energy_kcal, fat_g, carbohydrates_g, protein_g) SELECT 'Loose Trail Mix', id, 480, 30, 40, 14 FROM categories WHERE slug = 'snacks' RETURNING id"
        )[0].decode(Int64.self, at: 0)
        let banana = GlobalID(typeName: "Product", key: product).description
        let response = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "\#(banana)"}, meal: LUNCH, quantity: 1, unit: SERVING, overrides: [{nutrient: FAT_G, value: -1}]}) { entry { id } userErrors { field code } } }"#,
            token: token)
        let codes = (response["data.addDiaryEntry.userErrors"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["INVALID_FORMAT", "OUT_OF_RANGE"])
    }

    @Test func timelinesHaveEveryPeriodIncludingGaps() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("tl@example.com")
        for date in ["2026-03-02", "2026-03-02", "2026-03-04"] {
            _ = try await api.run(
                #"mutation { addDiaryEntry(input: {food: {customFood: {name: "Soup", nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 10, proteinG: 5}}}, date: "\#(date)", meal: LUNCH, quantity: 100, unit: GRAM}) { entry { id } } }"#,
                token: token)
        }
        _ = try await api.run(#"mutation { logWeight(input: {date: "2026-03-03", kilograms: 70}) { entry { id } } }"#, token: token)
        let days = try await api.run(
            #"{ me { nutritionTimeline(from: "2026-03-01", to: "2026-03-04", granularity: DAY) { start end entryCount totals { energyKcal fibreG } } weightTimeline(from: "2026-03-01", to: "2026-03-04", granularity: DAY) { start weightKg } } }"#,
            token: token)
        let periods = try #require(days["data.me.nutritionTimeline"] as? [[String: Any]])
        #expect(periods.map { $0["start"] as? String } == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"])
        #expect(periods.map { $0["entryCount"] as? Int } == [0, 2, 0, 1])
        #expect((periods[1]["totals"] as? [String: Any])?["energyKcal"] as? Double == 200)
        #expect((periods[0]["totals"] as? [String: Any])?["fibreG"] is NSNull)
        let weights = try #require(days["data.me.weightTimeline"] as? [[String: Any]])
        #expect(weights.map { $0["weightKg"] as? Double } == [nil, nil, 70, nil])
        // ISO weeks start on Monday: 2026-03-01 is a Sunday, so it closes the week of 23 February.
        let weeks = try await api.run(
            #"{ me { nutritionTimeline(from: "2026-03-01", to: "2026-03-10", granularity: WEEK) { start end entryCount } } }"#, token: token)
        let weekPeriods = try #require(weeks["data.me.nutritionTimeline"] as? [[String: Any]])
        #expect(weekPeriods.map { $0["start"] as? String } == ["2026-03-01", "2026-03-02", "2026-03-09"])
        #expect(weekPeriods.map { $0["end"] as? String } == ["2026-03-01", "2026-03-08", "2026-03-10"])
        #expect(weekPeriods.map { $0["entryCount"] as? Int } == [0, 3, 0])
        let tooLong = try await api.run(
            #"{ me { nutritionTimeline(from: "2000-01-01", to: "2026-01-01", granularity: MONTH) { start } } }"#, token: token, expecting: ["BAD_USER_INPUT"])
        #expect(tooLong.errorCodes == ["BAD_USER_INPUT"])
    }
}

struct DiaryRetentionTests {
    @Test func entriesOlderThanFiveYearsArePurgedInBatches() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        _ = try await api.signUp("old@example.com")
        let database = api.database.database
        // Six years ago, five years and a day ago, and twice just inside five years and today.
        _ = try await database.query(
            """
            INSERT INTO diary_entries (user_id, local_date, meal, food_name, quantity, quantity_unit, grams, source, energy_kcal, fat_g,
              carbohydrates_g, protein_g)
            SELECT u.id, d, 'lunch', 'Soup', 100, 'g', 100, 'manual', 50, 1, 8, 2
            FROM users u, unnest(ARRAY[current_date - interval '6 years', current_date - interval '5 years' - interval '1 day',
              current_date - interval '5 years' + interval '1 day', current_date - interval '4 years', current_date]::date[]) AS d
            """)
        #expect(try await DiaryRetention.purge(in: database, batchSize: 1) == 2)
        let left = try await database.query("SELECT count(*), min(local_date) >= current_date - interval '5 years' FROM diary_entries")[0]
        #expect(try left.decode(Int.self, at: 0) == 3)
        #expect(try left.decode(Bool.self, at: 1))
        #expect(try await DiaryRetention.purge(in: database) == 0)
    }
}
