import Foundation
import GraphQLEngine
import Postgres

/// The SQL of `diary_entries`: every statement of the area that reads or writes diary entries, each
/// with its values as parameters. Ownership is part of each query (`user_id`), so another user's
/// entry is simply not found.
enum DiaryEntryStore {
    /// What a new entry stores.
    struct NewEntry: Sendable {
        var userID: Int64
        var date: LocalDate
        var meal: Meal
        var productID: Int64?
        var foodName: String
        var quantity: Double
        var unit: DiaryQuantityUnit
        var grams: Double
        var source: DiaryEntrySource
        var nutrition: EntryNutrition
    }

    /// What a change writes; nil keeps the stored value.
    struct Change: Sendable {
        var date: LocalDate?
        var meal: Meal?
        var quantity: Double
        var unit: DiaryQuantityUnit
        var grams: Double
        var nutrition: EntryNutrition
    }

    private static let select = "SELECT \(DiaryEntryRecord.columns) FROM diary_entries e"

    /// Entries by ID, whoever owns them (callers check the owner): the node loader's batch.
    static func entries(ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: DiaryEntryRecord] {
        var entries: [Int64: DiaryEntryRecord] = [:]
        for row in try await database.query(select + " WHERE e.id = ANY($1::bigint[])", [PostgresArray(ids)]) {
            let entry = try DiaryEntryRecord(row)
            entries[entry.id] = entry
        }
        return entries
    }

    /// One of the user's own entries.
    static func entry(id: Int64, userID: Int64, in database: some PostgresQuerying) async throws -> DiaryEntryRecord? {
        try await database.query(select + " WHERE e.id = $1 AND e.user_id = $2", [id, userID]).first.map(DiaryEntryRecord.init)
    }

    /// Each user's entries of one date, in the order they were logged; optional nutrients not in
    /// `nutrients` are left unknown.
    static func entries(
        userIDs: [Int64], on date: LocalDate, nutrients: DiaryNutrientColumns = .all, in database: some PostgresQuerying
    ) async throws -> [Int64: [DiaryEntryRecord]] {
        var days: [Int64: [DiaryEntryRecord]] = Dictionary(uniqueKeysWithValues: userIDs.map { ($0, []) })
        let rows = try await database.query(
            "SELECT \(nutrients.select) FROM diary_entries e WHERE e.user_id = ANY($1::bigint[]) AND e.local_date = $2::date "
                + "ORDER BY e.user_id, e.created_at, e.id",
            [PostgresArray(userIDs), date.description])
        for row in rows {
            let entry = try DiaryEntryRecord(row)
            days[entry.userID, default: []].append(entry)
        }
        return days
    }

    /// A user's energy, protein and number of entries per local date from `from` on (dates with
    /// entries only): what Rivals fills its daily figures from when the user joins a group.
    static func dailyTotals(
        userID: Int64, from: LocalDate, in database: some PostgresQuerying
    ) async throws -> [(date: LocalDate, energyKcal: Double, proteinG: Double, entries: Int)] {
        try await database.query(
            """
            SELECT local_date::text, sum(energy_kcal), sum(protein_g), count(*)::int8 FROM diary_entries
            WHERE user_id = $1 AND local_date >= $2::date GROUP BY local_date ORDER BY local_date
            """, [userID, from.description]
        ).map { row in
            (try LocalDate(stored: try row.decode(String.self, at: 0)), try row.decode(Double.self, at: 1), try row.decode(Double.self, at: 2),
             try row.decode(Int.self, at: 3))
        }
    }

    /// A page of each user's entries between two dates (inclusive), newest first.
    static func page(
        _ page: Page, userIDs: [Int64], from: LocalDate, to: LocalDate, in database: some PostgresQuerying
    ) async throws -> [Int64: Connection<DiaryEntryRecord>] {
        try await page.fetchForParents(
            userIDs, select: DiaryEntryRecord.columns,
            from: """
                SELECT d.*, d.user_id AS page_parent FROM diary_entries d
                WHERE d.local_date BETWEEN $2::date AND $3::date
                """, as: "e",
            keys: [
                .init(expression: "e.local_date", type: "date"), .init(expression: "e.created_at", type: "timestamptz"),
                .init(expression: "e.id", type: "bigint"),
            ], descending: true, parameters: [from.description, to.description], in: database, decode: DiaryEntryRecord.init)
    }

    static func insert(_ entry: NewEntry, in database: some PostgresQuerying) async throws -> DiaryEntryRecord {
        var parameters: [any PostgresEncodable] = [
            entry.userID, entry.date.description, entry.meal.storedName, entry.productID, entry.foodName, entry.quantity,
            entry.unit.storedName, entry.grams, entry.source.storedName, entry.nutrition.computedOverriddenJSON,
        ]
        let values = NutrientKey.allCases.map { key -> String in
            parameters.append(entry.nutrition.effective[key])
            return "$\(parameters.count)"
        }
        let rows = try await database.query(
            """
            INSERT INTO diary_entries AS e (user_id, local_date, meal, product_id, food_name, quantity, quantity_unit, grams, source,
              computed_overridden, \(NutrientKey.allCases.map(\.column).joined(separator: ", ")))
            VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, \(values.joined(separator: ", ")))
            RETURNING \(DiaryEntryRecord.columns)
            """, parameters)
        return try DiaryEntryRecord(rows[0])
    }

    static func update(id: Int64, userID: Int64, _ change: Change, in database: some PostgresQuerying) async throws -> DiaryEntryRecord? {
        var parameters: [any PostgresEncodable] = [
            id, userID, change.date?.description, change.meal?.storedName, change.quantity, change.unit.storedName, change.grams,
            change.nutrition.computedOverriddenJSON,
        ]
        let assignments = NutrientKey.allCases.map { key -> String in
            parameters.append(change.nutrition.effective[key])
            return "\(key.column) = $\(parameters.count)"
        }
        return try await database.query(
            """
            UPDATE diary_entries AS e SET local_date = coalesce($3::date, local_date), meal = coalesce($4, meal), quantity = $5,
              quantity_unit = $6, grams = $7, computed_overridden = $8::jsonb, \(assignments.joined(separator: ", ")), updated_at = now()
            WHERE e.id = $1 AND e.user_id = $2
            RETURNING \(DiaryEntryRecord.columns)
            """, parameters
        ).first.map(DiaryEntryRecord.init)
    }

    /// A copy of one of the user's entries on another date and meal (the entry's own when nil).
    static func copy(id: Int64, userID: Int64, date: LocalDate, meal: Meal?, in database: some PostgresQuerying) async throws -> DiaryEntryRecord? {
        try await database.query(
            """
            INSERT INTO diary_entries AS e (user_id, local_date, meal, product_id, recipe_id, food_name, quantity, quantity_unit, grams,
              source, energy_kcal, fat_g, saturated_fat_g, trans_fat_g, cholesterol_mg, carbohydrates_g, fibre_g, sugars_g, sodium_mg,
              protein_g, vitamin_a_ug, vitamin_c_mg, calcium_mg, iron_mg, computed_overridden)
            SELECT user_id, $3::date, coalesce($4, meal), product_id, recipe_id, food_name, quantity, quantity_unit, grams, source,
              energy_kcal, fat_g, saturated_fat_g, trans_fat_g, cholesterol_mg, carbohydrates_g, fibre_g, sugars_g, sodium_mg, protein_g,
              vitamin_a_ug, vitamin_c_mg, calcium_mg, iron_mg, computed_overridden
            FROM diary_entries WHERE id = $1 AND user_id = $2
            RETURNING \(DiaryEntryRecord.columns)
            """, [id, userID, date.description, meal?.storedName]
        ).first.map(DiaryEntryRecord.init)
    }

    /// Deletes one of the user's entries; its date, or nil when the user has no such entry.
    static func delete(id: Int64, userID: Int64, in database: some PostgresQuerying) async throws -> LocalDate? {
        let rows = try await database.query(
            "DELETE FROM diary_entries WHERE id = $1 AND user_id = $2 RETURNING local_date::text", [id, userID])
        return try rows.first.map { try LocalDate(stored: try $0.decode(String.self, at: 0)) }
    }
}
