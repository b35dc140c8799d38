/// 5.7.1 / 5.7.2 Directives Are Defined and In Valid Locations.
struct KnownDirectivesRule: ValidationRule {
    /// Every node that can carry directives or ends the search for one; the others are transparent.
    static let visitedKinds: [VisitedNode.Kind] = [
        .operation, .field, .fragmentSpread, .inlineFragment, .fragmentDefinition, .variableDefinition, .argument,
        .value, .objectField, .directive, .typeSystemNode,
    ]

    /// For each node on the path from the document: where a directive on it would sit (nil for
    /// nodes that cannot carry directives, `.some(nil)` for values, which end the search).
    private var ancestors: [Ancestor] = []

    private enum Ancestor {
        case location(DirectiveLocation)
        case transparent
        case opaque
    }

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        defer { ancestors.append(Self.ancestor(node)) }
        guard case .directive(let directive) = node else { return }
        let name = directive.name.value
        // A directive the document declares (an error of its own) counts with its declared
        // locations, as in graphql-js.
        let declared = context.directiveDeclaredInDocument(name)?.locations.map(\.value)
        let definition = context.schema.directives[name]
        if declared == nil && definition == nil {
            context.report("Unknown directive \"@\(name)\".", [directive.location])
            return
        }
        guard let location = currentLocation() else { return }
        let isAllowed = declared.map { $0.contains(location.rawValue) } ?? definition?.locations.contains(location) ?? false
        if !isAllowed {
            context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", [directive.location])
        }
    }

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        ancestors.removeLast()
    }

    private static func ancestor(_ node: VisitedNode) -> Ancestor {
        switch node {
        case .operation(let operation):
            switch operation.operation {
            case .query: .location(.query)
            case .mutation: .location(.mutation)
            case .subscription: .location(.subscription)
            }
        case .field: .location(.field)
        case .fragmentSpread: .location(.fragmentSpread)
        case .inlineFragment: .location(.inlineFragment)
        case .fragmentDefinition: .location(.fragmentDefinition)
        case .variableDefinition: .location(.variableDefinition)
        case .typeSystemNode(let location, _, _): .location(location)
        case .argument, .value, .objectField, .directive: .opaque
        default: .transparent
        }
    }

    /// Where the directive being entered sits: its nearest ancestor that can carry directives.
    private func currentLocation() -> DirectiveLocation? {
        for ancestor in ancestors.reversed() {
            switch ancestor {
            case .location(let location): return location
            case .opaque: return nil
            case .transparent: continue
            }
        }
        return nil
    }
}
