import GraphQLEngine
import Postgres

/// One weigh-in per user and local day.
struct WeightEntryRecord: Sendable, GraphQLTypeNamed {
    var id: Int64
    var date: String
    var weightKg: Double

    var graphQLTypeName: String { "WeightEntry" }

    static let columns = "w.id, w.local_date::text, w.weight_kg::float8"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        date = try row.decode(String.self, at: 1)
        weightKg = try row.decode(Double.self, at: 2)
    }

    static let poundsPerKilogram = 2.20462

    /// Metric users see kilograms; imperial and Canadian users (who weigh in pounds) see pounds.
    func display(unitSystem: String) -> String {
        if unitSystem == "metric" { return "\((weightKg * 10).rounded() / 10) kg" }
        return "\(Int((weightKg * Self.poundsPerKilogram).rounded())) lb"
    }
}
