/// 5.7.1 / 5.7.2 Directives Are Defined and In Valid Locations.
struct KnownDirectivesRule: ValidationRule {
    private var ancestors: [VisitedNode] = []

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        defer { ancestors.append(node) }
        guard case .directive(let directive) = node else { return }
        let name = directive.name.value
        guard let definition = context.schema.directives[name] else {
            context.report("Unknown directive \"@\(name)\".", [directive.location])
            return
        }
        guard let location = currentLocation() else { return }
        if !definition.locations.contains(location) {
            context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", [directive.location])
        }
    }

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        ancestors.removeLast()
    }

    /// Where the directive being entered sits: its nearest ancestor that can carry directives.
    private func currentLocation() -> DirectiveLocation? {
        for ancestor in ancestors.reversed() {
            switch ancestor {
            case .operation(let operation):
                switch operation.operation {
                case .query: return .query
                case .mutation: return .mutation
                case .subscription: return .subscription
                }
            case .field: return .field
            case .fragmentSpread: return .fragmentSpread
            case .inlineFragment: return .inlineFragment
            case .fragmentDefinition: return .fragmentDefinition
            case .variableDefinition: return .variableDefinition
            case .argument, .value, .objectField, .directive: return nil
            default: continue
            }
        }
        return nil
    }
}
