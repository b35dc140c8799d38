import GraphQLEngine

/// What the engine's binding check cannot know: each mutation's declared access agrees with its
/// `@auth` in the SDL, and every type implementing `Node` can be fetched by `node(id:)`.
struct StartupCheck {
    let schema: GraphQLSchema
    let binder: SchemaBinder

    func problems() -> [String] {
        var problems: [String] = []
        if let mutation = schema.objectType(named: "Mutation") {
            for field in mutation.fields {
                guard let declared = binder.mutationAccess[field.name] else {
                    problems.append("Mutation.\(field.name) is not bound with SchemaBinder.mutation (one lifecycle for every mutation)")
                    continue
                }
                let inSchema = access(of: field)
                if declared != inSchema {
                    problems.append("Mutation.\(field.name) declares access \(declared) in Swift but \(inSchema) in the schema's @auth")
                }
            }
        }
        for case .object(let object) in schema.types where object.interfaces.contains("Node") && binder.nodes[object.name] == nil {
            problems.append("\(object.name) implements Node but node(id:) cannot fetch it (SchemaBinder.node)")
        }
        return problems
    }

    private func access(of field: FieldDefinition) -> MutationAccess {
        guard let auth = field.directives.first(where: { $0.name.value == "auth" }) else { return .anyone }
        guard let argument = auth.arguments.first(where: { $0.name.value == "roles" }), case .list(let values, _) = argument.value
        else { return .signedIn }
        let roles = values.compactMap { value -> Role? in
            if case .enumValue(let name, _) = value { return Role(graphQLName: name) }
            return nil
        }
        return roles.isEmpty ? .signedIn : .roles(Set(roles))
    }
}
