import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// The diary on typed bindings: defects #21.2, #21.5 and #21.25, payloads with user errors, the
/// mutation lifecycle's one transaction, and node(id:) of the diary's types.
struct DiaryTypedTests {
    /// Dates around a user's today, in their time zone, as the server computes them.
    struct Days {
        var today: String
        var tomorrow: String
        var afterTomorrow: String
        /// The earliest date the diary accepts (five years before today) and the day before it.
        var horizon: String
        var beforeHorizon: String

        init(_ api: TestAPI, email: String) async throws {
            let row = try await api.database.database.query(
                """
                WITH t AS (SELECT (now() AT TIME ZONE p.time_zone)::date AS today, (now() AT TIME ZONE 'UTC')::date AS utc
                           FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $1)
                SELECT today::text, (today + 1)::text, (today + 2)::text, (greatest(today, utc) - interval '5 years')::date::text,
                  (greatest(today, utc) - interval '5 years' - interval '1 day')::date::text
                FROM t
                """, [email])[0]
            today = try row.decode(String.self, at: 0)
            tomorrow = try row.decode(String.self, at: 1)
            afterTomorrow = try row.decode(String.self, at: 2)
            horizon = try row.decode(String.self, at: 3)
            beforeHorizon = try row.decode(String.self, at: 4)
        }
    }

    static func count(_ api: TestAPI, _ table: String) async throws -> Int {
        try await api.database.database.query("SELECT count(*) FROM \(table)")[0].decode(Int.self, at: 0)
    }

    static func noErrors(_ response: Response, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(response.json["errors"] == nil, "unexpected errors: \(response.json["errors"] ?? "")", sourceLocation: sourceLocation)
    }

    static func userErrors(_ response: Response, _ mutation: String) -> [(field: [String]?, code: String?)] {
        ((response["data.\(mutation).userErrors"] as? [[String: Any]]) ?? []).map { ($0["field"] as? [String], $0["code"] as? String) }
    }

    static let soup = #"food: {customFood: {name: "Soup", nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 10, proteinG: 5}}}"#

    // MARK: #21.2

    @Test func weightTimelinePeriodsWithoutEntriesHaveNullWeightAndNoErrors() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("wt@example.com")
        let logged = try await api.run(
            #"mutation { logWeight(input: {date: "2026-03-03", kilograms: 70}) { entry { date } userErrors { code } } }"#, token: token)
        Self.noErrors(logged)
        for (granularity, expected) in [("DAY", [nil, nil, 70, nil]), ("WEEK", [nil, 70]), ("MONTH", [nil, 70] as [Double?])] {
            let timeline = try await api.run(
                #"{ me { weightTimeline(from: "2026-02-28", to: "2026-03-04", granularity: \#(granularity)) { start end weightKg } } }"#,
                token: token)
            Self.noErrors(timeline)
            let periods = try #require(timeline["data.me.weightTimeline"] as? [[String: Any]])
            let weights = periods.map { $0["weightKg"] as? Double }
            #expect(weights == (granularity == "DAY" ? [nil] + expected : expected), "\(granularity)")
            #expect(periods.allSatisfy { $0.keys.contains("weightKg") })
        }
    }

    // MARK: #21.5

    @Test func diaryDatesAreRefusedOutsideTheRetentionHorizonAndAfterTomorrow() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("dates@example.com")
        let days = try await Days(api, email: "dates@example.com")
        func add(_ date: String) async throws -> Response {
            try await api.run(
                #"mutation { addDiaryEntry(input: {\#(Self.soup), date: "\#(date)", meal: LUNCH, quantity: 100, unit: GRAM}) { entry { id date } userErrors { field code } } }"#,
                token: token)
        }
        for (date, code) in [("2099-01-01", "DATE_IN_FUTURE"), (days.afterTomorrow, "DATE_IN_FUTURE"), ("9999-12-31", "DATE_IN_FUTURE"),
            ("1900-01-01", "OUT_OF_RANGE"), (days.beforeHorizon, "OUT_OF_RANGE"), ("0001-01-01", "OUT_OF_RANGE")]
        {
            let refused = try await add(date)
            Self.noErrors(refused)
            #expect(refused["data.addDiaryEntry.entry"] is NSNull, "\(date)")
            #expect(Self.userErrors(refused, "addDiaryEntry").map(\.code) == [code], "\(date)")
            #expect(Self.userErrors(refused, "addDiaryEntry").map(\.field) == [["date"]], "\(date)")
        }
        #expect(try await Self.count(api, "diary_entries") == 0)
        for date in [days.tomorrow, days.today, days.horizon] {
            let accepted = try await add(date)
            Self.noErrors(accepted)
            #expect(accepted["data.addDiaryEntry.entry.date"] as? String == date)
        }
        let entryID = try #require(try await add(days.today)["data.addDiaryEntry.entry.id"] as? String)
        // Moving or copying an entry follows the same rule.
        let moved = try await api.run(
            #"mutation { updateDiaryEntry(input: {entryId: "\#(entryID)", date: "2099-01-01"}) { entry { date } userErrors { field code } } }"#,
            token: token)
        Self.noErrors(moved)
        #expect(Self.userErrors(moved, "updateDiaryEntry").map(\.code) == ["DATE_IN_FUTURE"])
        let copied = try await api.run(
            #"mutation { logDiaryEntryAgain(input: {entryId: "\#(entryID)", date: "1900-01-01"}) { entry { date } userErrors { field code } } }"#,
            token: token)
        Self.noErrors(copied)
        #expect(Self.userErrors(copied, "logDiaryEntryAgain").map(\.code) == ["OUT_OF_RANGE"])
        #expect(Self.userErrors(copied, "logDiaryEntryAgain").map(\.field) == [["date"]])
        #expect(try await Self.count(api, "diary_entries") == 4)
        let stored = try await api.database.database.query("SELECT count(*) FROM diary_entries WHERE local_date > $1::date", [days.tomorrow])
        #expect(try stored[0].decode(Int.self, at: 0) == 0)
    }

    @Test func tomorrowIsTheUsersOwnTomorrow() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("kiri2@example.com")
        // UTC+14: tomorrow here may be two days after today in UTC.
        Self.noErrors(
            try await api.run(#"mutation { updateProfile(input: {timeZone: "Pacific/Kiritimati"}) { userErrors { code } } }"#, token: token))
        let days = try await Days(api, email: "kiri2@example.com")
        let accepted = try await api.run(
            #"mutation { addDiaryEntry(input: {\#(Self.soup), date: "\#(days.tomorrow)", meal: LUNCH, quantity: 100, unit: GRAM}) { entry { date } userErrors { code } } }"#,
            token: token)
        Self.noErrors(accepted)
        #expect(accepted["data.addDiaryEntry.entry.date"] as? String == days.tomorrow)
        let refused = try await api.run(
            #"mutation { addDiaryEntry(input: {\#(Self.soup), date: "\#(days.afterTomorrow)", meal: LUNCH, quantity: 100, unit: GRAM}) { entry { date } userErrors { code } } }"#,
            token: token)
        #expect(Self.userErrors(refused, "addDiaryEntry").map(\.code) == ["DATE_IN_FUTURE"])
    }

    @Test func weightDatesAreBoundedAndAFutureWeightNeverBecomesTheCurrentOne() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("fw@example.com")
        let days = try await Days(api, email: "fw@example.com")
        Self.noErrors(try await api.run(#"mutation { updateProfile(input: {heightCm: 180}) { userErrors { code } } }"#, token: token))
        for (date, code) in [("2099-01-01", "DATE_IN_FUTURE"), (days.afterTomorrow, "DATE_IN_FUTURE"), ("1900-01-01", "OUT_OF_RANGE")] {
            let refused = try await api.run(
                #"mutation { logWeight(input: {date: "\#(date)", kilograms: 90}) { entry { id } user { id } userErrors { field code } } }"#,
                token: token)
            Self.noErrors(refused)
            #expect(Self.userErrors(refused, "logWeight").map(\.code) == [code], "\(date)")
            #expect(Self.userErrors(refused, "logWeight").map(\.field) == [["date"]], "\(date)")
        }
        #expect(try await Self.count(api, "weight_entries") == 0)
        let today = try await api.run(
            #"mutation { logWeight(input: {date: "\#(days.today)", kilograms: 81}) { user { bmi { value } profile { weightKg } } userErrors { code } } }"#,
            token: token)
        Self.noErrors(today)
        #expect(today["data.logWeight.user.profile.weightKg"] as? Double == 81)
        // Tomorrow's weigh-in is kept, but today's weight stays the current one.
        let tomorrow = try await api.run(
            #"mutation { logWeight(input: {date: "\#(days.tomorrow)", kilograms: 95}) { entry { date weightKg } user { bmi { value } profile { weightKg } } userErrors { code } } }"#,
            token: token)
        Self.noErrors(tomorrow)
        #expect(tomorrow["data.logWeight.entry.weightKg"] as? Double == 95)
        #expect(tomorrow["data.logWeight.user.profile.weightKg"] as? Double == 81)
        #expect(tomorrow["data.logWeight.user.bmi.value"] as? Double == 25)
        // A weight dated far ahead (stored before dates were bounded) is never the current one either.
        _ = try await api.database.database.query(
            "INSERT INTO weight_entries (user_id, local_date, weight_kg) SELECT id, '2099-01-01', 150 FROM users WHERE email = 'fw@example.com'")
        let again = try await api.run(
            #"mutation { logWeight(input: {kilograms: 80}) { entry { date } user { profile { weightKg } } userErrors { code } } }"#, token: token)
        Self.noErrors(again)
        #expect(again["data.logWeight.entry.date"] as? String == days.today)
        #expect(again["data.logWeight.user.profile.weightKg"] as? Double == 80)
    }

    // MARK: #21.25

    @Test func numbersOutsideTheirDocumentedRangesAreUserErrorsNamingTheField() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("num@example.com")
        let cases: [(input: String, field: [String])] = [
            (#"\#(Self.soup), meal: LUNCH, quantity: 5e-324, unit: GRAM"#, ["quantity"]),
            (#"\#(Self.soup), meal: LUNCH, quantity: 0.001, unit: GRAM"#, ["quantity"]),
            (#"\#(Self.soup), meal: LUNCH, quantity: 1e300, unit: GRAM"#, ["quantity"]),
            (#"\#(Self.soup), meal: LUNCH, quantity: -1, unit: GRAM"#, ["quantity"]),
            (
                #"food: {customFood: {name: "Soup", nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 10, proteinG: 5}, servingGrams: 1e300}}, meal: LUNCH, quantity: 2, unit: SERVING"#,
                ["food", "customFood", "servingGrams"]
            ),
            (
                #"food: {customFood: {name: "Soup", nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 10, proteinG: 5}, pieceGrams: 5e-324}}, meal: LUNCH, quantity: 2, unit: PIECE"#,
                ["food", "customFood", "pieceGrams"]
            ),
            (
                #"food: {customFood: {name: "Soup", nutrition: {energyKcal: 1e300, fatG: 1, carbohydratesG: 10, proteinG: 5}}}, meal: LUNCH, quantity: 2, unit: GRAM"#,
                ["food", "customFood", "nutrition", "energyKcal"]
            ),
            (
                #"food: {customFood: {name: "Soup", nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 10, proteinG: 5, sodiumMg: -2}}}, meal: LUNCH, quantity: 2, unit: GRAM"#,
                ["food", "customFood", "nutrition", "sodiumMg"]
            ),
            (#"\#(Self.soup), meal: LUNCH, quantity: 1, unit: GRAM, overrides: [{nutrient: FAT_G, value: 1e308}]"#, ["overrides", "0", "value"]),
        ]
        for (input, field) in cases {
            let response = try await api.run(
                #"mutation { addDiaryEntry(input: {\#(input)}) { entry { id } day { date } userErrors { field code message } } }"#, token: token)
            Self.noErrors(response)
            #expect(response["data.addDiaryEntry.entry"] is NSNull, "\(input)")
            #expect(Self.userErrors(response, "addDiaryEntry").map(\.code) == ["OUT_OF_RANGE"], "\(input)")
            #expect(Self.userErrors(response, "addDiaryEntry").map(\.field) == [field], "\(input)")
        }
        // A portion below the smallest storable weight (0.01 g), though each number is in range.
        let crumb = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {customFood: {name: "Crumb", nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 10, proteinG: 5}, pieceGrams: 0.1}}, meal: LUNCH, quantity: 0.01, unit: PIECE}) { entry { id } userErrors { field code } } }"#,
            token: token)
        Self.noErrors(crumb)
        #expect(Self.userErrors(crumb, "addDiaryEntry").map(\.code) == ["OUT_OF_RANGE"])
        #expect(Self.userErrors(crumb, "addDiaryEntry").map(\.field) == [["quantity"]])
        #expect(try await Self.count(api, "diary_entries") == 0)

        let added = try await api.run(
            #"mutation { addDiaryEntry(input: {\#(Self.soup), meal: LUNCH, quantity: 0.01, unit: GRAM}) { entry { id quantity grams } userErrors { code } } }"#,
            token: token)
        Self.noErrors(added)
        #expect(added["data.addDiaryEntry.entry.grams"] as? Double == 0.01)
        let id = try #require(added["data.addDiaryEntry.entry.id"] as? String)
        for quantity in ["5e-324", "1e300", "0"] {
            let update = try await api.run(
                #"mutation { updateDiaryEntry(input: {entryId: "\#(id)", quantity: \#(quantity)}) { entry { id } userErrors { field code } } }"#,
                token: token)
            Self.noErrors(update)
            #expect(Self.userErrors(update, "updateDiaryEntry").map(\.code) == ["OUT_OF_RANGE"], "\(quantity)")
            #expect(Self.userErrors(update, "updateDiaryEntry").map(\.field) == [["quantity"]], "\(quantity)")
        }
        for (weight, field) in [("kilograms: 5e-324", "kilograms"), ("kilograms: 1e300", "kilograms"), ("pounds: 1e-300", "pounds")] {
            let response = try await api.run(
                #"mutation { logWeight(input: {\#(weight)}) { entry { id } userErrors { field code } } }"#, token: token)
            Self.noErrors(response)
            #expect(Self.userErrors(response, "logWeight").map(\.code) == ["OUT_OF_RANGE"], "\(weight)")
            #expect(Self.userErrors(response, "logWeight").map(\.field) == [[field]], "\(weight)")
        }
        #expect(try await Self.count(api, "weight_entries") == 0)
    }

    // MARK: Payloads with user errors

    @Test func userErrorsWithTheUserSelectedGiveNoFieldErrors() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("ue@example.com")
        let response = try await api.run(
            #"mutation { logWeight(input: {kilograms: 5}) { entry { id date weightKg weightDisplay } user { id email profile { weightKg } } userErrors { field message code } } }"#,
            token: token)
        Self.noErrors(response)
        #expect(response["data.logWeight.user"] is NSNull)
        #expect(response["data.logWeight.entry"] is NSNull)
        #expect(Self.userErrors(response, "logWeight").map(\.code) == ["OUT_OF_RANGE"])
        let wrongID = try await api.run(
            #"mutation { deleteWeightEntry(input: {entryId: "\#(GlobalID(typeName: "DiaryEntry", key: 1))"}) { deletedEntryId userErrors { field code } } }"#,
            token: token)
        Self.noErrors(wrongID)
        #expect(Self.userErrors(wrongID, "deleteWeightEntry").map(\.code) == ["INVALID_FORMAT"])
        #expect(Self.userErrors(wrongID, "deleteWeightEntry").map(\.field) == [["entryId"]])
        let missing = try await api.run(
            #"mutation { deleteDiaryEntry(input: {entryId: "\#(GlobalID(typeName: "DiaryEntry", key: 12345))"}) { deletedEntryId day { date } userErrors { field code } } }"#,
            token: token)
        Self.noErrors(missing)
        #expect(missing["data.deleteDiaryEntry.day"] is NSNull)
        #expect(Self.userErrors(missing, "deleteDiaryEntry").map(\.code) == ["NOT_FOUND"])
    }

    // MARK: One transaction

    @Test func aFailingSecondWriteLeavesNothingBehind() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("tx@example.com")
        let database = api.database.database
        // logWeight writes the weigh-in, then the profile's current weight: make the second write fail.
        _ = try await database.query(
            """
            CREATE FUNCTION refuse_profile_update() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'profile updates refused for this test'; END $$
            """)
        _ = try await database.query(
            "CREATE TRIGGER refuse_profile_update BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION refuse_profile_update()")
        let failed = try await api.run(#"mutation { logWeight(input: {kilograms: 80}) { entry { id } userErrors { code } } }"#, token: token, expecting: ["INTERNAL_SERVER_ERROR"])
        #expect(failed.errorCodes == ["INTERNAL_SERVER_ERROR"])
        #expect(try await Self.count(api, "weight_entries") == 0)
        _ = try await database.query("DROP TRIGGER refuse_profile_update ON profiles")
        let succeeded = try await api.run(
            #"mutation { logWeight(input: {kilograms: 80}) { entry { weightKg } user { profile { weightKg } } userErrors { code } } }"#,
            token: token)
        Self.noErrors(succeeded)
        #expect(succeeded["data.logWeight.user.profile.weightKg"] as? Double == 80)
        #expect(try await Self.count(api, "weight_entries") == 1)
    }

    // MARK: Reads

    @Test func everyFieldOfTheDiaryResolvesForItsOwner() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let token = try await api.signUp("all@example.com")
        let other = try await api.signUp("other@example.com")
        Self.noErrors(
            try await api.run(
                #"mutation { updateProfile(input: {gender: FEMALE, birthDate: "1990-05-01", heightCm: 165, weightKg: 60, unitSystem: IMPERIAL}) { userErrors { code } } }"#,
                token: token))
        let banana = try #require(
            try await api.run(#"{ products(first: 1, query: "bananas") { edges { node { id } } } }"#)["data.products.edges.0.node.id"]
                as? String)
        let added = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {productId: "\#(banana)"}, date: "2026-03-01", meal: BREAKFAST, quantity: 150, unit: GRAM, source: BARCODE, overrides: [{nutrient: SODIUM_MG, value: 2}]}) { entry { id date meal product { id name } foodName quantity unit grams source nutrition { energyKcal proteinG sodiumMg } overriddenNutrients createdAt } day { date isToday meals { meal entries { id } totals { energyKcal } } totals { energyKcal } targets { energyKcal proteinG } remaining { energyKcal proteinG fatG carbohydratesG } macroSplit { proteinPercent fatPercent carbohydratesPercent } } userErrors { code } } }"#,
            token: token)
        Self.noErrors(added)
        #expect(added["data.addDiaryEntry.entry.unit"] as? String == "GRAM")
        #expect(added["data.addDiaryEntry.entry.source"] as? String == "BARCODE")
        #expect(added["data.addDiaryEntry.entry.meal"] as? String == "BREAKFAST")
        #expect(added["data.addDiaryEntry.entry.overriddenNutrients"] as? [String] == ["SODIUM_MG"])
        #expect(added["data.addDiaryEntry.entry.nutrition.sodiumMg"] as? Double == 2)
        #expect((added["data.addDiaryEntry.day.meals"] as? [[String: Any]])?.map { $0["meal"] as? String } == ["BREAKFAST", "LUNCH", "DINNER", "SNACK"])
        let targetEnergy = try #require(added["data.addDiaryEntry.day.targets.energyKcal"] as? Double)
        #expect(added["data.addDiaryEntry.day.remaining.energyKcal"] as? Double == ((targetEnergy - 133.5) * 10).rounded() / 10)
        let entryID = try #require(added["data.addDiaryEntry.entry.id"] as? String)
        let weight = try await api.run(
            #"mutation { logWeight(input: {date: "2026-03-01", kilograms: 60}) { entry { id weightDisplay } userErrors { code } } }"#, token: token)
        Self.noErrors(weight)
        #expect(weight["data.logWeight.entry.weightDisplay"] as? String == "132 lb")
        let weightID = try #require(weight["data.logWeight.entry.id"] as? String)

        let read = try await api.run(
            #"{ me { diaryDay(date: "2026-03-01") { date isToday totals { energyKcal } } diaryEntries(from: "2026-03-01", to: "2026-03-31", first: 1) { edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } weightEntries(from: "2026-01-01") { edges { cursor node { id date weightKg weightDisplay } } pageInfo { hasNextPage } } nutritionTimeline(from: "2026-03-01", to: "2026-03-02", granularity: DAY) { start end entryCount totals { energyKcal } } weightTimeline(from: "2026-03-01", to: "2026-03-02", granularity: DAY) { start end weightKg } } nodes(ids: ["\#(entryID)", "\#(weightID)"]) { id ... on DiaryEntry { foodName } ... on WeightEntry { weightKg } } }"#,
            token: token)
        Self.noErrors(read)
        #expect(read["data.me.diaryDay.isToday"] as? Bool == false)
        #expect(read["data.me.diaryEntries.edges.0.node.id"] as? String == entryID)
        #expect(read["data.me.diaryEntries.pageInfo.hasNextPage"] as? Bool == false)
        #expect(read["data.me.weightEntries.edges.0.node.weightKg"] as? Double == 60)
        #expect(read["data.me.nutritionTimeline.0.totals.energyKcal"] as? Double == 133.5)
        #expect(read["data.me.weightTimeline.0.weightKg"] as? Double == 60)
        #expect(read["data.me.weightTimeline.1.weightKg"] is NSNull)
        #expect(read["data.nodes.0.foodName"] as? String == "Bananas")
        #expect(read["data.nodes.1.weightKg"] as? Double == 60)
        // Another user sees neither through node(id:).
        let peek = try await api.run(#"{ nodes(ids: ["\#(entryID)", "\#(weightID)"]) { id } }"#, token: other)
        Self.noErrors(peek)
        #expect((peek["data.nodes"] as? [Any])?.allSatisfy { $0 is NSNull } == true)

        let deleted = try await api.run(
            #"mutation { deleteWeightEntry(input: {entryId: "\#(weightID)"}) { deletedEntryId userErrors { code } } }"#, token: token)
        Self.noErrors(deleted)
        #expect(deleted["data.deleteWeightEntry.deletedEntryId"] as? String == weightID)
        #expect(try await Self.count(api, "weight_entries") == 0)
    }
}
