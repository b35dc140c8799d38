/// 5.3.1 Field Selections: the field exists on the parent type, with graphql-js's suggestions.
struct FieldsOnCorrectTypeRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.field]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .field(let field) = node, let parentName = context.parentType, context.fieldDefinition == nil else { return }
        let name = field.name.value
        let schema = context.schema
        var suggestion = didYouMean(suggestedTypeNames(name, parentName, schema), subMessage: "to use an inline fragment on")
        if suggestion.isEmpty, let fields = schema.type(named: parentName)?.fields {
            suggestion = didYouMean(suggestionList(name, fields.map(\.name)))
        }
        context.report("Cannot query field \"\(name)\" on type \"\(parentName)\"." + suggestion, [field.location])
    }

    /// For an abstract parent: the types below it that have the field, most used interfaces first.
    private func suggestedTypeNames(_ fieldName: String, _ typeName: String, _ schema: GraphQLSchema) -> [String] {
        guard let type = schema.type(named: typeName), type.isAbstract else { return [] }
        var suggested: [String] = []
        var usage: [String: Int] = [:]
        for possibleName in schema.possibleTypes(of: typeName) {
            guard case .object(let possible)? = schema.type(named: possibleName), possible.fields[fieldName] != nil else { continue }
            if usage[possibleName] == nil { suggested.append(possibleName) }
            usage[possibleName] = 1
            for interfaceName in possible.interfaces {
                guard schema.type(named: interfaceName)?.fields?[fieldName] != nil else { continue }
                if usage[interfaceName] == nil { suggested.append(interfaceName) }
                usage[interfaceName, default: 0] += 1
            }
        }
        return suggested.sorted { a, b in
            let usageA = usage[a] ?? 0
            let usageB = usage[b] ?? 0
            if usageA != usageB { return usageA > usageB }
            if case .interface? = schema.type(named: a), schema.isSubType(b, of: a) { return true }
            if case .interface? = schema.type(named: b), schema.isSubType(a, of: b) { return false }
            return naturalCompare(a, b) < 0
        }
    }
}
