/// 5.8.1 Variable Uniqueness.
struct UniqueVariableNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node else { return }
        var groups: [(String, [VariableDefinitionNode])] = []
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            if let index = groups.firstIndex(where: { $0.0 == name }) {
                groups[index].1.append(definition)
            } else {
                groups.append((name, [definition]))
            }
        }
        for (name, definitions) in groups where definitions.count > 1 {
            context.report("There can be only one variable named \"$\(name)\".", definitions.map(\.variable.name.location))
        }
    }
}
