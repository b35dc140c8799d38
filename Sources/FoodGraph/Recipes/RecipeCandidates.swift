import Foundation
import Postgres

/// A recipe as meal planning sees it: the record, and the stored per-serving energy, catalog cost
/// and ingredient words search keeps with it.
struct RecipeCandidate: Sendable {
    var record: RecipeRecord
    var energyKcal: Double
    /// Per serving at catalog prices; nil without a price.
    var catalogCost: Decimal?
    /// Normalised ingredient words, wrapped in spaces (`RecipeTraits.foodsText`).
    var foodsText: String
}

/// Read functions for the Meals area (meal advice and weekly plans): candidates for a meal time
/// found through the recipes' energy and cost indexes, so that 100 000 recipes cost a few index
/// range reads, never a sort of the whole cookbook.
extension RecipeStore {
    struct CandidateQuery: Sendable {
        var viewerID: Int64
        var mealTimes: [Meal]
        var restrictions: AppliedRestrictions?
        /// Recipes nearest this energy per serving: up to `nearLimit` at or above it and as many below.
        var targetKcal: Double
        var nearLimit = 40
        /// At most this cost per serving at catalog prices (recipes without a price are left out).
        var maximumCost: Decimal?
        /// Also the cheapest recipes (up to this many).
        var cheapestLimit = 0
        /// Recipes with at least this energy per serving (nothing empty).
        var minimumKcal = 50.0
    }

    private static let candidateColumns = RecipeRecord.columns + ", r.energy_kcal, r.catalog_cost::text, r.foods_text"

    /// The candidates: per visibility scope, the nearest in energy above and below the target,
    /// and the cheapest; each branch reads an index in order and stops at its limit. Distinct by id.
    static func candidates(_ query: CandidateQuery, in database: some PostgresQuerying) async throws -> [RecipeCandidate] {
        var search = RecipeSearch(text: nil, filter: RecipeFilter(), order: .title)
        search.viewerID = query.viewerID
        search.filter.mealTimes = query.mealTimes
        search.restrictions = query.restrictions
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        let scopes = self.scopes(search, parameters: &parameters)
        var conditions = self.conditions(search, parameters: &parameters)
        conditions.append("r.energy_kcal >= \(parameter(query.minimumKcal))::float8")
        if let maximum = query.maximumCost {
            conditions.append("r.catalog_cost IS NOT NULL AND r.catalog_cost <= \(parameter(RecipeFigures.text(maximum)))::numeric")
        }
        let filters = conditions.joined(separator: " AND ")
        let target = parameter(query.targetKcal)
        let near = parameter(query.nearLimit)
        var branches: [String] = []
        for scope in scopes {
            let base = "SELECT \(candidateColumns) FROM recipes r WHERE \(scope) AND \(filters)"
            branches.append("(\(base) AND r.energy_kcal >= \(target)::float8 ORDER BY r.energy_kcal ASC LIMIT \(near))")
            branches.append("(\(base) AND r.energy_kcal < \(target)::float8 ORDER BY r.energy_kcal DESC LIMIT \(near))")
            if query.cheapestLimit > 0 {
                branches.append(
                    "(\(base) ORDER BY coalesce(r.catalog_cost, 99999999), r.id LIMIT \(parameter(query.cheapestLimit)))")
            }
        }
        let rows = try await database.query(branches.joined(separator: " UNION ALL "), parameters)
        var seen: Set<Int64> = []
        var candidates: [RecipeCandidate] = []
        let count = RecipeRecord.columnCount
        for row in rows {
            let record = try RecipeRecord(row)
            guard seen.insert(record.id).inserted else { continue }
            candidates.append(
                RecipeCandidate(
                    record: record, energyKcal: try row.decode(Double.self, at: count),
                    catalogCost: try row.decode(String?.self, at: count + 1).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) },
                    foodsText: try row.decode(String.self, at: count + 2)))
        }
        return candidates.sorted { $0.record.id < $1.record.id }
    }

    /// The same figures for recipes by id (picks, swaps), visible or not: callers check
    /// `RecipeRecord.isVisible(to:)`.
    static func candidates(ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: RecipeCandidate] {
        var result: [Int64: RecipeCandidate] = [:]
        let count = RecipeRecord.columnCount
        for row in try await database.query("SELECT \(candidateColumns) FROM recipes r WHERE r.id = ANY($1)", [PostgresArray(ids)]) {
            let record = try RecipeRecord(row)
            result[record.id] = RecipeCandidate(
                record: record, energyKcal: try row.decode(Double.self, at: count),
                catalogCost: try row.decode(String?.self, at: count + 1).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) },
                foodsText: try row.decode(String.self, at: count + 2))
        }
        return result
    }
}

extension RecipeRecord {
    /// How many columns `columns` names.
    static let columnCount = columns.split(separator: ",").count
}
