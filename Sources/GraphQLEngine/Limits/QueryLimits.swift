/// Limits checked before execution, each refused with its own `extensions.code`.
public struct QueryLimits: Sendable {
    /// Deepest field nesting (the root fields are depth 1). Introspection fields (`__schema`,
    /// `__type`) count as one level: the two introspection limits bound what is below them.
    public var maxDepth: Int
    /// Largest estimated number of nodes (GitHub-style cost, see `check`).
    public var maxCost: Int
    /// Most aliased fields in one operation.
    public var maxAliases: Int
    /// The largest `first`/`last` a connection accepts.
    public var maxPageSize: Int
    /// The page a connection returns when `first` and `last` are left out.
    public var defaultPageSize: Int
    /// The most `ofType` fields along one path of an introspection query. graphql-js's
    /// `getIntrospectionQuery()` asks for 7 (version 16) or 9 (version 17, its `typeDepth`); the
    /// deepest type a schema can write is far shallower, so a few more only cost time.
    public var maxIntrospectionTypeDepth: Int
    /// The most of `fields`, `inputFields`, `interfaces` and `possibleTypes` nested along one path
    /// of an introspection query: graphql-js's `MaxIntrospectionDepthRule` refuses three. Each of
    /// them lists every type or field again, so the answer grows as a power of their nesting.
    public var maxIntrospectionListDepth: Int

    /// The introspection fields that list types or fields (see `maxIntrospectionListDepth`).
    static let introspectionListFields: Set<String> = ["fields", "inputFields", "interfaces", "possibleTypes"]

    public init(
        maxDepth: Int = 12, maxCost: Int = 50_000, maxAliases: Int = 30, maxPageSize: Int = 100, defaultPageSize: Int = 20,
        maxIntrospectionTypeDepth: Int = 12, maxIntrospectionListDepth: Int = 2
    ) {
        self.maxDepth = maxDepth
        self.maxCost = maxCost
        self.maxAliases = maxAliases
        self.maxPageSize = maxPageSize
        self.defaultPageSize = defaultPageSize
        self.maxIntrospectionTypeDepth = maxIntrospectionTypeDepth
        self.maxIntrospectionListDepth = maxIntrospectionListDepth
    }

    /// Checks an operation of a validated document; returns the first limit it breaks.
    ///
    /// Cost: every field costs one per parent instance; a field that returns a connection (a type
    /// whose name ends in `Connection`) takes `first` or `last` in 1…maxPageSize (defaultPageSize when
    /// left out, as the API's pages do), and multiplies
    /// the cost of everything below it by that number, as GitHub's node limit does. A fragment
    /// counts once per selection set it is collected for, as execution collects it.
    ///
    /// `variables` are the request's; nil when they are not known (checking a document alone),
    /// in which case a page size given by a variable counts as `maxPageSize`.
    ///
    /// The time taken is linear in the size of the document, whatever its fragments do.
    public func check(
        _ operation: OperationDefinitionNode, in document: DocumentNode, schema: GraphQLSchema, variables: GraphQLObject?
    ) -> GraphQLError? {
        var analyzer = LimitAnalyzer(
            limits: self, schema: schema, document: document, operation: operation, variables: variables)
        let measure = analyzer.measure(operation.selectionSet, on: schema.rootTypeName(for: operation.operation) ?? "")
        if measure.depth > maxDepth {
            return Self.error(
                "The query is nested \(measure.depth) levels deep; at most \(maxDepth) are allowed.", code: "QUERY_TOO_DEEP",
                at: measure.deepestField, operation)
        }
        if measure.typeDepth > maxIntrospectionTypeDepth {
            return Self.error(
                "The introspection query nests `ofType` \(measure.typeDepth) levels deep; at most \(maxIntrospectionTypeDepth) are allowed.",
                code: "INTROSPECTION_TOO_DEEP", at: measure.deepestTypeField, operation)
        }
        if measure.listDepth > maxIntrospectionListDepth {
            return Self.error(
                "The introspection query nests `fields`, `inputFields`, `interfaces` and `possibleTypes` \(measure.listDepth) levels deep; at most \(maxIntrospectionListDepth) are allowed.",
                code: "INTROSPECTION_TOO_DEEP", at: measure.deepestListField, operation)
        }
        if let error = measure.pageSizeError { return error }
        if measure.aliases > maxAliases {
            return Self.error(
                "The operation uses \(measure.aliases) aliases; at most \(maxAliases) are allowed.", code: "TOO_MANY_ALIASES",
                at: nil, operation)
        }
        if measure.cost > maxCost {
            let nodes = measure.cost == .max ? "more than \(Int.max)" : "up to \(measure.cost)"
            return Self.error(
                "The operation may return \(nodes) nodes; the limit is \(maxCost). Ask for smaller pages or fewer nested connections.",
                code: "QUERY_TOO_COMPLEX", at: nil, operation)
        }
        return nil
    }

    static func error(
        _ message: String, code: String, at field: FieldNode?, _ operation: OperationDefinitionNode
    ) -> GraphQLError {
        GraphQLError(
            message, locations: [(field?.location ?? operation.location).sourceLocation],
            extensions: GraphQLObject([("code", .string(code))]))
    }
}
