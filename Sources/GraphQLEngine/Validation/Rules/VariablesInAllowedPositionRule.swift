/// 5.8.5 All Variable Usages Are Allowed.
struct VariablesInAllowedPositionRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node else { return }
        var definitions: [String: VariableDefinitionNode] = [:]
        // The last definition of a name counts, as in graphql-js.
        for definition in operation.variableDefinitions { definitions[definition.variable.name.value] = definition }
        for usage in context.recursiveVariableUsages(of: operation) {
            let name = usage.node.name.value
            guard let definition = definitions[name], let locationType = usage.type,
                context.schema.type(named: definition.type.namedType.name.value) != nil
            else { continue }
            let variableType = TypeReference(definition.type)
            if !isAllowed(variableType, definition.defaultValue, locationType, usage.hasLocationDefault) {
                context.report(
                    "Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".",
                    [definition.location, usage.node.location])
            } else if let oneOf = usage.oneOfParent, !variableType.isNonNull {
                context.report(
                    "Variable \"$\(name)\" is of type \"\(variableType)\" but must be non-nullable to be used for OneOf Input Object \"\(oneOf)\".",
                    [definition.location, usage.node.location])
            }
        }
    }

    private func isAllowed(
        _ variableType: TypeReference, _ variableDefault: ValueNode?, _ locationType: TypeReference, _ hasLocationDefault: Bool
    ) -> Bool {
        if case .nonNull(let inner) = locationType, !variableType.isNonNull {
            var hasNonNullDefault = false
            if let variableDefault { if case .null = variableDefault {} else { hasNonNullDefault = true } }
            guard hasNonNullDefault || hasLocationDefault else { return false }
            return isSubType(variableType, of: inner)
        }
        return isSubType(variableType, of: locationType)
    }

    /// Input-type covariance: non-null fits nullable, lists element-wise, names equal.
    private func isSubType(_ sub: TypeReference, of sup: TypeReference) -> Bool {
        switch (sub, sup) {
        case (.nonNull(let a), .nonNull(let b)): return isSubType(a, of: b)
        case (.nonNull(let a), _): return isSubType(a, of: sup)
        case (_, .nonNull): return false
        case (.list(let a), .list(let b)): return isSubType(a, of: b)
        case (.list, _), (_, .list): return false
        case (.named(let a), .named(let b)): return a == b
        }
    }
}
