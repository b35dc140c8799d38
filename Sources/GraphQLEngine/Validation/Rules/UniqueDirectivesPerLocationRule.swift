/// 5.7.3 Directives Are Unique Per Location (unless repeatable).
struct UniqueDirectivesPerLocationRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [
        .operation, .field, .fragmentSpread, .inlineFragment, .fragmentDefinition, .variableDefinition, .typeSystemNode,
    ]

    private var seenByScope: [String: [String: DirectiveNode]] = [:]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        switch node {
        case .operation(let operation): check(operation.directives, scope: nil, &context)
        case .field(let field): check(field.directives, scope: nil, &context)
        case .fragmentSpread(let spread): check(spread.directives, scope: nil, &context)
        case .inlineFragment(let fragment): check(fragment.directives, scope: nil, &context)
        case .fragmentDefinition(let fragment): check(fragment.directives, scope: nil, &context)
        case .variableDefinition(let definition): check(definition.directives, scope: nil, &context)
        case .typeSystemNode(_, let scope, let directives): check(directives, scope: scope, &context)
        default: return
        }
    }

    private mutating func check<Directives: Collection<DirectiveNode>>(
        _ directives: Directives, scope: String?, _ context: inout ValidationContext
    ) {
        guard !directives.isEmpty else { return }
        // A type and its extensions, or the schema and its extensions, share what was seen.
        var seen = scope.flatMap { seenByScope[$0] } ?? [:]
        defer { if let scope { seenByScope[scope] = seen } }
        for directive in directives {
            let name = directive.name.value
            // Unknown directives are KnownDirectivesRule's to report; a directive the document
            // itself declares counts as graphql-js counts it.
            guard let isRepeatable = context.directiveDeclaredInDocument(name)?.isRepeatable ?? context.schema.directives[name]?.isRepeatable,
                !isRepeatable
            else { continue }
            if let first = seen[name] {
                context.report("The directive \"@\(name)\" can only be used once at this location.", [first.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
    }
}
