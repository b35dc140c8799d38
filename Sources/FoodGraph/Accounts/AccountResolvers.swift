import GraphQLEngine

/// Transitional: what the Diary area's untyped bindings call today. Typed code uses
/// `UserAccess.requireSelfOrSupport(user, context)` and returns `NutritionTargets` itself (it is
/// bound to the schema's `NutritionTargets`). Goes when the Diary area is on typed bindings.
enum AccountResolvers {
    static func requireSelfOrSupport(_ user: UserRecord, _ call: FieldCall) throws {
        try UserAccess.requireSelfOrSupport(user, try call.requestContext)
    }

    static func payload(_ targets: NutritionTargets) -> NutritionTargets { targets }
}
