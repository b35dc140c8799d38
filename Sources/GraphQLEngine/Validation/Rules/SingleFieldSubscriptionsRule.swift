/// 5.2.3.1 Single Root Field: a subscription selects one root field, not an introspection one.
///
/// The root fields are those the executor would collect (graphql-js's `collectFields` with no
/// variables): a field or fragment under `@skip(if: true)` or `@include(if: false)` does not count,
/// nor does a fragment whose type condition the subscription type does not satisfy. Counting every
/// field written refused subscriptions that select one field and skip another.
struct SingleFieldSubscriptionsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node, operation.operation == .subscription,
            let rootName = context.schema.subscriptionTypeName, context.schema.type(named: rootName) != nil
        else { return }
        let subject = operation.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        var fields: [(String, [FieldNode])] = []
        var visited: Set<String> = []
        collect(operation.selectionSet, rootName, context, &fields, &visited)
        if fields.count > 1 {
            context.report("\(subject) must select only one top level field.", fields.dropFirst().flatMap { $0.1.map(\.location) })
        }
        for (_, nodes) in fields where nodes.first?.name.value.hasPrefix("__") == true {
            context.report("\(subject) must not select an introspection top level field.", nodes.map(\.location))
        }
    }

    private func collect(
        _ selectionSet: SelectionSetNode, _ rootName: String, _ context: ValidationContext, _ fields: inout [(String, [FieldNode])],
        _ visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard Self.isIncluded(field.directives) else { continue }
                if let index = fields.firstIndex(where: { $0.0 == field.responseKey }) {
                    fields[index].1.append(field)
                } else {
                    fields.append((field.responseKey, [field]))
                }
            case .inlineFragment(let fragment):
                guard Self.isIncluded(fragment.directives),
                    Self.conditionMatches(fragment.typeCondition?.name.value, rootName, context.schema)
                else { continue }
                collect(fragment.selectionSet, rootName, context, &fields, &visited)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), Self.isIncluded(spread.directives) else { continue }
                visited.insert(name)
                guard let fragment = context.fragment(named: name),
                    Self.conditionMatches(fragment.typeCondition.name.value, rootName, context.schema)
                else { continue }
                collect(fragment.selectionSet, rootName, context, &fields, &visited)
            }
        }
    }

    /// `@skip` and `@include` with literal conditions; a variable has no value during validation,
    /// so the selection counts.
    private static func isIncluded(_ directives: NodeList<DirectiveNode>) -> Bool {
        if let skip = directives.first(where: { $0.name.value == "skip" }), condition(of: skip) == true { return false }
        if let include = directives.first(where: { $0.name.value == "include" }), condition(of: include) == false { return false }
        return true
    }

    /// Of two `if` arguments (an error of its own), the last counts, as in graphql-js.
    private static func condition(of directive: DirectiveNode) -> Bool? {
        guard case .boolean(let value, _)? = directive.arguments.last(where: { $0.name.value == "if" })?.value else { return nil }
        return value
    }

    /// graphql-js `doesFragmentConditionMatch` against the subscription root type.
    private static func conditionMatches(_ condition: String?, _ rootName: String, _ schema: GraphQLSchema) -> Bool {
        guard let condition else { return true }
        if condition == rootName { return true }
        guard let type = schema.type(named: condition), type.isAbstract else { return false }
        return schema.isSubType(rootName, of: condition)
    }
}
