/// 5.8.4 All Variables Used.
struct NoUnusedVariablesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node else { return }
        let used = Set(context.recursiveVariableUsages(of: operation).map(\.node.name.value))
        for definition in operation.variableDefinitions where !used.contains(definition.variable.name.value) {
            let name = definition.variable.name.value
            let message =
                operation.name.map { "Variable \"$\(name)\" is never used in operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is never used."
            context.report(message, [definition.location])
        }
    }
}
