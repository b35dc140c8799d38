/// 5.8.2 Variables Are Input Types.
struct VariablesAreInputTypesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.variableDefinition]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .variableDefinition(let definition) = node,
            let type = context.schema.type(named: definition.type.namedType.name.value), !type.isInputType
        else { return }
        context.report(
            "Variable \"$\(definition.variable.name.value)\" cannot be non-input type \"\(printType(definition.type))\".",
            [definition.type.location])
    }
}
