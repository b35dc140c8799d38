import GraphQLEngine

/// `@auth(roles:)` on a field definition: the viewer must be signed in and hold one of the roles
/// (any role when the list is empty; administrators hold every role).
enum AuthorizationRule {
    static func check(_ call: FieldCall, _ arguments: GraphQLObject) throws {
        let viewer = try call.requestContext.requireViewer()
        guard case .list(let names)? = arguments["roles"], !names.isEmpty else { return }
        let roles = names.compactMap { value -> Role? in
            if case .enumValue(let name) = value { return Role(graphQLName: name) }
            return nil
        }
        guard viewer.holdsAny(of: roles) else {
            throw DomainError.forbidden(
                "This needs the role \(roles.map(\.graphQLName).joined(separator: " or ")).")
        }
    }
}
