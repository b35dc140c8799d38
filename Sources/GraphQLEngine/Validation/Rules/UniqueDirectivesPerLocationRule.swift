/// 5.7.3 Directives Are Unique Per Location (unless repeatable).
struct UniqueDirectivesPerLocationRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation, .field, .fragmentSpread, .inlineFragment, .fragmentDefinition, .variableDefinition]

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
        var seen: [String: DirectiveNode] = [:]
        for directive in directives {
            let name = directive.name.value
            if context.schema.directives[name]?.isRepeatable == true { continue }
            if let first = seen[name] {
                context.report("The directive \"@\(name)\" can only be used once at this location.", [first.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
    }
}
