/// 5.4.2 Argument Uniqueness.
struct UniqueArgumentNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.field, .directive]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        let arguments: NodeList<ArgumentNode>
        switch node {
        case .field(let field): arguments = field.arguments
        case .directive(let directive): arguments = directive.arguments
        default: return
        }
        var groups: [(String, [ArgumentNode])] = []
        for argument in arguments {
            if let index = groups.firstIndex(where: { $0.0 == argument.name.value }) {
                groups[index].1.append(argument)
            } else {
                groups.append((argument.name.value, [argument]))
            }
        }
        for (name, nodes) in groups where nodes.count > 1 {
            context.report("There can be only one argument named \"\(name)\".", nodes.map(\.name.location))
        }
    }
}
