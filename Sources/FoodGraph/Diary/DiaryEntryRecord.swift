import Foundation
import GraphQLEngine
import Postgres

/// A diary entry with its frozen nutrient values.
struct DiaryEntryRecord: Sendable, GraphQLTypeNamed {
    var id: Int64
    var userID: Int64
    var date: String
    var meal: String
    var productID: Int64?
    var foodName: String
    var quantity: Double
    var unit: String
    var grams: Double
    var source: String
    var nutrition: Nutrition
    var createdAt: Date
    /// For each nutrient the user overrode: the value the server computed (null when unknown).
    var computedOverridden: [NutrientKey: Double?] = [:]

    /// The values the server computed for the whole entry, overrides set aside.
    var computedNutrition: Nutrition {
        var computed = nutrition
        for (key, value) in computedOverridden { computed[key] = value }
        return computed
    }

    var graphQLTypeName: String { "DiaryEntry" }

    static let columns = """
        e.id, e.user_id, e.local_date::text, e.meal, e.product_id, e.food_name, e.quantity::float8, e.quantity_unit,
        e.grams::float8, e.source, e.energy_kcal, e.fat_g, e.saturated_fat_g, e.trans_fat_g, e.cholesterol_mg,
        e.carbohydrates_g, e.fibre_g, e.sugars_g, e.sodium_mg, e.protein_g, e.vitamin_a_ug, e.vitamin_c_mg,
        e.calcium_mg, e.iron_mg, e.created_at, e.computed_overridden::text
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        date = try row.decode(String.self, at: 2)
        meal = try row.decode(String.self, at: 3)
        productID = try row.decode(Int64?.self, at: 4)
        foodName = try row.decode(String.self, at: 5)
        quantity = try row.decode(Double.self, at: 6)
        unit = try row.decode(String.self, at: 7)
        grams = try row.decode(Double.self, at: 8)
        source = try row.decode(String.self, at: 9)
        nutrition = Nutrition(
            basis: nil, energyKcal: try row.decode(Double.self, at: 10), fatG: try row.decode(Double.self, at: 11),
            saturatedFatG: try row.decode(Double?.self, at: 12), transFatG: try row.decode(Double?.self, at: 13),
            cholesterolMg: try row.decode(Double?.self, at: 14), carbohydratesG: try row.decode(Double.self, at: 15),
            fibreG: try row.decode(Double?.self, at: 16), sugarsG: try row.decode(Double?.self, at: 17),
            sodiumMg: try row.decode(Double?.self, at: 18), proteinG: try row.decode(Double.self, at: 19),
            vitaminAUg: try row.decode(Double?.self, at: 20), vitaminCMg: try row.decode(Double?.self, at: 21),
            calciumMg: try row.decode(Double?.self, at: 22), ironMg: try row.decode(Double?.self, at: 23))
        createdAt = try row.decode(Date.self, at: 24)
        let overridden = try row.decode(String.self, at: 25)
        if let object = try? JSONSerialization.jsonObject(with: Data(overridden.utf8)) as? [String: Any] {
            for (name, value) in object {
                guard let key = NutrientKey(rawValue: name) else { continue }
                computedOverridden[key] = .some((value as? NSNumber)?.doubleValue)
            }
        }
    }
}

/// One day of a user's diary: entries by meal with totals and the macro split.
struct DiaryDay: Sendable, GraphQLFieldReadable {
    static let meals = ["breakfast", "lunch", "dinner", "snack"]

    var userID: Int64
    var date: String
    var isToday: Bool
    var entries: [DiaryEntryRecord]

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "date": date
        case "isToday": isToday
        case "meals":
            Self.meals.map { meal in
                let mealEntries = entries.filter { $0.meal == meal }
                return Payload(["meal": meal.uppercased(), "entries": mealEntries, "totals": Self.sum(mealEntries)])
            }
        case "totals": Self.sum(entries)
        case "macroSplit": macroSplit
        case "targets", "remaining": nil
        default: nil
        }
    }

    /// Shares of energy from protein (4 kcal/g), fat (9) and carbohydrates (4), in percent.
    var macroSplit: Payload {
        let totals = Self.sum(entries)
        let protein = totals.proteinG * 4
        let fat = totals.fatG * 9
        let carbohydrates = totals.carbohydratesG * 4
        let energy = protein + fat + carbohydrates
        func percent(_ part: Double) -> Double { energy > 0 ? (part / energy * 1000).rounded() / 10 : 0 }
        return Payload([
            "proteinPercent": percent(protein), "fatPercent": percent(fat), "carbohydratesPercent": percent(carbohydrates),
        ])
    }

    static func sum(_ entries: [DiaryEntryRecord]) -> Nutrition {
        func total(_ value: (Nutrition) -> Double?) -> Double? {
            let values = entries.compactMap { value($0.nutrition) }
            return values.isEmpty ? nil : (values.reduce(0, +) * 100).rounded() / 100
        }
        return Nutrition(
            basis: nil, energyKcal: total(\.energyKcal) ?? 0, fatG: total(\.fatG) ?? 0, saturatedFatG: total(\.saturatedFatG),
            transFatG: total(\.transFatG), cholesterolMg: total(\.cholesterolMg), carbohydratesG: total(\.carbohydratesG) ?? 0,
            fibreG: total(\.fibreG), sugarsG: total(\.sugarsG), sodiumMg: total(\.sodiumMg), proteinG: total(\.proteinG) ?? 0,
            vitaminAUg: total(\.vitaminAUg), vitaminCMg: total(\.vitaminCMg), calciumMg: total(\.calciumMg), ironMg: total(\.ironMg))
    }

    static func load(userID: Int64, date: String?, from database: some PostgresQuerying) async throws -> DiaryDay {
        let rows = try await database.query(
            """
            WITH day AS (
              SELECT coalesce($2::date, (now() AT TIME ZONE coalesce(p.time_zone, 'UTC'))::date) AS date,
                     (now() AT TIME ZONE coalesce(p.time_zone, 'UTC'))::date AS today
              FROM (SELECT $1::bigint AS user_id) u LEFT JOIN profiles p ON p.user_id = u.user_id
            )
            SELECT day.date::text, day.date = day.today, \(DiaryEntryRecord.columns)
            FROM day LEFT JOIN diary_entries e ON e.user_id = $1 AND e.local_date = day.date
            ORDER BY e.created_at, e.id
            """, [userID, date])
        guard let first = rows.first else { return DiaryDay(userID: userID, date: date ?? "", isToday: false, entries: []) }
        var entries: [DiaryEntryRecord] = []
        for row in rows where !row.isNull(at: 2) {
            entries.append(try DiaryEntryRecord(row.dropping(2)))
        }
        return DiaryDay(
            userID: userID, date: try first.decode(String.self, at: 0), isToday: try first.decode(Bool.self, at: 1), entries: entries)
    }
}
