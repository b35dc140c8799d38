import GraphQLEngine

extension SchemaBinder {
    /// Binds fields of `type Subscription` (see `RootBinder.subscription`).
    mutating func subscription(_ body: (inout RootBinder<RequestContext>) -> Void) {
        resolvers.root("Subscription", context: RequestContext.self, body)
    }
}
