/// 5.5.1.3 Fragments On Composite Types.
struct FragmentsOnCompositeTypesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.inlineFragment, .fragmentDefinition]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        switch node {
        case .inlineFragment(let fragment):
            guard let condition = fragment.typeCondition, let type = context.schema.type(named: condition.name.value),
                !type.isComposite
            else { return }
            context.report("Fragment cannot condition on non composite type \"\(condition.name.value)\".", [condition.location])
        case .fragmentDefinition(let fragment):
            guard let type = context.schema.type(named: fragment.typeCondition.name.value), !type.isComposite else { return }
            context.report(
                "Fragment \"\(fragment.name.value)\" cannot condition on non composite type \"\(fragment.typeCondition.name.value)\".",
                [fragment.typeCondition.location])
        default:
            break
        }
    }
}
