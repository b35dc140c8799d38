import GraphQLEngine

/// Binds every schema field no area resolves yet to an error with code `NOT_IMPLEMENTED`, and
/// returns their names so start-up can list them. The contract is complete; the implementation
/// arrives area by area.
enum NotImplemented {
    static func bindRemaining(of schema: GraphQLSchema, into resolvers: inout Resolvers) -> [String] {
        var missing: [String] = []
        for case .object(let object) in schema.types where !object.name.hasPrefix("__") {
            for field in object.fields where !resolvers.resolves(object.name, field.name) {
                missing.append("\(object.name).\(field.name)")
                let coordinate = "\(object.name).\(field.name)"
                resolvers.field(object.name, field.name) { _ in
                    throw DomainError(.notImplemented, "\(coordinate) is not implemented yet.")
                }
            }
        }
        return missing
    }
}
