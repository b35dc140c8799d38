/// 5.1.1 Executable Definitions: only operations and fragments may be executed.
///
/// Reported all at once when the document is entered, as graphql-js does: before any other error.
struct ExecutableDefinitionsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.document]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .document(let document) = node else { return }
        for definition in document.definitions {
            let name: String
            switch definition {
            case .operation, .fragment: continue
            case .schema, .schemaExtension: name = "schema"
            case .type(let type): name = "\"\(type.name.value)\""
            case .typeExtension(let type): name = "\"\(type.name.value)\""
            case .directive(let directive): name = "\"\(directive.name.value)\""
            }
            context.report("The \(name) definition is not executable.", [definition.location])
        }
    }
}
