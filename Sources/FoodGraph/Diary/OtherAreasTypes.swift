import GraphQLEngine

// Transitional: the typed-binding conformances of other areas' value types that diary fields
// return, declared here only until their owners bind those types on typed bindings. Delete each
// line when its area declares it (the compiler names a duplicate conformance).

/// Accounts' `NutritionTargets` (a day's targets). Accounts still binds the type's fields with
/// `readFields`: the `GraphQLFieldReadable` conformance goes with that.
extension NutritionTargets: ObjectValue, GraphQLFieldReadable {
    static let graphQLTypeName = "NutritionTargets"

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "basalMetabolicRateKcal": basalMetabolicRateKcal
        case "maintenanceKcal": maintenanceKcal
        case "energyKcal": energyKcal
        case "proteinG": proteinG
        case "fatG": fatG
        case "carbohydratesG": carbohydratesG
        case "fibreG": fibreG
        case "sugarsG": sugarsG
        case "sodiumMg": sodiumMg
        default: nil
        }
    }
}
