/// 5.4.1 Argument Names: each argument is defined by the field or directive.
///
/// As graphql-js does, a directive's arguments are checked all at once when the directive is
/// entered, and only for a directive the schema defines: an unknown directive is
/// `KnownDirectivesRule`'s to report, and its arguments are not reported again, neither as the
/// directive's nor as the enclosing field's.
struct KnownArgumentNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.directive, .argument]

    /// Inside a directive, arguments are the directive's, never the field's.
    private var directiveDepth = 0

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        switch node {
        case .directive(let directive):
            directiveDepth += 1
            let directiveName = directive.name.value
            // A directive the document declares counts with its declared arguments.
            guard let known = context.directiveDeclaredInDocument(directiveName).map({ $0.arguments.map(\.name.value) })
                ?? context.schema.directives[directiveName]?.arguments.map(\.name)
            else { return }
            for argument in directive.arguments where !known.contains(argument.name.value) {
                let name = argument.name.value
                context.report(
                    "Unknown argument \"\(name)\" on directive \"@\(directiveName)\"." + didYouMean(suggestionList(name, known)),
                    [argument.location])
            }
        case .argument(let argument):
            guard directiveDepth == 0, case .some(nil) = context.argumentDefinitions.last,
                let field = context.fieldDefinition, let parent = context.parentType
            else { return }
            let name = argument.name.value
            let suggestions = suggestionList(name, field.arguments.map(\.name))
            context.report(
                "Unknown argument \"\(name)\" on field \"\(parent).\(field.name)\"." + didYouMean(suggestions), [argument.location])
        default:
            break
        }
    }

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        if case .directive = node { directiveDepth -= 1 }
    }
}
