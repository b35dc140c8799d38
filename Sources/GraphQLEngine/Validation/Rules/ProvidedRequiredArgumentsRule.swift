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
            let name = directive.name.value
            // A directive the document declares counts with its declared arguments.
            if let declared = context.directiveDeclaredInDocument(name) {
                for argument in declared.arguments
                where TypeReference(argument.type).isNonNull && argument.defaultValue == nil
                    && !directive.arguments.contains(where: { $0.name.value == argument.name.value })
                {
                    context.report(
                        "Directive \"@\(name)\" argument \"\(argument.name.value)\" of type \"\(TypeReference(argument.type))\" is required, but it was not provided.",
                        [directive.location])
                }
                return
            }
            guard let definition = context.schema.directives[name] else { return }
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
