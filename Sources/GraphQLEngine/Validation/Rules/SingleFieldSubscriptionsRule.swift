/// 5.2.3.1 Single Root Field: a subscription selects one root field, not an introspection one.
struct SingleFieldSubscriptionsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node, operation.operation == .subscription,
            let rootName = context.schema.subscriptionTypeName
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

    /// Field collection with constant `@skip`/`@include` (variables are unknown here).
    private func collect(
        _ selectionSet: SelectionSetNode, _ typeName: String, _ context: ValidationContext, _ fields: inout [(String, [FieldNode])],
        _ visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let index = fields.firstIndex(where: { $0.0 == field.responseKey }) {
                    fields[index].1.append(field)
                } else {
                    fields.append((field.responseKey, [field]))
                }
            case .inlineFragment(let fragment):
                collect(fragment.selectionSet, typeName, context, &fields, &visited)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let fragment = context.fragment(named: spread.name.value) else {
                    continue
                }
                collect(fragment.selectionSet, typeName, context, &fields, &visited)
            }
        }
    }
}
