/// An operation's size as `QueryLimits` measures it, for logs: the slow-request log reports it.
public struct QueryCost: Hashable, Sendable {
    /// The most nodes the operation may return (the figure `maxCost` bounds).
    public var cost: Int
    /// Its deepest field nesting (the figure `maxDepth` bounds).
    public var depth: Int
}

extension QueryLimits {
    /// The cost and depth `check` compares with the limits.
    public func cost(
        of operation: OperationDefinitionNode, in document: DocumentNode, schema: GraphQLSchema, variables: GraphQLObject?
    ) -> QueryCost {
        var analyzer = LimitAnalyzer(limits: self, schema: schema, document: document, operation: operation, variables: variables)
        let measure = analyzer.measure(operation.selectionSet, on: schema.rootTypeName(for: operation.operation) ?? "")
        return QueryCost(cost: measure.cost, depth: measure.depth)
    }
}
