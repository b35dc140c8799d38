/// 5.7.3 Directives Are Unique Per Location (unless repeatable).
struct UniqueDirectivesPerLocationRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation, .field, .fragmentSpread, .inlineFragment, .fragmentDefinition, .variableDefinition]

    /// Directives declared by the document (invalid there, but graphql-js still takes them into
    /// account), with whether they are repeatable.
    private var declaredInDocument: [String: Bool]?

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        let directives: NodeList<DirectiveNode>
        switch node {
        case .operation(let operation): directives = operation.directives
        case .field(let field): directives = field.directives
        case .fragmentSpread(let spread): directives = spread.directives
        case .inlineFragment(let fragment): directives = fragment.directives
        case .fragmentDefinition(let fragment): directives = fragment.directives
        case .variableDefinition(let definition): directives = definition.directives
        default: return
        }
        guard !directives.isEmpty else { return }
        if declaredInDocument == nil {
            var declared: [String: Bool] = [:]
            for case .directive(let definition) in context.document.definitions { declared[definition.name.value] = definition.isRepeatable }
            declaredInDocument = declared
        }
        var seen: [String: DirectiveNode] = [:]
        for directive in directives {
            let name = directive.name.value
            // Unknown directives are KnownDirectivesRule's to report; a directive the document
            // itself declares counts as graphql-js counts it.
            guard let isRepeatable = declaredInDocument?[name] ?? context.schema.directives[name]?.isRepeatable, !isRepeatable
            else { continue }
            if let first = seen[name] {
                context.report("The directive \"@\(name)\" can only be used once at this location.", [first.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
    }
}
