/// 5.4.2.1 Required Arguments.
struct ProvidedRequiredArgumentsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.field, .directive]

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        switch node {
        case .field(let field):
            guard let definition = context.fieldDefinition else { return }
            for argument in definition.arguments
            where argument.type.isNonNull && argument.defaultValue == nil
                && !field.arguments.contains(where: { $0.name.value == argument.name })
            {
                context.report(
                    "Field \"\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                    [field.location])
            }
        case .directive(let directive):
            guard let definition = context.schema.directives[directive.name.value] else { return }
            for argument in definition.arguments
            where argument.type.isNonNull && argument.defaultValue == nil
                && !directive.arguments.contains(where: { $0.name.value == argument.name })
            {
                context.report(
                    "Directive \"@\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                    [directive.location])
            }
        default:
            break
        }
    }
}
