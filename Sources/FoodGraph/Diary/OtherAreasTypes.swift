import GraphQLEngine

// Transitional: the typed-binding conformances of other areas' value types that diary fields
// return, declared here only until their owners bind those types on typed bindings. Delete each
// line when its area declares it (the compiler names a duplicate conformance).

/// Catalog's `Nutrition` (entry nutrients, day and meal totals, timeline totals). Catalog still
/// binds the type's fields with `readFields`, which read `Nutrition`'s `GraphQLFieldReadable`.
extension Nutrition: ObjectValue {
    static let graphQLTypeName = "Nutrition"
}
