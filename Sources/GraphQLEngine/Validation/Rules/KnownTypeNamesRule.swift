/// 5.5.1.2 / 5.8.3: every named type exists in the schema.
struct KnownTypeNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.namedType]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .namedType(let named) = node else { return }
        let name = named.name.value
        guard context.schema.type(named: name) == nil else { return }
        let suggestions = suggestionList(name, context.schema.types.map(\.name))
        context.report("Unknown type \"\(name)\"." + didYouMean(suggestions), [named.location])
    }
}
