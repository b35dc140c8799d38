/// 5.8.3 All Variable Uses Defined.
struct NoUndefinedVariablesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node else { return }
        let defined = Set(operation.variableDefinitions.map(\.variable.name.value))
        for usage in context.recursiveVariableUsages(of: operation) {
            let name = usage.node.name.value
            // Every use is reported, even of one variable (graphql-js does).
            guard !defined.contains(name) else { continue }
            let message =
                operation.name.map { "Variable \"$\(name)\" is not defined by operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is not defined."
            context.report(message, [usage.node.location, operation.location])
        }
    }
}
