import GraphQLEngine

/// What areas bind their schema with: the engine's typed bindings with FoodGraph's request context,
/// mutations with one lifecycle (`mutation`), and the node types `node(id:)` can fetch.
struct SchemaBinder {
    var resolvers = Resolvers()
    /// By global ID type name: fetches one node for the viewer, or nil when it is not theirs to see.
    var nodes: [String: NodeFetcher] = [:]
    /// Declared access per mutation, compared with the SDL's `@auth` at start-up.
    var mutationAccess: [String: MutationAccess] = [:]

    init() {
        resolvers.requiresTypedBindings = true
    }

    mutating func object<Source: ObjectValue>(
        _ source: Source.Type, _ body: (inout ObjectBinder<Source, RequestContext>) -> Void
    ) {
        resolvers.object(source, context: RequestContext.self, body)
    }

    mutating func query(_ body: (inout RootBinder<RequestContext>) -> Void) {
        resolvers.root("Query", context: RequestContext.self, body)
    }

    mutating func enumeration<Value: GraphQLEnum>(_ type: Value.Type) {
        resolvers.enumeration(type)
    }

    /// Makes a node type fetchable by `node(id:)`; `fetch` applies the same visibility as every
    /// other path to the type.
    mutating func node<Value: ObjectValue>(
        _ type: Value.Type, fetch: @escaping @Sendable (Int64, RequestContext) throws -> Resolved<Value?>
    ) {
        nodes[Value.graphQLTypeName] = { key, context in try fetch(key, context).resolution }
    }
}

/// Fetches one node by its key for the request's viewer: the record, or nil.
typealias NodeFetcher = @Sendable (Int64, RequestContext) throws -> Resolution
