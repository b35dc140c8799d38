/// 5.1.1 Executable Definitions: only operations and fragments may be executed.
struct ExecutableDefinitionsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.typeSystemDefinition]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .typeSystemDefinition(let definition) = node else { return }
        let name: String
        switch definition {
        case .schema, .schemaExtension: name = "schema"
        case .type(let type): name = "\"\(type.name.value)\""
        case .typeExtension(let type): name = "\"\(type.name.value)\""
        case .directive(let directive): name = "\"\(directive.name.value)\""
        default: return
        }
        context.report("The \(name) definition is not executable.", [definition.location])
    }
}
