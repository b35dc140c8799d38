import Foundation
import GraphQLEngine
import Postgres

/// A diary entry (schema type `DiaryEntry`) with its frozen nutrient values.
struct DiaryEntryRecord: Sendable, ObjectValue {
    static let graphQLTypeName = "DiaryEntry"

    var id: Int64
    var userID: Int64
    var date: LocalDate
    var meal: Meal
    var productID: Int64?
    var foodName: String
    var quantity: Double
    var unit: DiaryQuantityUnit
    var grams: Double
    var source: DiaryEntrySource
    var nutrition: Nutrition
    var createdAt: Date
    /// For each nutrient the user overrode: the value the server computed (null when unknown).
    var computedOverridden: [NutrientKey: Double?] = [:]

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    /// The nutrients whose values are the user's, in the schema's order.
    var overriddenNutrients: [NutrientKey] {
        computedOverridden.isEmpty ? [] : NutrientKey.allCases.filter { computedOverridden[$0] != nil }
    }

    /// The values the server computed for the whole entry, overrides set aside.
    var computedNutrition: Nutrition {
        var computed = nutrition
        for (key, value) in computedOverridden { computed[key] = value }
        return computed
    }

    /// The columns `init(_:)` reads, in order, for a row source aliased `e`, with the nutrient each
    /// holds.
    static let columnList: [(expression: String, nutrient: NutrientKey?)] =
        ["e.id", "e.user_id", "e.local_date::text", "e.meal", "e.product_id", "e.food_name", "e.quantity::float8", "e.quantity_unit",
         "e.grams::float8", "e.source"].map { ($0, nil) }
        + NutrientKey.allCases.map { ("e.\($0.column)", $0) }
        + [("e.created_at", nil), ("e.computed_overridden::text", nil)]

    static let columns = columnList.map(\.expression).joined(separator: ", ")
}

// In an extension, so that the memberwise initializer stays.
extension DiaryEntryRecord {
    /// Every column is read before the memberwise initializer runs (docs/adding-an-area.md).
    init(_ row: PostgresRow) throws {
        let meal = try row.decode(String.self, at: 3)
        guard let knownMeal = Meal(storedName: meal) else { throw DiaryDataError("Unknown meal \(meal.debugDescription).") }
        let unit = try row.decode(String.self, at: 7)
        guard let knownUnit = DiaryQuantityUnit(storedName: unit) else { throw DiaryDataError("Unknown unit \(unit.debugDescription).") }
        let source = try row.decode(String.self, at: 9)
        guard let knownSource = DiaryEntrySource(storedName: source) else {
            throw DiaryDataError("Unknown entry source \(source.debugDescription).")
        }
        var computedOverridden: [NutrientKey: Double?] = [:]
        let overridden = try row.decode(String.self, at: 25)
        if overridden != "{}", let object = try? JSONSerialization.jsonObject(with: Data(overridden.utf8)) as? [String: Any] {
            for (name, value) in object {
                guard let key = NutrientKey(rawValue: name) else { continue }
                computedOverridden[key] = .some((value as? NSNumber)?.doubleValue)
            }
        }
        self.init(
            id: try row.decode(Int64.self, at: 0), userID: try row.decode(Int64.self, at: 1),
            date: try LocalDate(stored: row.decode(String.self, at: 2)), meal: knownMeal,
            productID: try row.decode(Int64?.self, at: 4), foodName: try row.decode(String.self, at: 5),
            quantity: try row.decode(Double.self, at: 6), unit: knownUnit, grams: try row.decode(Double.self, at: 8),
            source: knownSource, nutrition: try Nutrition(row, nutrientsFrom: 10, basis: nil),
            createdAt: try row.decode(Date.self, at: 24), computedOverridden: computedOverridden)
    }
}
