/// Limits checked before execution, each refused with its own `extensions.code`.
public struct QueryLimits: Sendable {
    /// Deepest field nesting (the root fields are depth 1).
    public var maxDepth: Int
    /// Largest estimated number of nodes (GitHub-style cost, see `cost`).
    public var maxCost: Int
    /// Most aliased fields in one operation.
    public var maxAliases: Int
    /// The largest `first`/`last` a connection accepts.
    public var maxPageSize: Int

    public init(maxDepth: Int = 12, maxCost: Int = 50_000, maxAliases: Int = 30, maxPageSize: Int = 100) {
        self.maxDepth = maxDepth
        self.maxCost = maxCost
        self.maxAliases = maxAliases
        self.maxPageSize = maxPageSize
    }

    /// Checks an operation of a validated document; returns the first limit it breaks.
    ///
    /// Cost: every field costs one per parent instance; a field that returns a connection (a type
    /// whose name ends in `Connection`) must pass `first` or `last` in 1…maxPageSize, and multiplies
    /// the cost of everything below it by that number, as GitHub's node limit does.
    public func check(
        _ operation: OperationDefinitionNode, in document: DocumentNode, schema: GraphQLSchema, variables: GraphQLObject
    ) -> GraphQLError? {
        var fragments: [String: FragmentDefinitionNode] = [:]
        for case .fragment(let fragment) in document.definitions { fragments[fragment.name.value] = fragment }
        var walker = LimitWalker(limits: self, schema: schema, fragments: fragments, variables: variables)
        let rootType = schema.rootTypeName(for: operation.operation) ?? ""
        walker.walk(operation.selectionSet, typeName: rootType, depth: 1, multiplier: 1, visiting: [])
        if let error = walker.error { return error }
        if walker.aliases > maxAliases {
            return Self.error(
                "The operation uses \(walker.aliases) aliases; at most \(maxAliases) are allowed.", code: "TOO_MANY_ALIASES",
                operation)
        }
        if walker.cost > maxCost {
            return Self.error(
                "The operation may return up to \(walker.cost) nodes; the limit is \(maxCost). Ask for smaller pages or fewer nested connections.",
                code: "QUERY_TOO_COMPLEX", operation)
        }
        return nil
    }

    static func error(_ message: String, code: String, _ operation: OperationDefinitionNode) -> GraphQLError {
        GraphQLError(
            message, locations: [operation.location.sourceLocation],
            extensions: GraphQLObject([("code", .string(code))]))
    }
}

private struct LimitWalker {
    let limits: QueryLimits
    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinitionNode]
    let variables: GraphQLObject
    var cost = 0
    var aliases = 0
    var error: GraphQLError?

    init(limits: QueryLimits, schema: GraphQLSchema, fragments: [String: FragmentDefinitionNode], variables: GraphQLObject) {
        self.limits = limits
        self.schema = schema
        self.fragments = fragments
        self.variables = variables
    }

    mutating func walk(_ selectionSet: SelectionSetNode, typeName: String, depth: Int, multiplier: Int, visiting: Set<String>) {
        guard error == nil else { return }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if field.alias != nil { aliases += 1 }
                if depth > limits.maxDepth {
                    error = GraphQLError(
                        "The query is nested \(depth) levels deep; at most \(limits.maxDepth) are allowed.",
                        locations: [field.location.sourceLocation],
                        extensions: GraphQLObject([("code", .string("QUERY_TOO_DEEP"))]))
                    return
                }
                cost = cost.addingReportingOverflow(multiplier).partialValue
                guard let selections = field.selectionSet else { continue }
                let definition = schema.field(named: field.name.value, on: typeName)
                let fieldType = definition?.type.namedType ?? ""
                var childMultiplier = multiplier
                if fieldType.hasSuffix("Connection") {
                    guard let pageSize = pageSize(of: field) else { return }
                    childMultiplier = multiplier.multipliedReportingOverflow(by: max(pageSize, 1)).partialValue
                }
                walk(selections, typeName: fieldType, depth: depth + 1, multiplier: childMultiplier, visiting: visiting)
            case .inlineFragment(let fragment):
                walk(
                    fragment.selectionSet, typeName: fragment.typeCondition?.name.value ?? typeName, depth: depth,
                    multiplier: multiplier, visiting: visiting)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visiting.contains(name), let fragment = fragments[name] else { continue }
                walk(
                    fragment.selectionSet, typeName: fragment.typeCondition.name.value, depth: depth, multiplier: multiplier,
                    visiting: visiting.union([name]))
            }
            if error != nil { return }
        }
    }

    /// `first` or `last` of a connection field, which must be given and within 1…maxPageSize.
    private mutating func pageSize(of field: FieldNode) -> Int? {
        var size: Int?
        for argument in field.arguments where argument.name.value == "first" || argument.name.value == "last" {
            switch argument.value {
            case .int(let text, _): size = Int(text)
            case .variable(let variable):
                if case .int(let value)? = variables[variable.name.value] { size = value }
            default: break
            }
        }
        guard let size, (1...limits.maxPageSize).contains(size) else {
            error = GraphQLError(
                "The connection \"\(field.name.value)\" needs `first` or `last` between 1 and \(limits.maxPageSize).",
                locations: [field.location.sourceLocation],
                extensions: GraphQLObject([("code", .string("PAGE_SIZE_REQUIRED"))]))
            return nil
        }
        return size
    }
}
