/// Spec `CollectFields` for one request: the fields of selection sets on an object type, grouped by
/// response key, with fragments expanded and `@skip`/`@include` applied.
struct FieldCollector: Sendable {
    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinitionNode]
    let variables: GraphQLObject

    init(schema: GraphQLSchema, document: DocumentNode, variables: GraphQLObject) {
        self.schema = schema
        var fragments: [String: FragmentDefinitionNode] = [:]
        for case .fragment(let fragment) in document.definitions { fragments[fragment.name.value] = fragment }
        self.fragments = fragments
        self.variables = variables
    }

    func collect(_ typeName: String, _ selectionSets: [SelectionSetNode]) -> FieldGroups {
        var groups = FieldGroups(capacity: selectionSets.reduce(0) { $0 + $1.selections.count })
        var visited: Set<String> = []
        for selectionSet in selectionSets {
            collect(typeName, selectionSet, &groups, &visited)
        }
        return groups
    }

    private func collect(
        _ typeName: String, _ selectionSet: SelectionSetNode, _ groups: inout FieldGroups, _ visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            guard shouldInclude(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                groups.add(field)
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition, !doesFragmentApply(condition.name.value, to: typeName) { continue }
                collect(typeName, fragment.selectionSet, &groups, &visited)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), let fragment = fragments[name] else { continue }
                visited.insert(name)
                guard doesFragmentApply(fragment.typeCondition.name.value, to: typeName) else { continue }
                collect(typeName, fragment.selectionSet, &groups, &visited)
            }
        }
    }

    private func doesFragmentApply(_ conditionName: String, to typeName: String) -> Bool {
        conditionName == typeName || schema.isPossibleType(typeName, of: conditionName)
    }

    private func shouldInclude(_ directives: NodeList<DirectiveNode>) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include" else { continue }
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }),
                case .boolean(let condition)? = ValueCoercion.valueFromAST(
                    argument.value, type: .nonNull(.named("Boolean")), schema: schema, variables: variables)
            else { continue }
            if name == "skip" && condition { return false }
            if name == "include" && !condition { return false }
        }
        return true
    }
}
