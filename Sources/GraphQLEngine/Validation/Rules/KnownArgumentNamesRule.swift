/// 5.4.1 Argument Names: each argument is defined by the field or directive.
struct KnownArgumentNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.argument]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .argument(let argument) = node, case .some(nil) = context.argumentDefinitions.last else { return }
        let name = argument.name.value
        if let directive = context.directiveDefinition {
            let suggestions = suggestionList(name, directive.arguments.map(\.name))
            context.report(
                "Unknown argument \"\(name)\" on directive \"@\(directive.name)\"." + didYouMean(suggestions), [argument.location])
        } else if let field = context.fieldDefinition, let parent = context.parentType {
            let suggestions = suggestionList(name, field.arguments.map(\.name))
            context.report(
                "Unknown argument \"\(name)\" on field \"\(parent).\(field.name)\"." + didYouMean(suggestions), [argument.location])
        }
    }
}
