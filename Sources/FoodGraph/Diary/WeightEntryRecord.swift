import GraphQLEngine
import Postgres

/// One weigh-in per user and local day (schema type `WeightEntry`).
struct WeightEntryRecord: Sendable, ObjectValue {
    static let graphQLTypeName = "WeightEntry"

    var id: Int64
    var userID: Int64
    var date: LocalDate
    var weightKg: Double

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    /// The columns `init(_:)` reads, for a row source aliased `w`.
    static let columns = "w.id, w.user_id, w.local_date::text, w.weight_kg::float8"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        date = try LocalDate(stored: try row.decode(String.self, at: 2))
        weightKg = try row.decode(Double.self, at: 3)
    }

    static let poundsPerKilogram = 2.20462

    /// Metric users see kilograms; imperial and Canadian users (who weigh in pounds) see pounds.
    func display(unitSystem: String) -> String {
        if unitSystem == "metric" { return "\((weightKg * 10).rounded() / 10) kg" }
        return "\(Int((weightKg * Self.poundsPerKilogram).rounded())) lb"
    }
}
